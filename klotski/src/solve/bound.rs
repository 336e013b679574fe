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
//! **The table.** A breadth-first search from every relaxed layout with the target on its
//! goal at once gives each its distance ([`UNREACHABLE`] for those that never reach it).
//! Built only when the relaxed layouts are few ([`MAX_LAYOUTS`]). A relaxed puzzle of at
//! most [`super::keyed::MOST_SLOTS`] blocks is searched over packed keys, level by level in
//! sorted lists ([`super::keyed`]: a move is a flood fill on bitboards, a lookup an index on
//! the key's top bits then a short binary search); a larger one over dense ranks ([`crate::layouts`]: one byte per rank). Both give
//! every relaxed layout its exact distance, so the bound is the same either way.

use std::sync::atomic::{AtomicU64, Ordering};

use puzzle_frame::budget::MemoryBudget;

use super::keyed::{self, Keyed};
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
    /// For each slot of the real position ([`Layout`]'s order), its class in the relaxed
    /// puzzle, or `None` when its class was removed.
    kept: Vec<Option<usize>>,
    distances: Distances,
}

/// The distances of the relaxed layouts to the goal.
enum Distances {
    /// By packed key ([`super::keyed`]), for relaxed puzzles of few blocks (the automaton,
    /// no longer needed, is dropped).
    Keyed(Keyed),
    /// By rank of the automaton: one byte each.
    Ranks(Ranker, Vec<u8>),
}

impl Bound {
    /// The table of `case` (its tables `layout`) with the blocks of the classes in `removed`
    /// (classes of [`Layout`], never the target's 0) taken out, whose automaton is `ranker`
    /// ([`automaton`]), or `None` when the relaxed layouts are more than [`MAX_LAYOUTS`] or
    /// the table does not fit in `budget`. With `split`, every level of the table's search
    /// is split between threads, two at least (for tests on small boxes).
    pub fn new(
        case: &Case,
        layout: &Layout,
        removed: &[usize],
        ranker: Ranker,
        (budget, split): (MemoryBudget, bool),
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
        if let Some(keyed) = Keyed::new(&relaxed, &ranker, (budget, split)) {
            return Ok(Some(Bound {
                kept,
                distances: Distances::Keyed(keyed),
            }));
        }
        // The distances, the visited bits, two levels of ranks at most.
        let bytes = n + n / 8 + 2 * 4 * n + ranker.bytes();
        budget.check("the relaxed puzzle's distances", bytes)?;
        let Some(distance) = distances(&ranker, &frame, &shapes, pieces.goal_anchor(), split)
        else {
            return Ok(None);
        };
        Ok(Some(Bound {
            kept,
            distances: Distances::Ranks(ranker, distance),
        }))
    }

    /// The relaxed distance of the position whose slots stand at `anchors`
    /// ([`UNREACHABLE`] when its projection never reaches the goal).
    #[inline]
    pub fn of(&self, anchors: &[u8]) -> u8 {
        let (ranker, distance) = match &self.distances {
            Distances::Ranks(ranker, distance) => (ranker, distance),
            Distances::Keyed(keyed) => {
                let mut kept = [0u8; keyed::MOST_SLOTS];
                let mut len = 0;
                for (&a, k) in anchors.iter().zip(&self.kept) {
                    if k.is_some() {
                        kept[len] = a;
                        len += 1;
                    }
                }
                return keyed.of(&kept[..len]);
            }
        };
        let mut blocks = [(0usize, 0u8); 64];
        let mut len = 0;
        for (&a, k) in anchors.iter().zip(&self.kept) {
            if let Some(k) = *k {
                blocks[len] = (k, a);
                len += 1;
            }
        }
        distance[ranker.rank_of(&blocks[..len]) as usize]
    }

    /// The bytes the table (and its automaton, over ranks) hold.
    pub fn bytes(&self) -> u64 {
        match &self.distances {
            Distances::Keyed(keyed) => keyed.bytes(),
            Distances::Ranks(ranker, distance) => distance.len() as u64 + ranker.bytes(),
        }
    }
}

/// The automaton of the layouts of `case` without the blocks of the classes in `removed`
/// (of [`Layout`]), or `None` when the target's class is among them, the automaton does
/// not fit in `budget`, or the layouts are more than `most` (its build stops as soon as
/// that shows, [`Ranker::at_most`]).
pub(super) fn automaton(
    case: &Case,
    layout: &Layout,
    removed: &[usize],
    (budget, most): (MemoryBudget, u64),
) -> Option<Ranker> {
    let relaxed = without(case, layout, removed)?;
    let pieces = Pieces::of_case(&relaxed);
    let (frame, shapes) = pieces.tables();
    Ranker::at_most(frame.board, &shapes, &pieces.counts(), budget, most)
        .ok()
        .flatten()
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

/// A level of at least this many layouts is expanded on every core (a few levels are
/// smaller, and not worth a thread).
pub(super) const SPLIT_FROM: usize = 1 << 12;

/// The most threads a level is expanded on.
pub(super) const MOST_THREADS: usize = 4;

/// The distance to the goal of every layout of `ranker`, by a breadth-first search from
/// every layout with the target (class 0) at `goal` at once; `None` if some distance would
/// not fit in a byte. With `split`, every level is split between two threads at least.
///
/// Each level is sorted (the unranks of one layout after another then keep most of their
/// walk) and split into as many runs as there are cores, each expanded by its own thread;
/// a layout is claimed by the first thread that sets its bit in `seen` (an atomic `or`), so
/// each is in the next level once, and the levels are the same whatever the threads' order.
pub(super) fn distances(
    ranker: &Ranker,
    frame: &Frame,
    shapes: &[Shape],
    goal: u8,
    split: bool,
) -> Option<Vec<u8>> {
    let mut distance = vec![UNREACHABLE; ranker.total() as usize];
    let mut current: Vec<u32> = Vec::new();
    ranker.with_target_at(goal, &mut |r| current.push(r as u32));
    let seen: Vec<AtomicU64> = (0..distance.len().div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(MOST_THREADS));
    let mut level = 0u8;
    loop {
        for &r in &current {
            seen[r as usize / 64].fetch_or(1 << (r % 64), Ordering::Relaxed);
            distance[r as usize] = level;
        }
        if current.is_empty() || level == UNREACHABLE - 1 {
            break;
        }
        level += 1;
        current.sort_unstable();
        let runs = if split {
            threads.max(2)
        } else if current.len() >= SPLIT_FROM {
            threads
        } else {
            1
        };
        let expand = |part: &[u32]| expand(Expander::new(ranker, frame, shapes), part, &seen);
        current = on_threads(&current, runs, expand).concat();
    }
    current.is_empty().then_some(distance)
}

/// `work` on each of `runs` parts of `items` in order (one part: on this thread; more: each
/// on its own), the results in the parts' order.
pub(super) fn on_threads<T: Sync, R: Send>(
    items: &[T],
    runs: usize,
    work: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    if runs <= 1 {
        return vec![work(items)];
    }
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(items.len().div_ceil(runs).max(1))
            .map(|part| scope.spawn(move || work(part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// The layouts one move from those of `part` not yet in `seen`, each set there.
fn expand(mut expander: Expander, part: &[u32], seen: &[AtomicU64]) -> Vec<u32> {
    let mut next = Vec::new();
    for &u in part {
        expander.neighbours(u64::from(u), |v, _, _, _| {
            let bit = 1u64 << (v % 64);
            if seen[v as usize / 64].fetch_or(bit, Ordering::Relaxed) & bit == 0 {
                next.push(v as u32);
            }
        });
    }
    next
}
