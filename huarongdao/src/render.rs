//! The frames of a solution ([`film`]): what `--show` draws.
//!
//! One character a cell: `#` a fixed piece, `.` a movable piece, `_` the blank, `P` the
//! designated piece, `T` its target, `*` the piece on its target. The target stays in
//! view when a large board is cropped.

use crate::case::{Board, Move, Query};
use crate::replay::{replay, Placement, ReplayError};
use crate::{Case, Huarongdao};
use grid_common::Pos;
use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};
use puzzle_frame::puzzle::Formatting;
use puzzle_frame::puzzle::Rendering;

/// What each character means.
const LEGEND: [(char, &str); 6] = [
    ('#', "fixed piece"),
    ('.', "movable piece"),
    ('_', "blank"),
    ('P', "the piece"),
    ('T', "its target"),
    ('*', "the piece on its target"),
];

/// The solution `moves` of `query` as a film, or the first move that does not replay.
pub fn film(
    board: &Board,
    query: &Query,
    moves: &[Move],
    plan: FilmPlan,
) -> Result<Film, ReplayError> {
    let placements = replay(board, query, moves)?.placements;
    // The placements are held while the film is made.
    let held = std::mem::size_of_val(placements.as_slice()) as u64;
    let plan = FilmPlan {
        budget: plan.budget.without(held),
        ..plan
    };
    if let Err(over) = plan.board(board.open.rows(), board.open.cols()) {
        return Ok(Film::refused(over));
    }
    let draw = |pos: Pos, at: Placement| -> char {
        if pos == at.piece {
            if pos == query.target {
                '*'
            } else {
                'P'
            }
        } else if pos == at.blank {
            '_'
        } else if pos == query.target {
            'T'
        } else if board.is_open(pos) {
            '.'
        } else {
            '#'
        }
    };
    let start = placements[0];
    let mut first = board.open.map(|_| '#');
    for (cell, pos) in first.cells_mut().iter_mut().zip(board.open.positions()) {
        *cell = draw(pos, start);
    }
    let mut builder = FilmBuilder::planned(first, plan)
        .focus([query.target])
        .legend(&LEGEND);
    for (pair, &dir) in placements.windows(2).zip(moves) {
        let (before, after) = (pair[0], pair[1]);
        for pos in [before.blank, before.piece, after.blank, after.piece] {
            builder.set(pos, draw(pos, after));
        }
        builder.step(Huarongdao::path_line(&[dir]));
    }
    Ok(builder.finish())
}

/// The shared loop's view: a case is a query with its board.
impl Rendering for Huarongdao {
    type ReplayError = ReplayError;

    fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
        film(&case.board, &case.query, moves, plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_film_follows_the_moves() {
        let (board, q) = crate::case::two_ups();
        let shown =
            film(&board, &q, &[Move::Up, Move::Up], FilmPlan::whole()).expect("legal moves");
        let frames: Vec<Vec<String>> = shown.frames().map(|f| f.rows()).collect();
        assert_eq!(frames[0], ["#P..", "#T.#", "#_##"]);
        assert_eq!(frames[1], ["#P..", "#_.#", "#.##"]);
        assert_eq!(frames[2], ["#_..", "#*.#", "#.##"]);
        assert_eq!(shown.caption(2), "step 2/2: U");
        assert!(film(&board, &q, &[Move::Left], FilmPlan::whole()).is_err());
    }
}
