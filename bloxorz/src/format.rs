//! The judge's lines: the fewest rolls, or `Impossible`; `--path` prints the rolls as their
//! letters `U`/`D`/`L`/`R` (the frame's default).

use crate::Bloxorz;
use puzzle_frame::puzzle::Formatting;

impl Formatting for Bloxorz {
    /// The fewest rolls, or `Impossible`.
    fn answer_line(_number: usize, rolls: Option<usize>) -> String {
        match rolls {
            Some(rolls) => rolls.to_string(),
            None => "Impossible".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    #[test]
    fn lines() {
        assert_eq!(Bloxorz::answer_line(1, Some(10)), "10");
        assert_eq!(Bloxorz::answer_line(2, None), "Impossible");
        let rolls = [Move::Left, Move::Down, Move::Right, Move::Up];
        assert_eq!(Bloxorz::path_line(&rolls), "LDRU");
    }
}
