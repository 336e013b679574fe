//! The judge's lines: the answer, and the moves for `--path`.

use itertools::Itertools;

use crate::Move;

/// The answer to case `number` (1-based; the judge's format does not print it): the
/// fewest moves, or `-1` when `A` and `B` cannot be swapped.
pub fn answer_line(_number: usize, answer: Option<usize>) -> String {
    answer.map_or_else(|| "-1".to_string(), |n| n.to_string())
}

/// The moves as `--path` prints them: tokens like `AD` separated by single spaces.
pub fn path_line(moves: &[Move]) -> String {
    moves.iter().join(" ")
}

/// Reads a line printed by `--path` back into moves (tokens separated by whitespace).
pub fn parse_path(line: &str) -> Result<Vec<Move>, String> {
    line.split_whitespace().map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(answer_line(1, Some(17)), "17");
        assert_eq!(answer_line(2, None), "-1");
        let moves = parse_path("AL *U  BR").expect("moves");
        assert_eq!(path_line(&moves), "AL *U BR");
        assert_eq!(path_line(&[]), "");
        assert!(parse_path("AL XU").is_err());
    }
}
