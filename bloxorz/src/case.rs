//! The case: the plane, the box and its placements; a move is a roll in a direction.

use grid_common::{Dir, Grid, Pos};
use std::fmt;

/// One move of a solution: the box rolls over its bottom edge in this direction.
pub type Move = Dir;

/// What a cell of the plane can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// `#`: nothing may rest on it.
    Empty,
    /// `.`, `X` or `O`: carries the whole box.
    Rigid,
    /// `E`: carries half the box (one end of a lying box), never a standing box.
    Fragile,
}

impl Cell {
    /// The cell of an input character (`X` and `O` are rigid); `None` outside `#.EXO`.
    pub fn from_byte(b: u8) -> Option<Cell> {
        CELL_OF_BYTE[usize::from(b)]
    }

    /// The input character of the cell (`.` for rigid).
    pub fn to_char(self) -> char {
        match self {
            Cell::Empty => '#',
            Cell::Rigid => '.',
            Cell::Fragile => 'E',
        }
    }
}

/// [`Cell::from_byte`] as a table: one look-up per input character.
const CELL_OF_BYTE: [Option<Cell>; 256] = {
    let mut table = [None; 256];
    table[b'#' as usize] = Some(Cell::Empty);
    table[b'.' as usize] = Some(Cell::Rigid);
    table[b'X' as usize] = Some(Cell::Rigid);
    table[b'O' as usize] = Some(Cell::Rigid);
    table[b'E' as usize] = Some(Cell::Fragile);
    table
};

/// How the box rests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// Upright on one cell.
    Standing,
    /// Lying on a cell and its right neighbour.
    AlongRow,
    /// Lying on a cell and the cell below it.
    AlongColumn,
}

/// A placement of the box: its orientation and its top-left covered cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// The covered cell with the smallest row, then column.
    pub pos: Pos,
    /// How the box rests.
    pub orientation: Orientation,
}

impl Block {
    /// The covered cells: `pos`, and the second cell of a lying box.
    pub fn cells(self) -> (Pos, Option<Pos>) {
        let Pos { row, col } = self.pos;
        let second = match self.orientation {
            Orientation::Standing => None,
            Orientation::AlongRow => Some(Pos::new(row, col + 1)),
            Orientation::AlongColumn => Some(Pos::new(row + 1, col)),
        };
        (self.pos, second)
    }

    /// True when the box covers `cell`.
    pub fn covers(self, cell: Pos) -> bool {
        let (a, b) = self.cells();
        a == cell || b == Some(cell)
    }

    /// The placement covering exactly `cells` (one cell, or two adjacent ones), if any.
    pub fn from_cells(cells: &[Pos]) -> Option<Block> {
        match *cells {
            [p] => Some(Block {
                pos: p,
                orientation: Orientation::Standing,
            }),
            [a, b] if a.is_adjacent(b) => {
                let pos = a.min(b);
                let orientation = if a.row == b.row {
                    Orientation::AlongRow
                } else {
                    Orientation::AlongColumn
                };
                Some(Block { pos, orientation })
            }
            _ => None,
        }
    }
}

/// One case (one stage): the plane, where the box starts and the target cell.
///
/// Built by [`crate::parse::Cases`], which guarantees that the start and the target lie on
/// the plane on rigid cells and that the start is one cell or two adjacent cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub(crate) grid: Grid<Cell>,
    pub(crate) start: Block,
    pub(crate) target: Pos,
}

impl Case {
    /// The plane.
    pub fn grid(&self) -> &Grid<Cell> {
        &self.grid
    }

    /// Where the box starts.
    pub fn start(&self) -> Block {
        self.start
    }

    /// The target cell `O`.
    pub fn target(&self) -> Pos {
        self.target
    }

    /// The text `Display` writes.
    fn text(&self) -> String {
        let mut text = format!("{} {}\n", self.grid.rows(), self.grid.cols());
        for row in 0..self.grid.rows() {
            for col in 0..self.grid.cols() {
                let pos = Pos::new(row, col);
                let c = if self.start.covers(pos) {
                    'X'
                } else if pos == self.target {
                    'O'
                } else {
                    self.grid.get(pos).map_or('#', |c| c.to_char())
                };
                text.push(c);
            }
            text.push('\n');
        }
        text
    }
}

/// The board in the judge's format: the `R C` line, then the rows with `X` and `O`.
impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}
