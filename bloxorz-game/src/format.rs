//! The judge's lines.

use crate::case::{keys_of, Move};
use crate::BloxorzGame;
use puzzle_frame::puzzle::Formatting;

impl Formatting for BloxorzGame {
    /// The moves' keys as letters `U`/`D`/`L`/`R` (arrows) and `S` (space), as `--path`
    /// prints them (the answer line is the frame's: the fewest arrow presses, or `-1`).
    fn path_line(moves: &[Move]) -> String {
        keys_of(moves).iter().map(|k| k.letter()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_common::Dir;

    #[test]
    fn lines() {
        assert_eq!(BloxorzGame::answer_line(1, Some(7)), "7");
        assert_eq!(BloxorzGame::answer_line(2, None), "-1");
        let moves = [
            Move::arrow(Dir::Left),
            Move {
                switch_cube: true,
                arrow: Dir::Up,
            },
        ];
        assert_eq!(BloxorzGame::path_line(&moves), "LSU");
        assert_eq!(BloxorzGame::path_line(&[]), "");
    }
}
