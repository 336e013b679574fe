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
//! the red car `A` first) in bits `4i..4i+4` of a [`Packed`] word: a `u64` for up to 16
//! pieces (half the memory, cheaper hashing), a `u128` ([`State`]) for up to 32; the walls
//! are the same for every board of a case. Occupied cells are the walls or-ed with
//! each piece's mask at its place ([`Layout::occupied`]); a piece's slides are the runs of
//! free cells on each side of it along its line ([`Layout::slides`]); it can slide at all
//! only when a cell of [`PieceBits::ends`] (the two next to it on its line) is free. The
//! red car is solved
//! at place `N - len`: its rightmost cell in the last column.

use crate::case::Case;

/// A board of one case: every piece's place, 4 bits each, piece `i` at bits `4i..4i+4`.
pub type State = u128;

/// A word that holds a board's places, four bits a piece: `u64` (16 pieces) or `u128` (32).
pub trait Packed: Copy + Eq + std::fmt::Debug + 'static {
    /// The most pieces it holds.
    const PIECES: usize;
    /// A value no board takes (every nibble 15; a place is below 8).
    const EMPTY: Self;
    /// The word of a [`State`] whose pieces fit.
    fn from_state(state: State) -> Self;
    /// The place of piece `i`.
    fn place(self, i: usize) -> usize;
    /// The word with piece `i` moved to `place`.
    fn with_place(self, i: usize, place: usize) -> Self;
    /// 64 well-mixed bits for a hash table.
    fn hash(self) -> u64;
}

/// [`Packed::place`] and [`Packed::with_place`] on a word of type `$word`: the same code for
/// both widths (a macro rather than a generic default, so that each stays plain integer
/// code in the search's inner loop).
macro_rules! nibble_places {
    ($word:ty) => {
        #[inline]
        fn place(self, i: usize) -> usize {
            ((self >> (4 * i)) & 15) as usize
        }
        #[inline]
        fn with_place(self, i: usize, place: usize) -> $word {
            (self & !(15 << (4 * i))) | ((place as $word) << (4 * i))
        }
    };
}

impl Packed for u64 {
    const PIECES: usize = 16;
    const EMPTY: u64 = u64::MAX;
    #[inline]
    fn from_state(state: State) -> u64 {
        state as u64
    }
    nibble_places!(u64);
    #[inline]
    fn hash(self) -> u64 {
        self.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

impl Packed for u128 {
    const PIECES: usize = 32;
    const EMPTY: u128 = u128::MAX;
    #[inline]
    fn from_state(state: State) -> u128 {
        state
    }
    nibble_places!(u128);
    #[inline]
    fn hash(self) -> u64 {
        ((self as u64) ^ ((self >> 64) as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

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
    /// `ends[p]`: the cells just before and just after it on its line when it stands on
    /// place `p` (those on the board): it can slide iff one of them is free.
    pub ends: [u64; 8],
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
                ends: [0; 8],
            };
            for p in 0..size {
                let (r, c) = piece.cell(p, 0);
                bits.cells[p] = cell_bit(size, r, c);
            }
            for p in 0..bits.places {
                bits.masks[p] = bits.cells[p..p + piece.len].iter().fold(0, |m, c| m | c);
                let before = p.checked_sub(1).map_or(0, |b| bits.cells[b]);
                bits.ends[p] = before | bits.cells.get(p + piece.len).copied().unwrap_or(0);
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
    pub fn place<P: Packed>(state: P, i: usize) -> usize {
        state.place(i)
    }

    /// `state` with piece `i` moved to `place`.
    #[inline]
    pub fn with_place<P: Packed>(state: P, i: usize, place: usize) -> P {
        state.with_place(i, place)
    }

    /// The occupied cells of `state`: the walls and every piece.
    #[inline]
    pub fn occupied<P: Packed>(&self, state: P) -> u64 {
        self.pieces
            .iter()
            .enumerate()
            .fold(self.walls, |occ, (i, p)| occ | p.masks[state.place(i) & 7])
    }

    /// True when the red car's rightmost cell is in the last column.
    #[inline]
    pub fn solved<P: Packed>(&self, state: P) -> bool {
        state.place(0) + 1 == self.pieces[0].places
    }

    /// The places piece `i`, standing on `place`, can slide to in one move over the free
    /// cells of `occupied` (which holds the piece itself): up to `reach` cells each way
    /// (1 for the step metric, the board's side for moves), nearest first on each side.
    #[inline]
    pub fn slides(&self, i: usize, place: usize, occupied: u64, reach: usize) -> Slides {
        let piece = &self.pieces[i];
        let mut slides = Slides {
            places: [0; 8],
            len: 0,
        };
        // The farthest places `reach` allows, on each side.
        let (low, high) = (
            place.saturating_sub(reach),
            (place + reach).min(piece.places - 1),
        );
        let mut p = place;
        while p > low && occupied & piece.cells[p - 1] == 0 {
            p -= 1;
            slides.push(p);
        }
        let mut p = place;
        while p < high && occupied & piece.cells[p + piece.len] == 0 {
            p += 1;
            slides.push(p);
        }
        slides
    }
}

/// The places one piece can slide to (at most 7: a car on a line of 8 cells).
#[derive(Clone, Copy, Debug)]
pub struct Slides {
    places: [u8; 8],
    len: usize,
}

impl Slides {
    #[inline]
    fn push(&mut self, place: usize) {
        self.places[self.len & 7] = place as u8;
        self.len += 1;
    }

    /// The places, nearest first on each side (left or up first).
    #[inline]
    pub fn places(&self) -> &[u8] {
        &self.places[..self.len.min(8)]
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
        assert_eq!(layout.slides(1, 0, occ, 8).places(), [1]);
        assert!(
            layout.slides(0, 0, occ, 8).places().is_empty(),
            "B blocks A"
        );
        let moved = Layout::with_place(layout.start, 1, 1);
        assert_eq!(u64::from_state(moved).place(1), 1);
        assert_eq!(Layout::place(moved, 1), 1);
        assert!(!layout.solved(moved));
        assert!(layout.solved(Layout::with_place(moved, 0, 1)));
    }

    #[test]
    fn a_piece_slides_iff_a_cell_at_its_ends_is_free() {
        // Cars and trucks both ways, walls, sides 3 to 8; every state, legal or not.
        for text in [
            "ooBAABxoo",
            "oBBoAAoCxooCDDDo",
            "BBoCooxoDCAAooDCEEoooFoooooFoooooooo",
            "ooooooooooBoooooAABoooooooBxoCCCooooooooDDoooooEoooooooEoooooooo",
        ] {
            let layout = Layout::new(&board(text).unwrap());
            let mut state = 0u64;
            'states: loop {
                let occupied = layout.occupied(state);
                for (i, piece) in layout.pieces.iter().enumerate() {
                    let place = state.place(i);
                    let ends = piece.ends[place];
                    let moves = layout
                        .slides(i, place, occupied, layout.size)
                        .places()
                        .len();
                    assert_eq!(occupied & ends == ends, moves == 0, "{text} {state:x} {i}");
                }
                // The next state: places counted up like the digits of a number.
                for (i, piece) in layout.pieces.iter().enumerate() {
                    if state.place(i) + 1 < piece.places {
                        state = state.with_place(i, state.place(i) + 1);
                        continue 'states;
                    }
                    state = state.with_place(i, 0);
                }
                break;
            }
        }
    }
}
