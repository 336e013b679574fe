//! The case: one box of blocks, the target block and its goal; and one move.

use std::fmt;
use std::sync::Arc;

use grid_common::Pos;

/// The largest box the solver takes, in cells: a box is one `u64` bitboard.
pub const MAX_CELLS: usize = 64;

/// One block: its name (the token that covers its cells) and the cells it covers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// The token that names it in the input (shared with every move of the block).
    pub name: Arc<str>,
    /// The cells it covers, in reading order (at least one).
    pub cells: Vec<Pos>,
}

impl Block {
    /// The top-left corner of its bounding box: where the block is, as moves name it.
    pub fn top_left(&self) -> Pos {
        let row = self.cells.iter().map(|p| p.row).min().unwrap_or(0);
        let col = self.cells.iter().map(|p| p.col).min().unwrap_or(0);
        Pos::new(row, col)
    }

    /// The height and width of its bounding box.
    pub fn size(&self) -> (usize, usize) {
        let top_left = self.top_left();
        let rows = self.cells.iter().map(|p| p.row - top_left.row + 1).max();
        let cols = self.cells.iter().map(|p| p.col - top_left.col + 1).max();
        (rows.unwrap_or(0), cols.unwrap_or(0))
    }

    /// Its cells relative to the top-left corner of its bounding box, in reading order:
    /// two blocks of the same shape have the same list.
    pub fn shape(&self) -> Vec<Pos> {
        let top_left = self.top_left();
        self.cells
            .iter()
            .map(|p| Pos::new(p.row - top_left.row, p.col - top_left.col))
            .collect()
    }
}

/// One puzzle: a `rows` x `cols` box, its blocks, the target block and the goal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// Rows of the box.
    pub rows: usize,
    /// Columns of the box.
    pub cols: usize,
    /// The blocks, in the reading order of their first cell.
    pub blocks: Vec<Block>,
    /// The index of the target block in `blocks`.
    pub target: usize,
    /// Where the top-left corner of the target's bounding box must end.
    pub goal: Pos,
}

/// Why a box, a target and a goal do not make a [`Case`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseError {
    /// No cells, or more than [`MAX_CELLS`], or cells that do not fill `rows` x `cols`.
    Shape,
    /// No block has the target's name.
    NoTarget(String),
    /// The goal lies outside the box.
    GoalOutside,
    /// At the goal, the target's bounding box would stick out of the box.
    GoalDoesNotFit {
        /// The target's height and width.
        size: (usize, usize),
    },
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Shape => write!(f, "a box of 1 to {MAX_CELLS} cells"),
            CaseError::NoTarget(name) => write!(f, "no block is named {name:?}"),
            CaseError::GoalOutside => write!(f, "the goal lies outside the box"),
            CaseError::GoalDoesNotFit { size: (h, w) } => {
                write!(f, "the target ({h}x{w}) does not fit in the box there")
            }
        }
    }
}

impl std::error::Error for CaseError {}

impl Case {
    /// A case from the box's cells, row-major (`None` empty, `Some(name)` a block's cell),
    /// the target's name and the goal.
    pub fn new(
        rows: usize,
        cols: usize,
        cells: &[Option<&str>],
        target: &str,
        goal: Pos,
    ) -> Result<Case, CaseError> {
        let size = rows.checked_mul(cols);
        if size != Some(cells.len()) || cells.is_empty() || cells.len() > MAX_CELLS {
            return Err(CaseError::Shape);
        }
        let mut blocks: Vec<Block> = Vec::new();
        for (i, name) in cells.iter().enumerate() {
            let Some(name) = name else { continue };
            let pos = Pos::new(i / cols, i % cols);
            match blocks.iter_mut().find(|b| &*b.name == *name) {
                Some(block) => block.cells.push(pos),
                None => blocks.push(Block {
                    name: Arc::from(*name),
                    cells: vec![pos],
                }),
            }
        }
        let target = blocks
            .iter()
            .position(|b| &*b.name == target)
            .ok_or_else(|| CaseError::NoTarget(target.to_string()))?;
        if goal.row >= rows || goal.col >= cols {
            return Err(CaseError::GoalOutside);
        }
        let (h, w) = blocks[target].size();
        if goal.row + h > rows || goal.col + w > cols {
            return Err(CaseError::GoalDoesNotFit { size: (h, w) });
        }
        Ok(Case {
            rows,
            cols,
            blocks,
            target,
            goal,
        })
    }

    /// A case from rows of whitespace-separated tokens (`"A A C ."`), as in the input;
    /// rows of different lengths are a [`CaseError::Shape`].
    pub fn from_rows<S: AsRef<str>>(
        rows: &[S],
        target: &str,
        goal: Pos,
    ) -> Result<Case, CaseError> {
        let tokens: Vec<Vec<&str>> = rows
            .iter()
            .map(|r| r.as_ref().split_whitespace().collect())
            .collect();
        let cols = tokens.first().map_or(0, Vec::len);
        if tokens.iter().any(|r| r.len() != cols) {
            return Err(CaseError::Shape);
        }
        let cells: Vec<Option<&str>> = tokens
            .iter()
            .flatten()
            .map(|&t| (!is_empty_token(t)).then_some(t))
            .collect();
        Case::new(rows.len(), cols, &cells, target, goal)
    }

    /// The box as rows of names (`.` for an empty cell), blocks where they start.
    pub fn cell_names(&self) -> Vec<Vec<&str>> {
        let mut grid = vec![vec!["."; self.cols]; self.rows];
        for block in &self.blocks {
            for p in &block.cells {
                grid[p.row][p.col] = &*block.name;
            }
        }
        grid
    }
}

/// True for a token made only of `.`: an empty cell.
pub fn is_empty_token(token: &str) -> bool {
    !token.is_empty() && token.bytes().all(|b| b == b'.')
}

impl fmt::Display for Case {
    /// The case in the input format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.rows, self.cols)?;
        for row in self.cell_names() {
            writeln!(f, "{}", row.join(" "))?;
        }
        writeln!(f, "{}", self.blocks[self.target].name)?;
        writeln!(f, "{} {}", self.goal.row, self.goal.col)
    }
}

/// One move: the block named `block` slides (by one or more unit steps, turning as it
/// likes) so that the top-left corner of its bounding box goes from `from` to `to`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving block's name (shared with the case's block: a move does not copy it).
    pub block: Arc<str>,
    /// The top-left corner of its bounding box before the move.
    pub from: Pos,
    /// The top-left corner of its bounding box after the move.
    pub to: Pos,
}

impl fmt::Display for Move {
    /// `NAME (r1,c1) (r2,c2)`, the judge's move line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.from, self.to);
        write!(
            f,
            "{} ({},{}) ({},{})",
            self.block, a.row, a.col, b.row, b.col
        )
    }
}

impl std::str::FromStr for Move {
    type Err = String;

    /// Parses a move line `NAME (r1,c1) (r2,c2)`.
    fn from_str(line: &str) -> Result<Move, String> {
        let bad = || format!("{line:?} is not a move 'NAME (r1,c1) (r2,c2)'");
        let parts: Vec<&str> = line.split_whitespace().collect();
        let [name, from, to] = parts.as_slice() else {
            return Err(bad());
        };
        let pos = |text: &str| -> Option<Pos> {
            let inner = text.strip_prefix('(')?.strip_suffix(')')?;
            let (r, c) = inner.split_once(',')?;
            Some(Pos::new(r.parse().ok()?, c.parse().ok()?))
        };
        Ok(Move {
            block: Arc::from(*name),
            from: pos(from).ok_or_else(bad)?,
            to: pos(to).ok_or_else(bad)?,
        })
    }
}
