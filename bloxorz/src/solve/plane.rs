//! The padded copy of a board, its roll tables, and the memory the solver takes.
//!
//! The copy has 2 empty rows above and below and at least 1 empty column on each side
//! (its rows are widened to a power of two, so that a cell's row and column are a shift
//! and a mask): no roll from a legal state leaves the array, whatever the border of the
//! plane. A state is a cell of the copy (the box's top-left covered cell) and an
//! orientation.

use crate::case::{Case, Cell, Orientation};
use grid_common::{Dir, Pos};
use puzzle_frame::budget::{MemoryBudget, OverBudget};

/// The largest padded copy of a board the solver takes: 2^30 cells, so that a state
/// (cell and orientation) fits in 32 bits.
pub const MAX_PADDED_CELLS: usize = 1 << 30;

pub(super) const STANDING: usize = 0;
pub(super) const ALONG_ROW: usize = 1;
pub(super) const ALONG_COLUMN: usize = 2;

/// A state: a cell of the padded copy and an orientation.
pub(super) type State = (usize, usize);

/// Ground bits of a padded cell: something may rest on it.
const SOLID: u8 = 1;
/// Ground bits of a padded cell: a standing box may rest on it.
const RIGID: u8 = 2;

const fn orientation_index(o: Orientation) -> usize {
    match o {
        Orientation::Standing => STANDING,
        Orientation::AlongRow => ALONG_ROW,
        Orientation::AlongColumn => ALONG_COLUMN,
    }
}

/// The padded copy's row width (a power of two) and its number of cells, or `None` when
/// it would have more than [`MAX_PADDED_CELLS`] cells.
pub fn padded_size(rows: usize, cols: usize) -> Option<(usize, usize)> {
    let width = cols.checked_add(2)?.checked_next_power_of_two()?;
    let cells = rows.checked_add(4)?.checked_mul(width)?;
    (cells <= MAX_PADDED_CELLS).then_some((width, cells))
}

/// The new orientation after a roll, derived from [`Dir`]'s tables: a standing box lies
/// down along the roll; a lying box rolled along its length stands up; rolled sideways,
/// it keeps its orientation.
pub(super) const fn next_orientation(o: usize, d: Dir) -> usize {
    match (o, d.is_vertical()) {
        (STANDING, true) => ALONG_COLUMN,
        (STANDING, false) => ALONG_ROW,
        (ALONG_ROW, false) | (ALONG_COLUMN, true) => STANDING,
        _ => o,
    }
}

/// How far the top-left cell moves in a roll, in (rows, columns), from [`Dir`]'s deltas:
/// to the nearer of the two cells a standing box tips onto, to the cell beyond the far
/// end of a lying box rolled along its length, or one step over.
const fn roll_delta(o: usize, d: Dir) -> (isize, isize) {
    let (dr, dc) = d.delta();
    // The length of the box along the roll, minus one.
    let extent = match (o, d.is_vertical()) {
        (ALONG_ROW, false) | (ALONG_COLUMN, true) => 1,
        _ => 0,
    };
    match o {
        // Tipping over towards smaller rows/columns lands two cells away, else one.
        STANDING if dr + dc < 0 => (2 * dr, 2 * dc),
        STANDING => (dr, dc),
        // Forwards: beyond the far end; backwards, or sideways: one cell.
        _ if dr + dc > 0 => ((1 + extent) * dr, (1 + extent) * dc),
        _ => (dr, dc),
    }
}

/// The memory one solve takes, checked against the budget before each allocation.
pub(super) struct Memory {
    budget: MemoryBudget,
    used: u64,
}

impl Memory {
    pub(super) fn new(budget: MemoryBudget) -> Memory {
        Memory { budget, used: 0 }
    }

    /// Takes `count` more items of `T` for `what`, or says that the solve would go over
    /// the budget (naming `what` and the solve's total).
    pub(super) fn take<T>(&mut self, what: &str, count: usize) -> Result<(), OverBudget> {
        let bytes = (count as u64).saturating_mul(std::mem::size_of::<T>() as u64);
        let total = self.used.saturating_add(bytes);
        self.budget
            .check(&format!("solving the board ({what})"), total)?;
        self.used = total;
        Ok(())
    }

    /// Gives back `count` items of `T` taken before.
    pub(super) fn give_back<T>(&mut self, count: usize) {
        let bytes = (count as u64).saturating_mul(std::mem::size_of::<T>() as u64);
        self.used = self.used.saturating_sub(bytes);
    }

    /// A vector of `len` copies of `fill`, taken from the budget.
    pub(super) fn vec<T: Clone>(
        &mut self,
        what: &str,
        len: usize,
        fill: T,
    ) -> Result<Vec<T>, OverBudget> {
        self.take::<T>(what, len)?;
        Ok(vec![fill; len])
    }

    /// The bytes taken so far.
    #[cfg(test)]
    pub(super) fn used(&self) -> u64 {
        self.used
    }
}

/// The padded copy of a board: its ground, roll tables, start and goal.
pub(super) struct Plane {
    pub(super) width: usize,
    ground: Vec<u8>,
    /// For each orientation and direction, how far the top-left cell moves.
    pub(super) offset: [[isize; 4]; 3],
    pub(super) start: State,
    pub(super) goal: State,
}

impl Plane {
    /// The padded copy of `case`, in `memory`; `None` when it would have more than
    /// [`MAX_PADDED_CELLS`] cells.
    pub(super) fn new(case: &Case, memory: &mut Memory) -> Result<Option<Plane>, OverBudget> {
        let grid = case.grid();
        let Some((width, size)) = padded_size(grid.rows(), grid.cols()) else {
            return Ok(None);
        };
        let mut ground = memory.vec("the padded board", size, 0u8)?;
        for row in 0..grid.rows() {
            let first = (row + 2) * width + 1;
            for (g, cell) in ground[first..first + grid.cols()]
                .iter_mut()
                .zip(grid.row(row))
            {
                // Without a branch, so that the row is converted many cells at a time.
                *g = (u8::from(*cell != Cell::Empty) * SOLID)
                    | (u8::from(*cell == Cell::Rigid) * RIGID);
            }
        }
        let mut offset = [[0; 4]; 3];
        for (o, row) in offset.iter_mut().enumerate() {
            for d in Dir::ALL {
                let (dr, dc) = roll_delta(o, d);
                row[d.index()] = dr * width as isize + dc;
            }
        }
        let padded = |p: Pos| (p.row + 2) * width + p.col + 1;
        let start = (
            padded(case.start().pos),
            orientation_index(case.start().orientation),
        );
        Ok(Some(Plane {
            width,
            ground,
            offset,
            start,
            goal: (padded(case.target()), STANDING),
        }))
    }

    /// The number of cells of the padded copy.
    pub(super) fn len(&self) -> usize {
        self.ground.len()
    }

    /// The rows of the padded copy, each a slice of ground bytes (0 for an empty cell).
    pub(super) fn ground_rows(&self) -> std::slice::ChunksExact<'_, u8> {
        self.ground.chunks_exact(self.width)
    }

    /// One word per cell: `legal(o)` for every legal state of orientation `o`, else
    /// `illegal(o)`, or-ed over the three orientations.
    pub(super) fn words<T>(&self, legal: [T; 3], illegal: [T; 3], words: &mut [T])
    where
        T: Copy + Default + std::ops::BitOr<Output = T>,
    {
        let (g, w) = (&self.ground, self.width);
        // The last row is padding: every cell of the plane has its right and lower neighbours.
        let n = g.len() - w;
        let pick = |is_legal: bool, o: usize| if is_legal { legal[o] } else { illegal[o] };
        for (i, word) in words[..n].iter_mut().enumerate() {
            let (here, right, below) = (g[i], g[i + 1], g[i + w]);
            *word = pick(here & RIGID != 0, STANDING)
                | pick(here & right & SOLID != 0, ALONG_ROW)
                | pick(here & below & SOLID != 0, ALONG_COLUMN);
        }
        let none = illegal[STANDING] | illegal[ALONG_ROW] | illegal[ALONG_COLUMN];
        words[n..].fill(none);
    }

    /// One byte per state, at `4 * cell + o`: `legal` for every legal state, else
    /// `illegal` (the fourth byte of a cell too).
    pub(super) fn state_bytes(&self, legal: u8, illegal: u8, bytes: &mut [u8]) {
        let (g, w) = (&self.ground, self.width);
        let pick = |is_legal: bool| if is_legal { legal } else { illegal };
        // The last row is padding: every cell of the plane has its right and lower neighbours.
        let n = g.len() - w;
        for (i, cell) in bytes[..4 * n].chunks_exact_mut(4).enumerate() {
            let (here, right, below) = (g[i], g[i + 1], g[i + w]);
            cell[STANDING] = pick(here & RIGID != 0);
            cell[ALONG_ROW] = pick(here & right & SOLID != 0);
            cell[ALONG_COLUMN] = pick(here & below & SOLID != 0);
            cell[3] = illegal;
        }
        bytes[4 * n..].fill(illegal);
    }

    /// True when the state is legal.
    pub(super) fn legal(&self, (cell, o): State) -> bool {
        let g = |i: usize| self.ground.get(i).copied().unwrap_or(0);
        match o {
            STANDING => g(cell) & RIGID != 0,
            ALONG_ROW => g(cell) & g(cell + 1) & SOLID != 0,
            _ => g(cell) & g(cell + self.width) & SOLID != 0,
        }
    }

    /// The state reached by rolling in direction `d` (from a legal state: in the array).
    pub(super) fn roll(&self, (cell, o): State, d: Dir) -> State {
        (
            cell.wrapping_add_signed(self.offset[o][d.index()]),
            next_orientation(o, d),
        )
    }

    /// The rolls stored along the chain from `state` back to `end`, the last roll first:
    /// `dir(state)` is the roll that reached `state`.
    pub(super) fn chain(
        &self,
        mut state: State,
        end: State,
        dir: impl Fn(State) -> Dir,
    ) -> Vec<Dir> {
        let mut path = Vec::new();
        // A chain never revisits a state; the bound only guards against a broken invariant.
        let mut left = self.ground.len() * 3;
        while state != end && left > 0 {
            left -= 1;
            let d = dir(state);
            path.push(d);
            state = self.roll(state, d.opposite());
        }
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_taken_and_given_back_against_the_budget() {
        let mut memory = Memory::new(MemoryBudget::new(400));
        let table = memory.vec("the table", 60, 0u32).expect("240 bytes fit");
        assert_eq!(memory.used(), 240);
        let e = memory.vec("the other", 41, 0u32).unwrap_err();
        assert_eq!((e.needed, e.budget), (404, 400));
        assert!(e.what.contains("the other"), "{}", e.what);
        memory.give_back::<u32>(table.len());
        assert!(memory.vec("the other", 100, 0u32).is_ok());
        assert!(memory.take::<u64>("a lot", usize::MAX).is_err());
    }
}
