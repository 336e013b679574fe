//! Applies a move sequence to a board, checking every move against the rules as the
//! statement gives them (not the solver's tables).

use grid_common::{Grid, Pos};

use crate::{Case, Cell, Move};

/// An illegal move in a replayed sequence (`move 1 (U) is illegal: ...`).
pub type ReplayError = puzzle_frame::puzzle::ReplayError<Move>;

/// The end of a replayed sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The board after the last move.
    pub end: Grid<Cell>,
    /// True when `A` and `B` have swapped places (the goal).
    pub solved: bool,
}

/// Applies one move: a card (not the blank) slides one cell in its direction, and the
/// cell it slides into must be the blank. Returns (the cell it left, the cell it entered).
pub fn apply(board: &mut Grid<Cell>, mv: Move) -> Result<(Pos, Pos), String> {
    if mv.card == Cell::Blank {
        return Err("the blank is not a card".to_string());
    }
    let blank = board
        .positions()
        .find(|&p| board[p] == Cell::Blank)
        .ok_or_else(|| "the board has no blank".to_string())?;
    let from = board
        .step(blank, mv.dir.opposite())
        .ok_or_else(|| format!("no cell on that side of the blank at {blank}"))?;
    let found = board[from];
    if found != mv.card {
        return Err(format!(
            "the card next to the blank at {blank} is '{}', not '{}'",
            found.to_char(),
            mv.card.to_char()
        ));
    }
    board[blank] = found;
    board[from] = Cell::Blank;
    Ok((from, blank))
}

/// Plays `moves` on the case's board, checking each; the final board and whether `A`
/// and `B` have swapped.
pub fn replay(case: &Case, moves: &[Move]) -> Result<Replayed, ReplayError> {
    let mut board = case.grid().clone();
    for (i, &mv) in moves.iter().enumerate() {
        apply(&mut board, mv).map_err(|reason| ReplayError::new("move", i + 1, mv, reason))?;
    }
    let solved = board[case.b()] == Cell::A && board[case.a()] == Cell::B;
    Ok(Replayed { end: board, solved })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_common::Dir;

    fn lines(board: &Grid<Cell>) -> Vec<String> {
        (0..board.rows())
            .map(|r| board.row(r).iter().map(|c| c.to_char()).collect())
            .collect()
    }

    #[test]
    fn legal_and_illegal_moves() {
        let case = Case::from_lines(&["A B", "***"]).expect("board");
        let right = Move {
            card: Cell::A,
            dir: Dir::Right,
        };
        let end = replay(&case, &[right]).expect("A slides right");
        assert_eq!(lines(&end.end), vec![" AB", "***"]);
        assert!(!end.solved);
        let err = replay(&case, &[right, right]).expect_err("A is not left of the blank");
        assert_eq!(err.step, 2);
        let up = Move {
            card: Cell::Soldier,
            dir: Dir::Up,
        };
        assert_eq!(
            replay(&case, &[up]).map(|r| lines(&r.end)),
            Ok(vec!["A*B".to_string(), "* *".to_string()])
        );
        let down = Move {
            card: Cell::Soldier,
            dir: Dir::Down,
        };
        assert!(replay(&case, &[down]).is_err());
        let blank = Move {
            card: Cell::Blank,
            dir: Dir::Left,
        };
        assert!(replay(&case, &[blank]).is_err());
    }

    #[test]
    fn the_goal_is_a_and_b_swapped() {
        // A 2 x 2 ring with A and B on a diagonal: turning it halfway swaps them.
        let case = Case::from_lines(&["A ", "*B"]).expect("board");
        let moves: Vec<Move> = "AR *U BL AD *R BU"
            .split(' ')
            .map(|t| t.parse().expect("a move"))
            .collect();
        let end = replay(&case, &moves).expect("legal");
        assert_eq!(lines(&end.end), vec!["B*", " A"]);
        assert!(end.solved);
        assert!(!replay(&case, &moves[..5]).expect("legal").solved);
    }
}
