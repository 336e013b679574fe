//! Plays a sequence of moves on a case, checking each one with its own statement of the
//! rules (not the solver's marks, nor the reference's steps).
//!
//! **The rules.** The piece stands on one cell, at row `r` and column `c` (0-based). A
//! move `U`, `D`, `L` or `R` takes it to row `r - 1`, `r + 1`, or column `c - 1`, `c + 1`.
//! The cell it lands on must lie on the board (`0 <= r < R`, `0 <= c < C`) and must not
//! be a wall `#`. The case is solved when the piece ends on the goal.

use crate::case::{Case, Move};
use grid_common::Pos;
use std::fmt;

/// A move that breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based number of the move.
    pub step: usize,
    /// Its direction.
    pub dir: Move,
    /// What it would break, in words.
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}) is illegal: {}",
            self.step, self.dir, self.reason
        )
    }
}

impl std::error::Error for ReplayError {}

/// How a sequence of legal moves ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The piece's cells, the start first, then one per move.
    pub cells: Vec<Pos>,
    /// True when the piece ends on the goal.
    pub solved: bool,
}

/// Plays `moves` from the case's start: every cell the piece stands on, and whether it
/// ends on the goal; or the first illegal move.
pub fn replay(case: &Case, moves: &[Move]) -> Result<Replayed, ReplayError> {
    let (rows, cols) = (case.grid().rows() as i128, case.grid().cols() as i128);
    let mut cells = vec![case.start()];
    let (mut r, mut c) = (case.start().row as i128, case.start().col as i128);
    for (i, &dir) in moves.iter().enumerate() {
        let illegal = |reason: String| ReplayError {
            step: i + 1,
            dir,
            reason,
        };
        match dir {
            Move::Up => r -= 1,
            Move::Down => r += 1,
            Move::Left => c -= 1,
            Move::Right => c += 1,
        }
        if !(0..rows).contains(&r) || !(0..cols).contains(&c) {
            return Err(illegal("the piece would leave the board".to_string()));
        }
        let pos = Pos::new(r as usize, c as usize);
        if !case.is_floor(pos) {
            return Err(illegal(format!("the piece would enter the wall at {pos}")));
        }
        cells.push(pos);
    }
    let solved = cells.last() == Some(&case.goal());
    Ok(Replayed { cells, solved })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_all;

    #[test]
    fn legal_and_illegal_moves() {
        let case = parse_all(b"2 3\nP#G\n...\n").unwrap().remove(0);
        use grid_common::Dir::*;
        let done = replay(&case, &[Down, Right, Right, Up]).unwrap();
        assert!(done.solved);
        assert_eq!(done.cells.len(), 5);
        assert_eq!(done.cells[2], Pos::new(1, 1));
        assert!(!replay(&case, &[Down]).unwrap().solved);
        assert!(!replay(&case, &[]).unwrap().solved);
        let wall = replay(&case, &[Right]).unwrap_err();
        assert_eq!(
            wall.to_string(),
            "move 1 (R) is illegal: the piece would enter the wall at (1, 2)"
        );
        let off = replay(&case, &[Down, Down]).unwrap_err();
        assert_eq!(
            (off.step, off.reason.as_str()),
            (2, "the piece would leave the board")
        );
        assert!(replay(&case, &[Up]).is_err());
        assert!(replay(&case, &[Left]).is_err());
    }
}
