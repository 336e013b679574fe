//! A lower bound on the moves left: the exact distance in a *relaxed* puzzle, the same box
//! without some classes of blocks (a pattern database).
//!
//! **Why a bound.** Take a shortest solution of the real puzzle and drop the moves of the
//! removed blocks: each remaining move slides its block along the same path, over cells
//! that were empty in the real puzzle and so are empty in the relaxed one (fewer blocks, the
//! same cells or more free). So the relaxed puzzle is solved, from the projection of the
//! position, in at most as many moves: its distance never exceeds the real one. And it is
//! *consistent*: one real move changes the projection by at most one relaxed move (a move
//! of a kept block is a relaxed move; one of a removed block leaves the projection alone),
//! so the bound drops by at most one per move. A relaxed position that cannot reach its
//! goal at all is a real position that cannot either.
//!
//! **The table.** Every layout of the kept blocks in the box has its dense rank
//! ([`crate::layouts`]); a breadth-first search from every relaxed layout with the target on
//! its goal at once gives each its distance, one byte per rank ([`UNREACHABLE`] for those
//! that never reach it). Built only when the relaxed layouts are few ([`MAX_LAYOUTS`]).

use puzzle_frame::budget::MemoryBudget;

use super::layout::{Frame, Layout, Shape};
use super::Limit;
use crate::case::Case;
use crate::layouts::graph::Expander;
use crate::layouts::rank::Ranker;
use crate::layouts::Pieces;

/// The distance of a relaxed layout that never reaches the goal.
pub(super) const UNREACHABLE: u8 = u8::MAX;

/// The most relaxed layouts a table is built for.
pub(super) const MAX_LAYOUTS: u64 = 1 << 24;

/// The relaxed puzzle's distances, and how a position of the real one projects onto it.
pub(super) struct Bound {
    ranker: Ranker,
    /// For each slot of the real position ([`Layout`]'s order), its class in the relaxed
    /// puzzle, or `None` when its class was removed.
    kept: Vec<Option<usize>>,
    /// The distance of each relaxed rank to the goal.
    distance: Vec<u8>,
}

impl Bound {
    /// The table of `case` (its tables `layout`) with the blocks of the classes in `removed`
    /// (classes of [`Layout`], never the target's 0) taken out, or `None` when the relaxed
    /// layouts are more than [`MAX_LAYOUTS`] or the table does not fit in `budget`.
    pub fn new(
        case: &Case,
        layout: &Layout,
        removed: &[usize],
        budget: MemoryBudget,
    ) -> Result<Option<Bound>, Limit> {
        let Some(relaxed) = without(case, layout, removed) else {
            return Ok(None);
        };
        let keep: Vec<bool> = layout
            .block_class
            .iter()
            .map(|k| !removed.contains(k))
            .collect();
        let pieces = Pieces::of_case(&relaxed);
        let (frame, shapes) = pieces.tables();
        let quarter = MemoryBudget::new(budget.bytes() / 4);
        let Ok(ranker) = Ranker::new(frame.board, &shapes, &pieces.counts(), quarter) else {
            return Ok(None);
        };
        let n = ranker.total();
        if n > MAX_LAYOUTS {
            return Ok(None);
        }
        // The relaxed class of each real class: the shape of one of its blocks.
        let classes = pieces.block_classes(&relaxed);
        let mut of_class = vec![None; layout.shapes.len()];
        let mut kept_blocks = 0;
        for (i, &k) in layout.block_class.iter().enumerate() {
            if keep[i] {
                of_class[k] = Some(classes[kept_blocks]);
                kept_blocks += 1;
            }
        }
        let kept = layout.slot_class.iter().map(|&k| of_class[k]).collect();
        budget.check("the relaxed puzzle's distances", n + 4 * n + ranker.bytes())?;
        let Some(distance) = distances(&ranker, &frame, &shapes, pieces.goal_anchor()) else {
            return Ok(None);
        };
        Ok(Some(Bound {
            ranker,
            kept,
            distance,
        }))
    }

    /// The relaxed distance of the position whose slots stand at `anchors`
    /// ([`UNREACHABLE`] when its projection never reaches the goal).
    #[inline]
    pub fn of(&self, anchors: &[u8]) -> u8 {
        let mut blocks = [(0usize, 0u8); 64];
        let mut len = 0;
        for (&a, k) in anchors.iter().zip(&self.kept) {
            if let Some(k) = *k {
                blocks[len] = (k, a);
                len += 1;
            }
        }
        self.distance[self.ranker.rank_of(&blocks[..len]) as usize]
    }

    /// The bytes the table and its automaton hold.
    pub fn bytes(&self) -> u64 {
        self.distance.len() as u64 + self.ranker.bytes()
    }
}

/// `case` without the blocks of the classes in `removed` (classes of `layout`), or `None`
/// when the target's class is among them.
pub(super) fn without(case: &Case, layout: &Layout, removed: &[usize]) -> Option<Case> {
    if removed.contains(&0) {
        return None;
    }
    let mut relaxed = case.clone();
    relaxed.blocks.clear();
    for (i, block) in case.blocks.iter().enumerate() {
        if i == case.target {
            relaxed.target = relaxed.blocks.len();
        }
        if !removed.contains(&layout.block_class[i]) {
            relaxed.blocks.push(block.clone());
        }
    }
    Some(relaxed)
}

/// The distance to the goal of every layout of `ranker`, by a breadth-first search from
/// every layout with the target (class 0) at `goal` at once; `None` if some distance would
/// not fit in a byte.
fn distances(ranker: &Ranker, frame: &Frame, shapes: &[Shape], goal: u8) -> Option<Vec<u8>> {
    let mut distance = vec![UNREACHABLE; ranker.total() as usize];
    let mut current: Vec<u32> = Vec::new();
    ranker.with_target_at(goal, &mut |r| {
        distance[r as usize] = 0;
        current.push(r as u32);
    });
    let mut seen = vec![0u64; distance.len().div_ceil(64)];
    for &r in &current {
        seen[r as usize / 64] |= 1 << (r % 64);
    }
    let mut expander = Expander::new(ranker, frame, shapes);
    let mut level = 0u8;
    while !current.is_empty() && level < UNREACHABLE - 1 {
        level += 1;
        let mut next = Vec::new();
        current.sort_unstable();
        for &u in &current {
            expander.neighbours(u64::from(u), |v, _, _, _| {
                let (w, b) = (v as usize / 64, 1u64 << (v % 64));
                if seen[w] & b == 0 {
                    seen[w] |= b;
                    distance[v as usize] = level;
                    next.push(v as u32);
                }
            });
        }
        current = next;
    }
    current.is_empty().then_some(distance)
}
