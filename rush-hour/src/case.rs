//! The case: the board, where the piece starts and its goal; a move is one step in a
//! direction.

use grid_common::{Grid, Pos};

/// One move of a solution: the piece steps to the neighbouring cell in this direction.
pub type Move = grid_common::Dir;

/// What a cell of the board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `#`: the piece may not enter it.
    Wall,
    /// `.`, `P` or `G`: the piece may stand on it.
    Floor,
}

impl Cell {
    /// The input character of the cell (`.` for floor).
    pub fn to_char(self) -> char {
        match self {
            Cell::Wall => '#',
            Cell::Floor => '.',
        }
    }
}

/// One case: the board, the piece's start and its goal.
///
/// Built by [`crate::parse::Cases`], which guarantees that the start and the goal are two
/// different floor cells of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub(crate) grid: Grid<Cell>,
    pub(crate) start: Pos,
    pub(crate) goal: Pos,
}

impl Case {
    /// The board.
    pub fn grid(&self) -> &Grid<Cell> {
        &self.grid
    }

    /// Where the piece `P` starts.
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The goal `G`.
    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// True when the piece may stand on `pos` (on the board and not a wall).
    pub fn is_floor(&self, pos: Pos) -> bool {
        self.grid.get(pos) == Some(&Cell::Floor)
    }

    /// The case in the judge's format: the `R C` line, then the rows with `P` and `G`.
    pub fn to_input(&self) -> String {
        let mut text = format!("{} {}\n", self.grid.rows(), self.grid.cols());
        for row in 0..self.grid.rows() {
            for (col, cell) in self.grid.row(row).iter().enumerate() {
                let pos = Pos::new(row, col);
                text.push(if pos == self.start {
                    'P'
                } else if pos == self.goal {
                    'G'
                } else {
                    cell.to_char()
                });
            }
            text.push('\n');
        }
        text
    }
}
