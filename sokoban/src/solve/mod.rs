//! The solvers: POJ 1475's two-level search ([`poj`]) and the push-optimal search of XSB
//! levels ([`levels`], which calls the engine it names).
//!
//! **Memory and states.** Every table that grows with a case is charged to a
//! [`Ledger`](puzzle_frame::budget::Ledger) under [`Options::budget`] before it is
//! allocated or grown ([`Limit::Memory`](puzzle_frame::Limit::Memory) past it), and no
//! search stores more than [`Options::max_states`] positions
//! ([`Limit::Other`](puzzle_frame::Limit::Other)`(`[`TooManyStates`]`)`): both give a case
//! up deterministically.

pub mod levels;
pub mod plain;
pub mod poj;
pub mod push;

use crate::case::{Case, Format, Move};
use crate::{Levels, Sokoban};
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::puzzle::Answer;
use puzzle_frame::search::{OneSearch, Searching};

/// The default of `--max-states`.
pub const DEFAULT_MAX_STATES: u64 = 50_000_000;

/// The solver's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The memory one case may take.
    pub budget: MemoryBudget,
    /// The most positions a search may store (`--max-states`).
    pub max_states: u64,
    /// `--xsb`: the input is XSB levels (otherwise told from the input, see
    /// [`crate::parse::detect`]).
    pub xsb: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: MemoryBudget::default(),
            max_states: DEFAULT_MAX_STATES,
            xsb: false,
        }
    }
}

pub use puzzle_frame::search::TooManyStates;

/// Why the solver gave up on a case.
pub type Limit = puzzle_frame::Limit<TooManyStates>;

/// The cost of a solution: pushes, and moves (walks and pushes) in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cost {
    /// The pushes.
    pub pushes: usize,
    /// The moves, pushes included.
    pub moves: usize,
}

impl Cost {
    /// The cost of `moves`.
    pub fn of(moves: &[Move]) -> Cost {
        Cost {
            pushes: moves.iter().filter(|m| m.push).count(),
            moves: moves.len(),
        }
    }
}

/// The solver (see the module docs): its [`Options`], one search a case.
pub type Solver = puzzle_frame::search::Solver<Options>;

impl OneSearch for Options {
    type Case = Case;
    type Move = Move;
    type OtherLimit = TooManyStates;
    type Found = Answer<Move>;

    /// A solution with the fewest pushes (POJ: and among those the fewest moves), `None`
    /// when the case cannot be solved; the answer is the pushes. A POJ maze's answer is
    /// followed by a blank line.
    fn search(&self, case: &Case, _wants_moves: bool) -> Result<Answer<Move>, Limit> {
        let moves = match case.format {
            Format::Poj => poj::solve(&case.board, self)?,
            Format::Xsb => levels::solve(&case.board, self)?,
        };
        Ok(Answer {
            count: moves.as_ref().map(|m| Cost::of(m).pushes),
            moves,
            notes: (case.format == Format::Poj)
                .then(String::new)
                .into_iter()
                .collect(),
        })
    }

    fn answer(found: Answer<Move>) -> Answer<Move> {
        found
    }

    fn budget(&mut self) -> &mut MemoryBudget {
        &mut self.budget
    }
}

impl Searching for Sokoban {}

impl Searching for Levels {}
