//! The bidirectional breadth-first search.
//!
//! **Cell words.** Bits 0-2: the states of each orientation still free (legal, not
//! reached); bits 3-5 and 6-8: reached from the start and from the target; bits 9-14:
//! the direction (2 bits per orientation) of the roll that reached each state.
//!
//! **The search** expands whole levels, always of the side with the smaller frontier.
//! Each frontier is kept as three lists of cells, one per orientation, so that the inner
//! loop knows its orientation at compile time, and it has no branch on the board's
//! contents (a state is written and pushed unconditionally; the list only grows when the
//! state was free).
//!
//! **Exactness.** While the sides have expanded `a` and `b` levels without meeting, the
//! answer is more than `a + b`: on a shortest path of length `D`, the placement at
//! distance `min(a, D)` from the start would have been reached by both sides. So the
//! first placement reached by both sides, found while expanding level `a` to `a + 1`, is
//! at distance `b` from the target, and the answer is `a + 1 + b`. A side whose frontier
//! runs out has reached every placement it can: the target is then unreachable.

use super::{chain, next_orientation, Plane, State, ALONG_COLUMN, ALONG_ROW, STANDING};
use grid_common::Dir;

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

/// One side of the search: its frontier, one list of cells per orientation (the first
/// `front_len[o]` cells of `front[o]`), and room for the next one. The lists only grow,
/// so that a level costs nothing but its states.
struct Side {
    front: [Vec<u32>; 3],
    front_len: [usize; 3],
    next: [Vec<u32>; 3],
}

impl Side {
    fn new((cell, o): State) -> Side {
        let mut front: [Vec<u32>; 3] = Default::default();
        front[o].push(cell as u32);
        let mut front_len = [0; 3];
        front_len[o] = 1;
        Side {
            front,
            front_len,
            next: Default::default(),
        }
    }

    fn len(&self) -> usize {
        self.front_len.iter().sum()
    }
}

/// Where the sides met: the state expanded, the roll, and the state reached by the other side.
type Meeting = (State, Dir, State);

/// The fewest rolls, or `None` when the goal cannot be reached.
pub(super) fn search(plane: &Plane) -> Option<Vec<Dir>> {
    let mut cells = plane.words([free(STANDING), free(ALONG_ROW), free(ALONG_COLUMN)]);
    let (start, goal) = (plane.start, plane.goal);
    for (side, &(cell, o)) in [start, goal].iter().enumerate() {
        cells[cell] = cells[cell] & !free(o) | reached(side, o);
    }
    let mut sides = [Side::new(start), Side::new(goal)];
    loop {
        let side = usize::from(sides[1].len() < sides[0].len());
        if sides[side].len() == 0 {
            return None;
        }
        if let Some((from, d, meet)) = expand_level(&mut cells, plane, &mut sides[side], side) {
            let (from_start, middle, from_goal) = if side == 0 {
                (from, d, meet)
            } else {
                (meet, d.opposite(), from)
            };
            let dir =
                |(cell, o): State| Dir::from_index(usize::from(cells[cell] >> dir_shift(o) & 3));
            let mut path = chain(plane, from_start, start, dir);
            path.reverse();
            path.push(middle);
            path.extend(
                chain(plane, from_goal, goal, dir)
                    .iter()
                    .map(|d| d.opposite()),
            );
            return Some(path);
        }
    }
}

/// Expands one level of `side`; the meeting with the other side, if it happens.
fn expand_level(
    cells: &mut [u16],
    plane: &Plane,
    side: &mut Side,
    which: usize,
) -> Option<Meeting> {
    // Each state pushes at most two states into each list.
    let room = 2 * side.len() + 2;
    for next in &mut side.next {
        if next.len() < room {
            next.resize(room, 0);
        }
    }
    let mut lens = [0usize; 3];
    let meeting = expand::<STANDING>(cells, plane, side, which, &mut lens)
        .or_else(|| expand::<ALONG_ROW>(cells, plane, side, which, &mut lens))
        .or_else(|| expand::<ALONG_COLUMN>(cells, plane, side, which, &mut lens));
    std::mem::swap(&mut side.front, &mut side.next);
    side.front_len = lens;
    meeting
}

/// Expands the frontier states of orientation `O`, writing the new states into
/// `side.next` (of room enough) from `lens`.
fn expand<const O: usize>(
    cells: &mut [u16],
    plane: &Plane,
    side: &mut Side,
    which: usize,
    lens: &mut [usize; 3],
) -> Option<Meeting> {
    let offsets = plane.offset[O];
    let reached_shift = 3 + 3 * which as u32;
    let other_shift = 3 + 3 * (1 - which as u32);
    for &cell in side.front[O].iter().take(side.front_len[O]) {
        let cell = cell as usize;
        for d in Dir::ALL {
            let o2 = next_orientation(O, d);
            // In the array: a legal state's cell lies on the plane, two rows and one
            // column of padding away from the array's edges, and a roll moves the
            // top-left cell by at most two rows, or two columns (wrapping into a
            // padding row at worst).
            let to = cell.wrapping_add_signed(offsets[d.index()]);
            let word = cells[to];
            if word >> other_shift >> o2 & 1 != 0 {
                return Some(((cell, O), d, (to, o2)));
            }
            let is_free = word >> o2 & 1;
            cells[to] = word & !(is_free << o2)
                | is_free << (reached_shift + o2 as u32)
                | (is_free * d.index() as u16) << dir_shift(o2);
            side.next[o2][lens[o2]] = to as u32;
            lens[o2] += usize::from(is_free);
        }
    }
    None
}
