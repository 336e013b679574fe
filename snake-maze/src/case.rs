//! The case: one lair with the snake in it, and the move a solution is made of.

use grid_common::{Grid, Pos};
use std::fmt;

/// One move of a solution: the direction the head moves in.
pub type Move = grid_common::Dir;

/// The largest number of rows or columns accepted.
pub const MAX_SIDE: usize = 100;

/// One lair with the snake in it; valid by construction (see [`Case::new`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `true` on the stones; its shape is the lair's.
    pub(crate) stone: Grid<bool>,
    /// The body cells, head first, each adjacent to the next, all distinct, none on a stone.
    pub(crate) body: Vec<Pos>,
}

impl Case {
    /// A case from its lair (`true` on the stones) and body (head first); an error in words
    /// unless the lair has 1 to [`MAX_SIDE`] rows and columns and the body is a chain of at
    /// least 2 distinct adjacent cells inside the lair, off the stones.
    pub fn new(stone: Grid<bool>, body: Vec<Pos>) -> Result<Case, String> {
        let (rows, cols) = (stone.rows(), stone.cols());
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(format!("a {rows} x {cols} lair (1 to {MAX_SIDE} a side)"));
        }
        if body.len() < 2 {
            return Err(format!("a body of {} blocks (at least 2)", body.len()));
        }
        for (i, &p) in body.iter().enumerate() {
            match stone.get(p) {
                None => return Err(format!("body block {} at {p} is outside the lair", i + 1)),
                Some(true) => return Err(format!("body block {} at {p} is on a stone", i + 1)),
                Some(false) => {}
            }
            if body[..i].contains(&p) {
                return Err(format!("body block {} at {p} repeats a cell", i + 1));
            }
            if i > 0 && !body[i - 1].is_adjacent(p) {
                return Err(format!(
                    "body block {} at {p} is not next to the one before",
                    i + 1
                ));
            }
        }
        Ok(Case { stone, body })
    }

    /// The lair: `true` on the stones.
    pub fn stone(&self) -> &Grid<bool> {
        &self.stone
    }

    /// The body cells, head first.
    pub fn body(&self) -> &[Pos] {
        &self.body
    }

    /// Number of rows of the lair.
    pub fn rows(&self) -> usize {
        self.stone.rows()
    }

    /// Number of columns of the lair.
    pub fn cols(&self) -> usize {
        self.stone.cols()
    }

    /// The text `Display` writes.
    fn text(&self) -> String {
        let mut out = format!("{} {} {}\n", self.rows(), self.cols(), self.body.len());
        for p in &self.body {
            out.push_str(&format!("{} {}\n", p.row + 1, p.col + 1));
        }
        let stones: Vec<Pos> = self.stone.positions().filter(|&p| self.stone[p]).collect();
        out.push_str(&format!("{}\n", stones.len()));
        for p in stones {
            out.push_str(&format!("{} {}\n", p.row + 1, p.col + 1));
        }
        out
    }
}

/// The case in the judge's format (without the `0 0 0` end line).
impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}
