//! The breadth-first search, and the key sequence of the path it finds.
//!
//! **A state** in the queue is one `u64`: the bridge mask's table number
//! ([`super::visited`]) shifted above the local state ([`super::board`]), which takes
//! `shift` bits (enough for `3W + W²`). From the block, the four arrows roll it; from two
//! cubes on cells `a < b`, eight presses move one cube or the other (space is free, so
//! the selection is not part of the state). A press's *code* says which: the direction's
//! index, plus 4 when the cube on `b` moved; for a split, plus 8 when the first target
//! (the selected cube) is the larger-numbered cell.
//!
//! **Exactness.** The queue holds the states in order of their distance (the levels of a
//! breadth-first search: every press costs one). A state is queued once, the first time it
//! is reached, which is at its distance. The goal (the block standing on the exit) is not a
//! state of the queue: the first press that reaches it ends the search, at the distance of
//! the state it left plus one, which is the fewest presses.
//!
//! **Keys.** With `RECORD`, each queued state keeps its parent's queue index and the code
//! of the press that reached it. The path is rebuilt backwards, each press with the state
//! (and bridge mask) it leaves, and [`super::keys`] turns it into moves.

use super::board::{Board, Next};
use super::keys::{keys, Press};
use super::visited::Visited;
use super::{Limit, TooLarge};
use crate::case::Move;
use puzzle_frame::budget::Ledger;

/// A solution: the fewest arrow presses, and with `RECORD` the moves (one per press).
pub(super) struct Found {
    pub(super) presses: usize,
    pub(super) keys: Vec<Move>,
}

/// The queue indices of parents, and the codes of the presses that reached each state.
struct Links {
    parent: Vec<u32>,
    code: Vec<u8>,
}

/// Searches the level from the start; `None` when the exit cannot be reached.
pub(super) fn search<const RECORD: bool>(
    board: &Board,
    memory: &mut Ledger,
) -> Result<Option<Found>, Limit> {
    let locals = board.locals().ok_or(Limit::Other(TooLarge))?;
    let shift = 64 - locals.leading_zeros();
    if shift > 60 {
        return Err(Limit::Other(TooLarge));
    }
    let local_mask = (1u64 << shift) - 1;
    // How many table numbers fit above the local states.
    let max_tables = 1u64.checked_shl(64 - shift).map_or(u64::MAX, |n| n);
    let mut visited = Visited::new(locals, memory)?;
    let start_table = visited.table(board.start_mask, memory)?;
    let start = 3 * board.start as u64;
    visited.insert(start_table, start, memory)?;
    let mut queue: Vec<u64> = Vec::new();
    memory.push(
        &mut queue,
        start | (start_table as u64) << shift,
        "the search's queue",
    )?;
    let mut links = Links {
        parent: Vec::new(),
        code: Vec::new(),
    };
    if RECORD {
        memory.push(&mut links.parent, u32::MAX, "the path links")?;
        memory.push(&mut links.code, 0, "the path links")?;
    }
    let mut head = 0usize;
    let mut level_end = 1usize;
    let mut depth = 0usize;
    while head < queue.len() {
        if head == level_end {
            depth += 1;
            level_end = queue.len();
        }
        if !RECORD && head >= 1 << 16 && 2 * head >= queue.len() {
            // Without links, the expanded states are not needed any more.
            queue.drain(..head);
            level_end -= head;
            head = 0;
        }
        let id = queue[head];
        let table = (id >> shift) as u32;
        let local = id & local_mask;
        let mask = visited.mask(table);
        let mut found: Option<u8> = None;
        {
            let mut reach = |next_mask: u64, next: u64, code: u8| -> Result<(), Limit> {
                let t = if next_mask == mask {
                    table
                } else {
                    let t = visited.table(next_mask, memory)?;
                    if u64::from(t) >= max_tables {
                        return Err(Limit::Other(TooLarge));
                    }
                    t
                };
                if visited.insert(t, next, memory)? {
                    memory.push(
                        &mut queue,
                        next | u64::from(t) << shift,
                        "the search's queue",
                    )?;
                    if RECORD {
                        let parent = u32::try_from(head).map_err(|_| Limit::Other(TooLarge))?;
                        memory.push(&mut links.parent, parent, "the path links")?;
                        memory.push(&mut links.code, code, "the path links")?;
                    }
                }
                Ok(())
            };
            let w = board.cells as u64;
            if local < 3 * w {
                for d in 0..4 {
                    match board.roll_block(local, d, mask) {
                        None => {}
                        Some((Next::Goal, _)) => {
                            found = Some(d as u8);
                            break;
                        }
                        Some((Next::State(m, next), second)) => {
                            reach(m, next, d as u8 | u8::from(second) << 3)?;
                        }
                    }
                }
            } else {
                let pair = local - 3 * w;
                let (a, b) = ((pair / w) as u32, (pair % w) as u32);
                let (at_a, at_b) = (board.pos[a as usize], board.pos[b as usize]);
                for (which, (mover, other)) in
                    [(a, (b, at_b)), (b, (a, at_a))].into_iter().enumerate()
                {
                    for d in 0..4 {
                        if let Some((m, next)) = board.move_cube(mover, other, d, mask) {
                            reach(m, next, d as u8 | (which as u8) << 2)?;
                        }
                    }
                }
            }
        }
        if let Some(code) = found {
            let keys = if RECORD {
                keys(board, &path(&visited, &queue, &links, head, code, shift))
            } else {
                Vec::new()
            };
            return Ok(Some(Found {
                presses: depth + 1,
                keys,
            }));
        }
        head += 1;
    }
    Ok(None)
}

/// The presses from the start to the goal, reached from queue entry `last` by the press
/// `code`: each with the state it leaves.
fn path(
    visited: &Visited,
    queue: &[u64],
    links: &Links,
    last: usize,
    code: u8,
    shift: u32,
) -> Vec<Press> {
    let local_mask = (1u64 << shift) - 1;
    let press = |entry: u64, code: u8| Press {
        local: entry & local_mask,
        mask: visited.mask((entry >> shift) as u32),
        code,
    };
    let mut presses = vec![press(queue[last], code)];
    let mut at = last;
    while links.parent[at] != u32::MAX {
        presses.push(press(queue[links.parent[at] as usize], links.code[at]));
        at = links.parent[at] as usize;
    }
    presses.reverse();
    presses
}
