//! Per-case tables: each cell's open neighbours, the estimate (each cell's distance to
//! (1,1) on the lair without the body), and the turn arithmetic of body shapes, derived
//! from [`Dir`].

use crate::case::Case;
use grid_common::Dir;
use puzzle_frame::budget::{Ledger, OverBudget};

/// No neighbour (off the lair or a stone), or no way to (1,1).
pub(crate) const NONE: u32 = u32::MAX;

/// A turn from one block's direction to the next: 0 straight on, 1 clockwise, 2 counter-clockwise.
const fn turned(turn: usize, dir: usize) -> usize {
    let d = Dir::from_index(dir);
    match turn {
        0 => dir,
        1 => d.clockwise().index(),
        _ => d.counter_clockwise().index(),
    }
}

/// `APPLY[turn][dir]`: `dir` after `turn` (see [`turned`]).
pub(crate) const APPLY: [[usize; 4]; 3] = {
    let mut table = [[0; 4]; 3];
    let mut t = 0;
    while t < 3 {
        let mut d = 0;
        while d < 4 {
            table[t][d] = turned(t, d);
            d += 1;
        }
        t += 1;
    }
    table
};

/// `TURN[prev][next]`: the turn that takes `prev` to `next` (0 when `next` is `prev`'s
/// opposite, which a body never holds): [`APPLY`] read backwards.
pub(crate) const TURN: [[usize; 4]; 4] = {
    let mut table = [[0; 4]; 4];
    let mut k = 0;
    while k < 12 {
        let (t, d) = (k / 4, k % 4);
        table[d][APPLY[t][d]] = t;
        k += 1;
    }
    table
};

/// The direction of a unit offset `(dr, dc)`, looked up in [`Dir`]'s deltas (Up for anything
/// else; callers pass unit offsets).
pub(crate) fn direction_of(dr: isize, dc: isize) -> usize {
    Dir::ALL
        .iter()
        .position(|d| d.delta() == (dr, dc))
        .unwrap_or(0)
}

/// The absolute directions from each block to the next, head first.
pub(crate) fn directions(case: &Case) -> Vec<usize> {
    use itertools::Itertools;
    case.body
        .iter()
        .tuple_windows()
        .map(|(&a, &b)| Dir::between(a, b).map_or(0, Dir::index))
        .collect()
}

/// The lair's tables for one case; a cell is its index in the lair's [`Grid`](grid_common::Grid).
pub(crate) struct Board {
    /// `next[cell * 4 + dir]`: the open neighbour of `cell` in `dir`, or [`NONE`].
    pub next: Vec<u32>,
    /// `distance[cell]`: the fewest moves from `cell` to (1,1) over open cells, ignoring the
    /// body, or [`NONE`].
    pub distance: Vec<u32>,
    /// `closer[cell]`: a bit per direction whose open neighbour is one move nearer (1,1).
    pub closer: Vec<u8>,
}

impl Board {
    /// The tables of `case`'s lair, charged to `ledger`.
    pub fn new(case: &Case, ledger: &mut Ledger) -> Result<Board, OverBudget> {
        let lair = &case.stone;
        let cells = lair.len();
        ledger.allocate("the lair's tables", cells as u64 * (4 * 4 + 4 + 1))?;
        let mut next = vec![NONE; cells * 4];
        for (cell, &stone) in lair.cells().iter().enumerate() {
            if stone {
                continue;
            }
            for (d, q) in lair.neighbours(lair.pos(cell)) {
                if !lair[q] {
                    next[cell * 4 + d.index()] = lair.index(q) as u32;
                }
            }
        }
        let mut distance = vec![NONE; cells];
        let mut queue = Vec::with_capacity(cells);
        if !lair.cells().first().copied().unwrap_or(true) {
            distance[0] = 0;
            queue.push(0u32);
        }
        let mut head = 0;
        while let Some(&cell) = queue.get(head) {
            head += 1;
            let cell = cell as usize;
            for &to in &next[cell * 4..cell * 4 + 4] {
                if to != NONE && distance[to as usize] == NONE {
                    distance[to as usize] = distance[cell] + 1;
                    queue.push(to);
                }
            }
        }
        let closer = (0..cells)
            .map(|cell| {
                (0..4).fold(0u8, |mask, d| {
                    let to = next[cell * 4 + d];
                    let nearer = to != NONE
                        && distance[cell] != NONE
                        && distance[to as usize] < distance[cell];
                    mask | u8::from(nearer) << d
                })
            })
            .collect();
        Ok(Board {
            next,
            distance,
            closer,
        })
    }
}

/// The directions from the head whose neighbouring cell the body covers, as a bit mask:
/// `first` is the direction to the second block, `shape` holds `turns` turn digits in base 3,
/// the one after `first` most significant.
pub(crate) fn covered(first: usize, shape: u64, turns: usize) -> u8 {
    let mut dir = first;
    let (mut r, mut c) = (Dir::DELTA_ROW[dir], Dir::DELTA_COL[dir]);
    let mut mask = 1u8 << dir;
    let mut weight = (0..turns.saturating_sub(1)).fold(1u64, |w, _| w * 3);
    for _ in 0..turns {
        dir = APPLY[(shape / weight % 3) as usize][dir];
        weight /= 3;
        r += Dir::DELTA_ROW[dir];
        c += Dir::DELTA_COL[dir];
        if r.abs() + c.abs() == 1 {
            mask |= 1 << direction_of(r, c);
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_tables_follow_dir() {
        for d in Dir::ALL {
            let i = d.index();
            assert_eq!(APPLY[0][i], i);
            assert_eq!(APPLY[1][i], d.clockwise().index());
            assert_eq!(APPLY[2][i], d.counter_clockwise().index());
            for t in 0..3 {
                assert_eq!(TURN[i][APPLY[t][i]], t);
            }
            assert_eq!(direction_of(d.delta().0, d.delta().1), i);
        }
    }
}
