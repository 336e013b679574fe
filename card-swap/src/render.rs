//! The frames of a solution, for `--show` (drawn by `puzzle_frame::show`) and the page.

use crate::CardSwap;
use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};
use puzzle_frame::puzzle::Rendering;

use crate::replay::{self, ReplayError};
use crate::{Case, Move};

/// What each character of the frames means.
pub const LEGEND: [(char, &str); 4] = [
    ('A', "card A (关羽, Guan Yu)"),
    ('B', "card B (张飞, Zhang Fei)"),
    ('*', "soldier"),
    (' ', "blank"),
];

impl Rendering for CardSwap {
    type ReplayError = ReplayError;

    /// The solution as a film: the start board, then per move the card's two cells, labelled
    /// as `--path` writes the move. Cells are boxed (the blank is a space); `A`'s and `B`'s
    /// starting cells, where the other card must arrive, stay in view on a cropped board.
    fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
        if let Err(over) = plan.board(case.grid().rows(), case.grid().cols()) {
            return Ok(Film::refused(over));
        }
        let start = case.grid().map(|cell| cell.to_char());
        let mut film = FilmBuilder::planned(start, plan)
            .focus([case.a(), case.b()])
            .legend(&LEGEND)
            .boxed();
        let mut board = case.grid().clone();
        for (i, &mv) in moves.iter().enumerate() {
            let (from, to) = replay::apply(&mut board, mv)
                .map_err(|reason| ReplayError::new("move", i + 1, mv, reason))?;
            film.set(from, ' ');
            film.set(to, mv.card.to_char());
            film.step(mv.to_string());
        }
        Ok(film.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_common::Pos;
    use puzzle_frame::film::rows_of;

    #[test]
    fn one_move() {
        let case = Case::from_lines(&["A B", "***"]).expect("board");
        let moves = [Move {
            card: crate::Cell::A,
            dir: grid_common::Dir::Right,
        }];
        let film = CardSwap::film(&case, &moves, FilmPlan::whole()).expect("legal");
        assert!(film.boxed);
        assert_eq!(film.len(), 1);
        assert_eq!(film.caption(1), "step 1/1: AR");
        assert_eq!(
            film.steps[0].changes,
            vec![(Pos::new(0, 0), ' '), (Pos::new(0, 1), 'A')]
        );
        let last = film.frames().last().expect("two frames");
        assert_eq!(rows_of(&last.board), vec![" AB", "***"]);
        let err =
            CardSwap::film(&case, &[moves[0], moves[0]], FilmPlan::whole()).expect_err("illegal");
        assert_eq!(err.step, 2);
    }
}
