//! The judge's lines: the frame's defaults, the fewest arrow presses (or `-1`), and for
//! `--path` each move's keys as letters `U`/`D`/`L`/`R` (arrows) and `S` (space).

use crate::BloxorzGame;
use puzzle_frame::puzzle::Formatting;

impl Formatting for BloxorzGame {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;
    use grid_common::Dir;

    #[test]
    fn lines() {
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
