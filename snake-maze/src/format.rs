//! The judge's lines: `Case k: d`; `--path` prints the head's moves as their letters
//! `U`, `D`, `L`, `R` (the frame's default; an empty line for no moves).

use crate::SnakeMaze;
use puzzle_frame::puzzle::Formatting;

impl Formatting for SnakeMaze {
    /// The judge's answer line for case `number` (1-based): `Case k: d`, or `Case k: -1` when
    /// the head cannot reach (1,1).
    fn answer_line(number: usize, steps: Option<usize>) -> String {
        match steps {
            Some(d) => format!("Case {number}: {d}"),
            None => format!("Case {number}: -1"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_in_the_judges_words() {
        assert_eq!(SnakeMaze::answer_line(3, Some(9)), "Case 3: 9");
        assert_eq!(SnakeMaze::answer_line(1, None), "Case 1: -1");
    }
}
