//! The judge's lines: an answer, and a solution's moves for `--path`.

use crate::case::Move;
use crate::Huarongdao;
use puzzle_frame::puzzle::{letters, Formatting};

impl Formatting for Huarongdao {
    /// A move sequence as letters `U`/`D`/`L`/`R` (the directions the blank moves; the
    /// answer line is the frame's: the number of moves, or `-1`).
    fn path_line(moves: &[Move]) -> String {
        letters(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(Huarongdao::answer_line(1, Some(2)), "2");
        assert_eq!(Huarongdao::answer_line(2, None), "-1");
        assert_eq!(
            Huarongdao::path_line(&[Move::Up, Move::Left, Move::Right, Move::Down]),
            "ULRD"
        );
        assert_eq!(Huarongdao::path_line(&[]), "");
    }
}
