//! Replays a sequence of blank moves on a board, checking each move with its own statement
//! of the rules (not the solver's or the reference's tables).

use crate::case::{Board, Move, Query};
use grid_common::Pos;
use std::fmt;

/// Where the blank and the designated piece stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The blank's cell.
    pub blank: Pos,
    /// The designated piece's cell.
    pub piece: Pos,
}

/// A replayed solution: where everything stood at each step, and whether the piece ended
/// on its target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The placement at the start and after each move.
    pub placements: Vec<Placement>,
    /// The piece stands on the target after the last move.
    pub solved: bool,
}

/// A move that cannot be made, or a start that cannot be played from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based number of the move in the sequence (0 for the start).
    pub step: usize,
    /// The move (`None` for the start).
    pub dir: Option<Move>,
    /// Where the blank was before it.
    pub from: Pos,
    /// Why it is illegal.
    pub reason: &'static str,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.dir {
            Some(dir) => write!(
                f,
                "move {} ({}) from {}: {}",
                self.step, dir, self.from, self.reason
            ),
            None => write!(f, "the start: {}", self.reason),
        }
    }
}

impl std::error::Error for ReplayError {}

/// One move of the blank: it swaps with its neighbour in `dir`, which must be on the board
/// and not fixed. The designated piece moves when it is that neighbour.
pub fn step(board: &Board, at: Placement, dir: Move) -> Result<Placement, &'static str> {
    let next = board
        .open
        .step(at.blank, dir)
        .ok_or("the blank would leave the board")?;
    if !board.is_open(next) {
        return Err("the blank would move onto a fixed piece");
    }
    let piece = if next == at.piece { at.blank } else { at.piece };
    Ok(Placement { blank: next, piece })
}

/// Plays `moves` from the query's start, checking each; the placements and whether the
/// piece ends on the target, or the first illegal move. The start itself must be valid:
/// blank and piece on distinct movable cells.
pub fn replay(board: &Board, query: &Query, moves: &[Move]) -> Result<Replayed, ReplayError> {
    let mut at = Placement {
        blank: query.blank,
        piece: query.piece,
    };
    if at.blank == at.piece || !board.is_open(at.blank) || !board.is_open(at.piece) {
        return Err(ReplayError {
            step: 0,
            dir: None,
            from: at.blank,
            reason: "the start is invalid (blank on the piece or on a fixed cell)",
        });
    }
    let mut placements = Vec::with_capacity(moves.len() + 1);
    placements.push(at);
    for (i, &dir) in moves.iter().enumerate() {
        at = step(board, at, dir).map_err(|reason| ReplayError {
            step: i + 1,
            dir: Some(dir),
            from: at.blank,
            reason,
        })?;
        placements.push(at);
    }
    Ok(Replayed {
        placements,
        solved: at.piece == query.target,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_checked() {
        let (board, q) = crate::case::two_ups();
        // The statement's answer 2: the blank goes up twice.
        assert!(replay(&board, &q, &[Move::Up, Move::Up]).unwrap().solved);
        assert!(!replay(&board, &q, &[Move::Up]).unwrap().solved);
        assert_eq!(replay(&board, &q, &[Move::Up]).map(|r| r.solved), Ok(false));
        let err = replay(&board, &q, &[Move::Left]).unwrap_err();
        assert_eq!(
            (err.step, err.reason),
            (1, "the blank would move onto a fixed piece")
        );
        let err = replay(&board, &q, &[Move::Down]).unwrap_err();
        assert_eq!(err.reason, "the blank would leave the board");
        let on_piece = Query {
            blank: q.piece,
            ..q
        };
        assert_eq!(replay(&board, &on_piece, &[]).unwrap_err().step, 0);
    }
}
