//! Push distances that know where the player stands: the fewest pushes that bring a box
//! alone on the board to a goal, the player starting on a given side of it.
//!
//! With a box on `c` the rest of the floor falls into at most four areas next to `c`;
//! `side(c, q)` names the area of cell `q` by the first direction from `c` that enters it
//! ([`NO_SIDE`] for an area not next to `c`). A breadth-first search by pulls over the
//! pairs (box cell, side) gives, for each goal, the pushes from every pair. The player's
//! whole region lies in one area of each box (it is connected and avoids every box), and
//! while the other boxes move the player never crosses a box's cell, so the area of the
//! player relative to a box only changes when that box is pushed.

use puzzle_frame::budget::{Ledger, OverBudget};

use super::board::{opposite, Board, UNREACHABLE};

/// The side of a cell in an area not next to the box (or the box's own cell).
pub(super) const NO_SIDE: u8 = 4;

/// Sides per box cell: the four directions and [`NO_SIDE`].
pub(super) const SIDES: usize = 5;

/// The most floor cells for which the sides are tabled (`floor²` bytes); above it the
/// distances ignore the player's side (still a lower bound, only weaker).
const MOST_SIDED_FLOOR: usize = 4096;

/// The sides of every cell for every box cell (`side[c * floor + q]`); empty above
/// [`MOST_SIDED_FLOOR`] cells.
pub(super) fn sides(board: &Board, ledger: &mut Ledger) -> Result<Vec<u8>, OverBudget> {
    let floor = board.floor();
    if floor > MOST_SIDED_FLOOR {
        return Ok(Vec::new());
    }
    let mut side = ledger.vec("the push distances", floor.saturating_mul(floor), NO_SIDE)?;
    let mut stack = Vec::with_capacity(floor);
    for c in 0..floor as u16 {
        let row = &mut side[usize::from(c) * floor..(usize::from(c) + 1) * floor];
        for dir in 0..4 {
            let Some(start) = board.step(c, dir) else {
                continue;
            };
            if row[usize::from(start)] != NO_SIDE {
                continue;
            }
            row[usize::from(start)] = dir as u8;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                for d in 0..4 {
                    let Some(next) = board.step(cell, d) else {
                        continue;
                    };
                    if next != c && row[usize::from(next)] == NO_SIDE {
                        row[usize::from(next)] = dir as u8;
                        stack.push(next);
                    }
                }
            }
        }
    }
    Ok(side)
}

/// `distance[(g * floor + c) * SIDES + s]`: the fewest pushes from a box on `c` with the
/// player on side `s` to goal `g`, or [`UNREACHABLE`]; without sides (`side` empty) the
/// fewest pushes from `c` with the player anywhere, under every side.
pub(super) fn push_distances(
    board: &Board,
    side: &[u8],
    ledger: &mut Ledger,
) -> Result<Vec<u16>, OverBudget> {
    let floor = board.floor();
    let per_goal = floor * SIDES;
    let mut distance = ledger.vec(
        "the push distances",
        per_goal.saturating_mul(board.goals.len()),
        UNREACHABLE,
    )?;
    let mut queue = ledger.vec("the push distances", per_goal, 0u32)?;
    for (g, &goal) in board.goals.iter().enumerate() {
        let row = &mut distance[g * per_goal..(g + 1) * per_goal];
        let mut tail = 0;
        for s in 0..SIDES {
            let pair = usize::from(goal) * SIDES + s;
            row[pair] = 0;
            queue[tail] = pair as u32;
            tail += 1;
        }
        let mut head = 0;
        while head < tail {
            let pair = queue[head] as usize;
            head += 1;
            let (to, to_side) = ((pair / SIDES) as u16, (pair % SIDES) as u8);
            for dir in 0..4 {
                let back = opposite(dir);
                let Some(from) = board.step(to, back) else {
                    continue;
                };
                // After the push the player stands on `from`: on side `to_side` of `to`.
                // Without sides every side index runs the same side-blind search.
                let side_of = |c: u16, q: u16| match side.is_empty() {
                    true => to_side,
                    false => side[usize::from(c) * floor + usize::from(q)],
                };
                if side_of(to, from) != to_side {
                    continue;
                }
                let Some(behind) = board.step(from, back) else {
                    continue;
                };
                let from_side = side_of(from, behind);
                let previous = usize::from(from) * SIDES + usize::from(from_side);
                if row[previous] == UNREACHABLE {
                    row[previous] = row[pair] + 1;
                    queue[tail] = previous as u32;
                    tail += 1;
                }
            }
        }
    }
    ledger.give_back::<u32>(per_goal);
    Ok(distance)
}
