//! Plays a sequence of rolls on a board, checking each one (with the reference's plain
//! geometry, not the solver's tables).

use crate::board::{Block, Board};
use crate::reference::{illegal_because, roll_cells};
use grid_common::Dir;
use std::fmt;

/// A roll that breaks the rules, or a sequence that does not end on the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// Roll number `step` (1-based) in direction `dir` is illegal, for `reason`.
    Illegal {
        /// 1-based number of the roll.
        step: usize,
        /// Its direction.
        dir: Dir,
        /// What it would break, in words.
        reason: String,
    },
    /// Every roll was legal, but the box ends elsewhere than standing on the target.
    NotOnTarget {
        /// Where the box ends.
        end: Block,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Illegal { step, dir, reason } => {
                write!(f, "roll {step} ({dir}) is illegal: {reason}")
            }
            ReplayError::NotOnTarget { end } => {
                write!(
                    f,
                    "the box ends at {} ({:?}), not standing on the target",
                    end.pos, end.orientation
                )
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// The placements of the box from the start through each roll (`rolls.len() + 1` of
/// them), or the first illegal roll.
pub fn replay(board: &Board, rolls: &[Dir]) -> Result<Vec<Block>, ReplayError> {
    let (rows, cols) = (board.grid().rows(), board.grid().cols());
    let mut placements = vec![board.start()];
    let mut here = board.start();
    for (i, &dir) in rolls.iter().enumerate() {
        let (a, b) = here.cells();
        let cells: Vec<_> = std::iter::once(a).chain(b).collect();
        let illegal = |reason: String| ReplayError::Illegal {
            step: i + 1,
            dir,
            reason,
        };
        let moved = roll_cells(&cells, dir, rows, cols)
            .ok_or_else(|| illegal("the box would leave the plane".to_string()))?;
        if let Some(reason) = illegal_because(board, &moved) {
            return Err(illegal(reason));
        }
        here = Block::from_cells(&moved)
            .ok_or_else(|| illegal("the box would come apart".to_string()))?;
        placements.push(here);
    }
    Ok(placements)
}

/// Replays `rolls` and checks that the box ends standing on the target.
pub fn replay_to_target(board: &Board, rolls: &[Dir]) -> Result<Vec<Block>, ReplayError> {
    let placements = replay(board, rolls)?;
    let end = placements.last().copied().unwrap_or(board.start());
    if Block::from_cells(&[board.target()]) == Some(end) {
        Ok(placements)
    } else {
        Err(ReplayError::NotOnTarget { end })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_common::Pos;

    #[test]
    fn legal_and_illegal_rolls() {
        let boards = crate::parse_all(b"2 5\nX..EO\n.....\n").expect("parses");
        let board = &boards[0];
        let err = replay(board, &[Dir::Right, Dir::Right]).unwrap_err();
        assert!(matches!(err, ReplayError::Illegal { step: 2, .. }), "{err}");
        assert!(err.to_string().contains("easily broken"), "{err}");
        assert!(replay(board, &[Dir::Up]).is_err());
        assert!(replay(board, &[Dir::Down]).is_err());
        let err = replay_to_target(board, &[Dir::Right]).unwrap_err();
        assert!(matches!(err, ReplayError::NotOnTarget { .. }), "{err}");
        let boards = crate::parse_all(b"1 4\nX..O\n").expect("parses");
        let ok = replay_to_target(&boards[0], &[Dir::Right, Dir::Right]).unwrap();
        assert_eq!(ok.len(), 3);
        assert_eq!(ok.last().map(|b| b.pos), Some(Pos::new(0, 3)));
    }
}
