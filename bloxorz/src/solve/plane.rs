//! The padded copy of a board and its roll tables.
//!
//! **Layout.** The copy is a [`Padded`] board, one ground byte per cell, row-major: 2 empty
//! rows above and below and at least 1 empty column on each side (its rows are widened to
//! a power of two, so that a cell's row and column are a shift and a mask): no roll from a
//! legal state leaves the array, whatever the border of the plane. A state is a cell of
//! the copy (the box's top-left covered cell) and an orientation; a roll moves the cell by
//! an offset per orientation and direction ([`Padded::offset_of`]).
//!
//! **Ground byte**: bit 0 set when something may rest on the cell, bit 1 when a standing
//! box may (0 for an empty cell).

use crate::case::{Case, Cell, Orientation};
use grid_common::{Dir, Padded, Pos};
use puzzle_frame::budget::{Ledger, OverBudget};

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

/// For each orientation, the ground bit both cells of a legal state have (no state has
/// orientation 3).
const NEED: [u8; 4] = [RIGID, SOLID, SOLID, 0];

const fn orientation_index(o: Orientation) -> usize {
    match o {
        Orientation::Standing => STANDING,
        Orientation::AlongRow => ALONG_ROW,
        Orientation::AlongColumn => ALONG_COLUMN,
    }
}

/// The padded board of a `rows` x `cols` plane, or `None` when it would have more than
/// [`MAX_PADDED_CELLS`] cells.
pub fn padded(rows: usize, cols: usize) -> Option<Padded> {
    Padded::with_margins(rows, cols, 2, 1, true).filter(|board| board.len() <= MAX_PADDED_CELLS)
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

/// The padded copy of a board: its ground, roll tables, start and goal.
pub(super) struct Plane {
    pub(super) board: Padded,
    ground: Vec<u8>,
    /// For each orientation and direction, how far the top-left cell moves.
    pub(super) offset: [[isize; 4]; 3],
    /// For each orientation, how far the box's second cell lies from its first (0 standing).
    partner: [usize; 4],
    pub(super) start: State,
    pub(super) goal: State,
}

impl Plane {
    /// The padded copy of `case`, charged to `ledger`; `None` when it would have more than
    /// [`MAX_PADDED_CELLS`] cells.
    pub(super) fn new(case: &Case, ledger: &mut Ledger) -> Result<Option<Plane>, OverBudget> {
        let grid = case.grid();
        let Some(board) = padded(grid.rows(), grid.cols()) else {
            return Ok(None);
        };
        let mut ground = ledger.vec("solving the board (the padded board)", board.len(), 0u8)?;
        for row in 0..grid.rows() {
            let first = board.index(Pos::new(row, 0));
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
                row[d.index()] = board.offset_of(dr, dc);
            }
        }
        let start = (
            board.index(case.start().pos),
            orientation_index(case.start().orientation),
        );
        Ok(Some(Plane {
            board,
            ground,
            offset,
            partner: [0, 1, board.width(), 0],
            start,
            goal: (board.index(case.target()), STANDING),
        }))
    }

    /// The length of a row of the padded copy (a power of two).
    pub(super) fn width(&self) -> usize {
        self.board.width()
    }

    /// The number of cells of the padded copy.
    pub(super) fn len(&self) -> usize {
        self.board.len()
    }

    /// The rows of the padded copy, each a slice of ground bytes (0 for an empty cell).
    pub(super) fn ground_rows(&self) -> std::slice::ChunksExact<'_, u8> {
        self.ground.chunks_exact(self.board.width())
    }

    /// Takes the ground over as the bidirectional search's state bytes: three planes of one
    /// byte per cell, orientation by orientation (the state `(cell, o)` at `o * len + cell`),
    /// `legal` for every legal state, else `illegal`. The ground's memory becomes the first
    /// plane, so the planes take two bytes a cell more than the plane holds already. The
    /// plane keeps its geometry and roll tables; it has no ground afterwards (no state is
    /// [`Plane::legal`] then).
    pub(super) fn take_state_planes(&mut self, legal: u8, illegal: u8) -> Vec<u8> {
        let mut bytes = std::mem::take(&mut self.ground);
        let (n, w) = (bytes.len(), self.board.width());
        bytes.reserve_exact(2 * n);
        let pick = |is_legal: bool| if is_legal { legal } else { illegal };
        // The planes along the row and along the column, appended a chunk at a time from the
        // ground (still the first `n` bytes), so that nothing is written twice; the last
        // row is padding (its states are illegal) and every other cell has its right and
        // lower neighbours.
        for partner in [1, w] {
            let mut chunk = [0u8; 512];
            for start in (0..n - w).step_by(chunk.len()) {
                let len = chunk.len().min(n - w - start);
                let here = &bytes[start..start + len];
                let other = &bytes[start + partner..start + partner + len];
                for ((state, &here), &other) in chunk.iter_mut().zip(here).zip(other) {
                    *state = pick(here & other & SOLID != 0);
                }
                bytes.extend_from_slice(&chunk[..len]);
            }
            bytes.resize(bytes.len() + w, illegal);
        }
        for here in &mut bytes[..n] {
            *here = pick(*here & RIGID != 0);
        }
        bytes
    }

    /// True when the state is legal: its cell and its second cell (`partner[o]` further:
    /// the cell itself for a standing box) both carry what the orientation needs, without
    /// a branch on the orientation.
    #[inline]
    pub(super) fn legal(&self, (cell, o): State) -> bool {
        let g = |i: usize| self.ground.get(i).copied().unwrap_or(0);
        let (partner, need) = (self.partner[o & 3], NEED[o & 3]);
        g(cell) & g(cell.wrapping_add(partner)) & need != 0
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
        let mut left = self.board.len() * 3;
        while state != end && left > 0 {
            left -= 1;
            let d = dir(state);
            path.push(d);
            state = self.roll(state, d.opposite());
        }
        path
    }
}
