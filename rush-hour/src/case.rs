//! The case: one Rush Hour board (its size, walls and pieces); a move is one piece slid by
//! a signed number of cells.

use std::fmt;

/// The smallest board side the format allows (a board string of 9 characters).
pub const MIN_SIZE: usize = 3;
/// The largest board side this crate reads: an 8x8 board is one `u64` of cells.
pub const MAX_SIZE: usize = 8;
/// The red car's letter.
pub const RED_CAR: u8 = b'A';

/// One piece: a car (2 cells) or a truck (3 cells), in one row or one column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its letter, `A` to `Z` (`A` the red car).
    pub letter: u8,
    /// True when it lies in a row (and slides left and right).
    pub horizontal: bool,
    /// Its cells: 2 or 3.
    pub len: usize,
    /// Its row when horizontal, its column when vertical.
    pub line: usize,
    /// Its first cell along that line at the start: the column of its leftmost cell, or the
    /// row of its top cell.
    pub start: usize,
}

impl Piece {
    /// The cell (row, column) of its `k`-th cell when its first cell is at `along`.
    pub fn cell(&self, along: usize, k: usize) -> (usize, usize) {
        if self.horizontal {
            (self.line, along + k)
        } else {
            (along + k, self.line)
        }
    }

    /// How many places it can stand on along its line: `size - len + 1`.
    pub fn places(&self, size: usize) -> usize {
        size + 1 - self.len
    }
}

/// One move: the piece `letter` slid `by` cells (`+` right or down, `-` left or up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The piece's letter.
    pub letter: u8,
    /// The signed number of cells (never 0).
    pub by: i8,
}

impl Move {
    /// The piece `letter` slid `by` cells.
    pub const fn new(letter: u8, by: i8) -> Move {
        Move { letter, by }
    }
}

impl fmt::Display for Move {
    /// `A+2`, `B-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:+}", self.letter as char, self.by)
    }
}

impl Move {
    /// Reads `A+2` / `B-1` (the `--path` form); `None` for anything else.
    pub fn parse(text: &str) -> Option<Move> {
        let bytes = text.as_bytes();
        let (&letter, rest) = bytes.split_first()?;
        let sign = *rest.first()?;
        if !letter.is_ascii_uppercase() || (sign != b'+' && sign != b'-') {
            return None;
        }
        let by: i8 = text.get(1..)?.parse().ok()?;
        (by != 0).then_some(Move { letter, by })
    }
}

/// One board: `size` x `size` cells, walls, and the pieces (the red car `A` first, the
/// others in the order their first cell comes in the board string).
///
/// Built by [`crate::parse`], which guarantees what the rules need: `size` from
/// [`MIN_SIZE`] to [`MAX_SIZE`], every piece 2 or 3 contiguous cells in one row or
/// column, pieces and walls never overlapping, and a horizontal `A`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub(crate) size: usize,
    pub(crate) text: Vec<u8>,
    pub(crate) walls: Vec<(usize, usize)>,
    pub(crate) pieces: Vec<Piece>,
}

impl Case {
    /// The board's side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The board string as read (`o` or `.` for empty cells, as it was written).
    pub fn text(&self) -> &[u8] {
        &self.text
    }

    /// The walls `x`, (row, column) each, in reading order.
    pub fn walls(&self) -> &[(usize, usize)] {
        &self.walls
    }

    /// The pieces, `A` first.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The red car.
    pub fn red_car(&self) -> &Piece {
        &self.pieces[0]
    }

    /// The exit's row: the red car's row (FORMAT.md, reading 4).
    pub fn exit_row(&self) -> usize {
        self.pieces[0].line
    }
}

impl fmt::Display for Case {
    /// The case in the input format: the board string and a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", String::from_utf8_lossy(&self.text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_as_written() {
        for text in ["A+2", "B-1", "Z+5", "O-3"] {
            assert_eq!(
                Move::parse(text).map(|m| m.to_string()).as_deref(),
                Some(text)
            );
        }
        for bad in ["", "A", "A2", "a+1", "A+0", "A-0", "A+x", "+1", "A+1 "] {
            assert_eq!(Move::parse(bad), None, "{bad}");
        }
    }
}
