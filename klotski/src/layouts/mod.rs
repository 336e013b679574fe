//! The whole space of layouts: every way to lay a multiset of blocks in a box, how the
//! layouts fall into groups linked by moves, which can bring the target to its goal, and
//! the hardest of those (`klotski --hardest`, `klotski --sweep R C`).
//!
//! A *layout* is a placement of every block, inside the box and without overlap; blocks of
//! one shape other than the target are interchangeable (as in the solver), so a layout is
//! the set of anchors of each class, the target's alone.
//!
//! - [`rank`](self): the dense rank of a layout, an automaton over the cells in reading
//!   order (no table of layouts, no hash map).
//! - [`graph`]: the census of one multiset, two breadth-first sweeps over the ranks.
//! - [`flat`]: the same census for the sweep's block sets in boxes of up to 28 cells, over
//!   a dedicated encoding (skeletons in a hash table, singles by their colex rank).
//! - `mirror`: the left-right mirror of a layout, when the census is symmetric (the
//!   census then expands one layout of each mirror pair).
//! - [`sweep`]: every multiset of one 2x2 target, 1x2, 2x1 and 1x1 blocks in a box.
//! - [`reference`](mod@reference): the brute-force census over whole boards, for tests.

#[cfg(feature = "testkit")]
pub mod check;
pub mod flat;
pub mod graph;
mod marks;
mod memo;
mod mirror;
pub mod mode;
pub(crate) mod rank;
pub mod reference;
pub mod sweep;

use grid_common::Pos;
use puzzle_frame::budget::MemoryBudget;

use crate::case::{Case, CaseError};
use crate::solve::layout::{Frame, Shape};
use crate::solve::Limit;
pub use graph::{Blocks, Census, Hardest};

/// How many hardest layouts `--hardest` prints.
pub const SHOWN: usize = 10;

/// A box, a multiset of blocks and the target's goal: what a census counts over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// Rows of the box.
    pub rows: usize,
    /// Columns of the box (at most 64 cells in all).
    pub cols: usize,
    /// Each class's shape: its cells relative to the top-left corner of its bounding box.
    /// Class 0 is the target's.
    pub shapes: Vec<Vec<Pos>>,
    /// Each class's names, one per block (class 0: the target's alone).
    pub names: Vec<Vec<String>>,
    /// Where the top-left corner of the target's bounding box must end.
    pub goal: Pos,
}

impl Pieces {
    /// The box, blocks and goal of `case`: the target is class 0; the other blocks are
    /// grouped by shape in the order their shapes first appear (as the solver groups them).
    pub fn of_case(case: &Case) -> Pieces {
        let target = &case.blocks[case.target];
        let mut shapes = vec![target.shape()];
        let mut names = vec![vec![target.name.to_string()]];
        for (i, block) in case.blocks.iter().enumerate() {
            if i == case.target {
                continue;
            }
            let shape = block.shape();
            match shapes.iter().skip(1).position(|s| *s == shape) {
                Some(k) => names[k + 1].push(block.name.to_string()),
                None => {
                    shapes.push(shape);
                    names.push(vec![block.name.to_string()]);
                }
            }
        }
        Pieces {
            rows: case.rows,
            cols: case.cols,
            shapes,
            names,
            goal: case.goal,
        }
    }

    /// How many blocks of each class.
    pub fn counts(&self) -> Vec<usize> {
        self.names.iter().map(Vec::len).collect()
    }

    /// The census, keeping the first `keep` hardest layouts; its tables are charged to
    /// `budget`.
    pub fn census(&self, keep: usize, budget: MemoryBudget) -> Result<Census, Limit> {
        let (frame, shapes) = self.tables();
        graph::census(
            &frame,
            &shapes,
            &self.counts(),
            self.goal_anchor(),
            keep,
            budget,
            mirror::Mirror::of(self).as_ref(),
        )
    }

    /// The box's bitboards and each class's shape table.
    pub(crate) fn tables(&self) -> (Frame, Vec<Shape>) {
        let frame = Frame::new(self.rows, self.cols);
        let shapes = self
            .shapes
            .iter()
            .map(|cells| Shape::new(self.rows, self.cols, cells))
            .collect();
        (frame, shapes)
    }

    /// The target's goal as an anchor (its bit).
    pub(crate) fn goal_anchor(&self) -> u8 {
        (self.goal.row * self.cols + self.goal.col) as u8
    }

    /// The class of each block of `case` (whose pieces these are).
    pub(crate) fn block_classes(&self, case: &Case) -> Vec<usize> {
        case.blocks
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let shape = b.shape();
                if i == case.target {
                    0
                } else {
                    (1..self.shapes.len())
                        .find(|&k| self.shapes[k] == shape)
                        .unwrap_or(0)
                }
            })
            .collect()
    }

    /// A layout (each block's class and anchor) as a case: the blocks of each class take
    /// the class's names in the order of the layout.
    pub fn case_of(&self, blocks: &Blocks) -> Result<Case, CaseError> {
        let mut cells: Vec<Option<&str>> = vec![None; self.rows * self.cols];
        let mut used = vec![0usize; self.shapes.len()];
        for &(k, anchor) in blocks {
            let name = self.names[k].get(used[k]).ok_or(CaseError::Shape)?;
            used[k] += 1;
            let (r, c) = (anchor as usize / self.cols, anchor as usize % self.cols);
            for p in &self.shapes[k] {
                let cell = cells
                    .get_mut((r + p.row) * self.cols + c + p.col)
                    .ok_or(CaseError::Shape)?;
                *cell = Some(name);
            }
        }
        Case::new(self.rows, self.cols, &cells, &self.names[0][0], self.goal)
    }
}

/// The census's four lines (`layouts: N`, `groups: G`, `solvable: S`, `hardest: M moves,
/// K layouts` or `hardest: -1`), each ending in a line break.
pub fn census_lines(
    layouts: u64,
    groups: u64,
    solvable: u64,
    hardest: Option<(usize, u64)>,
) -> String {
    let hardest = match hardest {
        Some((moves, count)) => format!("{moves} moves, {count} layouts"),
        None => "-1".to_string(),
    };
    format!("layouts: {layouts}\ngroups: {groups}\nsolvable: {solvable}\nhardest: {hardest}\n")
}
