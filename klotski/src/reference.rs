//! The brute-force reference: a breadth-first search over whole boards, for tests only.
//!
//! A board is the box's cells, each empty or holding a label `(group, i)`: cell `i` (in
//! reading order) of a block of `group`. A move is found by trying every placement the
//! block reaches by repeated unit steps over cells that are empty or its own; every board
//! reached is stored whole in a hash set.
//!
//! - [`count`] and [`reach`] label each block by its shape (the target alone in its group),
//!   so that two boards differing by a swap of same-shaped blocks are one board.
//! - [`count_distinct`] labels each block by itself (no merging at all): the plainest
//!   search, for small boards.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::case::Case;

/// A whole board: row-major cells, `None` empty, `Some((group, i))` cell `i` of a block of `group`.
type Board = Vec<Option<(usize, usize)>>;

/// Every board one move from `board` (`rows` x `cols`): each block (where its cell 0 is)
/// slid by repeated unit steps over cells empty or its own, every placement it reaches one
/// board; `shapes[group]` is the cells of a block of `group` relative to its cell 0. The
/// census reference (`layouts::reference`) moves by it too.
pub(crate) fn slides(
    board: &Board,
    rows: usize,
    cols: usize,
    shapes: &[Vec<(isize, isize)>],
) -> Vec<Board> {
    let (rows, cols) = (rows as isize, cols as isize);
    let mut out = Vec::new();
    for (k, cell) in board.iter().enumerate() {
        let Some((group, 0)) = *cell else { continue };
        let (r0, c0) = ((k as isize) / cols, (k as isize) % cols);
        let cells: Vec<(isize, isize)> = shapes[group]
            .iter()
            .map(|&(dr, dc)| (r0 + dr, c0 + dc))
            .collect();
        let fits = |(dr, dc): (isize, isize)| {
            cells.iter().all(|&(r, c)| {
                let (r, c) = (r + dr, c + dc);
                (0..rows).contains(&r)
                    && (0..cols).contains(&c)
                    && (board[(r * cols + c) as usize].is_none() || cells.contains(&(r, c)))
            })
        };
        let mut seen = HashSet::from([(0isize, 0isize)]);
        let mut queue = VecDeque::from([(0isize, 0isize)]);
        while let Some((dr, dc)) = queue.pop_front() {
            for (sr, sc) in grid_common::Dir::ALL.map(grid_common::Dir::delta) {
                let shift = (dr + sr, dc + sc);
                if seen.contains(&shift) || !fits(shift) {
                    continue;
                }
                seen.insert(shift);
                queue.push_back(shift);
                let mut next = board.clone();
                for &(r, c) in &cells {
                    next[(r * cols + c) as usize] = None;
                }
                for (i, &(r, c)) in cells.iter().enumerate() {
                    next[((r + shift.0) * cols + c + shift.1) as usize] = Some((group, i));
                }
                out.push(next);
            }
        }
    }
    out
}

/// The fewest moves, blocks of the same shape (other than the target) interchangeable.
pub fn count(case: &Case) -> Option<usize> {
    Search::new(case, true).run(true).0
}

/// The fewest moves, every block itself (no merging).
pub fn count_distinct(case: &Case) -> Option<usize> {
    Search::new(case, false).run(true).0
}

/// The positions reachable from the start (same-shaped blocks other than the target
/// interchangeable) and the most moves any of them needs.
pub fn reach(case: &Case) -> (usize, usize) {
    let (_, positions, farthest) = Search::new(case, true).run(false);
    (positions, farthest)
}

struct Search<'a> {
    case: &'a Case,
    /// The cells of each group's shape, relative to the shape's first cell.
    shapes: Vec<Vec<(isize, isize)>>,
    /// The target's group.
    target: usize,
    start: Board,
}

impl<'a> Search<'a> {
    fn new(case: &'a Case, merge: bool) -> Search<'a> {
        // Each group: its shape, and whether it is the target's (which no other block joins).
        let mut groups: Vec<(Vec<grid_common::Pos>, bool)> = Vec::new();
        let mut group_of = Vec::new();
        for (i, block) in case.blocks.iter().enumerate() {
            let shape = block.shape();
            let is_target = i == case.target;
            let joins = groups
                .iter()
                .position(|(s, t)| merge && !is_target && !*t && *s == shape);
            let group = joins.unwrap_or_else(|| {
                groups.push((shape, is_target));
                groups.len() - 1
            });
            group_of.push(group);
        }
        let shapes = groups
            .iter()
            .map(|(cells, _)| {
                let first = cells[0];
                cells
                    .iter()
                    .map(|p| {
                        (
                            p.row as isize - first.row as isize,
                            p.col as isize - first.col as isize,
                        )
                    })
                    .collect()
            })
            .collect();
        let mut start = vec![None; case.rows * case.cols];
        for (block, &group) in case.blocks.iter().zip(&group_of) {
            for (i, p) in block.cells.iter().enumerate() {
                start[p.row * case.cols + p.col] = Some((group, i));
            }
        }
        Search {
            case,
            shapes,
            target: group_of[case.target],
            start,
        }
    }

    /// True when the target's bounding box has its top-left corner on the goal.
    fn solved(&self, board: &Board) -> bool {
        let cols = self.case.cols;
        let cells = board
            .iter()
            .enumerate()
            .filter(|(_, c)| matches!(c, Some((g, _)) if *g == self.target))
            .map(|(k, _)| (k / cols, k % cols));
        let row = cells.clone().map(|(r, _)| r).min();
        let col = cells.map(|(_, c)| c).min();
        (row, col) == (Some(self.case.goal.row), Some(self.case.goal.col))
    }

    /// (fewest moves to the goal, boards stored, most moves to any board stored); with
    /// `stop_at_goal`, it stops at the goal.
    fn run(&self, stop_at_goal: bool) -> (Option<usize>, usize, usize) {
        let mut distance: HashMap<Board, usize> = HashMap::from([(self.start.clone(), 0)]);
        let mut queue = VecDeque::from([self.start.clone()]);
        let mut answer = None;
        let mut farthest = 0;
        while let Some(board) = queue.pop_front() {
            let d = distance[&board];
            farthest = farthest.max(d);
            if answer.is_none() && self.solved(&board) {
                answer = Some(d);
                if stop_at_goal {
                    break;
                }
            }
            for next in slides(&board, self.case.rows, self.case.cols, &self.shapes) {
                if !distance.contains_key(&next) {
                    distance.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
        (answer, distance.len(), farthest)
    }
}
