//! The judge's lines: the fewest moves (or `-1`), then one line per move.

use crate::case::Move;
use crate::solve::Reach;
use crate::Klotski;
use puzzle_frame::puzzle::Formatting;

impl Formatting for Klotski {
    /// The moves, one line each (`NAME (r1,c1) (r2,c2)`), joined by line breaks (no final
    /// one); the answer's first line is the frame's: the fewest moves, or `-1`.
    fn path_line(moves: &[Move]) -> String {
        moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The `--count` line: `reachable positions 25955, farthest 124 moves` (横刀立马).
pub fn reach_line(reach: &Reach) -> String {
    format!(
        "reachable positions {}, farthest {} moves",
        reach.positions, reach.farthest
    )
}
