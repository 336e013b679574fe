//! The fast solver: a short A* run with an admissible estimate, then, if that runs out of
//! budget, a bidirectional breadth-first search. Both are exact.
//!
//! **States.** A state is a placement of the box: its top-left covered cell in a padded
//! copy of the plane and its orientation. The copy has 2 empty rows above and below and
//! at least 1 empty column on each side (its rows are widened to a power of two, so that
//! a cell's row and column are a shift and a mask): no roll from a legal state can leave
//! the array, whatever the border of the plane.
//!
//! **One `u16` per cell** holds what a search knows about the cell's three states (each
//! search documents its bits). A roll is legal exactly when the placement it leads to is
//! legal (its cells are not empty, and a standing box is on a rigid cell), so a roll is
//! one look-up and one bit test. The roll tables are derived from [`Dir`]'s direction
//! tables. Rolling is reversible (rolling back the other way undoes a roll), so the graph
//! of placements is undirected: a search from the target uses the same rolls, and a path
//! is kept as the direction of the roll that reached each state.
//!
//! **Walled-in targets.** First, a breadth-first search from the target capped at
//! [`BACKWARD_CAP`] states proves at once that a small region around the target cannot be
//! reached from the start.
//!
//! **Why two searches.** A* runs straight at the target on open planes, but its queue
//! makes each expansion several times dearer than a breadth-first one, and on mazes, or
//! where the estimate is poor, it expands about as much as a breadth-first search would.
//! So A* gets a [`Budget`], and the bidirectional search starts from scratch when it
//! runs out. [`solve_with_budget`] runs either one alone.

mod astar;
mod bfs;

use crate::board::{Board, Cell, Orientation};
use grid_common::{Dir, Pos};
use std::collections::HashSet;

/// The most states the backward search from the target visits before giving up.
pub const BACKWARD_CAP: usize = 1024;

const STANDING: usize = 0;
const ALONG_ROW: usize = 1;
const ALONG_COLUMN: usize = 2;

/// A state: a cell of the padded copy and an orientation.
type State = (usize, usize);

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
/// it would not fit 32-bit state indices (more than [`crate::parse::MAX_PADDED_CELLS`]
/// cells). The parser rejects such boards.
pub fn padded_size(rows: usize, cols: usize) -> Option<(usize, usize)> {
    let width = cols.checked_add(2)?.checked_next_power_of_two()?;
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
struct Plane {
    width: usize,
    ground: Vec<u8>,
    /// For each orientation and direction, how far the top-left cell moves.
    offset: [[isize; 4]; 3],
    start: State,
    goal: State,
}

impl Plane {
    /// The padded copy of `board`; `None` for a board the parser would reject as too large.
    fn new(board: &Board) -> Option<Plane> {
        let grid = board.grid();
        let (width, size) = padded_size(grid.rows(), grid.cols())?;
        let mut ground = vec![0u8; size];
        for row in 0..grid.rows() {
            let first = (row + 2) * width + 1;
            for (g, cell) in ground[first..first + grid.cols()]
                .iter_mut()
                .zip(grid.row(row))
            {
                *g = match cell {
                    Cell::Empty => 0,
                    Cell::Fragile => SOLID,
                    Cell::Rigid => SOLID | RIGID,
                };
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
            padded(board.start().pos),
            orientation_index(board.start().orientation),
        );
        Some(Plane {
            width,
            ground,
            offset,
            start,
            goal: (padded(board.target()), STANDING),
        })
    }

    /// The cell words with `mark(o)` set for every legal state of orientation `o`.
    fn words(&self, mark: [u16; 3]) -> Vec<u16> {
        let (g, w) = (&self.ground, self.width);
        // The last row is padding: every cell of the plane has its right and lower neighbours.
        let n = g.len() - w;
        let mut words = vec![0u16; g.len()];
        for (i, word) in words[..n].iter_mut().enumerate() {
            let (here, right, below) = (g[i], g[i + 1], g[i + w]);
            *word = (u16::from(here & RIGID != 0) * mark[STANDING])
                | (u16::from(here & right & SOLID) * mark[ALONG_ROW])
                | (u16::from(here & below & SOLID) * mark[ALONG_COLUMN]);
        }
        words
    }

    /// True when the state is legal.
    fn legal(&self, (cell, o): State) -> bool {
        let g = |i: usize| self.ground.get(i).copied().unwrap_or(0);
        match o {
            STANDING => g(cell) & RIGID != 0,
            ALONG_ROW => g(cell) & g(cell + 1) & SOLID != 0,
            _ => g(cell) & g(cell + self.width) & SOLID != 0,
        }
    }

    /// The state reached by rolling in direction `d` (from a legal state: in the array).
    fn roll(&self, (cell, o): State, d: Dir) -> State {
        (
            cell.wrapping_add_signed(self.offset[o][d.index()]),
            next_orientation(o, d),
        )
    }

    /// True when a breadth-first search from the goal, capped at [`BACKWARD_CAP`] states,
    /// runs out of states without meeting the start.
    fn goal_cut_off(&self) -> bool {
        let mut seen = HashSet::from([self.goal]);
        let mut queue = vec![self.goal];
        let mut head = 0;
        while let Some(&state) = queue.get(head) {
            head += 1;
            for d in Dir::ALL {
                let next = self.roll(state, d);
                if self.legal(next) && seen.insert(next) {
                    if next == self.start || seen.len() > BACKWARD_CAP {
                        return false;
                    }
                    queue.push(next);
                }
            }
        }
        true
    }
}

/// How far A* may go before the bidirectional search takes over (from scratch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most states A* expands.
    pub expansions: usize,
    /// How far `f` may rise above the start's estimate: on open planes it stays there or
    /// close, on mazes and walled-off targets it climbs at once.
    pub slack: usize,
}

impl Budget {
    /// A* alone.
    pub const UNLIMITED: Budget = Budget {
        expansions: usize::MAX,
        slack: usize::MAX,
    };
    /// The bidirectional search alone.
    pub const NONE: Budget = Budget {
        expansions: 0,
        slack: 0,
    };

    /// The budget [`solve()`] gives a board: 2048 expansions plus one per 6 cells (about
    /// one in 18 of all the states), and a slack of 32.
    /// Measured on 500 x 500 boards: enough for open and scattered boards, where A* wins
    /// 10x; where it does not finish, it costs a fraction of the time the bidirectional
    /// search then takes.
    pub fn default_for(board: &Board) -> Budget {
        Budget {
            expansions: 2048 + board.grid().len() / 6,
            slack: 32,
        }
    }
}

/// The fewest rolls from the start to standing on the target, or `None` when the target
/// cannot be reached. Returns one shortest sequence of rolls.
pub fn solve(board: &Board) -> Option<Vec<Dir>> {
    solve_with_budget(board, Budget::default_for(board))
}

/// Like [`solve()`], with A* held to `budget` before the bidirectional search takes over.
/// Every budget gives the same number of rolls (the rolls themselves may differ).
pub fn solve_with_budget(board: &Board, budget: Budget) -> Option<Vec<Dir>> {
    // The parser rejects boards too large for 32-bit state indices.
    let plane = Plane::new(board)?;
    if plane.start == plane.goal {
        return Some(Vec::new());
    }
    if plane.goal_cut_off() {
        return None;
    }
    if budget.expansions > 0 {
        if let astar::Outcome::Done(answer) = astar::search(&plane, budget) {
            return answer;
        }
    }
    bfs::search(&plane)
}

/// The rolls stored along the chain from `state` back to `end`, the last roll first:
/// `dir(cells, state)` is the roll that reached `state`.
fn chain(plane: &Plane, mut state: State, end: State, dir: impl Fn(State) -> Dir) -> Vec<Dir> {
    let mut path = Vec::new();
    // A chain never revisits a state; the bound only guards against a broken invariant.
    let mut budget = plane.ground.len() * 3;
    while state != end && budget > 0 {
        budget -= 1;
        let d = dir(state);
        path.push(d);
        state = plane.roll(state, d.opposite());
    }
    path
}
