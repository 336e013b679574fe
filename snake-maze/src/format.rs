//! The judge's lines: the answer of a case and the moves of its solution.

use crate::case::Move;
use crate::SnakeMaze;
use puzzle_frame::puzzle::{letters, Formatting};

impl Formatting for SnakeMaze {
    /// The judge's answer line for case `number` (1-based): `Case k: d`, or `Case k: -1` when
    /// the head cannot reach (1,1).
    fn answer_line(number: usize, steps: Option<usize>) -> String {
        match steps {
            Some(d) => format!("Case {number}: {d}"),
            None => format!("Case {number}: -1"),
        }
    }

    /// The head's moves as letters `U`, `D`, `L`, `R` (an empty line for no moves).
    fn path_line(moves: &[Move]) -> String {
        letters(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_in_the_judges_words() {
        assert_eq!(SnakeMaze::answer_line(3, Some(9)), "Case 3: 9");
        assert_eq!(SnakeMaze::answer_line(1, None), "Case 1: -1");
        assert_eq!(
            SnakeMaze::path_line(&[Move::Up, Move::Left, Move::Down, Move::Right]),
            "ULDR"
        );
        assert_eq!(SnakeMaze::path_line(&[]), "");
    }
}
