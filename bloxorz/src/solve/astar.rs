//! A* with a consistent estimate and a budget of expansions.
//!
//! **Cell words**, one `u16` per cell of the padded plane, 5 bits per orientation `o`
//! from bit `5o`: closed (expanded, or found illegal), the class of the state's best queue
//! entry (`f mod 3 + 1`; 0: never queued), and the direction of the roll that gave that
//! entry. A word of 0 is a cell no roll has reached: the table starts as zeroed memory,
//! which the system hands over without touching it, and a state's legality is looked up
//! on the plane the first time a roll reaches it. So the search touches the pages of the
//! cells it reaches, not the whole table.
//!
//! **The estimate.** Take the box's centre in doubled coordinates: standing on `(r, c)`
//! it is `(2r, 2c)`, lying on `(r, c)` and `(r, c + 1)` it is `(2r, 2c + 1)`, lying on
//! `(r, c)` and `(r + 1, c)` it is `(2r + 1, 2c)`. Every roll moves it along one axis only,
//! by 3 (tipping over) or 2 (rolling sideways). So from a centre `(y, x)`, standing on the
//! target `(2t_r, 2t_c)` takes at least `h = ⌈|y - 2t_r| / 3⌉ + ⌈|x - 2t_c| / 3⌉` rolls
//! (admissible), and one roll changes `h` by at most 1 (consistent).
//!
//! **Exactness.** With a consistent estimate, A* expands states in order of `f = g + h`
//! (`g`: rolls from the start), and a state's `g` is the fewest rolls to it when it is
//! expanded: otherwise the first unexpanded state on a shortest path to it would have a
//! smaller `f` and would have been expanded first. A roll raises `f` by 0, 1 or 2, so
//! three buckets (`f`, `f + 1`, `f + 2`, by `f mod 3`) hold every queued state; a state
//! is queued again only when its `f` drops, and its stored direction goes with its best
//! entry, whose `g` is `f - h`. The search stops when it expands the goal: its `f` is the
//! answer. Ties are broken last in, first out, so on open planes it runs straight at the
//! target.

use super::plane::{Plane, State, ALONG_COLUMN, ALONG_ROW};
use super::AstarBudget;
use grid_common::Dir;
use puzzle_frame::budget::{Ledger, OverBudget};

/// The class of a state that was never queued (its legality not yet looked up).
const NOT_QUEUED: u16 = 0;

/// Bit of a closed (expanded, or illegal) state of orientation `o`.
const fn closed(o: usize) -> u16 {
    1 << (5 * o)
}

/// Where the 2-bit class `f mod 3 + 1` of orientation `o`'s best entry is kept.
const fn class_shift(o: usize) -> u32 {
    5 * o as u32 + 1
}

/// Where the 2-bit direction of the roll that gave orientation `o`'s best entry is kept.
const fn dir_shift(o: usize) -> u32 {
    5 * o as u32 + 3
}

/// `x mod 3` for `x` below 6, without a division.
fn wrap3(x: usize) -> usize {
    if x >= 3 {
        x - 3
    } else {
        x
    }
}

/// How an A* run ended.
pub(super) enum Outcome {
    /// The answer: the rolls, or `None` when the goal cannot be reached.
    Done(Option<Vec<Dir>>),
    /// The budget ran out first (too many expansions, or `f` rose too far).
    OutOfBudget,
}

/// The lower bound on the rolls left, from the box's doubled centre (see the module docs).
struct Estimate {
    shift: u32,
    mask: usize,
    target_y: usize,
    target_x: usize,
}

impl Estimate {
    fn of(&self, (cell, o): State) -> usize {
        let y = 2 * (cell >> self.shift) + usize::from(o == ALONG_COLUMN);
        let x = 2 * (cell & self.mask) + usize::from(o == ALONG_ROW);
        y.abs_diff(self.target_y).div_ceil(3) + x.abs_diff(self.target_x).div_ceil(3)
    }
}

/// Runs A* within `budget`, its tables taken from `ledger` (and given back); its cell
/// words are left in `cells` for the caller to drop.
pub(super) fn search(
    plane: &Plane,
    budget: AstarBudget,
    ledger: &mut Ledger,
    cells: &mut Vec<u16>,
) -> Result<Outcome, OverBudget> {
    *cells = ledger.vec("solving the board (the A* tables)", plane.len(), 0u16)?;
    let mut buckets: [Vec<u32>; 3] = Default::default();
    let outcome = run(plane, budget, ledger, cells, &mut buckets);
    ledger.give_back::<u16>(cells.len());
    ledger.give_back::<u32>(buckets.iter().map(Vec::capacity).sum());
    outcome
}

/// Pushes `entry` onto `bucket`, taking what it grows by from `memory`.
fn push(bucket: &mut Vec<u32>, entry: usize, ledger: &mut Ledger) -> Result<(), OverBudget> {
    if bucket.len() == bucket.capacity() {
        let more = bucket.capacity().max(64);
        ledger.take::<u32>("solving the board (the A* queue)", more)?;
        bucket.reserve_exact(more);
    }
    bucket.push(entry as u32);
    Ok(())
}

#[inline(never)]
fn run(
    plane: &Plane,
    budget: AstarBudget,
    ledger: &mut Ledger,
    cells: &mut [u16],
    buckets: &mut [Vec<u32>; 3],
) -> Result<Outcome, OverBudget> {
    let shift = plane.width().trailing_zeros();
    let mask = plane.width() - 1;
    let (start, goal) = (plane.start, plane.goal);
    let estimate = Estimate {
        shift,
        mask,
        target_y: 2 * (goal.0 >> shift),
        target_x: 2 * (goal.0 & mask),
    };
    let mut f = estimate.of(start);
    // `f mod 3`: the bucket of the entries of `f`.
    let mut f3 = f % 3;
    let f_limit = f.saturating_add(budget.slack);
    let (cell, o) = start;
    cells[cell] |= (f3 as u16 + 1) << class_shift(o);
    push(&mut buckets[f3], cell << 2 | o, ledger)?;
    let mut left = budget.expansions;
    loop {
        let Some(entry) = buckets[f3].pop() else {
            if buckets.iter().all(Vec::is_empty) {
                return Ok(Outcome::Done(None));
            }
            f += 1;
            f3 = wrap3(f3 + 1);
            if f > f_limit {
                return Ok(Outcome::OutOfBudget);
            }
            continue;
        };
        let (cell, o) = (entry as usize >> 2, entry as usize & 3);
        let word = cells[cell];
        if word & closed(o) != 0 {
            continue; // Expanded already, from a better entry.
        }
        if left == 0 {
            return Ok(Outcome::OutOfBudget);
        }
        left -= 1;
        cells[cell] = word | closed(o);
        if (cell, o) == goal {
            let dir =
                |(cell, o): State| Dir::from_index(usize::from(cells[cell] >> dir_shift(o) & 3));
            let mut path = plane.chain(goal, start, dir);
            path.reverse();
            return Ok(Outcome::Done(Some(path)));
        }
        let g = f - estimate.of((cell, o));
        for d in Dir::ALL {
            // In the array: see the bidirectional search.
            let (to, o2) = plane.roll((cell, o), d);
            let word = cells[to];
            if word & closed(o2) != 0 {
                continue;
            }
            let class = word >> class_shift(o2) & 3;
            if class == NOT_QUEUED && !plane.legal((to, o2)) {
                cells[to] = word | closed(o2);
                continue;
            }
            // How far the entry's f lies above `f`: 0, 1 or 2 (consistent estimate).
            let rise = g + 1 + estimate.of((to, o2)) - f;
            // The queued entry's f lies `(class - 1 - f) mod 3` above `f`.
            if class != NOT_QUEUED && wrap3(usize::from(class) + 2 - f3) <= rise {
                continue; // Queued already with an f at least as small.
            }
            let bucket = wrap3(f3 + rise);
            cells[to] = word & !(0b1111 << class_shift(o2))
                | (bucket as u16 + 1) << class_shift(o2)
                | (d.index() as u16) << dir_shift(o2);
            push(&mut buckets[bucket], to << 2 | o2, ledger)?;
        }
    }
}
