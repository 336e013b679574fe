//! The judge's lines: the fewest moves (or `-1`), then one line per move.

use crate::case::Move;
use crate::solve::Reach;

/// The answer's first line: the fewest moves, or `-1` when the goal cannot be reached.
/// (`number`, the 1-based case number, does not appear in this judge's format.)
pub fn answer_line(_number: usize, answer: Option<usize>) -> String {
    match answer {
        Some(n) => n.to_string(),
        None => "-1".to_string(),
    }
}

/// The moves, one line each (`NAME (r1,c1) (r2,c2)`), joined by line breaks (no final one).
pub fn path_line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `--count` line: `reachable positions 25955, farthest 124 moves` (横刀立马).
pub fn reach_line(reach: &Reach) -> String {
    format!(
        "reachable positions {}, farthest {} moves",
        reach.positions, reach.farthest
    )
}
