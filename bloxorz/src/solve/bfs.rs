//! The bidirectional breadth-first search.
//!
//! **Cell bytes.** Two bits per orientation `o`, from bit `2o`: 0 free (legal, not
//! reached), 1 reached from the start, 2 reached from the target, 3 illegal. When the
//! rolls are wanted, a second byte per cell holds, 2 bits per orientation, the direction
//! of the roll that reached each state.
//!
//! **The search** expands whole levels, always of the side with the smaller frontier.
//! Each frontier is kept as three lists of cells, one per orientation, so that the inner
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

/// The 2-bit code of a free state.
const FREE: u8 = 0;
/// The 2-bit code of an illegal state.
const ILLEGAL: u8 = 3;

/// The 2-bit code of a state reached by `side` (0: from the start, 1: from the target).
const fn reached(side: usize) -> u8 {
    side as u8 + 1
}

/// One side of the search: its frontier, one list of cells per orientation (the first
/// `front_len[o]` cells of `front[o]`), and room for the next one. The lists only grow,
/// so that a level costs nothing but its states.
struct Side {
    front: [Vec<u32>; 3],
    front_len: [usize; 3],
    next: [Vec<u32>; 3],
    /// The levels expanded so far.
    depth: usize,
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
            depth: 0,
        }
    }

    fn len(&self) -> usize {
        self.front_len.iter().sum()
    }

    fn capacity(&self) -> usize {
        self.front.iter().chain(&self.next).map(Vec::capacity).sum()
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
    let n = plane.len();
    let mut cells = memory.vec("the search's marks", n, 0u8)?;
    let mut dirs = if RECORD {
        memory.vec("the search's rolls", n, 0u8)?
    } else {
        Vec::new()
    };
    let mut sides = [Side::new(plane.start), Side::new(plane.goal)];
    let found = run::<RECORD>(plane, memory, &mut cells, &mut dirs, &mut sides);
    memory.give_back::<u8>(cells.len() + dirs.len());
    memory.give_back::<u32>(sides.iter().map(Side::capacity).sum());
    found
}

fn run<const RECORD: bool>(
    plane: &Plane,
    memory: &mut Memory,
    cells: &mut [u8],
    dirs: &mut [u8],
    sides: &mut [Side; 2],
) -> Result<Option<Found>, OverBudget> {
    let free = [
        FREE << (2 * STANDING),
        FREE << (2 * ALONG_ROW),
        FREE << (2 * ALONG_COLUMN),
    ];
    let illegal = [
        ILLEGAL << (2 * STANDING),
        ILLEGAL << (2 * ALONG_ROW),
        ILLEGAL << (2 * ALONG_COLUMN),
    ];
    plane.words(free, illegal, cells);
    let (start, goal) = (plane.start, plane.goal);
    for (side, &(cell, o)) in [start, goal].iter().enumerate() {
        cells[cell] = cells[cell] & !(3 << (2 * o)) | reached(side) << (2 * o);
    }
    loop {
        let which = usize::from(sides[1].len() < sides[0].len());
        let side = &mut sides[which];
        if side.len() == 0 {
            return Ok(None);
        }
        // Each state pushes at most two states into each list.
        let room = 2 * side.len() + 2;
        for next in &mut side.next {
            memory.grow("the search's frontiers", next, room, 0)?;
        }
        let meeting = expand_level::<RECORD>(cells, dirs, plane, side, which);
        side.depth += 1;
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
        let dir = |(cell, o): State| Dir::from_index(usize::from(dirs[cell] >> (2 * o) & 3));
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

/// Expands one level of `side`; the meeting with the other side, if it happens.
fn expand_level<const RECORD: bool>(
    cells: &mut [u8],
    dirs: &mut [u8],
    plane: &Plane,
    side: &mut Side,
    which: usize,
) -> Option<Meeting> {
    let mut lens = [0usize; 3];
    let [next_standing, next_row, next_column] = &mut side.next;
    let mut next = [
        next_standing.as_mut_slice(),
        next_row.as_mut_slice(),
        next_column.as_mut_slice(),
    ];
    let front = |o: usize| &side.front[o][..side.front_len[o]];
    let meeting = expand::<STANDING, RECORD>(
        cells,
        dirs,
        plane,
        front(STANDING),
        &mut next,
        &mut lens,
        which,
    )
    .or_else(|| {
        expand::<ALONG_ROW, RECORD>(
            cells,
            dirs,
            plane,
            front(ALONG_ROW),
            &mut next,
            &mut lens,
            which,
        )
    })
    .or_else(|| {
        expand::<ALONG_COLUMN, RECORD>(
            cells,
            dirs,
            plane,
            front(ALONG_COLUMN),
            &mut next,
            &mut lens,
            which,
        )
    });
    std::mem::swap(&mut side.front, &mut side.next);
    side.front_len = lens;
    meeting
}

/// Expands the frontier states of orientation `O` in `front`, writing the new states
/// into `next` (of room enough) from `lens`.
fn expand<const O: usize, const RECORD: bool>(
    cells: &mut [u8],
    dirs: &mut [u8],
    plane: &Plane,
    front: &[u32],
    next: &mut [&mut [u32]; 3],
    lens: &mut [usize; 3],
    which: usize,
) -> Option<Meeting> {
    let offsets = plane.offset[O];
    let (mine, theirs) = (reached(which), reached(1 - which));
    for &cell in front {
        let cell = cell as usize;
        for d in Dir::ALL {
            let o2 = next_orientation(O, d);
            let shift = 2 * o2;
            // In the array: a legal state's cell lies on the plane, two rows and one
            // column of padding away from the array's edges, and a roll moves the
            // top-left cell by at most two rows, or two columns (wrapping into a
            // padding row at worst).
            let to = cell.wrapping_add_signed(offsets[d.index()]);
            let word = cells[to];
            let code = word >> shift & 3;
            if code == theirs {
                return Some(((cell, O), d, (to, o2)));
            }
            let is_free = u8::from(code == FREE);
            cells[to] = word | (is_free * mine) << shift;
            if RECORD {
                dirs[to] |= (is_free * d.index() as u8) << shift;
            }
            next[o2][lens[o2]] = to as u32;
            lens[o2] += usize::from(is_free);
        }
    }
    None
}
