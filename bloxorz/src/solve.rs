//! The fast solver: a bidirectional breadth-first search over dense states.
//!
//! A state is a placement of the box: its top-left covered cell in a padded copy of the
//! plane (2 empty rows above and below, 1 empty column on each side, so that no roll
//! from a legal state can leave the array, whatever the border of the plane) and its
//! orientation. A state index is `cell << 2 | orientation`.
//!
//! One `u16` per cell holds everything the search knows about the cell's three states:
//! which are still free (legal and not reached yet), which were reached from the start
//! and which from the target, and the direction of the roll that reached each one.
//! A roll is legal exactly when the placement it leads to is legal (its cells are not
//! empty, and a standing box is on a rigid cell), so a roll is one table look-up and one
//! bit test.
//!
//! Rolling is reversible (rolling back the other way undoes a roll), so the graph of
//! placements is undirected and the target's side searches with the same rolls. The
//! search expands whole levels, always of the side with the smaller frontier. Exactness:
//! while the sides have expanded `a` and `b` levels without meeting, the answer is more
//! than `a + b` (the placement at distance `min(a, D)` on a shortest path of length `D`
//! would have been reached by both sides). So the first placement reached by both sides,
//! while expanding level `a` to `a + 1`, was at distance `b` from the target, and the
//! answer is `a + 1 + b`. A side whose frontier runs out has reached every placement
//! it can: the target is then unreachable (a walled-in target is found at once).

use crate::board::{Board, Cell, Orientation};
use grid_common::{Dir, Pos};

const STANDING: usize = 0;
const ALONG_ROW: usize = 1;
const ALONG_COLUMN: usize = 2;

/// Bit of a free (legal, not yet reached) state of orientation `o`.
const fn free(o: usize) -> u16 {
    1 << o
}

/// Bit of a state of orientation `o` reached by `side` (0: from the start, 1: from the target).
const fn reached(side: usize, o: usize) -> u16 {
    1 << (3 + 3 * side + o)
}

/// Where the 2-bit direction of the roll that reached orientation `o` is kept.
const fn dir_shift(o: usize) -> u32 {
    9 + 2 * o as u32
}

const fn orientation_index(o: Orientation) -> usize {
    match o {
        Orientation::Standing => STANDING,
        Orientation::AlongRow => ALONG_ROW,
        Orientation::AlongColumn => ALONG_COLUMN,
    }
}

/// The roll tables for a padded row width, derived from [`Dir`]'s direction tables:
/// for each orientation and direction, the offset of the new top-left cell and the
/// new orientation.
struct Rolls {
    offset: [[isize; 4]; 3],
    next: [[usize; 4]; 3],
}

impl Rolls {
    fn new(width: usize) -> Rolls {
        let mut offset = [[0; 4]; 3];
        let mut next = [[0; 4]; 3];
        // The covered cells of each orientation, relative to its top-left cell.
        let shapes: [&[(isize, isize)]; 3] = [&[(0, 0)], &[(0, 0), (0, 1)], &[(0, 0), (1, 0)]];
        for (o, shape) in shapes.iter().enumerate() {
            for d in Dir::ALL {
                let (dr, dc) = (Dir::DELTA_ROW[d.index()], Dir::DELTA_COL[d.index()]);
                let moved: Vec<(isize, isize)> = match shape {
                    // Standing: tips over into the next two cells in `d`.
                    [(r, c)] => vec![(r + dr, c + dc), (r + 2 * dr, c + 2 * dc)],
                    [a, b] => {
                        let along = (b.0 - a.0, b.1 - a.1);
                        if along.0 * dr + along.1 * dc != 0 {
                            // Rolling along its length: stands beyond its far end.
                            let far = if (b.0 - a.0) * dr + (b.1 - a.1) * dc > 0 {
                                b
                            } else {
                                a
                            };
                            vec![(far.0 + dr, far.1 + dc)]
                        } else {
                            // Rolling sideways: both cells move one step.
                            vec![(a.0 + dr, a.1 + dc), (b.0 + dr, b.1 + dc)]
                        }
                    }
                    _ => unreachable!("a shape has one or two cells"),
                };
                let top_left = moved.iter().copied().min().unwrap_or((0, 0));
                let o2 = match moved.as_slice() {
                    [_] => STANDING,
                    [a, b] if a.0 == b.0 => ALONG_ROW,
                    _ => ALONG_COLUMN,
                };
                offset[o][d.index()] = top_left.0 * width as isize + top_left.1;
                next[o][d.index()] = o2;
            }
        }
        Rolls { offset, next }
    }

    /// The state reached from `state` by rolling in direction `d` (which must stay in the array).
    fn roll(&self, state: usize, d: usize) -> usize {
        let (cell, o) = (state >> 2, state & 3);
        let to = cell.wrapping_add_signed(self.offset[o][d]);
        to << 2 | self.next[o][d]
    }
}

/// The fewest rolls from the start to standing on the target, or `None` when the target
/// cannot be reached. Returns one shortest sequence of rolls.
pub fn solve(board: &Board) -> Option<Vec<Dir>> {
    let grid = board.grid();
    let width = grid.cols() + 2;
    let height = grid.rows() + 4;
    let padded = |p: Pos| (p.row + 2) * width + p.col + 1;

    // The ground: which padded cells carry anything, and which carry a standing box.
    let mut ground = vec![Cell::Empty; width * height];
    for (row, cells) in (0..grid.rows()).map(|r| (r, grid.row(r))) {
        let start = padded(Pos::new(row, 0));
        ground[start..start + cells.len()].copy_from_slice(cells);
    }
    let mut cells = vec![0u16; width * height];
    for (i, word) in cells.iter_mut().enumerate() {
        let here = ground[i];
        if here == Cell::Empty {
            continue;
        }
        // Cells of the plane have padded neighbours right and below.
        let right = ground.get(i + 1).copied().unwrap_or(Cell::Empty);
        let below = ground.get(i + width).copied().unwrap_or(Cell::Empty);
        if here == Cell::Rigid {
            *word |= free(STANDING);
        }
        if right != Cell::Empty {
            *word |= free(ALONG_ROW);
        }
        if below != Cell::Empty {
            *word |= free(ALONG_COLUMN);
        }
    }
    drop(ground);

    let rolls = Rolls::new(width);
    let start = padded(board.start().pos) << 2 | orientation_index(board.start().orientation);
    let goal = padded(board.target()) << 2 | STANDING;
    let ends = [start, goal];
    for (side, &state) in ends.iter().enumerate() {
        let (cell, o) = (state >> 2, state & 3);
        cells[cell] = cells[cell] & !free(o) | reached(side, o);
    }
    if start == goal {
        return Some(Vec::new());
    }

    let mut frontier: [Vec<u32>; 2] = [vec![start as u32], vec![goal as u32]];
    let mut next: Vec<u32> = Vec::new();
    loop {
        let side = usize::from(frontier[1].len() < frontier[0].len());
        if frontier[side].is_empty() {
            return None;
        }
        let other = 1 - side;
        next.clear();
        for &state in &frontier[side] {
            let state = state as usize;
            let (cell, o) = (state >> 2, state & 3);
            for d in 0..4 {
                // In the array: a legal state's cell lies on the plane, two rows and one
                // column of padding away from the array's edges, and a roll moves the
                // top-left cell by at most two rows, or two columns (wrapping into a
                // padding row at worst).
                let to = cell.wrapping_add_signed(rolls.offset[o][d]);
                let o2 = rolls.next[o][d];
                let word = cells[to];
                if word & free(o2) != 0 {
                    cells[to] = word & !free(o2) | reached(side, o2) | (d as u16) << dir_shift(o2);
                    next.push((to << 2 | o2) as u32);
                } else if word & reached(other, o2) != 0 {
                    let meet = to << 2 | o2;
                    let (from_start, from_goal, middle) = if side == 0 {
                        (state, meet, d)
                    } else {
                        (meet, state, Dir::OPPOSITE[d].index())
                    };
                    let mut path = back_to(&cells, &rolls, from_start, start, false);
                    path.reverse();
                    path.push(middle);
                    path.extend(back_to(&cells, &rolls, from_goal, goal, true));
                    return Some(path.into_iter().map(Dir::from_index).collect());
                }
            }
        }
        std::mem::swap(&mut frontier[side], &mut next);
    }
}

/// The rolls stored along the chain from `state` back to `end` (its side's first state):
/// the rolls that reached each state, last first, or (`reversed`) the rolls that lead
/// from `state` to `end`, in order.
fn back_to(
    cells: &[u16],
    rolls: &Rolls,
    mut state: usize,
    end: usize,
    reversed: bool,
) -> Vec<usize> {
    let mut path = Vec::new();
    // A chain never revisits a state; the bound only guards against a broken invariant.
    let mut budget = cells.len() * 3;
    while state != end && budget > 0 {
        budget -= 1;
        let (cell, o) = (state >> 2, state & 3);
        let d = usize::from(cells[cell] >> dir_shift(o) & 3);
        let back = Dir::OPPOSITE[d].index();
        path.push(if reversed { back } else { d });
        state = rolls.roll(state, back);
    }
    path
}
