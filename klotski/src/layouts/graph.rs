//! The census of one box and one multiset of blocks: every layout, its group, and its
//! distance to the goal.
//!
//! **States.** A layout is its dense rank (`super::rank`): `0..N`, no table of layouts.
//! Per rank the census keeps one bit (visited), one `u32` in the queue and one `u32` label
//! (for layouts that can reach the goal: the goal layout whose search reached it first).
//!
//! **Moves.** A layout's moves are those of the solver: each block's flood fill over the
//! anchors where its shape fits (`Frame::slide`); the rank of the layout after a move is
//! walked from the first cell the move changes.
//!
//! **Exactness.** A move can be undone by the reverse slide, so "moves lead from A to B" is
//! symmetric and the layouts that can reach a goal layout are those a breadth-first search
//! from all goal layouts at once reaches; that search meets each at its fewest moves to a
//! goal. Every layout is either reached by it (solvable) or not; the groups of the solvable
//! layouts are the classes of goal layouts whose searches met (a union-find over the goal
//! layouts, joined whenever an edge links two labels), and each other group is found by one
//! more breadth-first search from its first unvisited rank. So N, G, S, the largest
//! distance M and how many layouts have it (K) are exact.

use puzzle_frame::budget::{MemoryBudget, OverBudget};

use super::rank::{Ranker, Steps, EMPTY};
use crate::solve::layout::{Frame, Shape};
use crate::solve::Limit;

/// One layout: each block's class and anchor, in reading order of the first cells.
pub type Blocks = Vec<(usize, u8)>;

/// The figures of one box and one multiset of blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// Distinct layouts (blocks of one class interchangeable).
    pub layouts: u64,
    /// Connected groups: layouts linked by moves.
    pub groups: u64,
    /// Layouts from which the target can reach its goal.
    pub solvable: u64,
    /// The largest fewest-moves over the solvable layouts, if any is solvable.
    pub hardest: Option<Hardest>,
}

/// The hardest solvable layouts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hardest {
    /// Their fewest moves.
    pub moves: usize,
    /// How many layouts need that many.
    pub count: u64,
    /// The first of them (by rank), at most as many as asked.
    pub layouts: Vec<Blocks>,
}

/// The moves of one layout after another: the walk of the current layout and its blocks.
pub(crate) struct Expander<'a> {
    ranker: &'a Ranker,
    frame: &'a Frame,
    shapes: &'a [Shape],
    steps: Steps,
    letter_at: [u8; 64],
    cover_at: [u64; 64],
    /// The blocks of the layout loaded last: class and anchor, in reading order.
    pub blocks: Blocks,
    /// The cells they cover.
    pub occupied: u64,
}

impl<'a> Expander<'a> {
    /// An expander over the layouts of `ranker`, whose classes have `shapes`.
    pub(crate) fn new(ranker: &'a Ranker, frame: &'a Frame, shapes: &'a [Shape]) -> Expander<'a> {
        Expander {
            ranker,
            frame,
            shapes,
            steps: Steps::default(),
            letter_at: [EMPTY; 64],
            cover_at: [0; 64],
            blocks: Vec::new(),
            occupied: 0,
        }
    }

    /// Unranks `rank` into the expander's tables.
    pub(crate) fn load(&mut self, rank: u64) {
        let blocks = &mut self.blocks;
        blocks.clear();
        self.ranker.unrank(
            rank,
            &mut self.steps,
            (&mut self.letter_at, &mut self.cover_at),
            |k, a| blocks.push((k, a)),
        );
        self.occupied = self
            .blocks
            .iter()
            .fold(0u64, |o, &(k, a)| o | self.shapes[k].mask << a);
    }

    /// Calls `found(rank, class, from, to)` for every layout one move from `rank`: its
    /// rank, and the class and anchors of the block that moves.
    #[inline]
    pub(crate) fn neighbours(&mut self, rank: u64, found: impl FnMut(u64, usize, u8, u8)) {
        self.load(rank);
        self.moves(rank, found);
    }

    /// [`Expander::neighbours`] of the layout loaded last (whose rank is `rank`).
    #[inline]
    pub(crate) fn moves(&mut self, rank: u64, mut found: impl FnMut(u64, usize, u8, u8)) {
        let occupied = self.occupied;
        for i in 0..self.blocks.len() {
            let (k, a) = self.blocks[i];
            let mut targets = self.frame.slide(&self.shapes[k], a, occupied) & !(1u64 << a);
            if targets == 0 {
                continue;
            }
            let offset = self.ranker.first_offset(k);
            let old = u32::from(a) + offset;
            // Past the last cell of the block's bounding box, before and after the move.
            let span = 64 - self.shapes[k].mask.leading_zeros();
            let letter = k + 1;
            let cover = self.cover_at[old as usize];
            self.letter_at[old as usize] = EMPTY;
            self.cover_at[old as usize] = 1 << old;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let new = to + offset;
                self.letter_at[new as usize] = letter as u8;
                self.cover_at[new as usize] = self.ranker.cover(letter, new);
                let walk = (old.min(new), u32::from(a).max(to) + span);
                let (letters, covers) = (&self.letter_at, &self.cover_at);
                let next = self
                    .ranker
                    .rank_from(&self.steps, rank, walk, letters, covers);
                found(next, k, a, to as u8);
                self.letter_at[new as usize] = EMPTY;
                self.cover_at[new as usize] = 1 << new;
            }
            self.cover_at[old as usize] = cover;
            self.letter_at[old as usize] = k as u8 + 1;
        }
    }
}

/// The root of `x` in the union-find `parent`, halving the path on the way.
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

/// The census of `counts[k]` blocks of `shapes[k]` in the box of `frame`, the block of
/// class 0 (one block, the target) to reach `goal`; the first `keep` hardest layouts are
/// kept. Everything that grows with the number of layouts is charged to `budget` first.
pub(crate) fn census(
    frame: &Frame,
    shapes: &[Shape],
    counts: &[usize],
    goal: u8,
    keep: usize,
    budget: MemoryBudget,
) -> Result<Census, Limit> {
    let ranker = Ranker::new(frame.board, shapes, counts, budget)?;
    let n = ranker.total();
    let what = "the layouts' tables (12 bytes a layout)";
    let bytes = n.saturating_mul(12).saturating_add(n / 8) + ranker.bytes();
    budget.check(what, bytes)?;
    if n >= u64::from(u32::MAX) {
        return Err(Limit::Memory(OverBudget {
            what: what.to_string(),
            needed: bytes,
            budget: budget.bytes(),
        }));
    }
    let len = n as usize;
    let mut visited = vec![0u64; len.div_ceil(64)];
    let mut queue: Vec<u32> = Vec::with_capacity(len);
    let mut label = vec![0u32; len];
    let mut parent: Vec<u32> = Vec::new();
    ranker.with_target_at(goal, &mut |rank| {
        visited[rank as usize / 64] |= 1 << (rank % 64);
        label[rank as usize] = parent.len() as u32;
        parent.push(parent.len() as u32);
        queue.push(rank as u32);
    });
    let mut expander = Expander::new(&ranker, frame, shapes);
    let (mut head, mut level, mut level_start) = (0usize, 0usize, 0usize);
    let mut level_end = queue.len();
    while head < queue.len() {
        if head == level_end {
            level += 1;
            level_start = level_end;
            level_end = queue.len();
        }
        let u = queue[head];
        let lu = label[u as usize];
        expander.neighbours(u64::from(u), |v, _, _, _| {
            let (word, bit) = (v as usize / 64, 1u64 << (v % 64));
            if visited[word] & bit == 0 {
                visited[word] |= bit;
                label[v as usize] = lu;
                queue.push(v as u32);
            } else if label[v as usize] != lu {
                let (a, b) = (find(&mut parent, lu), find(&mut parent, label[v as usize]));
                parent[a.max(b) as usize] = a.min(b);
            }
        });
        head += 1;
    }
    let solvable = queue.len();
    let mut groups = (0..parent.len() as u32)
        .filter(|&x| parent[x as usize] == x)
        .count() as u64;
    let hardest = (solvable > 0).then(|| {
        let mut last: Vec<u32> = queue[level_start..solvable].to_vec();
        last.sort_unstable();
        Hardest {
            moves: level,
            count: (solvable - level_start) as u64,
            layouts: last
                .iter()
                .take(keep)
                .map(|&r| {
                    expander.load(u64::from(r));
                    expander.blocks.clone()
                })
                .collect(),
        }
    });
    drop(label);
    for start in 0..len {
        if visited[start / 64] >> (start % 64) & 1 == 1 {
            continue;
        }
        groups += 1;
        visited[start / 64] |= 1 << (start % 64);
        let head_start = queue.len();
        queue.push(start as u32);
        let mut head = head_start;
        while head < queue.len() {
            expander.neighbours(u64::from(queue[head]), |v, _, _, _| {
                let (word, bit) = (v as usize / 64, 1u64 << (v % 64));
                if visited[word] & bit == 0 {
                    visited[word] |= bit;
                    queue.push(v as u32);
                }
            });
            head += 1;
        }
    }
    Ok(Census {
        layouts: n,
        groups,
        solvable: solvable as u64,
        hardest,
    })
}
