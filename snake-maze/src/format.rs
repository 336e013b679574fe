//! The judge's lines: the answer of a case and the moves of its solution.

use crate::case::Move;

/// The judge's answer line for case `number` (1-based): `Case k: d`, or `Case k: -1` when
/// the head cannot reach (1,1).
pub fn answer_line(number: usize, steps: Option<usize>) -> String {
    match steps {
        Some(d) => format!("Case {number}: {d}"),
        None => format!("Case {number}: -1"),
    }
}

/// The head's moves as letters `U`, `D`, `L`, `R` (an empty line for no moves).
pub fn path_line(moves: &[Move]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_in_the_judges_words() {
        assert_eq!(answer_line(3, Some(9)), "Case 3: 9");
        assert_eq!(answer_line(1, None), "Case 1: -1");
        assert_eq!(
            path_line(&[Move::Up, Move::Left, Move::Down, Move::Right]),
            "ULDR"
        );
        assert_eq!(path_line(&[]), "");
    }
}
