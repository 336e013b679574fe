//! The fast solver: a bidirectional breadth-first search over dense states.
//!
//! **States.** A state is a placement of the box: its top-left covered cell in a padded
//! copy of the plane and its orientation. The copy has 2 empty rows above and below and
//! 1 empty column on each side, so that no roll from a legal state can leave the array,
//! whatever the border of the plane.
//!
//! **One `u16` per cell** holds what the search knows about the cell's three states:
//! which are still free (legal and not reached yet), which were reached from the start
//! and which from the target, and the direction of the roll that reached each one.
//! A roll is legal exactly when the placement it leads to is legal (its cells are not
//! empty, and a standing box is on a rigid cell), so a roll is one look-up and one bit
//! test. The roll tables are derived from [`Dir`]'s direction tables.
//!
//! **The search.** Rolling is reversible (rolling back the other way undoes a roll), so
//! the graph of placements is undirected and the target's side searches with the same
//! rolls. The search expands whole levels, always of the side with the smaller frontier.
//! Each frontier is kept as three lists of cells, one per orientation, so that the inner
//! loop knows its orientation at compile time, and it is written without branches on
//! the board's contents (a state is written and pushed unconditionally, and the list
//! only grows when the state was free).
//!
//! **Exactness.** While the sides have expanded `a` and `b` levels without meeting, the
//! answer is more than `a + b`: on a shortest path of length `D`, the placement at
//! distance `min(a, D)` from the start would have been reached by both sides. So the
//! first placement reached by both sides, found while expanding level `a` to `a + 1`, is
//! at distance `b` from the target, and the answer is `a + 1 + b`. A side whose frontier
//! runs out has reached every placement it can: the target is then unreachable (so a
//! walled-in target, or a walled-in start, is found at once).

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

/// The padded copy's row width and its number of cells, or `None` when it would not fit
/// 32-bit state indices (more than [`crate::parse::MAX_PADDED_CELLS`] cells). The parser
/// rejects such boards.
pub fn padded_size(rows: usize, cols: usize) -> Option<(usize, usize)> {
    let width = cols.checked_add(2)?;
    let cells = rows.checked_add(4)?.checked_mul(width)?;
    (cells <= crate::parse::MAX_PADDED_CELLS).then_some((width, cells))
}

/// The new orientation after a roll, derived from [`Dir`]'s tables: a standing box lies
/// down along the roll; a lying box rolled along its length stands up; rolled sideways,
/// it keeps its orientation.
const fn next_orientation(o: usize, d: Dir) -> usize {
    match (o, d.is_vertical()) {
        (STANDING, true) => ALONG_COLUMN,
        (STANDING, false) => ALONG_ROW,
        (ALONG_ROW, false) | (ALONG_COLUMN, true) => STANDING,
        _ => o,
    }
}

/// How far the top-left cell moves in a roll, in (rows, columns), from [`Dir`]'s deltas:
/// the new top-left cell is the nearer of the two cells the box tips onto, or the cell
/// beyond the far end of a lying box rolled along its length, or one step over.
const fn roll_delta(o: usize, d: Dir) -> (isize, isize) {
    let (dr, dc) = d.delta();
    // The length of the box along the roll, minus one.
    let extent = match (o, d.is_vertical()) {
        (ALONG_ROW, false) | (ALONG_COLUMN, true) => 1,
        _ => 0,
    };
    match o {
        // Tipping over towards negative rows/columns lands two cells away, else one.
        STANDING if dr + dc < 0 => (2 * dr, 2 * dc),
        STANDING => (dr, dc),
        // Along its length: beyond the far end (1 + extent cells) forwards, one cell back.
        _ if dr + dc > 0 => ((1 + extent) * dr, (1 + extent) * dc),
        _ => (dr, dc),
    }
}

/// The roll tables for a padded row width.
struct Rolls {
    offset: [[isize; 4]; 3],
}

impl Rolls {
    fn new(width: usize) -> Rolls {
        let mut offset = [[0; 4]; 3];
        for (o, row) in offset.iter_mut().enumerate() {
            for d in Dir::ALL {
                let (dr, dc) = roll_delta(o, d);
                row[d.index()] = dr * width as isize + dc;
            }
        }
        Rolls { offset }
    }

    /// The state `(cell, orientation)` reached by rolling in direction `d`.
    fn roll(&self, (cell, o): (usize, usize), d: Dir) -> (usize, usize) {
        (
            cell.wrapping_add_signed(self.offset[o][d.index()]),
            next_orientation(o, d),
        )
    }
}

/// One side of the search: its frontier, one list of cells per orientation.
struct Side {
    front: [Vec<u32>; 3],
    next: [Vec<u32>; 3],
}

impl Side {
    fn new((cell, o): (usize, usize)) -> Side {
        let mut front: [Vec<u32>; 3] = Default::default();
        front[o].push(cell as u32);
        Side {
            front,
            next: Default::default(),
        }
    }

    fn len(&self) -> usize {
        self.front.iter().map(Vec::len).sum()
    }
}

/// Where the sides met: the state expanded, the roll, and the state reached by the other side.
type Meeting = ((usize, usize), Dir, (usize, usize));

/// The fewest rolls from the start to standing on the target, or `None` when the target
/// cannot be reached. Returns one shortest sequence of rolls.
pub fn solve(board: &Board) -> Option<Vec<Dir>> {
    let grid = board.grid();
    // The parser rejects boards too large for 32-bit state indices.
    let (width, size) = padded_size(grid.rows(), grid.cols())?;
    let padded = |p: Pos| (p.row + 2) * width + p.col + 1;
    let mut cells = legal_states(board, width, size);
    let rolls = Rolls::new(width);
    let start = (
        padded(board.start().pos),
        orientation_index(board.start().orientation),
    );
    let goal = (padded(board.target()), STANDING);
    if start == goal {
        return Some(Vec::new());
    }
    for (side, &(cell, o)) in [start, goal].iter().enumerate() {
        cells[cell] = cells[cell] & !free(o) | reached(side, o);
    }
    let mut sides = [Side::new(start), Side::new(goal)];
    loop {
        let side = usize::from(sides[1].len() < sides[0].len());
        if sides[side].len() == 0 {
            return None;
        }
        if let Some((from, d, meet)) = expand_level(&mut cells, &rolls, &mut sides[side], side) {
            let (from_start, middle, from_goal) = if side == 0 {
                (from, d, meet)
            } else {
                (meet, d.opposite(), from)
            };
            let mut path = chain(&cells, &rolls, from_start, start);
            path.reverse();
            path.push(middle);
            path.extend(
                chain(&cells, &rolls, from_goal, goal)
                    .iter()
                    .map(|d| d.opposite()),
            );
            return Some(path);
        }
    }
}

/// The cell words with every legal state free.
fn legal_states(board: &Board, width: usize, size: usize) -> Vec<u16> {
    let grid = board.grid();
    let mut ground = vec![Cell::Empty; size];
    for row in 0..grid.rows() {
        let first = (row + 2) * width + 1;
        ground[first..first + grid.cols()].copy_from_slice(grid.row(row));
    }
    let mut cells = vec![0u16; size];
    // The last row is padding: every cell of the plane has its right and lower neighbours.
    for (i, word) in cells.iter_mut().enumerate().take(size - width) {
        let (here, right, below) = (ground[i], ground[i + 1], ground[i + width]);
        if here == Cell::Rigid {
            *word |= free(STANDING);
        }
        if here != Cell::Empty && right != Cell::Empty {
            *word |= free(ALONG_ROW);
        }
        if here != Cell::Empty && below != Cell::Empty {
            *word |= free(ALONG_COLUMN);
        }
    }
    cells
}

/// Expands one level of `side`; the meeting with the other side, if it happens.
fn expand_level(
    cells: &mut [u16],
    rolls: &Rolls,
    side: &mut Side,
    which: usize,
) -> Option<Meeting> {
    // Each state pushes at most two states into each list.
    let room = 2 * side.len() + 2;
    let mut lens = [0usize; 3];
    for next in &mut side.next {
        next.clear();
        next.resize(room, 0);
    }
    let meeting = expand::<STANDING>(cells, rolls, side, which, &mut lens)
        .or_else(|| expand::<ALONG_ROW>(cells, rolls, side, which, &mut lens))
        .or_else(|| expand::<ALONG_COLUMN>(cells, rolls, side, which, &mut lens));
    for (next, len) in side.next.iter_mut().zip(lens) {
        next.truncate(len);
    }
    std::mem::swap(&mut side.front, &mut side.next);
    meeting
}

/// Expands the frontier states of orientation `O`, appending to `side.next` (of room
/// enough) at `lens`.
fn expand<const O: usize>(
    cells: &mut [u16],
    rolls: &Rolls,
    side: &mut Side,
    which: usize,
    lens: &mut [usize; 3],
) -> Option<Meeting> {
    let offsets = rolls.offset[O];
    let reached_shift = 3 + 3 * which as u32;
    let other_shift = 3 + 3 * (1 - which as u32);
    for &cell in &side.front[O] {
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

/// The rolls stored along the chain from `state` back to `end` (its side's first state),
/// the last roll first.
fn chain(cells: &[u16], rolls: &Rolls, mut state: (usize, usize), end: (usize, usize)) -> Vec<Dir> {
    let mut path = Vec::new();
    // A chain never revisits a state; the bound only guards against a broken invariant.
    let mut budget = cells.len() * 3;
    while state != end && budget > 0 {
        budget -= 1;
        let d = Dir::from_index(usize::from(cells[state.0] >> dir_shift(state.1) & 3));
        path.push(d);
        state = rolls.roll(state, d.opposite());
    }
    path
}
