//! The frames of a solution, for `--show` (drawn by `puzzle_frame::show`).
//!
//! The board in the input's characters (`#` empty, `.` rigid, `E` easily broken, `O` the
//! target), with the box drawn `X` over the cells it covers; the target stays in view
//! when a large board is cropped.

use crate::case::{Case, Move};
use crate::replay::{replay, ReplayError};
use crate::Bloxorz;
use grid_common::Pos;
use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};
use puzzle_frame::puzzle::Rendering;

/// What each character of a frame means.
pub const LEGEND: &[(char, &str)] = &[
    ('#', "empty"),
    ('.', "rigid"),
    ('E', "easily broken"),
    ('O', "target"),
    ('X', "box"),
];

impl Rendering for Bloxorz {
    type ReplayError = ReplayError;

    /// The solution `rolls` as a film: the start, then the box after each roll; or the first
    /// illegal roll. Under `plan` (the steps kept, the memory it may take).
    fn film(case: &Case, rolls: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
        let placements = replay(case, rolls)?.placements;
        // The placements are held while the film is made.
        let held = std::mem::size_of_val(placements.as_slice()) as u64;
        let plan = FilmPlan {
            budget: plan.budget.without(held),
            ..plan
        };
        if let Err(over) = plan.board(case.grid().rows(), case.grid().cols()) {
            return Ok(Film::refused(over));
        }
        let under = |pos: Pos| {
            if pos == case.target() {
                'O'
            } else {
                case.grid().get(pos).map_or('#', |c| c.to_char())
            }
        };
        let cells = |i: usize| {
            let (a, b) = placements[i].cells();
            std::iter::once(a).chain(b)
        };
        let mut start = case.grid().map(|c| c.to_char());
        for (p, c) in std::iter::once((case.target(), 'O')).chain(cells(0).map(|p| (p, 'X'))) {
            if let Some(cell) = start.get_mut(p) {
                *cell = c;
            }
        }
        let mut film = FilmBuilder::planned(start, plan)
            .focus([case.target()])
            .legend(LEGEND);
        for (i, roll) in rolls.iter().enumerate() {
            for p in cells(i) {
                film.set(p, under(p));
            }
            for p in cells(i + 1) {
                film.set(p, 'X');
            }
            film.step(roll.letter().to_string());
        }
        Ok(film.finish())
    }
}
