//! The frames of a solution, for `--show` and `--html` (drawn by `puzzle_frame::show` and
//! `puzzle_frame::html`).
//!
//! The board inside a border `#`, the exit `>` in the border right of the red car's row;
//! each piece drawn with its letter (one piece on the page: touching cells of one letter
//! are joined), walls `x`, empty cells `.`. Each step is one move, captioned `B+1`.

use crate::case::{Case, Move};
use crate::replay::{replay, ReplayError};
use crate::RushHour;
use grid_common::{Grid, Pos};
use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};
use puzzle_frame::puzzle::Rendering;

/// What each character of a frame means.
pub const LEGEND: &[(char, &str)] = &[
    ('A', "the red car"),
    ('x', "wall"),
    ('.', "empty"),
    ('#', "the board's edge"),
    ('>', "the exit"),
];

impl Rendering for RushHour {
    type ReplayError = ReplayError;

    /// The solution `moves` as a film: the start, then the board after each move (the
    /// steps `plan` keeps); or the first illegal move.
    fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
        film(case, moves, plan)
    }
}

/// The film of [`Rendering::film`].
fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
    let n = case.size();
    if let Err(over) = plan.board(n + 2, n + 2) {
        return Ok(Film::refused(over));
    }
    let boards = replay(case, moves)?.boards;
    let exit = Pos::new(case.exit_row() + 1, n + 1);
    let mut start = Grid::new(n + 2, n + 2, '#');
    start[exit] = '>';
    let inner = |i: usize| Pos::new(i / n + 1, i % n + 1);
    for (i, &b) in boards[0].iter().enumerate() {
        start[inner(i)] = b as char;
    }
    let mut film = FilmBuilder::planned(start, plan)
        .focus([exit])
        .legend(LEGEND)
        .joined();
    for (pair, mv) in boards.windows(2).zip(moves) {
        for (i, (&before, &after)) in pair[0].iter().zip(&pair[1]).enumerate() {
            if before != after {
                film.set(inner(i), after as char);
            }
        }
        film.step(mv.to_string());
    }
    Ok(film.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::board;

    #[test]
    fn the_pieces_move_inside_the_border() {
        let case = board("AABooBooo").unwrap();
        let moves = [Move::new(b'B', 1), Move::new(b'A', 1)];
        let shown = film(&case, &moves, FilmPlan::whole()).unwrap();
        let boards: Vec<Vec<String>> = shown.frames().map(|f| f.rows()).collect();
        assert_eq!(boards[0], ["#####", "#AAB>", "#..B#", "#...#", "#####"]);
        assert_eq!(boards[2], ["#####", "#.AA>", "#..B#", "#..B#", "#####"]);
        assert_eq!(shown.caption(1), "step 1/2: B+1");
        assert!(film(&case, &[Move::new(b'A', 1)], FilmPlan::whole()).is_err());
    }
}
