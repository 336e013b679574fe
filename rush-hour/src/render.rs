//! The frames of a solution, for `--show` and `--html` (drawn by `puzzle_frame::show` and
//! `puzzle_frame::html`).
//!
//! The board in the input's characters (`#` wall, `.` floor, `G` the goal), with the piece
//! drawn `P` on the cell it stands on; the goal stays in view when a large board is
//! cropped.

use crate::case::{Case, Move};
use crate::replay::{replay, ReplayError};
use grid_common::Pos;
use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};

/// What each character of a frame means.
pub const LEGEND: &[(char, &str)] = &[('#', "wall"), ('.', "floor"), ('G', "goal"), ('P', "piece")];

/// The solution `moves` as a film: the start, then the piece after each move (the steps
/// `plan` keeps); or the first illegal move.
pub fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
    if let Err(over) = plan.board(case.grid().rows(), case.grid().cols()) {
        return Ok(Film::refused(over));
    }
    let cells = replay(case, moves)?.cells;
    let under = |pos: Pos| if pos == case.goal() { 'G' } else { '.' };
    let mut start = case.grid().map(|c| c.to_char());
    for (pos, c) in [(case.goal(), 'G'), (case.start(), 'P')] {
        if let Some(cell) = start.get_mut(pos) {
            *cell = c;
        }
    }
    let mut film = FilmBuilder::planned(start, plan)
        .focus([case.goal()])
        .legend(LEGEND);
    for (step, dir) in cells.windows(2).zip(moves) {
        film.set(step[0], under(step[0]));
        film.set(step[1], 'P');
        film.step(dir.letter().to_string());
    }
    Ok(film.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_all;

    #[test]
    fn the_piece_moves_and_the_goal_stays() {
        let case = parse_all(b"1 3\nP.G\n").unwrap().remove(0);
        let shown = film(&case, &[Move::Right, Move::Right], FilmPlan::whole()).unwrap();
        let boards: Vec<Vec<String>> = shown.frames().map(|f| f.rows()).collect();
        assert_eq!(boards, [["P.G"], [".PG"], ["..P"]]);
        assert!(film(&case, &[Move::Up], FilmPlan::whole()).is_err());
    }
}
