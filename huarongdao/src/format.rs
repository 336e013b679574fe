//! The judge's lines: an answer, and a solution's moves for `--path`.

use crate::case::Move;

/// A query's answer in the judge's format: the number of moves, or `-1`. `number` (the
/// 1-based query number) is not printed: the judge wants the bare numbers, one a line.
pub fn answer_line(number: usize, answer: Option<usize>) -> String {
    let _ = number;
    match answer {
        Some(moves) => moves.to_string(),
        None => "-1".to_string(),
    }
}

/// A move sequence as letters `U`/`D`/`L`/`R` (the directions the blank moves).
pub fn path_line(moves: &[Move]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(answer_line(1, Some(2)), "2");
        assert_eq!(answer_line(2, None), "-1");
        assert_eq!(
            path_line(&[Move::Up, Move::Left, Move::Right, Move::Down]),
            "ULRD"
        );
        assert_eq!(path_line(&[]), "");
    }
}
