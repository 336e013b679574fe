//! The judge's lines.

use crate::case::{Format, Move};
use grid_common::Dir;

/// POJ 1475's lines for maze `number` (1-based) before its moves: `Maze #k`, and
/// `Impossible.` when the box cannot reach the target.
pub fn maze_line(number: usize, solved: bool) -> String {
    match solved {
        true => format!("Maze #{number}"),
        false => format!("Maze #{number}\nImpossible."),
    }
}

/// An XSB level's answer: the fewest pushes, or `-1`.
pub fn pushes_line(pushes: Option<usize>) -> String {
    pushes.map_or_else(|| "-1".to_string(), |p| p.to_string())
}

/// The moves in `format`'s letters: POJ's `NSEW` pushes and `nsew` walks, or XSB's `LURD`
/// pushes and `lurd` walks.
pub fn path_line(format: Format, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| {
            let letter = match (format, m.dir) {
                (Format::Poj, Dir::Up) => 'N',
                (Format::Poj, Dir::Down) => 'S',
                (Format::Poj, Dir::Left) => 'W',
                (Format::Poj, Dir::Right) => 'E',
                (Format::Xsb, dir) => dir.letter(),
            };
            match m.push {
                true => letter,
                false => letter.to_ascii_lowercase(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(maze_line(3, true), "Maze #3");
        assert_eq!(maze_line(2, false), "Maze #2\nImpossible.");
        assert_eq!(pushes_line(Some(7)), "7");
        assert_eq!(pushes_line(None), "-1");
        let moves = [
            Move::walk(Dir::Up),
            Move::push(Dir::Right),
            Move::push(Dir::Down),
            Move::walk(Dir::Left),
        ];
        assert_eq!(path_line(Format::Poj, &moves), "nESw");
        assert_eq!(path_line(Format::Xsb, &moves), "uRDl");
    }
}
