//! The fast solver: cheap proofs of `Impossible`, a short A* run with an admissible
//! estimate, then, if that runs out of budget, a bidirectional breadth-first search.
//! Every step is exact.
//!
//! **States.** A state is a placement of the box: its top-left covered cell in a padded
//! copy of the plane and its orientation ([`plane`]). Each search keeps what it knows
//! about a cell's three states in one word per cell (each search documents its bits). A
//! roll is legal exactly when the placement it leads to is legal (its cells are not
//! empty, and a standing box is on a rigid cell), so a roll is one look-up and one bit
//! test. The roll tables are derived from [`Dir`]'s direction tables. Rolling is
//! reversible (rolling back the other way undoes a roll), so the graph of placements is
//! undirected: a search from the target uses the same rolls, and a path is kept as the
//! direction of the roll that reached each state.
//!
//! **In order** ([`Solver`]):
//! 1. two cheap proofs of `Impossible` ([`cut`]): the start and the target lie in
//!    regions of the plane that no roll joins (a scan over runs of cells), or a
//!    breadth-first search from the target capped at [`cut::BACKWARD_CAP`] states runs
//!    out of states;
//! 2. A*, held to an [`AstarBudget`]: it runs straight at the target on open planes, but
//!    its queue makes each expansion several times dearer than a breadth-first one, and
//!    on mazes, or where the estimate is poor, it expands about as much as a
//!    breadth-first search would;
//! 3. the bidirectional breadth-first search, from scratch.
//!
//! **Memory.** Every table that grows with the board (the padded copy, the searches'
//! marks and queues) is taken from the [`Options::budget`] before it is allocated; past
//! it, the solver gives up with [`Limit::Memory`]. The big tables of a case stay with
//! the solver until the next case starts (which frees them first), so that the binary can
//! leave the last case's tables to the system at exit.

mod astar;
mod bfs;
pub mod cut;
pub mod plane;

use crate::case::{Case, Move};
use crate::parse::Cases;
use crate::Bloxorz;
use grid_common::Dir;
use plane::Plane;
use puzzle_frame::budget::{Ledger, MemoryBudget};
use puzzle_frame::puzzle::{OtherLimit, Solve, Solving};
use std::fmt;

/// How far A* may go before the bidirectional search takes over (from scratch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AstarBudget {
    /// The most states A* expands.
    pub expansions: usize,
    /// How far `f` may rise above the start's estimate: on open planes it stays there or
    /// close, on mazes and walled-off targets it climbs at once.
    pub slack: usize,
}

impl AstarBudget {
    /// A* alone.
    pub const UNLIMITED: AstarBudget = AstarBudget {
        expansions: usize::MAX,
        slack: usize::MAX,
    };
    /// The bidirectional search alone.
    pub const NONE: AstarBudget = AstarBudget {
        expansions: 0,
        slack: 0,
    };

    /// The budget a case gets by default: 2048 expansions plus one per 6 cells (about one
    /// in 18 of all the states), and a slack of 4. Measured on 500 x 500 boards: enough
    /// for open and scattered boards, where A* wins 10x; where it does not finish (mazes,
    /// rooms joined by doors), it gives up early, for a fraction of the time the
    /// bidirectional search then takes.
    pub fn default_for(case: &Case) -> AstarBudget {
        AstarBudget {
            expansions: 2048 + case.grid().len() / 6,
            slack: 4,
        }
    }
}

/// The solver's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The memory one case may take (the padded board, the searches' tables and queues).
    pub budget: MemoryBudget,
    /// A* held to this budget before the bidirectional search takes over; `None`: each
    /// case gets [`AstarBudget::default_for`]. Every budget gives the same number of rolls
    /// (the rolls themselves may differ).
    pub astar: Option<AstarBudget>,
}

/// Why the solver gave up on a case: the memory budget ([`Limit::Memory`]) or a board too
/// large to index ([`TooLarge`]).
pub type Limit = puzzle_frame::Limit<TooLarge>;

/// The padded board would have more than [`plane::MAX_PADDED_CELLS`] cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the board of {} x {} cells is over the solver's limit of {} cells once padded to \
             (R + 4) x (C + 2)",
            self.rows,
            self.cols,
            plane::MAX_PADDED_CELLS
        )
    }
}

impl OtherLimit for TooLarge {
    fn short(&self) -> String {
        "over the board size the solver can number".to_string()
    }
}

/// The fast solver (see the module docs).
#[derive(Clone, Debug)]
pub struct Solver {
    options: Options,
    kept: Kept,
}

/// The big tables of the last case solved (the padded plane, A*'s words, the bidirectional
/// search's bytes), kept until the next case starts, which frees them before it takes its
/// own: so a binary that has answered its last case may `std::mem::forget` the solver and
/// leave the tables to the system at exit, rather than unmap each one just before
/// (see `main.rs`). Dropped with the solver otherwise.
#[derive(Default)]
struct Kept {
    plane: Option<Plane>,
    astar: Vec<u16>,
    states: Vec<u8>,
    dirs: Vec<u8>,
}

impl fmt::Debug for Kept {
    /// The tables' sizes, not their bytes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Kept")
            .field("plane_cells", &self.plane.as_ref().map_or(0, Plane::len))
            .field("astar", &self.astar.len())
            .field("states", &self.states.len())
            .field("dirs", &self.dirs.len())
            .finish()
    }
}

impl Clone for Kept {
    /// A clone of a solver keeps nothing: the tables are scratch of the case solved last.
    fn clone(&self) -> Kept {
        Kept::default()
    }
}

impl Solver {
    /// A solver with these settings.
    pub fn new(options: &Options) -> Solver {
        Solver {
            options: *options,
            kept: Kept::default(),
        }
    }

    /// The answer, with the rolls when `RECORD`; the case's tables kept afterwards.
    fn solve<const RECORD: bool>(&mut self, case: &Case) -> Result<Option<bfs::Found>, Limit> {
        // The last case's tables go first: a case never holds two cases' tables.
        self.kept = Kept::default();
        let mut kept = Kept::default();
        let answer = self.search::<RECORD>(case, &mut kept);
        self.kept = kept;
        answer
    }

    /// The answer, its tables in `kept`.
    fn search<const RECORD: bool>(
        &self,
        case: &Case,
        kept: &mut Kept,
    ) -> Result<Option<bfs::Found>, Limit> {
        let mut ledger = Ledger::new(self.options.budget);
        let too_large = || {
            Limit::Other(TooLarge {
                rows: case.grid().rows(),
                cols: case.grid().cols(),
            })
        };
        let plane = Plane::new(case, &mut ledger)?.ok_or_else(too_large)?;
        let plane = kept.plane.insert(plane);
        if plane.start == plane.goal {
            return Ok(Some(found(Vec::new())));
        }
        if cut::cells_apart(plane, &mut ledger)? || cut::goal_cut_off(plane, &mut ledger)? {
            return Ok(None);
        }
        let budget = self
            .options
            .astar
            .unwrap_or_else(|| AstarBudget::default_for(case));
        if budget.expansions > 0 {
            let outcome = astar::search(plane, budget, &mut ledger, &mut kept.astar)?;
            if let astar::Outcome::Done(answer) = outcome {
                return Ok(answer.map(found));
            }
        }
        let tables = bfs::Tables {
            states: &mut kept.states,
            dirs: &mut kept.dirs,
        };
        Ok(bfs::search::<RECORD>(
            plane,
            &mut ledger,
            tables,
            bfs::WIDE_LEVEL,
        )?)
    }
}

impl Solve for Solver {
    type Case = Case;
    type Move = Move;
    type OtherLimit = TooLarge;

    /// Holds the solver to `budget` from the next case on (the process's budget less what
    /// it holds elsewhere: the input, the page).
    fn set_budget(&mut self, budget: MemoryBudget) {
        self.options.budget = budget;
    }

    /// The bytes the solver keeps between cases: the last case's tables ([`Kept`]), which a
    /// film drawn after the case must leave to it.
    fn held_bytes(&self) -> u64 {
        let kept = &self.kept;
        let plane = kept.plane.as_ref().map_or(0, Plane::len);
        let tables = kept.astar.capacity() * std::mem::size_of::<u16>()
            + kept.states.capacity()
            + kept.dirs.capacity();
        (plane + tables) as u64
    }

    /// The fewest rolls from the start to standing on the target, or `None` when the
    /// target cannot be reached.
    fn count(&mut self, case: &Case) -> Result<Option<usize>, Limit> {
        Ok(self.solve::<false>(case)?.map(|found| found.len))
    }

    /// A shortest sequence of rolls from the start to standing on the target, or `None`
    /// when the target cannot be reached.
    fn moves(&mut self, case: &Case) -> Result<Option<Vec<Move>>, Limit> {
        Ok(self.solve::<true>(case)?.map(|found| found.rolls))
    }
}

impl Solving for Bloxorz {
    type Solver = Solver;

    fn solver(options: &Options, _: &Cases<'_>, budget: MemoryBudget) -> Result<Solver, Limit> {
        Ok(Solver::new(&Options { budget, ..*options }))
    }
}

/// A solution found as rolls.
fn found(rolls: Vec<Dir>) -> bfs::Found {
    bfs::Found {
        len: rolls.len(),
        rolls,
    }
}
