//! The bidirectional breadth-first search.
//!
//! **State bytes.** One byte per state, in three planes of one byte per cell of the
//! padded plane (`n` cells), one per orientation: the state `(cell, o)` at index
//! `o * n + cell`. A byte is 0 free (legal, not reached), 1 reached from the start, 2
//! reached from the target, 3 illegal. The first plane takes over the ground's own
//! memory ([`Plane::take_state_planes`]), so the search adds two bytes a cell to what the
//! plane already touched. A roll from orientation `O` in direction `d` moves a state index
//! by a constant, `(cell offset) + (o2 - O) * n`, so a roll is one addition, one load and
//! one compare; a state's orientation is two compares of its index. When the rolls are
//! wanted, a second byte per state, in the same layout, holds the direction of the roll
//! that reached it.
//!
//! **The search** expands whole levels, always of the side with the smaller frontier.
//! Each side keeps one first-in, first-out queue of state indices: a level is the states
//! queued when it begins, and its new states go to the back. A maze has tens of
//! thousands of levels of a few states each, so a level costs a few instructions to
//! start. A state's orientation picks its roll offsets (a masked look-up, no branch),
//! and its four rolls are written out. In a small level a roll that meets a state this
//! side reached, or an illegal one, costs one test of the state's byte; a wide level
//! ([`WIDE_LEVEL`]) writes and queues every state it rolls onto, and its queue only grows
//! when the state was free, so that open ground costs no mispredicted branches.
//!
//! **Exactness.** While the sides have expanded `a` and `b` levels without meeting, the
//! answer is more than `a + b`: on a shortest path of length `D`, the placement at
//! distance `min(a, D)` from the start would have been reached by both sides. So the
//! first placement reached by both sides, found while expanding level `a` to `a + 1`, is
//! at distance `b` from the target, and the answer is `a + 1 + b`. A side whose frontier
//! runs out has reached every placement it can: the target is then unreachable.

use super::plane::{next_orientation, Plane, State};
use grid_common::Dir;
use puzzle_frame::budget::{Ledger, OverBudget};

/// The code of a free state.
const FREE: u8 = 0;
/// The code of an illegal state.
const ILLEGAL: u8 = 3;

/// The fewest states in a level that is expanded without a branch on whether a roll
/// reaches a new state: on open ground (rooms-500-6: levels of hundreds of states) the
/// branch is mispredicted often enough to cost more time than the instructions it saves
/// (a branchless roll takes about 14 instructions, a branching one 6 to 12); in mazes,
/// levels are small and the rolls' outcomes regular. Measured on rooms-500-6: always
/// branching, 28.4M instructions and 7.7 ms; from 128 states, 39.1M and 5.2 ms; from
/// 384, 37.9M and 5.5 ms (mazes stay under 128).
pub(super) const WIDE_LEVEL: usize = 384;

/// The code of a state reached by `side` (0: from the start, 1: from the target).
const fn reached(side: usize) -> u8 {
    side as u8 + 1
}

/// Where a state's byte lies: plane `o` of three planes of `n` bytes.
#[derive(Clone, Copy)]
struct Planes {
    n: usize,
}

impl Planes {
    /// The index of a state's byte.
    fn index(self, (cell, o): State) -> usize {
        o * self.n + cell
    }

    /// The orientation of a byte's index, without a branch.
    #[inline(always)]
    fn orientation(self, index: usize) -> usize {
        usize::from(index >= self.n) + usize::from(index >= 2 * self.n)
    }

    /// The state of a byte's index.
    fn state(self, index: usize) -> State {
        let o = self.orientation(index);
        (index - o * self.n, o)
    }
}

/// One side of the search: a first-in, first-out queue of state indices,
/// `buffer[head..tail]`; between levels, the frontier. The queue moves back to the start
/// of its buffer only when the buffer would run out of room.
struct Side {
    buffer: Vec<u32>,
    head: usize,
    tail: usize,
    /// The levels expanded so far.
    depth: usize,
}

impl Side {
    fn new(start: usize, ledger: &mut Ledger) -> Result<Side, OverBudget> {
        let mut buffer = ledger.vec("solving the board (the search's frontiers)", 64, 0u32)?;
        buffer[0] = start as u32;
        Ok(Side {
            buffer,
            head: 0,
            tail: 1,
            depth: 0,
        })
    }

    /// The states queued: between levels, the frontier.
    fn len(&self) -> usize {
        self.tail - self.head
    }

    /// Makes room for the next level: each state queues at most four states (and a
    /// branchless roll writes one entry past the queue).
    #[inline(always)]
    fn make_room(&mut self, ledger: &mut Ledger) -> Result<(), OverBudget> {
        let more = 4 * self.len() + 1;
        if self.tail + more > self.buffer.len() {
            self.rearrange(more, ledger)?;
        }
        Ok(())
    }

    /// Moves the queue back to the start of a buffer of twice the room it and `more`
    /// entries need (the same buffer when that is no more than it has).
    #[cold]
    fn rearrange(&mut self, more: usize, ledger: &mut Ledger) -> Result<(), OverBudget> {
        let need = self.len().saturating_add(more).saturating_mul(2);
        if need <= self.buffer.len() {
            self.buffer.copy_within(self.head..self.tail, 0);
        } else {
            let room = need.max(2 * self.buffer.len());
            let mut buffer =
                ledger.vec("solving the board (the search's frontiers)", room, 0u32)?;
            buffer[..self.len()].copy_from_slice(&self.buffer[self.head..self.tail]);
            ledger.give_back::<u32>(self.buffer.len());
            self.buffer = buffer;
        }
        self.tail -= self.head;
        self.head = 0;
        Ok(())
    }
}

/// Where the sides met: the index of the state expanded, the roll, and the index of the
/// state reached by the other side.
type Meeting = (usize, Dir, usize);

/// What the search found: the fewest rolls, and the rolls themselves when `RECORD`.
pub(super) struct Found {
    /// The fewest rolls.
    pub(super) len: usize,
    /// A shortest sequence of rolls (empty unless recorded).
    pub(super) rolls: Vec<Dir>,
}

/// Where the search keeps its state bytes (and the rolls' bytes when `RECORD`): left
/// there for the caller to drop.
pub(super) struct Tables<'a> {
    pub(super) states: &'a mut Vec<u8>,
    pub(super) dirs: &'a mut Vec<u8>,
}

/// The fewest rolls (with a shortest sequence of them when `RECORD`), or `None` when
/// the goal cannot be reached; its tables taken from `ledger` (and given back), the big
/// ones made in `tables`. It takes the plane's ground over for its state bytes (the plane
/// keeps its geometry and roll tables). Levels of `wide_level` states or more are
/// expanded without branching ([`WIDE_LEVEL`]).
pub(super) fn search<const RECORD: bool>(
    plane: &mut Plane,
    ledger: &mut Ledger,
    tables: Tables<'_>,
    wide_level: usize,
) -> Result<Option<Found>, OverBudget> {
    let planes = Planes { n: plane.len() };
    let Tables { states, dirs } = tables;
    // The ground is charged already: its memory becomes the first plane.
    ledger.take::<u8>(
        "solving the board (the search's marks)",
        planes.n.saturating_mul(2),
    )?;
    *states = plane.take_state_planes(FREE, ILLEGAL);
    if RECORD {
        *dirs = ledger.vec("solving the board (the search's rolls)", states.len(), 0u8)?;
    }
    let mut sides = [
        Side::new(planes.index(plane.start), ledger)?,
        Side::new(planes.index(plane.goal), ledger)?,
    ];
    let found = run::<RECORD>(plane, planes, ledger, states, dirs, &mut sides, wide_level);
    ledger.give_back::<u8>(states.len() + dirs.len());
    ledger.give_back::<u32>(sides.iter().map(|side| side.buffer.len()).sum());
    found
}

#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn run<const RECORD: bool>(
    plane: &Plane,
    planes: Planes,
    ledger: &mut Ledger,
    states: &mut [u8],
    dirs: &mut [u8],
    sides: &mut [Side; 2],
    wide_level: usize,
) -> Result<Option<Found>, OverBudget> {
    let (start, goal) = (plane.start, plane.goal);
    states[planes.index(start)] = reached(0);
    states[planes.index(goal)] = reached(1);
    let steps = step_table(plane, planes);
    loop {
        let which = usize::from(sides[1].len() < sides[0].len());
        if sides[which].len() == 0 {
            return Ok(None);
        }
        let wide = sides[which].len() >= wide_level;
        let side = &mut sides[which];
        let meeting = match (which, wide) {
            (0, false) => level::<0, false, RECORD>(states, dirs, &steps, planes, side, ledger)?,
            (0, true) => level::<0, true, RECORD>(states, dirs, &steps, planes, side, ledger)?,
            (_, false) => level::<1, false, RECORD>(states, dirs, &steps, planes, side, ledger)?,
            _ => level::<1, true, RECORD>(states, dirs, &steps, planes, side, ledger)?,
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
        let (from, meet) = (planes.state(from), planes.state(meet));
        let (from_start, middle, from_goal) = if which == 0 {
            (from, d, meet)
        } else {
            (meet, d.opposite(), from)
        };
        let dir = |s: State| Dir::from_index(usize::from(dirs[planes.index(s)]));
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

/// For each orientation and direction, how far a roll moves the state index; a fourth
/// row of zeros, so that an orientation picks its row with a mask and no bounds check (no
/// state has orientation 3).
fn step_table(plane: &Plane, planes: Planes) -> [[isize; 4]; 4] {
    let mut steps = [[0; 4]; 4];
    let n = planes.n as isize;
    for (o, row) in steps.iter_mut().take(3).enumerate() {
        for d in Dir::ALL {
            let o2 = next_orientation(o, d);
            row[d.index()] = plane.offset[o][d.index()] + (o2 as isize - o as isize) * n;
        }
    }
    steps
}

/// Expands one level of side `SIDE`, the states queued now (with [`roll`]'s
/// `BRANCHLESS` variant when `WIDE`); the meeting with the other side, if it happens.
fn level<const SIDE: usize, const WIDE: bool, const RECORD: bool>(
    states: &mut [u8],
    dirs: &mut [u8],
    steps: &[[isize; 4]; 4],
    planes: Planes,
    side: &mut Side,
    ledger: &mut Ledger,
) -> Result<Option<Meeting>, OverBudget> {
    side.make_room(ledger)?;
    let (front, next) = side.buffer.split_at_mut(side.tail);
    let mut wave = Wave {
        states,
        dirs,
        next,
        queued: 0,
    };
    let mut meeting = None;
    for &from in &front[side.head..] {
        let from = from as usize;
        // The state's orientation picks its offsets, without a branch.
        let steps = &steps[planes.orientation(from) & 3];
        if let Err(met) = rolls::<SIDE, WIDE, RECORD>(&mut wave, from, steps) {
            meeting = Some(met);
            break;
        }
    }
    side.head = side.tail;
    side.tail += wave.queued;
    side.depth += 1;
    Ok(meeting)
}

/// What one level's rolls write: the states' codes, the directions that reached them, and
/// the next level's queue (of room enough) with the states `queued` in it so far.
struct Wave<'a> {
    states: &'a mut [u8],
    dirs: &'a mut [u8],
    next: &'a mut [u32],
    queued: usize,
}

/// The four rolls of the state at index `from` (a roll in direction `d` moves the index
/// by `steps[d]`), written out so that each knows its direction at compile time; `Err`
/// with the meeting.
#[inline(always)]
fn rolls<const SIDE: usize, const BRANCHLESS: bool, const RECORD: bool>(
    wave: &mut Wave<'_>,
    from: usize,
    steps: &[isize; 4],
) -> Result<(), Meeting> {
    roll::<0, SIDE, BRANCHLESS, RECORD>(wave, from, steps)?;
    roll::<1, SIDE, BRANCHLESS, RECORD>(wave, from, steps)?;
    roll::<2, SIDE, BRANCHLESS, RECORD>(wave, from, steps)?;
    roll::<3, SIDE, BRANCHLESS, RECORD>(wave, from, steps)
}

/// Rolls the state at index `from` (reached by side `SIDE`) in direction `D`: marks a
/// free state reached and queues it in the wave's `next`; `Err` with the meeting when the
/// other side reached it. `BRANCHLESS`: the state is written and queued whatever it was,
/// and the queue only grows when it was free.
#[inline(always)]
fn roll<const D: usize, const SIDE: usize, const BRANCHLESS: bool, const RECORD: bool>(
    wave: &mut Wave<'_>,
    from: usize,
    steps: &[isize; 4],
) -> Result<(), Meeting> {
    let Wave {
        states,
        dirs,
        next,
        queued,
    } = wave;
    let mine = reached(SIDE);
    // In the array: a legal state's cell lies on the plane, two rows and one column of
    // padding away from the array's edges, and a roll moves the top-left cell by at
    // most two rows, or two columns (wrapping into a padding row at worst).
    let to = from.wrapping_add_signed(steps[D]);
    let code = states[to];
    if BRANCHLESS {
        if code == reached(1 - SIDE) {
            return Err((from, Dir::from_index(D), to));
        }
        let is_free = code == FREE;
        // Free (0) becomes `mine`; `mine` and illegal (3) stay as they are.
        states[to] = code | mine;
        if RECORD {
            dirs[to] |= u8::from(is_free) * D as u8;
        }
        next[*queued] = to as u32;
        *queued += usize::from(is_free);
        return Ok(());
    }
    // Reached by this side already, or illegal.
    if code & mine != 0 {
        return Ok(());
    }
    if code != FREE {
        return Err((from, Dir::from_index(D), to));
    }
    states[to] = mine;
    if RECORD {
        dirs[to] = D as u8;
    }
    next[*queued] = to as u32;
    *queued += 1;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_all;
    use crate::{reference, replay};
    use puzzle_frame::budget::MemoryBudget;
    use puzzle_frame::rng::Rng;

    /// A random board of `rows` x `cols`, mostly open, so that levels grow wide.
    fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> String {
        let mut cells: Vec<Vec<u8>> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| match rng.below(20) {
                        0..=2 => b'#',
                        3 => b'E',
                        _ => b'.',
                    })
                    .collect()
            })
            .collect();
        let pick = |rng: &mut Rng| (rng.below(rows), rng.below(cols));
        let (r, c) = pick(rng);
        cells[r][c] = b'O';
        let (r, c) = pick(rng);
        if cells[r][c] != b'O' {
            cells[r][c] = b'X';
        }
        let mut text = format!("{rows} {cols}\n");
        for line in cells {
            text.push_str(std::str::from_utf8(&line).expect("ASCII"));
            text.push('\n');
        }
        text
    }

    #[test]
    fn branchless_and_branching_levels_find_the_same_shortest_rolls() {
        let mut rng = Rng::new(7);
        let mut wide_levels = 0;
        for _ in 0..400 {
            let (rows, cols) = (3 + rng.below(22), 3 + rng.below(22));
            let input = random_board(&mut rng, rows, cols);
            let Ok(cases) = parse_all(input.as_bytes()) else {
                continue; // No start placed (the target took its cell).
            };
            let case = &cases[0];
            let truth = reference::count(case);
            // Every level branchless, none, and mixed.
            for wide_level in [0, usize::MAX, 4] {
                let mut ledger = Ledger::new(MemoryBudget::new(1 << 26));
                // The search takes its plane's ground over: one plane per search.
                let plane = || Plane::new(case, &mut Ledger::new(MemoryBudget::new(1 << 26)));
                let plane = || plane().expect("fits").expect("small");
                let (mut counting, mut recording) = (plane(), plane());
                if counting.start == counting.goal {
                    continue;
                }
                let (mut states, mut dirs) = (Vec::new(), Vec::new());
                let tables = Tables {
                    states: &mut states,
                    dirs: &mut dirs,
                };
                let count =
                    search::<false>(&mut counting, &mut ledger, tables, wide_level).expect("fits");
                let tables = Tables {
                    states: &mut states,
                    dirs: &mut dirs,
                };
                let found =
                    search::<true>(&mut recording, &mut ledger, tables, wide_level).expect("fits");
                assert_eq!(count.map(|f| f.len), truth, "{wide_level}\n{input}");
                let Some(found) = found else {
                    assert_eq!(truth, None, "{input}");
                    continue;
                };
                assert_eq!(Some(found.rolls.len()), truth, "{wide_level}\n{input}");
                let replayed = replay::replay(case, &found.rolls).expect("legal rolls");
                assert!(replayed.solved, "{wide_level}\n{input}");
                if wide_level == 4 && found.len > 6 {
                    wide_levels += 1;
                }
            }
        }
        assert!(wide_levels > 50, "{wide_levels}");
    }

    #[test]
    fn a_side_takes_what_its_buffer_holds_and_keeps_its_queue() {
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 20));
        let mut side = Side::new(100, &mut ledger).expect("fits");
        // (states queued, states consumed before them)
        for (len, gone) in [
            (2, 0),
            (5, 3),
            (40, 1),
            (3, 30),
            (200, 9),
            (7, 100),
            (1000, 0),
        ] {
            let room = side.buffer.len();
            // Queue `len` states after `gone` consumed ones, as far back as the room allows.
            side.head = gone.min(room.saturating_sub(len));
            side.tail = side.head + len;
            let queued = side.tail <= room;
            if queued {
                side.buffer[side.head] = 7;
                side.buffer[side.tail - 1] = 8;
            }
            side.make_room(&mut ledger).expect("fits");
            assert!(side.tail + 4 * len < side.buffer.len());
            assert_eq!(side.len(), len);
            if queued {
                assert_eq!((side.buffer[side.head], side.buffer[side.tail - 1]), (7, 8));
            }
            assert_eq!(ledger.used(), 4 * side.buffer.len() as u64);
        }
        assert!(
            side.buffer.len() <= 2 * (5 * 1000 + 4),
            "{}",
            side.buffer.len()
        );
        (side.head, side.tail) = (0, 100_000);
        assert!(side.make_room(&mut ledger).is_err());
    }
}
