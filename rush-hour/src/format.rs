//! The judge's lines.

use crate::case::Move;

/// The answer line of case `number` (1-based; the judge's format does not print it): the
/// fewest moves, or `-1`.
pub fn answer_line(_number: usize, moves: Option<usize>) -> String {
    match moves {
        Some(moves) => moves.to_string(),
        None => "-1".to_string(),
    }
}

/// The moves as letters `U`/`D`/`L`/`R`, as `--path` prints them.
pub fn path_line(moves: &[Move]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(answer_line(1, Some(10)), "10");
        assert_eq!(answer_line(2, None), "-1");
        assert_eq!(
            path_line(&[Move::Left, Move::Down, Move::Right, Move::Up]),
            "LDRU"
        );
        assert_eq!(path_line(&[]), "");
    }
}
