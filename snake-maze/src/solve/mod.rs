//! The fast solver: a search over snake positions, layer by layer.
//!
//! **Positions.** A position is the head's cell and the body's shape. Bodies of up to 30
//! blocks (on the largest lair; more on smaller ones) get a dense index from their turns
//! (`shaped`), kept in a bitset over every index (`--store dense`) or a hash table over
//! the runs of 128 consecutive indices reached, a bit per index (`--store hashed`). Longer
//! bodies are packed two bits a block into words, in an arena with a hash table over it
//! (`packed`, `--store packed`).
//!
//! **The estimate.** `h(p)` is the distance from the head's cell to (1,1) on the lair
//! without the body (a breadth-first search from (1,1) over the cells that are not stones).
//! A snake's moves are a walk of its head over such cells, so `h` never overestimates the
//! moves left (admissible), and one move changes `h` by exactly one: neighbouring cells'
//! distances differ by at most one, and never by zero, since a path's length and the cell's
//! `row + column` have the same parity (consistent). When the head's cell has no way to
//! (1,1) at all, neither has any position reachable from it: the answer is -1 at once.
//!
//! **Why the answer is the fewest moves.** The guided search is Dijkstra's algorithm on the
//! reduced costs `1 + h(q) - h(p)`, which are 0 (the move brings the head nearer) or 2
//! (farther), so `f = g + h` takes the values `h(start) + 2k`, layer `k`. Layers are
//! expanded in order, each completely before the next: positions reached by a 0-move join
//! the current layer (expanded depth first, so that a clear way is followed at once), those
//! reached by a 2-move the next. Every move into a position `q` starts from a position
//! whose head stands on `q`'s second block, so all of `q`'s incoming moves cost the same;
//! the first move to reach `q` therefore comes from the lowest layer that reaches it, and
//! `q` is marked for good when first reached, as in breadth-first search. (1,1)'s estimate
//! is 0, so the first time a move puts the head there, in layer `k`, the distance is
//! `h(start) + 2k`, the least over all positions with the head on (1,1). With
//! `--search breadth` every move costs 1: plain breadth-first search.
//!
//! **Limits.** Every store, table and list is charged to the memory budget before it is
//! allocated or grown ([`Limit::Memory`]); `max_states` bounds the positions stored
//! ([`TooManyStates`]).

mod marks;
mod packed;
mod shaped;
mod tables;

use crate::case::{Case, Move};
use crate::SnakeMaze;
use grid_common::Pos;
use marks::{DenseMarks, HashedRuns, HashedRunsTagged};
use puzzle_frame::budget::{Ledger, MemoryBudget};
use puzzle_frame::puzzle::{Answer, OtherLimit};
use puzzle_frame::search::{OneSearch, Searching};
use shaped::Shapes;
use std::fmt;
use tables::{Board, NONE};

/// The default state budget: positions stored per case before the solver gives up.
pub const DEFAULT_MAX_STATES: u64 = 60_000_000;

/// The largest dense store that [`Store::Auto`] allocates, in bytes.
pub const DENSE_AUTO_BYTES: u64 = 128 << 20;

/// Which store of visited positions to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Store {
    /// Dense when it needs at most [`DENSE_AUTO_BYTES`] (and half the memory budget),
    /// hashed otherwise, packed for bodies too long for a shape index.
    Auto,
    /// A bitset over every shape index (packed for bodies too long for one).
    Dense,
    /// A hash table over the runs of 128 consecutive shape indices reached, a bit per index
    /// (packed for bodies too long for a shape index).
    Hashed,
    /// Bodies packed two bits a block, in an arena with a hash table: any length.
    Packed,
}

/// How the search orders the positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// A* with the head's distance to (1,1) on the lair without the body (the default).
    Guided,
    /// Plain breadth-first search.
    Breadth,
}

/// The solver's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The memory the search's stores may take.
    pub budget: MemoryBudget,
    /// Give up after storing this many positions in one case.
    pub max_states: u64,
    /// The store of visited positions.
    pub store: Store,
    /// The order of the search.
    pub search: Search,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: MemoryBudget::default(),
            max_states: DEFAULT_MAX_STATES,
            store: Store::Auto,
            search: Search::Guided,
        }
    }
}

/// Why a case was given up: a store would pass the memory budget ([`Limit::Memory`]), or
/// more than `max_states` positions were stored ([`TooManyStates`]).
pub type Limit = puzzle_frame::Limit<TooManyStates>;

/// More than `max_states` positions were stored (`--max-states`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyStates {
    /// The state budget.
    pub max_states: u64,
}

impl fmt::Display for TooManyStates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "gave up after storing {} snake positions without settling the case (raise it with --max-states N)",
            self.max_states
        )
    }
}

impl OtherLimit for TooManyStates {
    fn short(&self) -> String {
        format!("over --max-states {}", self.max_states)
    }
}

/// What one search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The fewest moves for the head to reach (1,1), or `None` when it cannot.
    pub steps: Option<usize>,
    /// A shortest solution, when asked for and reachable.
    pub moves: Option<Vec<Move>>,
    /// Positions stored (the start included).
    pub states: u64,
    /// The store used: [`Store::Dense`], [`Store::Hashed`] or [`Store::Packed`].
    pub store: Store,
    /// The bytes the search charged to the memory budget.
    pub bytes: u64,
}

/// What an engine found (see [`Solution`]).
pub(crate) struct Found {
    steps: Option<usize>,
    moves: Option<Vec<Move>>,
    states: u64,
}

/// Solves cases under one set of [`Options`], one search a case.
pub type Solver = puzzle_frame::search::Solver<Options>;

impl OneSearch for Options {
    type Case = Case;
    type Move = Move;
    type OtherLimit = TooManyStates;
    type Found = Solution;

    /// The search's full result, with the moves when `wants_moves`.
    fn search(&self, case: &Case, wants_moves: bool) -> Result<Solution, Limit> {
        solve(self, case, wants_moves)
    }

    /// The fewest moves for the head to reach (1,1), `None` when it cannot; the moves.
    fn answer(found: Solution) -> Answer<Move> {
        Answer::new(found.steps, found.moves)
    }

    fn budget(&mut self) -> &mut MemoryBudget {
        &mut self.budget
    }
}

impl Searching for SnakeMaze {}

/// The search's full result, with the moves when `want_moves`.
fn solve(options: &Options, case: &Case, want_moves: bool) -> Result<Solution, Limit> {
    let store = choose_store(case, options, want_moves);
    let mut ledger = Ledger::new(options.budget);
    let guided = options.search == Search::Guided;
    let done = |steps: Option<usize>, moves: Option<Vec<Move>>, ledger: &Ledger| Solution {
        steps,
        moves,
        states: 1,
        store,
        bytes: ledger.used(),
    };
    if case.body.first() == Some(&Pos::new(0, 0)) {
        return Ok(done(Some(0), want_moves.then(Vec::new), &ledger));
    }
    let board = Board::new(case, &mut ledger)?;
    let head = case.stone.index(case.body[0]);
    if guided && board.distance[head] == NONE {
        return Ok(done(None, None, &ledger));
    }
    let max_states = options.max_states;
    let run = Run {
        case,
        board: &board,
        guided,
        want_moves,
        max_states,
    };
    let found = match (store, Shapes::new(case)) {
        (Store::Dense, Some(s)) if !want_moves => {
            let mut marks = DenseMarks::<false>::new(s.indices, &mut ledger)?;
            run.lists(s, &mut marks, &mut ledger)?
        }
        (Store::Dense, Some(s)) => {
            let mut marks = DenseMarks::<true>::new(s.indices, &mut ledger)?;
            run.lists(s, &mut marks, &mut ledger)?
        }
        (Store::Hashed, Some(s)) => {
            if want_moves {
                let mut marks = HashedRunsTagged::new(&mut ledger)?;
                run.lists(s, &mut marks, &mut ledger)?
            } else {
                let mut marks = HashedRuns::new(&mut ledger)?;
                run.lists(s, &mut marks, &mut ledger)?
            }
        }
        _ => packed::search(case, &board, &mut ledger, guided, want_moves, max_states)?,
    };
    Ok(Solution {
        steps: found.steps,
        moves: found.moves,
        states: found.states,
        store,
        bytes: ledger.used(),
    })
}

/// One shaped search's settings, to pick the list entries' width.
struct Run<'a> {
    case: &'a Case,
    board: &'a Board,
    guided: bool,
    want_moves: bool,
    max_states: u64,
}

impl Run<'_> {
    /// The search with `u32` list entries when they fit, else `u64`.
    fn lists<M: marks::Marks>(
        &self,
        s: Shapes,
        marks: &mut M,
        ledger: &mut Ledger,
    ) -> Result<Found, Limit> {
        let Run {
            case,
            board,
            guided,
            want_moves,
            max_states,
        } = *self;
        if s.small_entries {
            shaped::search::<M, u32>(
                case, board, s, marks, ledger, guided, want_moves, max_states,
            )
        } else {
            shaped::search::<M, u64>(
                case, board, s, marks, ledger, guided, want_moves, max_states,
            )
        }
    }
}

/// The store `options` picks for `case`: [`Store::Dense`], [`Store::Hashed`] or
/// [`Store::Packed`].
pub(crate) fn choose_store(case: &Case, options: &Options, want_moves: bool) -> Store {
    let Some(s) = Shapes::new(case).filter(|_| options.store != Store::Packed) else {
        return Store::Packed;
    };
    match options.store {
        Store::Dense => Store::Dense,
        Store::Hashed => Store::Hashed,
        Store::Auto => {
            let bytes = marks::dense_bytes(s.indices, want_moves);
            if bytes <= DENSE_AUTO_BYTES.min(options.budget.bytes() / 2) {
                Store::Dense
            } else {
                Store::Hashed
            }
        }
        _ => Store::Packed,
    }
}
