//! The case: a board of walls and floor, the goals, the boxes and the player; a move is one
//! step of the player, a walk or a push.

use grid_common::{Dir, Pos};
use std::fmt;

/// The input format a case was read from, which fixes how its answer is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// POJ 1475: one box, the fewest pushes then the fewest moves, the moves printed as
    /// `NSEW` pushes and `nsew` walks.
    Poj,
    /// An XSB level: any number of boxes, the fewest pushes, `LURD` letters.
    Xsb,
}

/// One move of a solution: the player steps in `dir`; `push` when a box stands there and
/// moves one cell further the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The direction of the step.
    pub dir: Dir,
    /// True for a push, false for a walk.
    pub push: bool,
}

impl Move {
    /// A walk in `dir`.
    pub const fn walk(dir: Dir) -> Move {
        Move { dir, push: false }
    }

    /// A push in `dir`.
    pub const fn push(dir: Dir) -> Move {
        Move { dir, push: true }
    }
}

/// The move in the XSB letters: `LURD` a push, `lurd` a walk (POJ's `NSEW` letters are
/// [`crate::format::path_line`]'s).
impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let letter = self.dir.letter();
        let letter = if self.push {
            letter
        } else {
            letter.to_ascii_lowercase()
        };
        write!(f, "{letter}")
    }
}

/// The board of one case, cells numbered row-major (`row * cols + col`).
///
/// Built by the readers, which guarantee: `walls.len() == rows * cols`, the player, the
/// boxes and the goals on distinct-as-needed non-wall cells (a box may share its cell with
/// a goal, never with another box or the player), at least as many goals as boxes, and
/// `boxes` and `goals` sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// One flag per cell: true for a wall or a cell outside the level.
    pub walls: Vec<bool>,
    /// The goal cells, sorted.
    pub goals: Vec<usize>,
    /// The boxes' cells, sorted.
    pub boxes: Vec<usize>,
    /// The player's cell.
    pub player: usize,
}

impl Board {
    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The position of cell `index`.
    pub fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.cols, index % self.cols)
    }

    /// The cell next to `cell` in `dir`, when it is on the board.
    pub fn step(&self, cell: usize, dir: Dir) -> Option<usize> {
        let next = self.pos(cell).step(dir, self.rows, self.cols)?;
        Some(next.row * self.cols + next.col)
    }

    /// True when `cell` is a wall (or outside the level).
    pub fn is_wall(&self, cell: usize) -> bool {
        self.walls[cell]
    }

    /// True when every box stands on a goal.
    pub fn solved_with(&self, boxes: &[usize]) -> bool {
        boxes.iter().all(|b| self.goals.binary_search(b).is_ok())
    }
}

/// One case: its format and its board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// The format it was read from.
    pub format: Format,
    /// The board.
    pub board: Board,
}

impl Case {
    /// The case in its input format (its `Display`).
    pub fn to_input(&self) -> String {
        self.to_string()
    }

    /// The case in its input format, as text.
    fn text(&self) -> String {
        let b = &self.board;
        let mut text = match self.format {
            Format::Poj => format!("{} {}\n", b.rows, b.cols),
            Format::Xsb => String::new(),
        };
        for row in 0..b.rows {
            for col in 0..b.cols {
                text.push(self.cell_char(row * b.cols + col));
            }
            text.push('\n');
        }
        text
    }

    /// The input character of `cell`.
    fn cell_char(&self, cell: usize) -> char {
        let b = &self.board;
        let goal = b.goals.binary_search(&cell).is_ok();
        let boxed = b.boxes.binary_search(&cell).is_ok();
        let player = b.player == cell;
        match (self.format, b.walls[cell]) {
            (_, true) => '#',
            (Format::Poj, false) if player => 'S',
            (Format::Poj, false) if boxed => 'B',
            (Format::Poj, false) if goal => 'T',
            (Format::Poj, false) => '.',
            (Format::Xsb, false) => match (player, boxed, goal) {
                (true, _, true) => '+',
                (true, _, false) => '@',
                (_, true, true) => '*',
                (_, true, false) => '$',
                (_, false, true) => '.',
                (_, false, false) => '-',
            },
        }
    }
}

/// The case in its input format: POJ's `r c` line and rows of `#.SBT`, or an XSB level
/// (rows of `#`, `-`, `.`, `$`, `*`, `@`, `+`, cells outside the level as walls).
impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}
