//! Replays a sequence of blank moves on a board, checking each move.

use crate::{Board, Query};
use grid_common::{Dir, Pos};
use std::fmt;

/// Where the blank and the designated piece stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The blank's cell.
    pub blank: Pos,
    /// The designated piece's cell.
    pub piece: Pos,
}

/// A move that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// 1-based number of the move in the sequence.
    pub step: usize,
    /// The move.
    pub dir: Dir,
    /// Where the blank was before it.
    pub from: Pos,
    /// Why it is illegal.
    pub reason: &'static str,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}) from {}: {}",
            self.step, self.dir, self.from, self.reason
        )
    }
}

impl std::error::Error for IllegalMove {}

/// One move of the blank: it swaps with its neighbour in `dir`, which must be on the board
/// and not fixed. The designated piece moves when it is that neighbour.
pub fn step(board: &Board, at: Placement, dir: Dir) -> Result<Placement, &'static str> {
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

/// Every placement from the query's start through each move of `moves`, or the first
/// illegal move. The start itself must be valid: blank and piece on distinct movable cells.
pub fn replay(board: &Board, query: &Query, moves: &[Dir]) -> Result<Vec<Placement>, IllegalMove> {
    let mut at = Placement {
        blank: query.blank,
        piece: query.piece,
    };
    if at.blank == at.piece || !board.is_open(at.blank) || !board.is_open(at.piece) {
        return Err(IllegalMove {
            step: 0,
            dir: Dir::Up,
            from: at.blank,
            reason: "the start is invalid (blank on the piece or on a fixed cell)",
        });
    }
    let mut placements = vec![at];
    for (i, &dir) in moves.iter().enumerate() {
        at = step(board, at, dir).map_err(|reason| IllegalMove {
            step: i + 1,
            dir,
            from: at.blank,
            reason,
        })?;
        placements.push(at);
    }
    Ok(placements)
}

/// Checks that `moves` is legal and leaves the piece on the target; `Ok(number of moves)`.
pub fn check_solution(board: &Board, query: &Query, moves: &[Dir]) -> Result<usize, String> {
    let placements = replay(board, query, moves).map_err(|e| e.to_string())?;
    let end = placements.last().map_or(query.piece, |p| p.piece);
    if end != query.target {
        return Err(format!(
            "after {} moves the piece is at {}, not on the target {}",
            moves.len(),
            end,
            query.target
        ));
    }
    Ok(moves.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_checked() {
        let board = Board::from_rows(&["0111", "0110", "0100"]).expect("a board");
        let q = Query {
            blank: Pos::new(2, 1),
            piece: Pos::new(0, 1),
            target: Pos::new(1, 1),
        };
        // The statement's answer 2: the blank goes up twice.
        assert_eq!(check_solution(&board, &q, &[Dir::Up, Dir::Up]), Ok(2));
        assert!(check_solution(&board, &q, &[Dir::Up]).is_err());
        let err = replay(&board, &q, &[Dir::Left]).unwrap_err();
        assert_eq!(
            (err.step, err.reason),
            (1, "the blank would move onto a fixed piece")
        );
        let err = replay(&board, &q, &[Dir::Down]).unwrap_err();
        assert_eq!(err.reason, "the blank would leave the board");
    }
}
