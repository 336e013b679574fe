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
}

/// First table size, in slots.
pub(super) const FIRST_CAPACITY: usize = 1 << 10;

/// Breadth-first search from the start. With `stop_at_goal`, it stops when the target
/// reaches its goal; otherwise it visits every reachable position.
pub(super) fn search<const W: usize>(
    layout: &Layout,
    options: &Options,
    stop_at_goal: bool,
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
