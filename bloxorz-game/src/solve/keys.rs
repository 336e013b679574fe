//! The keys of a shortest path, with few space presses.
//!
//! The search finds a shortest sequence of states; its presses are fixed, but where two
//! cubes are on the board, the order in which they move is often free, and each change
//! of the moving cube costs a space press (free, but noise in `--path` and `--show`).
//! So each stretch of cube moves (from a split to the merge that ends it) is tried
//! regrouped: all moves of the selected cube first, then all of the other's (or the
//! other way round), the merging move last. A regrouping is kept only when the solver's
//! own rules ([`Board::move_cube`]) play it to exactly the state (bridges and block) the
//! stretch ended in, with no merge before its end; the presses stay as many. Then one
//! `S` goes before each move of the cube that is not selected (the first target's cube
//! is selected after a split).

use super::board::Board;
use crate::case::Move;
use grid_common::Dir;

/// One press of the path: the state it leaves (local number and bridge mask) and its code
/// (see [`super::bfs`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Press {
    pub(super) local: u64,
    pub(super) mask: u64,
    pub(super) code: u8,
}

/// A press with the cube it moves: 0 the first target's cube, 1 the other; `None` for
/// the whole block.
#[derive(Clone, Copy, Debug)]
struct Step {
    dir: usize,
    cube: Option<u8>,
}

/// The keys of `presses`, a shortest path from the start to the goal.
pub(super) fn keys(board: &Board, presses: &[Press]) -> Vec<Move> {
    let w = board.cells as u64;
    let is_cubes = |local: u64| local >= 3 * w;
    let pair = |local: u64| {
        let p = local - 3 * w;
        ((p / w) as u32, (p % w) as u32)
    };
    // Which cube each press moves, and where the two cubes start each stretch.
    let mut steps = Vec::with_capacity(presses.len());
    let mut cells = [0u32; 2];
    let mut starts: Vec<(usize, [u32; 2])> = Vec::new();
    for (i, press) in presses.iter().enumerate() {
        let dir = usize::from(press.code & 3);
        if is_cubes(press.local) {
            let (a, b) = pair(press.local);
            let mover = if press.code & 4 == 0 { a } else { b };
            let cube = u8::from(cells[0] != mover);
            cells[usize::from(cube)] = board.next[mover as usize][dir];
            steps.push(Step {
                dir,
                cube: Some(cube),
            });
            continue;
        }
        if let Some(next) = presses.get(i + 1).filter(|n| is_cubes(n.local)) {
            // A split: the first target's cube is cube 0.
            let (a, b) = pair(next.local);
            cells = if press.code & 8 == 0 { [a, b] } else { [b, a] };
            starts.push((i + 1, cells));
        }
        steps.push(Step { dir, cube: None });
    }
    for (start, cells) in starts {
        let end = (start..steps.len())
            .find(|&i| steps[i].cube.is_none())
            .unwrap_or(steps.len());
        if end < steps.len() && end > start + 1 {
            let mask = presses[start].mask;
            regroup(board, &mut steps[start..end], cells, mask, presses[end]);
        }
    }
    let mut selected = 0;
    steps
        .iter()
        .map(|step| {
            let arrow = Dir::from_index(step.dir);
            match step.cube {
                None => {
                    selected = 0;
                    Move::arrow(arrow)
                }
                Some(cube) => {
                    let switch_cube = cube != selected;
                    selected = cube;
                    Move { switch_cube, arrow }
                }
            }
        })
        .collect()
}

/// The space presses a stretch needs, the first target's cube selected at its start.
fn spaces(stretch: &[Step]) -> usize {
    let mut selected = Some(0);
    let mut count = 0;
    for step in stretch {
        if step.cube != selected {
            count += 1;
            selected = step.cube;
        }
    }
    count
}

/// Replaces `stretch` (cube moves from a split, the last one merging) by a regrouping
/// with fewer space presses when one plays to the same state (`after`) from the cubes on
/// `cells` under the bridge mask `mask`.
fn regroup(board: &Board, stretch: &mut [Step], cells: [u32; 2], mask: u64, after: Press) {
    let (body, last) = stretch.split_at(stretch.len() - 1);
    let mut best: Option<Vec<Step>> = None;
    for lead in [0u8, 1] {
        let mut order: Vec<Step> = body
            .iter()
            .copied()
            .filter(|s| s.cube == Some(lead))
            .collect();
        order.extend(body.iter().copied().filter(|s| s.cube != Some(lead)));
        order.extend_from_slice(last);
        let fewer = spaces(&order) < best.as_deref().map_or(spaces(stretch), spaces);
        if fewer && plays_to(board, &order, cells, mask, after) {
            best = Some(order);
        }
    }
    if let Some(order) = best {
        stretch.copy_from_slice(&order);
    }
}

/// True when `order`, played from the cubes on `cells` under `mask`, is legal, merges only
/// at its last move and ends in the state `after` left.
fn plays_to(
    board: &Board,
    order: &[Step],
    mut cells: [u32; 2],
    mut mask: u64,
    after: Press,
) -> bool {
    let w = board.cells as u64;
    for (i, step) in order.iter().enumerate() {
        let Some(cube) = step.cube.map(usize::from) else {
            return false;
        };
        let (mover, other) = (cells[cube], cells[1 - cube]);
        let at = board.pos[other as usize];
        let Some((next_mask, next)) = board.move_cube(mover, (other, at), step.dir, mask) else {
            return false;
        };
        mask = next_mask;
        let last = i + 1 == order.len();
        if last {
            return (next, mask) == (after.local, after.mask);
        }
        if next < 3 * w {
            return false;
        }
        cells[cube] = board.next[mover as usize][step.dir];
    }
    false
}
