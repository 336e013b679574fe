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
use crate::parse::Cases;
use crate::{Levels, Sokoban};
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::puzzle::{Answer, OtherLimit, Solve, Solving};
use std::fmt;

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

/// A search would store more positions than `--max-states` allows (the limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyStates(pub u64);

impl fmt::Display for TooManyStates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the search would store more than {} positions (raise it with --max-states N)",
            self.0
        )
    }
}

impl OtherLimit for TooManyStates {
    fn short(&self) -> String {
        format!("over --max-states {}", self.0)
    }
}

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

/// The solver (see the module docs).
#[derive(Clone, Debug)]
pub struct Solver {
    options: Options,
}

impl Solver {
    /// A solver with these settings.
    pub fn new(options: &Options) -> Solver {
        Solver { options: *options }
    }
}

impl Solve for Solver {
    type Case = Case;
    type Move = Move;
    type OtherLimit = TooManyStates;

    fn set_budget(&mut self, budget: MemoryBudget) {
        self.options.budget = budget;
    }

    /// The fewest pushes, `None` when the case cannot be solved.
    fn count(&mut self, case: &Case) -> Result<Option<usize>, Limit> {
        Ok(self.moves(case)?.map(|moves| Cost::of(&moves).pushes))
    }

    /// A solution with the fewest pushes (POJ: and among those the fewest moves), `None`
    /// when the case cannot be solved.
    fn moves(&mut self, case: &Case) -> Result<Option<Vec<Move>>, Limit> {
        match case.format {
            Format::Poj => poj::solve(&case.board, &self.options),
            Format::Xsb => levels::solve(&case.board, &self.options),
        }
    }
}

impl Solving for Sokoban {
    type Solver = Solver;

    fn solver(options: &Options, _: &Cases<'_>, budget: MemoryBudget) -> Result<Solver, Limit> {
        Ok(Solver::new(&Options { budget, ..*options }))
    }

    /// The moves always (the answer holds them), then the blank line after the maze.
    fn solve(solver: &mut Solver, case: &Case, _wants_moves: bool) -> Result<Answer<Move>, Limit> {
        let moves = solver.moves(case)?;
        Ok(Answer {
            count: moves.as_ref().map(|m| Cost::of(m).pushes),
            moves,
            notes: vec![String::new()],
        })
    }
}

impl Solving for Levels {
    type Solver = Solver;

    fn solver(options: &Options, _: &Cases<'_>, budget: MemoryBudget) -> Result<Solver, Limit> {
        Ok(Solver::new(&Options { budget, ..*options }))
    }

    /// The answer is the pushes, whether or not the moves are printed.
    fn solve(solver: &mut Solver, case: &Case, wants_moves: bool) -> Result<Answer<Move>, Limit> {
        let moves = solver.moves(case)?;
        Ok(Answer {
            count: moves.as_ref().map(|m| Cost::of(m).pushes),
            moves: moves.filter(|_| wants_moves),
            notes: Vec::new(),
        })
    }
}
