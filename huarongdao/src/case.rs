//! The case: one board ([`Board`]) and the queries on it ([`Query`]), each answered on its
//! own; a move of a solution ([`Move`]) is the direction the blank moves in.

use grid_common::{Grid, Pos};
use itertools::Itertools;

/// One move: the blank swaps with its neighbour in this direction (the designated piece
/// moves when it is that neighbour).
pub type Move = grid_common::Dir;

/// One query with the board it is asked on: the unit of the input that gets one answer, as
/// the shared loop and `xtask` see it (the crate's own functions take `(&Board, &Query)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The board every query of the input shares.
    pub board: std::sync::Arc<Board>,
    /// The query.
    pub query: Query,
}

/// The board: which cells hold movable pieces (or the blank) and which hold fixed pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// `true` for a movable cell (`1`), `false` for a fixed piece (`0`).
    pub open: Grid<bool>,
}

impl Board {
    /// A board from rows of `'1'`/`'0'` (or `'.'`/`'#'`) characters; `None` when the rows
    /// are empty, ragged or hold another character. Handy in tests.
    pub fn from_rows(rows: &[&str]) -> Option<Board> {
        let cols = rows.first()?.len();
        let mut cells = Vec::new();
        for row in rows {
            if row.len() != cols {
                return None;
            }
            for b in row.bytes() {
                cells.push(match b {
                    b'1' | b'.' => true,
                    b'0' | b'#' => false,
                    _ => return None,
                });
            }
        }
        Grid::from_cells(rows.len(), cols, cells)
            .filter(|g| !g.is_empty())
            .map(|open| Board { open })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.open.rows()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.open.cols()
    }

    /// True when `pos` lies on the board and holds a movable piece (or the blank).
    pub fn is_open(&self, pos: Pos) -> bool {
        self.open.get(pos).copied().unwrap_or(false)
    }

    /// The number of fixed cells.
    pub fn fixed_cells(&self) -> usize {
        self.open.cells().iter().filter(|&&o| !o).count()
    }

    /// The board in the judge's format (`n m q` header excluded): rows of `0`/`1`.
    pub fn to_judge_rows(&self) -> String {
        let mut out = String::new();
        for r in 0..self.rows() {
            let row = self.open.row(r).iter().map(|&o| u8::from(o)).join(" ");
            out.push_str(&row);
            out.push('\n');
        }
        out
    }
}

/// One query: where the blank is, where the designated piece starts and where it must go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Query {
    /// The blank (`EX EY`).
    pub blank: Pos,
    /// The designated piece's start (`SX SY`).
    pub piece: Pos,
    /// The piece's target (`TX TY`).
    pub target: Pos,
}

impl Query {
    /// The query line in the judge's format (1-based).
    pub fn to_judge_line(&self) -> String {
        [self.blank, self.piece, self.target]
            .iter()
            .flat_map(|p| [p.row + 1, p.col + 1])
            .join(" ")
    }
}

/// A whole input in the judge's format: a board and its queries (for tests and generators).
pub fn to_judge_input(board: &Board, queries: &[Query]) -> String {
    let mut out = format!("{} {} {}\n", board.rows(), board.cols(), queries.len());
    out.push_str(&board.to_judge_rows());
    for q in queries {
        out.push_str(&q.to_judge_line());
        out.push('\n');
    }
    out
}

/// The case as an input of its own: the board and this one query.
impl std::fmt::Display for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&to_judge_input(
            &self.board,
            std::slice::from_ref(&self.query),
        ))
    }
}

/// A small board and a query the blank solves by going up twice (the unit tests' case).
#[cfg(test)]
pub(crate) fn two_ups() -> (Board, Query) {
    let board = Board::from_rows(&["0111", "0110", "0100"]).expect("a board");
    let query = Query {
        blank: Pos::new(2, 1),
        piece: Pos::new(0, 1),
        target: Pos::new(1, 1),
    };
    (board, query)
}
