//! The frames of a solution: the lair at each step, as a [`Film`] that `--show` draws.
//!
//! `#` a stone, `.` a free cell, `*` the goal (1,1) when free, `H` the head, `o` the body,
//! `T` the tail. A cropped view keeps (1,1) in sight.

use crate::case::{Case, Move};
use crate::replay::{replay_each, ReplayError};
use crate::SnakeMaze;
use grid_common::{Grid, Pos};
use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};
use puzzle_frame::puzzle::Rendering;

/// What each character of a frame means.
pub const LEGEND: [(char, &str); 6] = [
    ('#', "stone"),
    ('.', "free"),
    ('*', "the goal (1,1)"),
    ('H', "head"),
    ('o', "body"),
    ('T', "tail"),
];

/// The character of a cell no block stands on.
fn ground(case: &Case, p: Pos) -> char {
    if case.stone()[p] {
        '#'
    } else if p == Pos::new(0, 0) {
        '*'
    } else {
        '.'
    }
}

impl Rendering for SnakeMaze {
    type ReplayError = ReplayError;

    /// The solution `moves` of `case` as a film, or the first move that is not allowed.
    fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
        if let Err(over) = plan.board(case.rows(), case.cols()) {
            return Ok(Film::refused(over));
        }
        let mut start = Grid::new(case.rows(), case.cols(), '.');
        for p in case.stone().positions() {
            start[p] = ground(case, p);
        }
        let body = case.body();
        for (i, &p) in body.iter().enumerate() {
            start[p] = match i {
                0 => 'H',
                _ if i + 1 == body.len() => 'T',
                _ => 'o',
            };
        }
        let mut builder = FilmBuilder::planned(start, plan)
            .focus([Pos::new(0, 0)])
            .legend(&LEGEND);
        replay_each(case, moves, |played| {
            builder.set(played.tail_from, ground(case, played.tail_from));
            builder.set(played.head_from, 'o');
            builder.set(played.tail_to, 'T');
            builder.set(played.head_to, 'H');
            builder.step(played.dir.letter().to_string());
        })?;
        Ok(builder.finish())
    }
}
