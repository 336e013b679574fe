//! The bidirectional breadth-first search.
//!
//! **State bytes.** One byte per state, at index `4 * cell + o` (the fourth byte of a
//! cell is unused): 0 free (legal, not reached), 1 reached from the start, 2 reached
//! from the target, 3 illegal. A roll from orientation `O` in direction `d` moves a state
//! index by a constant, `4 * (cell offset) + (o2 - O)`, so a roll is one addition, one
//! load and one compare. When the rolls are wanted, a second byte per state holds the
//! direction of the roll that reached it.
//!
//! **The search** expands whole levels, always of the side with the smaller frontier.
//! Each frontier is kept as three lists of states, one per orientation, so that the inner
//! loop knows its orientation, its roll offsets and the lists it writes to at compile
//! time, and it has no branch on the board's contents but the meeting test (a state is
//! written and pushed unconditionally; a list only grows when the state was free).
//!
//! **Exactness.** While the sides have expanded `a` and `b` levels without meeting, the
//! answer is more than `a + b`: on a shortest path of length `D`, the placement at
//! distance `min(a, D)` from the start would have been reached by both sides. So the
//! first placement reached by both sides, found while expanding level `a` to `a + 1`, is
//! at distance `b` from the target, and the answer is `a + 1 + b`. A side whose frontier
//! runs out has reached every placement it can: the target is then unreachable.

use super::plane::{next_orientation, Memory, Plane, State, ALONG_COLUMN, ALONG_ROW, STANDING};
use grid_common::budget::OverBudget;
use grid_common::Dir;

/// The code of a free state.
const FREE: u8 = 0;
/// The code of an illegal state.
const ILLEGAL: u8 = 3;

/// The code of a state reached by `side` (0: from the start, 1: from the target).
const fn reached(side: usize) -> u8 {
    side as u8 + 1
}

/// The index of a state's byte.
const fn index((cell, o): State) -> usize {
    4 * cell + o
}

/// The state of a byte's index.
const fn state(index: usize) -> State {
    (index >> 2, index & 3)
}

/// One side of the search: two sets of three lists of state indices, one list per
/// orientation, in one buffer of six regions of `room` entries (region `3 * set + o`):
/// the frontier (set `front`, the first `front_len[o]` entries of each region) and room
/// for the next one (set `1 - front`). One buffer, so that starting a level costs a few
/// instructions: a maze has tens of thousands of levels of a few states each.
struct Side {
    buffer: Vec<u32>,
    room: usize,
    front: usize,
    front_len: [usize; 3],
    /// The levels expanded so far.
    depth: usize,
}

impl Side {
    fn new(start: State, memory: &mut Memory) -> Result<Side, OverBudget> {
        let room = 16;
        let mut buffer = memory.vec("the search's frontiers", 6 * room, 0u32)?;
        buffer[start.1 * room] = index(start) as u32;
        let mut front_len = [0; 3];
        front_len[start.1] = 1;
        Ok(Side {
            buffer,
            room,
            front: 0,
            front_len,
            depth: 0,
        })
    }

    fn len(&self) -> usize {
        self.front_len[0] + self.front_len[1] + self.front_len[2]
    }

    /// Makes room in every list for the next level: each state pushes at most two
    /// states into each list.
    #[inline(always)]
    fn make_room(&mut self, memory: &mut Memory) -> Result<(), OverBudget> {
        let room = 2 * self.len() + 2;
        if self.room < room {
            self.grow(room, memory)?;
        }
        Ok(())
    }

    /// A buffer of regions of at least `room` entries (twice as many as now at least),
    /// with the frontier copied over.
    #[cold]
    fn grow(&mut self, room: usize, memory: &mut Memory) -> Result<(), OverBudget> {
        let room = room.max(2 * self.room);
        let mut buffer = memory.vec("the search's frontiers", room.saturating_mul(6), 0u32)?;
        for (o, &len) in self.front_len.iter().enumerate() {
            let (from, to) = (
                (3 * self.front + o) * self.room,
                (3 * self.front + o) * room,
            );
            buffer[to..to + len].copy_from_slice(&self.buffer[from..from + len]);
        }
        memory.give_back::<u32>(self.buffer.len());
        self.buffer = buffer;
        self.room = room;
        Ok(())
    }
}

/// Where the sides met: the state expanded, the roll, and the state reached by the other side.
type Meeting = (State, Dir, State);

/// What the search found: the fewest rolls, and the rolls themselves when `RECORD`.
pub(super) struct Found {
    /// The fewest rolls.
    pub(super) len: usize,
    /// A shortest sequence of rolls (empty unless recorded).
    pub(super) rolls: Vec<Dir>,
}

/// The fewest rolls (with a shortest sequence of them when `RECORD`), or `None` when
/// the goal cannot be reached; its tables taken from `memory` (and given back).
pub(super) fn search<const RECORD: bool>(
    plane: &Plane,
    memory: &mut Memory,
) -> Result<Option<Found>, OverBudget> {
    let n = plane.len().saturating_mul(4);
    let mut states = memory.vec("the search's marks", n, 0u8)?;
    let mut dirs = if RECORD {
        memory.vec("the search's rolls", n, 0u8)?
    } else {
        Vec::new()
    };
    let mut sides = [
        Side::new(plane.start, memory)?,
        Side::new(plane.goal, memory)?,
    ];
    let found = run::<RECORD>(plane, memory, &mut states, &mut dirs, &mut sides);
    memory.give_back::<u8>(states.len() + dirs.len());
    memory.give_back::<u32>(sides.iter().map(|side| side.buffer.len()).sum());
    found
}

fn run<const RECORD: bool>(
    plane: &Plane,
    memory: &mut Memory,
    states: &mut [u8],
    dirs: &mut [u8],
    sides: &mut [Side; 2],
) -> Result<Option<Found>, OverBudget> {
    plane.state_bytes(FREE, ILLEGAL, states);
    let (start, goal) = (plane.start, plane.goal);
    states[index(start)] = reached(0);
    states[index(goal)] = reached(1);
    let steps = step_table(plane);
    loop {
        let which = usize::from(sides[1].len() < sides[0].len());
        if sides[which].len() == 0 {
            return Ok(None);
        }
        let meeting = if which == 0 {
            level::<0, RECORD>(states, dirs, &steps, &mut sides[0], memory)?
        } else {
            level::<1, RECORD>(states, dirs, &steps, &mut sides[1], memory)?
        };
        let Some((from, d, meet)) = meeting else {
            continue;
        };
        let len = sides[0].depth + sides[1].depth;
        if !RECORD {
            return Ok(Some(Found {
                len,
                rolls: Vec::new(),
            }));
        }
        let (from_start, middle, from_goal) = if which == 0 {
            (from, d, meet)
        } else {
            (meet, d.opposite(), from)
        };
        let dir = |s: State| Dir::from_index(usize::from(dirs[index(s)]));
        let mut rolls = plane.chain(from_start, start, dir);
        rolls.reverse();
        rolls.push(middle);
        rolls.extend(
            plane
                .chain(from_goal, goal, dir)
                .iter()
                .map(|d| d.opposite()),
        );
        return Ok(Some(Found { len, rolls }));
    }
}

/// For each orientation and direction, how far a roll moves the state index.
fn step_table(plane: &Plane) -> [[isize; 4]; 3] {
    let mut steps = [[0; 4]; 3];
    for (o, row) in steps.iter_mut().enumerate() {
        for d in Dir::ALL {
            let o2 = next_orientation(o, d);
            row[d.index()] = 4 * plane.offset[o][d.index()] + o2 as isize - o as isize;
        }
    }
    steps
}

/// Expands one level of side `SIDE`; the meeting with the other side, if it happens.
fn level<const SIDE: usize, const RECORD: bool>(
    states: &mut [u8],
    dirs: &mut [u8],
    steps: &[[isize; 4]; 3],
    side: &mut Side,
    memory: &mut Memory,
) -> Result<Option<Meeting>, OverBudget> {
    side.make_room(memory)?;
    let mut lens = [0usize; 3];
    let room = side.room;
    let (first, second) = side.buffer.split_at_mut(3 * room);
    let (front, next) = if side.front == 0 {
        (&*first, second)
    } else {
        (&*second, first)
    };
    let (next_standing, rest) = next.split_at_mut(room);
    let (next_row, next_column) = rest.split_at_mut(room);
    let mut next = [next_standing, next_row, next_column];
    let [standing_len, row_len, column_len] = side.front_len;
    let front = (
        &front[..standing_len],
        &front[room..room + row_len],
        &front[2 * room..2 * room + column_len],
    );
    let meeting = expand::<STANDING, SIDE, RECORD>(
        states,
        dirs,
        front.0,
        steps[STANDING],
        &mut next,
        &mut lens,
    )
    .or_else(|| {
        let steps = steps[ALONG_ROW];
        expand::<ALONG_ROW, SIDE, RECORD>(states, dirs, front.1, steps, &mut next, &mut lens)
    })
    .or_else(|| {
        let steps = steps[ALONG_COLUMN];
        expand::<ALONG_COLUMN, SIDE, RECORD>(states, dirs, front.2, steps, &mut next, &mut lens)
    });
    side.front ^= 1;
    side.front_len = lens;
    side.depth += 1;
    Ok(meeting)
}

/// Expands the frontier states of orientation `O` of side `SIDE` in `front` (a roll in
/// direction `d` moves the index by `steps[d]`), writing the new states into `next`
/// (of room enough) from `lens`.
#[inline(always)]
fn expand<const O: usize, const SIDE: usize, const RECORD: bool>(
    states: &mut [u8],
    dirs: &mut [u8],
    front: &[u32],
    steps: [isize; 4],
    next: &mut [&mut [u32]; 3],
    lens: &mut [usize; 3],
) -> Option<Meeting> {
    let (mine, theirs) = (reached(SIDE), reached(1 - SIDE));
    let mut lengths = *lens;
    for &from in front {
        let from = from as usize;
        for d in Dir::ALL {
            let o2 = next_orientation(O, d);
            // In the array: a legal state's cell lies on the plane, two rows and one
            // column of padding away from the array's edges, and a roll moves the
            // top-left cell by at most two rows, or two columns (wrapping into a
            // padding row at worst).
            let to = from.wrapping_add_signed(steps[d.index()]);
            let code = states[to];
            if code == theirs {
                *lens = lengths;
                return Some((state(from), d, state(to)));
            }
            let is_free = code == FREE;
            // Free (0) becomes `mine`; `mine` and illegal (3) stay as they are. (The other
            // side's code, which `mine` would turn into 3, was caught above.)
            states[to] = code | mine;
            if RECORD {
                dirs[to] |= u8::from(is_free) * d.index() as u8;
            }
            next[o2][lengths[o2]] = to as u32;
            lengths[o2] += usize::from(is_free);
        }
    }
    *lens = lengths;
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_common::budget::MemoryBudget;

    #[test]
    fn a_side_takes_what_its_buffer_holds_and_keeps_its_frontier() {
        let mut memory = Memory::new(MemoryBudget::new(1 << 20));
        let mut side = Side::new((100, ALONG_ROW), &mut memory).expect("fits");
        for len in [1, 5, 40, 3, 200, 7, 1000, 999] {
            side.front_len = [0, len, 0];
            let room = side.room;
            side.buffer[side.front * 3 * room + room] = 7;
            side.make_room(&mut memory).expect("fits");
            assert!(side.room >= 2 * len + 2);
            assert_eq!(side.buffer[side.front * 3 * side.room + side.room], 7);
            assert_eq!(memory.used(), 4 * side.buffer.len() as u64);
        }
        assert!(side.room <= 4 * 1000 + 4, "{}", side.room);
        side.front_len = [100_000, 0, 0];
        assert!(side.make_room(&mut memory).is_err());
    }
}
