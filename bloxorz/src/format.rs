//! The judge's lines.

use crate::case::Move;

/// The answer line of case `number` (1-based; the judge's format does not print it):
/// the fewest rolls, or `Impossible`.
pub fn answer_line(_number: usize, rolls: Option<usize>) -> String {
    match rolls {
        Some(rolls) => rolls.to_string(),
        None => "Impossible".to_string(),
    }
}

/// The rolls as letters `U`/`D`/`L`/`R`, as `--path` prints them.
pub fn path_line(rolls: &[Move]) -> String {
    rolls.iter().map(|d| d.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(answer_line(1, Some(10)), "10");
        assert_eq!(answer_line(2, None), "Impossible");
        assert_eq!(
            path_line(&[Move::Left, Move::Down, Move::Right, Move::Up]),
            "LDRU"
        );
        assert_eq!(path_line(&[]), "");
    }
}
