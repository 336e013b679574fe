//! Plays moves on a case, checking each against the rules as the statement gives them.
//!
//! The box is a grid of block indices. A move names a block and the top-left corner of its
//! bounding box before and after; it is legal when the block stands at the first corner
//! and a chain of unit steps (up, down, left, right) leads it to the second, every step
//! keeping all of its cells inside the box and off every other block. Standing still is
//! not a move.

use std::collections::{HashSet, VecDeque};
use std::fmt;

use grid_common::Pos;

use crate::case::{Case, Move};

/// A move that breaks the rules: which one (1-based) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The 1-based number of the move.
    pub step: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.step, self.reason)
    }
}

impl std::error::Error for ReplayError {}

/// The outcome of legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The top-left corner of each block's bounding box at the end (in the case's order).
    pub corners: Vec<Pos>,
    /// True when the target ends with its top-left corner on the goal.
    pub solved: bool,
}

/// Plays `moves` from the case's start; an error at the first illegal move.
pub fn replay(case: &Case, moves: &[Move]) -> Result<Replayed, ReplayError> {
    let (rows, cols) = (case.rows as isize, case.cols as isize);
    let mut owner: Vec<Option<usize>> = vec![None; case.rows * case.cols];
    let mut cells: Vec<Vec<(isize, isize)>> = Vec::new();
    for (i, block) in case.blocks.iter().enumerate() {
        for p in &block.cells {
            owner[p.row * case.cols + p.col] = Some(i);
        }
        cells.push(
            block
                .cells
                .iter()
                .map(|p| (p.row as isize, p.col as isize))
                .collect(),
        );
    }
    let corner = |cells: &[(isize, isize)]| {
        let r = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c = cells.iter().map(|c| c.1).min().unwrap_or(0);
        Pos::new(r as usize, c as usize)
    };
    for (k, m) in moves.iter().enumerate() {
        let fail = |reason: String| ReplayError {
            step: k + 1,
            reason,
        };
        let Some(b) = case.blocks.iter().position(|x| x.name == m.block) else {
            return Err(fail(format!("no block is named {:?}", m.block)));
        };
        let at = corner(&cells[b]);
        if at != m.from {
            return Err(fail(format!(
                "{} stands at ({},{}), not ({},{})",
                m.block, at.row, at.col, m.from.row, m.from.col
            )));
        }
        if m.to == m.from {
            return Err(fail(format!("{} does not move", m.block)));
        }
        let shift_to = (
            m.to.row as isize - m.from.row as isize,
            m.to.col as isize - m.from.col as isize,
        );
        let free = |(dr, dc): (isize, isize)| {
            cells[b].iter().all(|&(r, c)| {
                let (r, c) = (r + dr, c + dc);
                (0..rows).contains(&r)
                    && (0..cols).contains(&c)
                    && match owner[(r * cols + c) as usize] {
                        None => true,
                        Some(o) => o == b,
                    }
            })
        };
        let mut seen = HashSet::from([(0isize, 0isize)]);
        let mut queue = VecDeque::from([(0isize, 0isize)]);
        while let Some((dr, dc)) = queue.pop_front() {
            for step in grid_common::Dir::ALL.map(grid_common::Dir::delta) {
                let next = (dr + step.0, dc + step.1);
                if !seen.contains(&next) && free(next) {
                    seen.insert(next);
                    queue.push_back(next);
                }
            }
        }
        if !seen.contains(&shift_to) {
            return Err(fail(format!(
                "{} cannot slide from ({},{}) to ({},{})",
                m.block, m.from.row, m.from.col, m.to.row, m.to.col
            )));
        }
        for &(r, c) in &cells[b] {
            owner[(r * cols + c) as usize] = None;
        }
        for cell in cells[b].iter_mut() {
            *cell = (cell.0 + shift_to.0, cell.1 + shift_to.1);
            owner[(cell.0 * cols + cell.1) as usize] = Some(b);
        }
    }
    let corners: Vec<Pos> = cells.iter().map(|c| corner(c)).collect();
    let solved = corners[case.target] == case.goal;
    Ok(Replayed { corners, solved })
}
