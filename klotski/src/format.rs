//! The judge's lines: the fewest moves (or `-1`), then one line per move.

use crate::solve::Reach;
use crate::Klotski;
use puzzle_frame::puzzle::Formatting;

/// The answer's first line is the frame's (the fewest moves, or `-1`); the moves follow,
/// one line each (`NAME (r1,c1) (r2,c2)`, no line break after the last).
impl Formatting for Klotski {
    const PATH_SEPARATOR: &'static str = "\n";
}

/// The `--count` line: `reachable positions 25955, farthest 124 moves` (横刀立马).
pub fn reach_line(reach: &Reach) -> String {
    format!(
        "reachable positions {}, farthest {} moves",
        reach.positions, reach.farthest
    )
}
