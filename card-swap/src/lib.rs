//! 蓝桥杯 2016 卡片换位 (card swap): swap the cards `A` and `B` on a small sliding board
//! in the fewest moves.
//!
//! A board is `rows` x `cols` cells holding one `A` (关羽), one `B` (张飞), one blank
//! (a space) and soldiers `*` everywhere else. A move slides a card orthogonally into the
//! blank. The goal is `A` and `B` swapped; the soldiers may end anywhere. The judge's
//! board is 2 x 3; the library solves any board of up to [`MAX_CELLS`] cells.
//!
//! - [`parse`]: the input format, one board at a time, with errors that point at the spot.
//! - [`solve`]: the fast solver, a bidirectional breadth-first search over (blank, `A`, `B`)
//!   positions.
//! - [`reference`](mod@reference): the brute-force reference, a breadth-first search over whole boards.
//! - [`replay`]: applies a move sequence to a board, checking every move.
//! - [`render`]: the boards step by step, for `--show`.
//! - [`testkit`]: generators and checks shared by the tests, `cargo xtask stress` and `bench`.
//!
//! ```
//! use card_swap::{Board, solve::Solver};
//!
//! let board = Board::from_lines(&["* A", "**B"]).expect("a valid board");
//! let moves = Solver::new().solve(&board).expect("solvable");
//! assert_eq!(moves.len(), 17);
//! let end = card_swap::replay::replay(&board, &moves).expect("legal moves");
//! assert!(card_swap::replay::is_swapped(&board, &end));
//! ```

use std::fmt;

use grid_common::{Dir, Pos};

pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

/// The largest board the solver accepts, in cells (12 x 12). The fast solver's state
/// space is `cells³`, so 144 cells mean about 3 million states.
pub const MAX_CELLS: usize = 144;

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// The card `A` (关羽).
    A,
    /// The card `B` (张飞).
    B,
    /// A soldier `*`; soldiers are interchangeable.
    Soldier,
    /// The one empty cell, written as a space.
    Blank,
}

impl Cell {
    /// The cell written as `byte` in the input (`A`, `B`, `*` or a space).
    pub fn from_byte(byte: u8) -> Option<Cell> {
        match byte {
            b'A' => Some(Cell::A),
            b'B' => Some(Cell::B),
            b'*' => Some(Cell::Soldier),
            b' ' => Some(Cell::Blank),
            _ => None,
        }
    }

    /// The character of the cell in the input format.
    pub fn to_char(self) -> char {
        match self {
            Cell::A => 'A',
            Cell::B => 'B',
            Cell::Soldier => '*',
            Cell::Blank => ' ',
        }
    }
}

/// A valid board: one `A`, one `B`, one blank, soldiers elsewhere, at most [`MAX_CELLS`] cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
}

/// Why cells do not make a valid [`Board`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The number of cells is not `rows * cols`, or a row is empty, or rows differ in length.
    Shape,
    /// More than [`MAX_CELLS`] cells.
    TooLarge {
        /// The board's number of cells.
        cells: usize,
    },
    /// Not exactly one `A`, one `B` and one blank.
    Count {
        /// The cell kind that is missing or repeated.
        cell: Cell,
        /// How many the board has.
        found: usize,
    },
    /// A character other than `A`, `B`, `*` or a space.
    Character(char),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Shape => write!(f, "the board is not a non-empty rectangle"),
            BoardError::TooLarge { cells } => {
                write!(
                    f,
                    "the board has {cells} cells; at most {MAX_CELLS} are supported"
                )
            }
            BoardError::Count { cell, found } => {
                let name = match cell {
                    Cell::A => "'A'",
                    Cell::B => "'B'",
                    Cell::Soldier => "soldier",
                    Cell::Blank => "blank",
                };
                write!(f, "the board needs exactly one {name}, it has {found}")
            }
            BoardError::Character(c) => write!(f, "{c:?} is not one of 'A', 'B', '*', ' '"),
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// A board from row-major cells, checked.
    pub fn new(rows: usize, cols: usize, cells: Vec<Cell>) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 || rows.checked_mul(cols) != Some(cells.len()) {
            return Err(BoardError::Shape);
        }
        if cells.len() > MAX_CELLS {
            return Err(BoardError::TooLarge { cells: cells.len() });
        }
        for cell in [Cell::A, Cell::B, Cell::Blank] {
            let found = cells.iter().filter(|&&c| c == cell).count();
            if found != 1 {
                return Err(BoardError::Count { cell, found });
            }
        }
        Ok(Board { rows, cols, cells })
    }

    /// A board from its rows as text (`"* A"`); every row must have the same length.
    /// (The lenient input format, with stripped blanks and error positions, is [`parse`].)
    pub fn from_lines<S: AsRef<str>>(lines: &[S]) -> Result<Board, BoardError> {
        let rows = lines.len();
        let cols = lines.first().map_or(0, |l| l.as_ref().chars().count());
        let mut cells = Vec::new();
        for line in lines {
            let line = line.as_ref();
            if line.chars().count() != cols {
                return Err(BoardError::Shape);
            }
            for c in line.chars() {
                let cell = u8::try_from(c)
                    .ok()
                    .and_then(Cell::from_byte)
                    .ok_or(BoardError::Character(c))?;
                cells.push(cell);
            }
        }
        Board::new(rows, cols, cells)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell at `pos`, if it lies on the board.
    pub fn get(&self, pos: Pos) -> Option<Cell> {
        if pos.row < self.rows && pos.col < self.cols {
            self.cells.get(pos.row * self.cols + pos.col).copied()
        } else {
            None
        }
    }

    /// The position of the one `A`, `B` or blank (for a soldier: the first one, if any).
    pub fn find(&self, cell: Cell) -> Option<Pos> {
        self.cells
            .iter()
            .position(|&c| c == cell)
            .map(|i| Pos::new(i / self.cols, i % self.cols))
    }

    /// The rows as text, blanks as spaces (not stripped).
    pub fn lines(&self) -> Vec<String> {
        self.cells
            .chunks(self.cols)
            .map(|row| row.iter().map(|c| c.to_char()).collect())
            .collect()
    }

    /// Swaps the contents of two on-board cells (used by [`replay`]).
    fn swap(&mut self, p: Pos, q: Pos) {
        self.cells
            .swap(p.row * self.cols + p.col, q.row * self.cols + q.col);
    }
}

impl fmt::Display for Board {
    /// The rows, one per line, in the input format (trailing blanks kept).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.lines() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// One move: `card` slides one cell in `dir` into the blank.
///
/// Written as the card's character and the direction's letter: `AD` (A moves down),
/// `*L` (a soldier moves left), `BR`, … A path is such tokens separated by spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The card that moves (`A`, `B` or a soldier; never the blank).
    pub card: Cell,
    /// The direction the card moves (the blank moves the other way).
    pub dir: Dir,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.card.to_char(), self.dir.letter())
    }
}

impl std::str::FromStr for Move {
    type Err = String;

    /// Parses a token like `AD` or `*L`.
    fn from_str(token: &str) -> Result<Move, String> {
        let mut chars = token.chars();
        let card = match chars.next() {
            Some('A') => Cell::A,
            Some('B') => Cell::B,
            Some('*') => Cell::Soldier,
            _ => return Err(format!("bad move {token:?}: it starts with A, B or *")),
        };
        let dir = chars
            .next()
            .and_then(Dir::from_letter)
            .ok_or_else(|| format!("bad move {token:?}: its direction is U, D, L or R"))?;
        if chars.next().is_some() {
            return Err(format!("bad move {token:?}: a move has two characters"));
        }
        Ok(Move { card, dir })
    }
}

/// A path as the binary prints it with `--path`: the moves separated by single spaces.
pub fn format_path(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses a path line printed by `--path` (tokens separated by whitespace).
pub fn parse_path(line: &str) -> Result<Vec<Move>, String> {
    line.split_whitespace().map(str::parse).collect()
}
