//! The bit layout the solver searches with (and that a whole-space sweep may reuse).
//!
//! **Cells.** Cell (row, column) of an `N x N` board (`N` at most 8) is bit `row * N +
//! column` of a `u64`: the top row is the lowest bits, each row left to right. A set of
//! cells (the walls, a piece, everything occupied) is one `u64`.
//!
//! **Pieces.** A piece never leaves its line (its row when horizontal, its column when
//! vertical), so where it stands is one number, its *place*: the column of its leftmost
//! cell, or the row of its top cell, from `0` to `N - len`. [`PieceBits::cells`] is the
//! mask of each cell of the line (`place` -> bit), [`PieceBits::masks`] the piece's cells
//! at each place.
//!
//! **States.** A board is its pieces' places, four bits each, piece `i` (the case's order,
//! the red car `A` first) in bits `4i..4i+4` of a `u128` ([`State`]): up to 32 pieces, and
//! the walls are the same for every board of a case. Occupied cells are the walls or-ed with
//! each piece's mask at its place ([`Layout::occupied`]); a piece's slides are the runs of
//! free cells on each side of it along its line ([`Layout::slides`]). The red car is solved
//! at place `N - len`: its rightmost cell in the last column.

use crate::case::Case;

/// A board of one case: every piece's place, 4 bits each, piece `i` at bits `4i..4i+4`.
pub type State = u128;

/// The bit of cell (`row`, `col`) on a board of side `size`.
pub fn cell_bit(size: usize, row: usize, col: usize) -> u64 {
    1 << (row * size + col)
}

/// One piece's masks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceBits {
    /// The piece's letter.
    pub letter: u8,
    /// How many places it can stand on (`N - len + 1`).
    pub places: usize,
    /// `cells[p]`: the bit of the `p`-th cell of its line (`p < N`).
    pub cells: [u64; 8],
    /// `masks[p]`: its cells when it stands on place `p` (`p < places`).
    pub masks: [u64; 8],
    /// Its length.
    pub len: usize,
}

/// A case's board as bits: the walls, and each piece's masks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The board's side.
    pub size: usize,
    /// The walls' cells.
    pub walls: u64,
    /// The pieces, in the case's order (the red car first).
    pub pieces: Vec<PieceBits>,
    /// The start: each piece's place.
    pub start: State,
}

impl Layout {
    /// The layout of `case`.
    pub fn new(case: &Case) -> Layout {
        let size = case.size();
        let walls = case
            .walls()
            .iter()
            .fold(0, |all, &(r, c)| all | cell_bit(size, r, c));
        let mut start: State = 0;
        let mut pieces = Vec::with_capacity(case.pieces().len());
        for (i, piece) in case.pieces().iter().enumerate() {
            let mut bits = PieceBits {
                letter: piece.letter,
                places: piece.places(size),
                cells: [0; 8],
                masks: [0; 8],
                len: piece.len,
            };
            for p in 0..size {
                let (r, c) = piece.cell(p, 0);
                bits.cells[p] = cell_bit(size, r, c);
            }
            for p in 0..bits.places {
                bits.masks[p] = bits.cells[p..p + piece.len].iter().fold(0, |m, c| m | c);
            }
            start |= (piece.start as State) << (4 * i);
            pieces.push(bits);
        }
        Layout {
            size,
            walls,
            pieces,
            start,
        }
    }

    /// The place of piece `i` in `state`.
    #[inline]
    pub fn place(state: State, i: usize) -> usize {
        ((state >> (4 * i)) & 15) as usize
    }

    /// `state` with piece `i` moved to `place`.
    #[inline]
    pub fn with_place(state: State, i: usize, place: usize) -> State {
        (state & !((15 as State) << (4 * i))) | ((place as State) << (4 * i))
    }

    /// The occupied cells of `state`: the walls and every piece.
    #[inline]
    pub fn occupied(&self, state: State) -> u64 {
        self.pieces
            .iter()
            .enumerate()
            .fold(self.walls, |occ, (i, p)| {
                occ | p.masks[Layout::place(state, i)]
            })
    }

    /// True when the red car's rightmost cell is in the last column.
    #[inline]
    pub fn solved(&self, state: State) -> bool {
        Layout::place(state, 0) + 1 == self.pieces[0].places
    }

    /// The places piece `i`, standing on `place`, can slide to in one move over the free
    /// cells of `occupied` (which holds the piece itself): up to `reach` cells each way
    /// (1 for the step metric, the board's side for moves), nearest first on each side.
    #[inline]
    pub fn slides(
        &self,
        i: usize,
        place: usize,
        occupied: u64,
        reach: usize,
        mut visit: impl FnMut(usize),
    ) {
        let piece = &self.pieces[i];
        let mut p = place;
        while p > 0 && place - p < reach && occupied & piece.cells[p - 1] == 0 {
            p -= 1;
            visit(p);
        }
        let mut p = place;
        while p + 1 < piece.places
            && p - place < reach
            && occupied & piece.cells[p + piece.len] == 0
        {
            p += 1;
            visit(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::board;

    #[test]
    fn bits_of_a_small_board() {
        // B vertical in column 2, rows 0-1; A in row 1; a wall at (2, 0).
        let layout = Layout::new(&board("ooBAABxoo").unwrap());
        assert_eq!(layout.walls, 1 << 6);
        assert_eq!(layout.pieces[0].masks[..2], [0b11 << 3, 0b11 << 4]);
        assert_eq!(
            layout.pieces[1].masks[..2],
            [1 << 2 | 1 << 5, 1 << 5 | 1 << 8]
        );
        assert_eq!(layout.start, 0);
        let occ = layout.occupied(layout.start);
        assert_eq!(occ, 1 << 2 | 1 << 3 | 1 << 4 | 1 << 5 | 1 << 6);
        let mut to = Vec::new();
        layout.slides(1, 0, occ, 8, |p| to.push(p));
        assert_eq!(to, [1]);
        to.clear();
        layout.slides(0, 0, occ, 8, |p| to.push(p));
        assert!(to.is_empty(), "B blocks A");
        let moved = Layout::with_place(layout.start, 1, 1);
        assert_eq!(Layout::place(moved, 1), 1);
        assert!(!layout.solved(moved));
        assert!(layout.solved(Layout::with_place(moved, 0, 1)));
    }
}
