//! Board geometry: a board laid out in one flat array with a border of extra cells, so that
//! a step in any direction from a board cell is one addition of that direction's offset and
//! never leaves the array.

use crate::{Dir, Pos};

/// Where a `rows` x `cols` board lies in a flat, row-major array with a border: `vertical`
/// extra rows above and below it, at least `horizontal` extra columns on each side (more on
/// the right when the row length is rounded up to a power of two, so that a cell's row and
/// column are a shift and a mask).
///
/// ```
/// use grid_common::{Dir, Padded, Pos};
///
/// let board = Padded::new(3, 4, 1).unwrap();
/// assert_eq!((board.width(), board.len()), (6, 30));
/// let cell = board.index(Pos::new(0, 0));
/// assert_eq!(cell, 7);
/// assert_eq!(board.step(cell, Dir::Up), 1); // a border cell
/// assert_eq!(board.pos(board.step(cell, Dir::Right)), Some(Pos::new(0, 1)));
/// assert_eq!(board.pos(1), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Padded {
    rows: usize,
    cols: usize,
    top: usize,
    left: usize,
    width: usize,
    len: usize,
}

impl Padded {
    /// The board with a border of `margin` cells on every side; `None` when the array's
    /// size overflows `usize`.
    pub fn new(rows: usize, cols: usize, margin: usize) -> Option<Padded> {
        Padded::with_margins(rows, cols, margin, margin, false)
    }

    /// The board with `vertical` extra rows above and below and `horizontal` extra columns
    /// on each side; with `power_of_two_width`, the row length is rounded up to a power of
    /// two (the extra columns go on the right). `None` when the size overflows `usize`.
    pub fn with_margins(
        rows: usize,
        cols: usize,
        vertical: usize,
        horizontal: usize,
        power_of_two_width: bool,
    ) -> Option<Padded> {
        let mut width = cols.checked_add(horizontal.checked_mul(2)?)?;
        if power_of_two_width {
            width = width.checked_next_power_of_two()?;
        }
        let height = rows.checked_add(vertical.checked_mul(2)?)?;
        let len = height.checked_mul(width)?;
        // Offsets are `isize`: the whole array must be addressable by one.
        isize::try_from(len).ok()?;
        Some(Padded {
            rows,
            cols,
            top: vertical,
            left: horizontal,
            width,
            len,
        })
    }

    /// The board's rows (without the border).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The board's columns (without the border).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The length of one row of the array, border included.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of cells of the array, border included.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the array has no cells.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The array index of the board cell `pos` (which must lie on the board).
    pub fn index(&self, pos: Pos) -> usize {
        debug_assert!(pos.row < self.rows && pos.col < self.cols);
        (pos.row + self.top) * self.width + pos.col + self.left
    }

    /// The board cell at array index `index`, or `None` for a border cell.
    pub fn pos(&self, index: usize) -> Option<Pos> {
        let (row, col) = (index / self.width, index % self.width);
        let row = row.checked_sub(self.top).filter(|&r| r < self.rows)?;
        let col = col.checked_sub(self.left).filter(|&c| c < self.cols)?;
        Some(Pos::new(row, col))
    }

    /// The index offset of a step of `rows` rows and `cols` columns.
    pub fn offset_of(&self, rows: isize, cols: isize) -> isize {
        rows * self.width as isize + cols
    }

    /// The index offset of one step in `dir`.
    pub fn offset(&self, dir: Dir) -> isize {
        let (rows, cols) = dir.delta();
        self.offset_of(rows, cols)
    }

    /// The index offsets of one step in each direction, in [`Dir::ALL`]'s order.
    pub fn offsets(&self) -> [isize; 4] {
        Dir::ALL.map(|d| self.offset(d))
    }

    /// The index one step from `index` in `dir` (wrapping: from a board cell it is always in
    /// the array when the border is at least one cell).
    pub fn step(&self, index: usize, dir: Dir) -> usize {
        index.wrapping_add_signed(self.offset(dir))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_cell_round_trips_and_its_steps_agree_with_pos() {
        for (rows, cols, v, h, pow2) in
            [(3, 5, 1, 1, false), (4, 3, 2, 1, true), (1, 1, 0, 0, false)]
        {
            let board = Padded::with_margins(rows, cols, v, h, pow2).unwrap();
            let mut seen = vec![false; board.len()];
            for row in 0..rows {
                for col in 0..cols {
                    let pos = Pos::new(row, col);
                    let i = board.index(pos);
                    assert!(!seen[i]);
                    seen[i] = true;
                    assert_eq!(board.pos(i), Some(pos));
                    for d in Dir::ALL {
                        let next = pos.step(d, rows, cols);
                        let stepped = board.step(i, d);
                        if next.is_some() || v > 0 && h > 0 {
                            assert_eq!(board.pos(stepped), next, "{pos:?} {d:?}");
                        }
                    }
                }
            }
            let border = (0..board.len()).filter(|&i| board.pos(i).is_none()).count();
            assert_eq!(border, board.len() - rows * cols);
        }
    }

    #[test]
    fn sizes_and_overflow() {
        let b = Padded::with_margins(2, 5, 2, 1, true).unwrap();
        assert_eq!((b.width(), b.len()), (8, 48));
        assert_eq!(b.offsets(), [-8, 8, -1, 1]);
        assert!(Padded::new(usize::MAX, 2, 1).is_none());
        assert!(Padded::new(1 << 40, 1 << 40, 1).is_none());
    }
}
