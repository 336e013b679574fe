//! The judge's lines: the answer, and the moves for `--path`.

use itertools::Itertools;

use crate::{CardSwap, Move};
use puzzle_frame::puzzle::Formatting;

impl Formatting for CardSwap {
    /// The moves as `--path` prints them: tokens like `AD` separated by single spaces (the
    /// answer line is the frame's: the fewest moves, or `-1` when `A` and `B` cannot be
    /// swapped).
    fn path_line(moves: &[Move]) -> String {
        moves.iter().join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(CardSwap::answer_line(1, Some(17)), "17");
        assert_eq!(CardSwap::answer_line(2, None), "-1");
        let moves: Vec<Move> = ["AL", "*U", "BR"]
            .map(|t| t.parse().expect("a move"))
            .to_vec();
        assert_eq!(CardSwap::path_line(&moves), "AL *U BR");
        assert_eq!(CardSwap::path_line(&[]), "");
    }
}
