//! The four directions and (row, column) coordinates.

use std::fmt;

/// One of the four grid directions. Rows grow downwards, columns to the right.
///
/// The order is part of the interface: `Up` 0, `Down` 1, `Left` 2, `Right` 3, so opposite
/// directions pair up as 0/1 and 2/3 ([`Dir::opposite_index`]) and vertical ones come first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards row 0.
    Up = 0,
    /// Towards the last row.
    Down = 1,
    /// Towards column 0.
    Left = 2,
    /// Towards the last column.
    Right = 3,
}

impl Dir {
    /// All four directions, in index order (`Up`, `Down`, `Left`, `Right`).
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];
    /// Row delta of each direction, indexed by [`Dir::index`].
    pub const DELTA_ROW: [isize; 4] = [-1, 1, 0, 0];
    /// Column delta of each direction, indexed by [`Dir::index`].
    pub const DELTA_COL: [isize; 4] = [0, 0, -1, 1];
    /// The opposite of each direction, indexed by [`Dir::index`].
    pub const OPPOSITE: [Dir; 4] = [Dir::Down, Dir::Up, Dir::Right, Dir::Left];
    /// Each direction turned a quarter clockwise, indexed by [`Dir::index`].
    pub const CLOCKWISE: [Dir; 4] = [Dir::Right, Dir::Left, Dir::Up, Dir::Down];
    /// The letter of each direction, indexed by [`Dir::index`].
    pub const LETTERS: [char; 4] = ['U', 'D', 'L', 'R'];

    /// Index 0..4, for tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction with this index (`index % 4`).
    pub const fn from_index(index: usize) -> Dir {
        Dir::ALL[index % 4]
    }

    /// (row delta, column delta).
    pub const fn delta(self) -> (isize, isize) {
        (Dir::DELTA_ROW[self as usize], Dir::DELTA_COL[self as usize])
    }

    /// The index of the opposite of the direction with index `index` (`index ^ 1`), for
    /// tables indexed by direction.
    pub const fn opposite_index(index: usize) -> usize {
        index ^ 1
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Dir {
        Dir::OPPOSITE[self as usize]
    }

    /// The direction a quarter turn clockwise.
    pub const fn clockwise(self) -> Dir {
        Dir::CLOCKWISE[self as usize]
    }

    /// The direction a quarter turn counter-clockwise.
    pub const fn counter_clockwise(self) -> Dir {
        Dir::CLOCKWISE[Dir::CLOCKWISE[Dir::CLOCKWISE[self as usize] as usize] as usize]
    }

    /// True for `Up` and `Down`.
    pub const fn is_vertical(self) -> bool {
        matches!(self, Dir::Up | Dir::Down)
    }

    /// `U`, `D`, `L` or `R`.
    pub const fn letter(self) -> char {
        Dir::LETTERS[self as usize]
    }

    /// The direction of a letter `U`, `D`, `L`, `R`.
    pub fn from_letter(letter: char) -> Option<Dir> {
        Dir::LETTERS
            .iter()
            .position(|&l| l == letter)
            .map(Dir::from_index)
    }

    /// The direction from `from` to an orthogonally adjacent `to`, if they are adjacent.
    pub fn between(from: Pos, to: Pos) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| from.offset(d) == Some(to))
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A cell's coordinates: 0-based row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
}

impl Pos {
    /// A position from a 0-based row and column.
    pub const fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }

    /// The neighbour in `dir`, unless it would have a negative coordinate.
    /// (Use [`Pos::step`] or [`crate::Grid::step`] to also check the far edges.)
    pub fn offset(self, dir: Dir) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        Some(Pos {
            row: self.row.checked_add_signed(dr)?,
            col: self.col.checked_add_signed(dc)?,
        })
    }

    /// The neighbour in `dir` inside a `rows` x `cols` board, if any.
    pub fn step(self, dir: Dir, rows: usize, cols: usize) -> Option<Pos> {
        self.offset(dir).filter(|p| p.row < rows && p.col < cols)
    }

    /// Manhattan distance.
    pub fn manhattan(self, other: Pos) -> usize {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }

    /// True when the two cells share a side.
    pub fn is_adjacent(self, other: Pos) -> bool {
        self.manhattan(other) == 1
    }
}

impl fmt::Display for Pos {
    /// 1-based `(row, column)`, as the judges write coordinates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row + 1, self.col + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_each_other() {
        for d in Dir::ALL {
            assert_eq!(Dir::from_index(d.index()), d);
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.opposite(), d);
            let (dr, dc) = d.delta();
            let (or, oc) = d.opposite().delta();
            assert_eq!((dr + or, dc + oc), (0, 0));
            assert_eq!(d.clockwise().counter_clockwise(), d);
            assert_eq!(d.clockwise().clockwise(), d.opposite());
            assert_ne!(d.is_vertical(), d.clockwise().is_vertical());
            assert_eq!(Dir::from_letter(d.letter()), Some(d));
        }
        assert_eq!(Dir::from_letter('x'), None);
        // Clockwise seen on screen: up -> right -> down -> left.
        assert_eq!(Dir::Up.clockwise(), Dir::Right);
        assert_eq!(Dir::Right.clockwise(), Dir::Down);
    }

    #[test]
    fn stepping_stays_on_the_board() {
        let corner = Pos::new(0, 0);
        assert_eq!(corner.step(Dir::Up, 2, 3), None);
        assert_eq!(corner.step(Dir::Left, 2, 3), None);
        assert_eq!(corner.step(Dir::Down, 2, 3), Some(Pos::new(1, 0)));
        assert_eq!(Pos::new(1, 2).step(Dir::Right, 2, 3), None);
        assert_eq!(Pos::new(1, 2).step(Dir::Down, 2, 3), None);
        assert_eq!(
            Dir::between(Pos::new(1, 1), Pos::new(1, 2)),
            Some(Dir::Right)
        );
        assert_eq!(Dir::between(Pos::new(1, 1), Pos::new(2, 2)), None);
        assert_eq!(Pos::new(4, 1).to_string(), "(5, 2)");
    }
}
