//! The output lines.

//! The answer line is the frame's: the fewest moves (or steps), `0` when solved, `-1` when
//! no solved board can be reached.

use crate::case::Move;
use crate::RushHour;
use puzzle_frame::puzzle::Formatting;

impl Formatting for RushHour {
    /// The moves as `--path` prints them: `B+1 A+4` (an empty line for a solved board).
    fn path_line(moves: &[Move]) -> String {
        moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The `--count` line: `cluster 4780` (the boards reachable from the board, itself
/// included: Fogleman's cluster size).
pub fn cluster_line(boards: usize) -> String {
    format!("cluster {boards}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(RushHour::answer_line(1, Some(51)), "51");
        assert_eq!(RushHour::answer_line(2, Some(0)), "0");
        assert_eq!(RushHour::answer_line(3, None), "-1");
        let moves = [Move::new(b'B', 1), Move::new(b'A', -4)];
        assert_eq!(RushHour::path_line(&moves), "B+1 A-4");
        assert_eq!(RushHour::path_line(&[]), "");
        assert_eq!(cluster_line(4780), "cluster 4780");
    }
}
