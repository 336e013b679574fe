//! `--sweep R C`: every multiset of one 2x2 target, any number of 1x2, 2x1 and 1x1 blocks
//! and at least two empty cells in an R x C box, the target's goal at the bottom middle
//! (row R-2, column (C-2)/2).
//!
//! The block sets are independent: [`each_census`] runs them on a few threads and hands
//! their censuses on in order, each within its thread's share of the budget.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use grid_common::Pos;
use puzzle_frame::budget::MemoryBudget;

use super::{Census, Pieces};
use crate::case::Case;
use crate::solve::Limit;

/// One block set of the sweep besides its 2x2 target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockSet {
    /// 1x2 blocks (lying).
    pub horizontal: usize,
    /// 2x1 blocks (standing).
    pub vertical: usize,
    /// 1x1 blocks.
    pub single: usize,
}

/// Every block set that leaves at least two cells of the box empty, by horizontal, then
/// vertical, then single blocks.
pub fn block_sets(rows: usize, cols: usize) -> Vec<BlockSet> {
    let spare = (rows * cols).saturating_sub(4 + 2);
    let mut sets = Vec::new();
    for horizontal in 0..=spare / 2 {
        for vertical in 0..=(spare - 2 * horizontal) / 2 {
            for single in 0..=spare - 2 * (horizontal + vertical) {
                sets.push(BlockSet {
                    horizontal,
                    vertical,
                    single,
                });
            }
        }
    }
    sets
}

/// Names for the blocks: the target `T`, the others one character each.
const NAMES: &str = "ABCDEFGHIJKLMNOPQRSUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The pieces of a block set: classes 2x2 (the target `T`), 1x2, 2x1, 1x1, the goal at
/// the bottom middle.
pub fn pieces(rows: usize, cols: usize, set: &BlockSet) -> Pieces {
    let mut names = NAMES.chars().map(String::from);
    let mut take = |n: usize| (&mut names).take(n).collect::<Vec<String>>();
    Pieces {
        rows,
        cols,
        shapes: shapes(),
        names: vec![
            vec!["T".to_string()],
            take(set.horizontal),
            take(set.vertical),
            take(set.single),
        ],
        goal: Pos::new(rows.saturating_sub(2), cols.saturating_sub(2) / 2),
    }
}

/// The sweep's shapes, classes 0 to 3: 2x2 (the target), 1x2, 2x1, 1x1.
pub fn shapes() -> Vec<Vec<Pos>> {
    let p = Pos::new;
    vec![
        vec![p(0, 0), p(0, 1), p(1, 0), p(1, 1)],
        vec![p(0, 0), p(0, 1)],
        vec![p(0, 0), p(1, 0)],
        vec![p(0, 0)],
    ]
}

/// The census of a block set of the sweep, as `--sweep` takes it: [`super::flat`] when
/// the box has at most [`super::flat::MAX_CELLS`] cells, else [`Pieces::census`].
pub fn census(pieces: &Pieces, keep: usize, budget: MemoryBudget) -> Result<Census, Limit> {
    if super::flat::fits(pieces) {
        super::flat::census(pieces, keep, budget)
    } else {
        pieces.census(keep, budget)
    }
}

/// `1x2 2, 2x1 3, 1x1 4`.
pub fn set_name(set: &BlockSet) -> String {
    format!(
        "1x2 {}, 2x1 {}, 1x1 {}",
        set.horizontal, set.vertical, set.single
    )
}

/// One block set's line: its counts, then N, G, S and M (`-1` when nothing is solvable).
pub fn set_line(set: &BlockSet, census: &Census) -> String {
    let hardest = census.hardest.as_ref().map_or(-1, |h| h.moves as i64);
    format!(
        "{}: layouts {}, groups {}, solvable {}, hardest {hardest}",
        set_name(set),
        census.layouts,
        census.groups,
        census.solvable
    )
}

/// The sweep's totals: layouts, groups and solvable layouts summed, the hardest over all
/// sets (how many layouts need it, summed over the sets that reach it) and the first
/// layout that needs it.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    /// Layouts over all sets.
    pub layouts: u64,
    /// Groups over all sets.
    pub groups: u64,
    /// Solvable layouts over all sets.
    pub solvable: u64,
    /// The most moves and how many layouts need them.
    pub hardest: Option<(usize, u64)>,
    /// The first layout (in sweep order) that needs the most moves.
    pub first_hardest: Option<Case>,
}

impl Totals {
    /// Adds one set's census (kept with at least its first hardest layout).
    pub fn add(&mut self, pieces: &Pieces, census: &Census) {
        self.layouts += census.layouts;
        self.groups += census.groups;
        self.solvable += census.solvable;
        let Some(h) = &census.hardest else { return };
        match self.hardest {
            Some((moves, count)) if moves == h.moves => {
                self.hardest = Some((moves, count + h.count));
            }
            Some((moves, _)) if moves > h.moves => {}
            _ => {
                self.hardest = Some((h.moves, h.count));
                self.first_hardest = h.layouts.first().and_then(|b| pieces.case_of(b).ok());
            }
        }
    }
}

/// How many threads the sweep runs its block sets on: the cores there are, at most 4.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// The census of each of `sets` in an R x C box (kept with its first hardest layout),
/// handed to `each` with its index and pieces in the order of `sets`; stops at the first
/// error `each` returns.
///
/// The censuses run on `threads` threads, each within an equal share of `budget`, so
/// that together they stay within it. A set over its share is run again alone, with the
/// whole budget once the others have stopped: every census and every error is the one a
/// single thread gives.
pub fn each_census<E>(
    (rows, cols): (usize, usize),
    sets: &[BlockSet],
    budget: MemoryBudget,
    threads: usize,
    mut each: impl FnMut(usize, &Pieces, Result<Census, Limit>) -> Result<(), E>,
) -> Result<(), E> {
    let threads = threads.clamp(1, sets.len().max(1));
    let share = budget.without(budget.bytes() - budget.bytes() / threads as u64);
    let mut start = 0;
    while start < sets.len() {
        let next = AtomicUsize::new(start);
        let over = std::thread::scope(|scope| -> Result<Option<usize>, E> {
            let (send, receive) = mpsc::channel();
            for _ in 0..threads {
                let (send, next) = (send.clone(), &next);
                scope.spawn(move || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(set) = sets.get(i) else { break };
                    let pieces = pieces(rows, cols, set);
                    let census = census(&pieces, 1, share);
                    if send.send((i, pieces, census)).is_err() {
                        break;
                    }
                });
            }
            drop(send);
            // Results come in any order; they are handed on in the order of the sets.
            let mut waiting = BTreeMap::new();
            let mut due = start;
            for (i, pieces, census) in receive {
                waiting.insert(i, (pieces, census));
                while let Some((pieces, census)) = waiting.remove(&due) {
                    if census.is_err() && threads > 1 {
                        // The receiver goes: every thread stops after its census.
                        next.store(sets.len(), Ordering::Relaxed);
                        return Ok(Some(due));
                    }
                    each(due, &pieces, census)?;
                    due += 1;
                }
            }
            Ok(None)
        })?;
        let Some(alone) = over else { break };
        let pieces = pieces(rows, cols, &sets[alone]);
        let census = census(&pieces, 1, budget);
        each(alone, &pieces, census)?;
        start = alone + 1;
    }
    Ok(())
}
