//! Dead-end corridors of goals: with every goal to fill, a box in a straight corridor of
//! goals that ends in a wall (walls on both sides of each of its cells), the cell ahead of
//! it empty and the cell behind it in the player's region, is pushed on now.
//!
//! **Why a push-optimal solution is kept.** The cells ahead of the box are goals, so they
//! are filled at the end; a box reaches them only along the corridor, through the box's
//! cell, and the player only through it too (the corridor's sides and end are walls). So
//! until the box moves, no push and no walk uses the corridor ahead of it, and its only
//! possible push is the one ahead (the player cannot get in front of it, and its sides
//! are walls): every solution makes that push, at some step `j`. Moving it to the front
//! keeps every other push legal: the boxes stand as before except that box, one cell
//! ahead, on a cell no push and no walk before step `j` used; its old cell is free, and
//! the player, there after the push, reaches the whole region it stood in (the cell behind
//! was in it). After step `j` the positions are the same. So some push-optimal solution
//! starts with that push, and only it is tried, as a PI-corral narrows the pushes (this
//! is done only when no corral has narrowed them: the two arguments name different
//! solutions).

use puzzle_frame::budget::{Ledger, OverBudget};

use super::bits;
use super::board::{opposite, Board};

/// Per floor cell, the directions in which it lies in a dead-end corridor of goals.
pub(super) struct Corridors {
    /// A bit per direction `d` when the cell and every cell from it in direction `d` up
    /// to a wall are goals with walls on both sides across `d`; empty unless every goal
    /// must be filled.
    dirs: Vec<u8>,
}

impl Corridors {
    /// The corridors of `board`, none unless `every_goal_filled`.
    pub fn new(
        board: &Board,
        every_goal_filled: bool,
        ledger: &mut Ledger,
    ) -> Result<Corridors, OverBudget> {
        if !every_goal_filled {
            return Ok(Corridors { dirs: Vec::new() });
        }
        let mut dirs = ledger.vec("the goal corridors", board.floor(), 0u8)?;
        for (cell, bits) in dirs.iter_mut().enumerate() {
            for dir in 0..4 {
                let across = (dir + 1) % 4;
                let mut at = cell as u16;
                let inside = loop {
                    if !board.is_goal[usize::from(at)]
                        || board.step(at, across).is_some()
                        || board.step(at, opposite(across)).is_some()
                    {
                        break false;
                    }
                    match board.step(at, dir) {
                        Some(next) => at = next,
                        None => break true,
                    }
                };
                if inside {
                    *bits |= 1 << dir;
                }
            }
        }
        Ok(Corridors { dirs })
    }

    /// Narrows `pushes` to one push when a box of `list` (also the set `boxes`) stands in
    /// a corridor with the cell ahead empty and the cell behind in the player's region
    /// (`in_region`).
    pub fn narrow(
        &self,
        board: &Board,
        boxes: &[u64],
        list: &[u16],
        in_region: &dyn Fn(u16) -> bool,
        pushes: &mut Vec<(u16, u8)>,
    ) {
        if self.dirs.is_empty() {
            return;
        }
        for &from in list {
            let dirs = self.dirs[usize::from(from)];
            for dir in (0..4).filter(|d| dirs >> d & 1 == 1) {
                let (Some(to), Some(behind)) =
                    (board.step(from, dir), board.step(from, opposite(dir)))
                else {
                    continue;
                };
                if !bits::has(boxes, to) && in_region(behind) {
                    pushes.clear();
                    pushes.push((from, dir as u8));
                    return;
                }
            }
        }
    }
}
