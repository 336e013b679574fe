//! The judge's lines.

use crate::case::{keys_of, Move};

/// The answer line of level `number` (1-based; the format does not print it): the fewest
/// arrow presses, or `-1`.
pub fn answer_line(_number: usize, presses: Option<usize>) -> String {
    match presses {
        Some(presses) => presses.to_string(),
        None => "-1".to_string(),
    }
}

/// The moves' keys as letters `U`/`D`/`L`/`R` (arrows) and `S` (space), as `--path`
/// prints them.
pub fn path_line(moves: &[Move]) -> String {
    keys_of(moves).iter().map(|k| k.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_common::Dir;

    #[test]
    fn lines() {
        assert_eq!(answer_line(1, Some(7)), "7");
        assert_eq!(answer_line(2, None), "-1");
        let moves = [
            Move::arrow(Dir::Left),
            Move {
                switch_cube: true,
                arrow: Dir::Up,
            },
        ];
        assert_eq!(path_line(&moves), "LSU");
        assert_eq!(path_line(&[]), "");
    }
}
