//! Two cheap proofs that the target cannot be reached, run before the searches.
//!
//! **Around the target** ([`goal_cut_off`]): a breadth-first search from the goal state,
//! capped at [`BACKWARD_CAP`] states, that runs out of states without meeting the start.
//! Rolling is reversible, so the states it met are all the goal can be reached from.
//!
//! **Apart on the plane** ([`cells_apart`]): every roll covers, before and after, cells
//! that form one straight line of two to four cells (the box tips over onto its
//! neighbours or beyond its own end, or slides one step sideways), all of them non-empty.
//! So the box's cells never leave one 4-connected region of non-empty cells. When the
//! start and the target lie in different regions, the answer is `Impossible`, and a
//! flood over cells (one byte and one queue entry per cell, no orientations) proves it.
//! The flood grows from both ends, one cell of each in turn, and stops at the first
//! cell reached from both (no cut) or when one side runs out (a cut): it costs about
//! twice the smaller region.

use super::plane::{Memory, Plane, State};
use grid_common::budget::OverBudget;
use grid_common::Dir;

/// The most states the capped search from the goal visits before giving up.
pub const BACKWARD_CAP: usize = 1024;

/// True when a breadth-first search from the goal, capped at [`BACKWARD_CAP`] states,
/// runs out of states without meeting the start.
pub(super) fn goal_cut_off(plane: &Plane, memory: &mut Memory) -> Result<bool, OverBudget> {
    // One bit per orientation; zeroed pages cost nothing until the search touches them.
    let mut seen = memory.vec("the search around the target", plane.len(), 0u8)?;
    let (cell, o) = plane.goal;
    seen[cell] |= 1 << o;
    let mut queue: Vec<State> = vec![plane.goal];
    let mut head = 0;
    let cut = 'search: loop {
        let Some(&state) = queue.get(head) else {
            break true;
        };
        head += 1;
        for d in Dir::ALL {
            let next @ (cell, o) = plane.roll(state, d);
            if !plane.legal(next) || seen[cell] >> o & 1 != 0 {
                continue;
            }
            if next == plane.start || queue.len() >= BACKWARD_CAP {
                break 'search false;
            }
            seen[cell] |= 1 << o;
            queue.push(next);
        }
    };
    memory.give_back::<u8>(seen.len());
    Ok(cut)
}

/// True when the start's cells and the target lie in different 4-connected regions of
/// non-empty cells (see the module docs).
pub(super) fn cells_apart(plane: &Plane, memory: &mut Memory) -> Result<bool, OverBudget> {
    const FROM_START: u8 = 1;
    const FROM_GOAL: u8 = 2;
    let n = plane.len();
    let mut marks = memory.vec("the flood over cells", n, 0u8)?;
    // Each cell is queued by one side at most: the start's side fills the queue from
    // the front, the goal's side from the back.
    let mut queue = memory.vec("the flood over cells", n, 0u32)?;
    let (start, goal) = (plane.start.0, plane.goal.0);
    marks[start] = FROM_START;
    marks[goal] = FROM_GOAL;
    queue[0] = start as u32;
    queue[n - 1] = goal as u32;
    // Side 0 holds queue[head0..tail0]; side 1 holds queue[tail1..head1] backwards.
    let (mut head0, mut tail0, mut head1, mut tail1) = (0, 1, n, n - 1);
    let steps = [-1, 1, -(plane.width as isize), plane.width as isize];
    let apart = loop {
        for side in 0..2 {
            let cell = if side == 0 {
                if head0 == tail0 {
                    break;
                }
                head0 += 1;
                queue[head0 - 1]
            } else {
                if head1 == tail1 {
                    break;
                }
                head1 -= 1;
                queue[head1]
            } as usize;
            let (mine, theirs) = if side == 0 {
                (FROM_START, FROM_GOAL)
            } else {
                (FROM_GOAL, FROM_START)
            };
            for step in steps {
                // A non-empty cell has empty padding around it: the neighbour is in the array.
                let next = cell.wrapping_add_signed(step);
                if !plane.solid(next) {
                    continue;
                }
                let mark = marks[next];
                if mark == theirs {
                    marks.clear();
                    queue.clear();
                    memory.give_back::<u8>(n);
                    memory.give_back::<u32>(n);
                    return Ok(false);
                }
                if mark == 0 {
                    marks[next] = mine;
                    if side == 0 {
                        queue[tail0] = next as u32;
                        tail0 += 1;
                    } else {
                        tail1 -= 1;
                        queue[tail1] = next as u32;
                    }
                }
            }
        }
        if head0 == tail0 || head1 == tail1 {
            break true;
        }
    };
    memory.give_back::<u8>(n);
    memory.give_back::<u32>(n);
    Ok(apart)
}
