//! Applies a move sequence to a board, checking every move.

use std::fmt;

use crate::{Board, Cell, Move};

/// An illegal move in a replayed sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The 1-based number of the offending move.
    pub step: usize,
    /// The move.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}): {}", self.step, self.mv, self.reason)
    }
}

impl std::error::Error for ReplayError {}

/// Applies one move: the named card must stand next to the blank, on the side it moves from.
pub fn apply(board: &mut Board, mv: Move) -> Result<(), String> {
    if mv.card == Cell::Blank {
        return Err("the blank is not a card".to_string());
    }
    let blank = board
        .find(Cell::Blank)
        .ok_or_else(|| "the board has no blank".to_string())?;
    let from = blank
        .step(mv.dir.opposite(), board.rows(), board.cols())
        .ok_or_else(|| format!("no cell on that side of the blank at {blank}"))?;
    let found = board.get(from).unwrap_or(Cell::Blank);
    if found != mv.card {
        return Err(format!(
            "the card next to the blank at {blank} is '{}', not '{}'",
            found.to_char(),
            mv.card.to_char()
        ));
    }
    board.swap(blank, from);
    Ok(())
}

/// Applies `moves` in order and returns the final board.
pub fn replay(board: &Board, moves: &[Move]) -> Result<Board, ReplayError> {
    let mut board = board.clone();
    for (i, &mv) in moves.iter().enumerate() {
        apply(&mut board, mv).map_err(|reason| ReplayError {
            step: i + 1,
            mv,
            reason,
        })?;
    }
    Ok(board)
}

/// True when `end` has `A` where `start` had `B` and `B` where `start` had `A`.
pub fn is_swapped(start: &Board, end: &Board) -> bool {
    match (start.find(Cell::A), start.find(Cell::B)) {
        (Some(a), Some(b)) => end.get(b) == Some(Cell::A) && end.get(a) == Some(Cell::B),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_common::Dir;

    #[test]
    fn legal_and_illegal_moves() {
        let board = Board::from_lines(&["A B", "***"]).expect("board");
        let right = Move {
            card: Cell::A,
            dir: Dir::Right,
        };
        let end = replay(&board, &[right]).expect("A slides right");
        assert_eq!(end.lines(), vec![" AB", "***"]);
        let err = replay(&board, &[right, right]).expect_err("A is not left of the blank");
        assert_eq!(err.step, 2);
        let up = Move {
            card: Cell::Soldier,
            dir: Dir::Up,
        };
        assert_eq!(
            replay(&board, &[up]).map(|b| b.lines()),
            Ok(vec!["A*B".to_string(), "* *".to_string()])
        );
        let down = Move {
            card: Cell::Soldier,
            dir: Dir::Down,
        };
        assert!(replay(&board, &[down]).is_err());
        assert!(!is_swapped(&board, &end));
    }
}
