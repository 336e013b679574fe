//! The breadth-first search over canonical positions.
//!
//! **States.** A position is one anchor per slot in the canonical order of
//! [`super::layout`], packed into a `[u64; W]` key. The keys are kept in the order they are
//! found (`states`: the queue itself), each with the index of the position it was reached
//! from (`parents`); the visited set maps keys to those indices.
//!
//! **Moves.** For each block, the anchors it reaches by unit steps with the others held
//! still are a flood fill over the anchors where its shape fits among the free cells (a
//! few shifts and masks on `u64`s); each anchor reached other than its own is one move.
//!
//! **Exactness.** Breadth-first order visits positions by increasing number of moves, and
//! a position is stored once, when first reached: the first time the target stands on its
//! goal, the number of levels expanded is the fewest moves. Merging positions that differ
//! by a swap of two blocks of the same shape (not the target) is exact: such positions
//! have the same moves, mapped by the swap, and the same distance to the goal.

use super::bound::{Bound, UNREACHABLE};
use super::layout::{pack, unpack, Layout};
use super::table::{slot_bytes, Table};
use super::{Limit, Options};

/// What a search found.
pub(super) struct Found<const W: usize> {
    /// Every position reached, in the order found (start first).
    pub states: Vec<[u64; W]>,
    /// The index each position was reached from (the start's is 0).
    pub parents: Vec<u32>,
    /// The index of the first position with the target on its goal, if any was reached.
    pub goal: Option<u32>,
    /// The most moves any reached position needs (when the search ran to the end).
    pub farthest: usize,
    /// The least level plus bound of the positions left out ([`usize::MAX`] if none was).
    pub pruned: usize,
}

/// First table size, in slots.
const FIRST_CAPACITY: usize = 1 << 10;

/// Breadth-first search from the start. With `stop_at_goal`, it stops when the target
/// reaches its goal; otherwise it visits every reachable position. With a `bound`, it
/// searches to the goal within limits that grow from the start's bound ([`within`]).
pub(super) fn search<const W: usize>(
    layout: &Layout,
    options: &Options,
    stop_at_goal: bool,
    bound: Option<&Bound>,
) -> Result<Found<W>, Limit> {
    let Some(bound) = bound else {
        return within(layout, options, stop_at_goal, ());
    };
    let h = bound.of(&layout.start);
    let mut limit = usize::from(h);
    loop {
        let found = within::<W>(layout, options, true, (bound, limit))?;
        if h == UNREACHABLE || found.goal.is_some() || found.pruned == usize::MAX {
            return Ok(found);
        }
        limit = found.pruned;
    }
}

/// What leaves new positions out of the search: nothing (`()`), or a bound and a limit.
pub(super) trait Prune: Copy {
    /// True to store the position at `anchors` (key `key`), reached at `level`; a position
    /// left out lowers `pruned` to its level plus bound.
    fn keep<const W: usize>(
        self,
        table: &Table<W>,
        key: &[u64; W],
        anchors: &[u8],
        level: usize,
        pruned: &mut usize,
    ) -> bool;
}

impl Prune for () {
    #[inline(always)]
    fn keep<const W: usize>(
        self,
        _: &Table<W>,
        _: &[u64; W],
        _: &[u8],
        _: usize,
        _: &mut usize,
    ) -> bool {
        true
    }
}

impl Prune for (&Bound, usize) {
    #[inline]
    fn keep<const W: usize>(
        self,
        table: &Table<W>,
        key: &[u64; W],
        anchors: &[u8],
        level: usize,
        pruned: &mut usize,
    ) -> bool {
        let (bound, limit) = self;
        // Bound only positions not stored yet (one left out is met again, and bounded
        // again, at the same level or a later one).
        if table.contains(key) {
            return true;
        }
        let h = bound.of(anchors);
        // (A position the relaxed goal cannot be reached from is left out for good;
        // moves being reversible, its whole group is, so it is never met from the start
        // once the start's bound is finite.)
        if h == UNREACHABLE {
            return false;
        }
        if level + usize::from(h) > limit {
            *pruned = (*pruned).min(level + usize::from(h));
            return false;
        }
        true
    }
}

/// Breadth-first search from the start. With `stop_at_goal`, it stops when the target
/// reaches its goal; otherwise it visits every reachable position. With `prune` (a bound
/// and a limit), a position whose level plus bound passes the limit is left out.
fn within<const W: usize>(
    layout: &Layout,
    options: &Options,
    stop_at_goal: bool,
    prune: impl Prune,
) -> Result<Found<W>, Limit> {
    let slots = layout.slots();
    let state_bytes = (8 * W + 4) as u64;
    let mut table = Table::<W>::with_capacity(FIRST_CAPACITY);
    let mut states: Vec<[u64; W]> = Vec::with_capacity(FIRST_CAPACITY / 2);
    let mut parents: Vec<u32> = Vec::with_capacity(FIRST_CAPACITY / 2);
    let start = pack::<W>(&layout.start);
    table.insert(start);
    states.push(start);
    parents.push(0);
    let mut found = Found {
        states: Vec::new(),
        parents: Vec::new(),
        goal: None,
        farthest: 0,
        pruned: usize::MAX,
    };
    if layout.start[0] == layout.goal {
        found.goal = Some(0);
        if stop_at_goal {
            return Ok(Found {
                states,
                parents,
                ..found
            });
        }
    }
    let max_states = options.max_states.min(u32::MAX as usize - 1);
    let mut anchors = [0u8; 64];
    let mut moved = [0u8; 64];
    let (mut head, mut level, mut level_end) = (0usize, 0usize, 1usize);
    while head < states.len() {
        if head == level_end {
            level += 1;
            level_end = states.len();
        }
        unpack(&states[head], &mut anchors[..slots]);
        let occupied = layout.occupied(&anchors[..slots]);
        for slot in 0..slots {
            let at = anchors[slot];
            let mut targets = layout.reachable(slot, at, occupied) & !(1u64 << at);
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                moved[..slots].copy_from_slice(&anchors[..slots]);
                layout.place(&mut moved[..slots], slot, to);
                let key = pack::<W>(&moved[..slots]);
                if !prune.keep(&table, &key, &moved[..slots], level + 1, &mut found.pruned) {
                    continue;
                }
                if table.is_full() {
                    let capacity = table.capacity() * 2;
                    let bytes = (capacity + table.capacity()) as u64 * slot_bytes::<W>()
                        + (capacity / 2) as u64 * state_bytes;
                    options.budget.check("the visited positions", bytes)?;
                    states.reserve_exact(capacity / 2 - states.len());
                    parents.reserve_exact(capacity / 2 - parents.len());
                    table = table.grown();
                }
                if !table.insert(key) {
                    continue;
                }
                if states.len() >= max_states {
                    return Err(Limit::Other(super::TooManyStates(options.max_states)));
                }
                states.push(key);
                parents.push(head as u32);
                found.farthest = level + 1;
                if slot == 0 && to == layout.goal && found.goal.is_none() {
                    found.goal = Some(states.len() as u32 - 1);
                    if stop_at_goal {
                        return Ok(Found {
                            states,
                            parents,
                            ..found
                        });
                    }
                }
            }
        }
        head += 1;
    }
    Ok(Found {
        states,
        parents,
        ..found
    })
}
