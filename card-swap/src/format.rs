//! The judge's lines: the answer, and the moves for `--path`.

use crate::CardSwap;
use puzzle_frame::puzzle::Formatting;

/// The answer line is the frame's (the fewest moves, or `-1` when `A` and `B` cannot be
/// swapped); `--path` prints the moves as tokens like `AD` separated by single spaces.
impl Formatting for CardSwap {
    const PATH_SEPARATOR: &'static str = " ";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    #[test]
    fn lines() {
        let moves: Vec<Move> = ["AL", "*U", "BR"]
            .map(|t| t.parse().expect("a move"))
            .to_vec();
        assert_eq!(CardSwap::path_line(&moves), "AL *U BR");
        assert_eq!(CardSwap::path_line(&[]), "");
    }
}
