//! A flat, row-major grid.

use crate::{Dir, Pos};

/// A `rows` x `cols` grid stored row-major in one `Vec`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

impl<T> Grid<T> {
    /// A grid from row-major cells; `None` unless `cells.len() == rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<T>) -> Option<Grid<T>> {
        (rows.checked_mul(cols) == Some(cells.len())).then_some(Grid { rows, cols, cells })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True for a grid without cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True when `pos` lies on the grid.
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// The flat index of `pos` (which must lie on the grid).
    pub fn index(&self, pos: Pos) -> usize {
        debug_assert!(self.contains(pos));
        pos.row * self.cols + pos.col
    }

    /// The position of a flat index.
    pub fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.cols, index % self.cols)
    }

    /// The cell at `pos`, if it lies on the grid.
    pub fn get(&self, pos: Pos) -> Option<&T> {
        self.contains(pos)
            .then(|| &self.cells[pos.row * self.cols + pos.col])
    }

    /// The cell at `pos`, mutably, if it lies on the grid.
    pub fn get_mut(&mut self, pos: Pos) -> Option<&mut T> {
        if self.contains(pos) {
            Some(&mut self.cells[pos.row * self.cols + pos.col])
        } else {
            None
        }
    }

    /// The neighbour of `pos` in `dir`, if it lies on the grid.
    pub fn step(&self, pos: Pos, dir: Dir) -> Option<Pos> {
        pos.step(dir, self.rows, self.cols)
    }

    /// The on-grid neighbours of `pos` with the direction that leads to each.
    pub fn neighbours(&self, pos: Pos) -> impl Iterator<Item = (Dir, Pos)> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |d| self.step(pos, d).map(|p| (d, p)))
    }

    /// All positions, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.cells.len()).map(|i| self.pos(i))
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The cells, row-major, mutably.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// One row's cells.
    pub fn row(&self, row: usize) -> &[T] {
        &self.cells[row * self.cols..(row + 1) * self.cols]
    }

    /// A grid of the same shape with each cell mapped.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(f).collect(),
        }
    }
}

impl<T: Clone> Grid<T> {
    /// A grid with every cell set to `fill`.
    pub fn new(rows: usize, cols: usize, fill: T) -> Grid<T> {
        Grid {
            rows,
            cols,
            cells: vec![fill; rows * cols],
        }
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, pos: Pos) -> &T {
        assert!(self.contains(pos), "{pos:?} is off the grid");
        &self.cells[pos.row * self.cols + pos.col]
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        assert!(self.contains(pos), "{pos:?} is off the grid");
        &mut self.cells[pos.row * self.cols + pos.col]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_pos_round_trip() {
        let g = Grid::new(3, 4, 0u8);
        for i in 0..g.len() {
            assert_eq!(g.index(g.pos(i)), i);
        }
        assert_eq!(g.pos(5), Pos::new(1, 1));
        assert!(Grid::from_cells(2, 2, vec![1, 2, 3]).is_none());
    }

    #[test]
    fn neighbours_respect_the_edges() {
        let g = Grid::new(2, 3, ());
        let corner: Vec<_> = g.neighbours(Pos::new(0, 0)).collect();
        assert_eq!(
            corner,
            vec![(Dir::Down, Pos::new(1, 0)), (Dir::Right, Pos::new(0, 1))]
        );
        assert_eq!(g.neighbours(Pos::new(1, 1)).count(), 3);
        assert_eq!(g.get(Pos::new(2, 0)), None);
        assert_eq!(g.step(Pos::new(1, 2), Dir::Right), None);
    }
}
