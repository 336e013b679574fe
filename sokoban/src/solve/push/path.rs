//! From the chain of pushes the search found to a LURD string: before each push, the
//! player walks a shortest way (among the cells free at that moment) to the cell behind
//! the box; the walks are lower case, the pushes upper case.

use puzzle_frame::budget::{Ledger, OverBudget};

use super::bits;
use super::board::{opposite, Board, LURD, NONE};

/// The LURD string of `pushes` (box cell before the push, direction), played from
/// `player` with `boxes`; `None` if a push is not playable (a broken chain).
pub(super) fn lurd(
    board: &Board,
    mut player: u16,
    boxes: &mut [u64],
    pushes: &[(u16, u8)],
    ledger: &mut Ledger,
) -> Result<Option<Vec<u8>>, OverBudget> {
    let mut moves = Vec::new();
    let mut came_by = ledger.vec("the solution's walks", board.floor(), NONE)?;
    let mut queue = ledger.vec("the solution's walks", board.floor(), 0u16)?;
    for &(from, dir) in pushes {
        let dir = usize::from(dir);
        let (Some(behind), Some(to)) = (board.step(from, opposite(dir)), board.step(from, dir))
        else {
            return Ok(None);
        };
        if !bits::has(boxes, from) || bits::has(boxes, to) {
            return Ok(None);
        }
        let Some(walk) = shortest_walk(board, boxes, player, behind, &mut came_by, &mut queue)
        else {
            return Ok(None);
        };
        for step in walk {
            ledger.push(&mut moves, step, "the solution")?;
        }
        ledger.push(&mut moves, LURD[dir].to_ascii_uppercase(), "the solution")?;
        bits::remove(boxes, from);
        bits::insert(boxes, to);
        player = from;
    }
    Ok(Some(moves))
}

/// The letters of a shortest walk from `start` to `target` over free floor cells.
fn shortest_walk(
    board: &Board,
    boxes: &[u64],
    start: u16,
    target: u16,
    came_by: &mut [u16],
    queue: &mut [u16],
) -> Option<Vec<u8>> {
    came_by.fill(NONE);
    came_by[usize::from(start)] = 4;
    queue[0] = start;
    let (mut head, mut tail) = (0, 1);
    while head < tail && came_by[usize::from(target)] == NONE {
        let cell = queue[head];
        head += 1;
        for dir in 0..4 {
            let Some(next) = board.step(cell, dir) else {
                continue;
            };
            if came_by[usize::from(next)] == NONE && !bits::has(boxes, next) {
                came_by[usize::from(next)] = dir as u16;
                queue[tail] = next;
                tail += 1;
            }
        }
    }
    if came_by[usize::from(target)] == NONE {
        return None;
    }
    let mut walk = Vec::new();
    let mut cell = target;
    while cell != start {
        let dir = usize::from(came_by[usize::from(cell)]);
        walk.push(LURD[dir]);
        cell = board.step(cell, opposite(dir))?;
    }
    walk.reverse();
    Some(walk)
}
