//! The judge's lines.

use crate::case::Move;
use crate::Bloxorz;
use puzzle_frame::puzzle::{letters, Formatting};

impl Formatting for Bloxorz {
    /// The fewest rolls, or `Impossible`.
    fn answer_line(_number: usize, rolls: Option<usize>) -> String {
        match rolls {
            Some(rolls) => rolls.to_string(),
            None => "Impossible".to_string(),
        }
    }

    /// The rolls as letters `U`/`D`/`L`/`R`.
    fn path_line(rolls: &[Move]) -> String {
        letters(rolls)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(Bloxorz::answer_line(1, Some(10)), "10");
        assert_eq!(Bloxorz::answer_line(2, None), "Impossible");
        assert_eq!(
            Bloxorz::path_line(&[Move::Left, Move::Down, Move::Right, Move::Up]),
            "LDRU"
        );
        assert_eq!(Bloxorz::path_line(&[]), "");
    }
}
