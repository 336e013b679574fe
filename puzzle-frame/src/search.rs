//! The usual solver: the settings and one search, nothing kept from one case to the next.
//!
//! Most puzzles (bloxorz-game, snake-maze, sokoban, the template) search each case
//! afresh under their settings. Such a crate implements [`OneSearch`] on its `solve::Options`,
//! whose `budget` the frame sets before every case, and names the frame's solver:
//! `pub type Solver = puzzle_frame::search::Solver<Options>;`. The frame then gives it
//! [`Solve`], and with `impl Searching for Puzzle {}` [`Solving`] (the solver built from the
//! settings, each case answered by one search): no crate writes that glue again. A solver that keeps tables between cases
//! (bloxorz, card-swap, huarongdao, klotski) implements [`Solve`] and [`Solving`] itself.
//!
//! ```
//! use puzzle_frame::budget::MemoryBudget;
//! use puzzle_frame::puzzle::{Answer, Limit, NoOtherLimit, Solve};
//! use puzzle_frame::search::{OneSearch, Solver};
//!
//! /// Counts a number down, two at a time (an odd number cannot be solved).
//! #[derive(Clone, Copy, Debug, Default)]
//! struct Options {
//!     budget: MemoryBudget,
//! }
//!
//! impl OneSearch for Options {
//!     type Case = u32;
//!     type Move = char;
//!     type OtherLimit = NoOtherLimit;
//!     type Found = Option<Vec<char>>;
//!
//!     fn search(&self, n: &u32, _wants_moves: bool) -> Result<Self::Found, Limit<NoOtherLimit>> {
//!         Ok((n % 2 == 0).then(|| vec!['-'; *n as usize]))
//!     }
//!
//!     fn answer(found: Self::Found) -> Answer<char> {
//!         Answer::of_moves(found)
//!     }
//!
//!     fn budget(&mut self) -> &mut MemoryBudget {
//!         &mut self.budget
//!     }
//! }
//!
//! let mut solver = Solver::new(&Options::default());
//! assert_eq!(solver.count(&4), Ok(Some(4)));
//! assert_eq!(solver.moves(&3), Ok(None));
//! ```

use std::fmt;

use crate::budget::MemoryBudget;
use crate::puzzle::{Answer, Limit, LimitOf, OtherLimit, Reading, Solve, Solving};

/// A solver's settings that search (a crate's `solve::Options`): the memory budget the
/// frame sets, and the one search that answers a case under them.
pub trait OneSearch: Copy {
    /// The case it solves.
    type Case;
    /// One move of a solution.
    type Move;
    /// A limit of the puzzle's own besides the memory budget.
    type OtherLimit: OtherLimit;
    /// What one search finds: the answer, and whatever else the crate's tests look at.
    type Found;

    /// One search of `case` under these settings; the moves are wanted only when
    /// `wants_moves` (a search may skip them otherwise).
    #[allow(clippy::type_complexity)]
    fn search(
        &self,
        case: &Self::Case,
        wants_moves: bool,
    ) -> Result<Self::Found, Limit<Self::OtherLimit>>;

    /// What the binary prints of what a search found: the count, the moves if found, notes.
    fn answer(found: Self::Found) -> Answer<Self::Move>;

    /// The memory one case may take, which the frame sets before every case.
    fn budget(&mut self) -> &mut MemoryBudget;
}

/// The usual solver: its settings ([`OneSearch`]), searched afresh for every case.
#[derive(Clone, Debug)]
pub struct Solver<O> {
    options: O,
}

impl<O: OneSearch> Solver<O> {
    /// A solver with these settings.
    pub fn new(options: &O) -> Solver<O> {
        Solver { options: *options }
    }

    /// One search of `case` ([`OneSearch::search`]), with all it found.
    #[allow(clippy::type_complexity)]
    pub fn solve(
        &mut self,
        case: &O::Case,
        wants_moves: bool,
    ) -> Result<O::Found, Limit<O::OtherLimit>> {
        self.options.search(case, wants_moves)
    }

    /// The case answered by one search: the moves kept only when `wants_moves`.
    #[allow(clippy::type_complexity)]
    pub fn answer(
        &mut self,
        case: &O::Case,
        wants_moves: bool,
    ) -> Result<Answer<O::Move>, Limit<O::OtherLimit>> {
        let mut answer = O::answer(self.options.search(case, wants_moves)?);
        if !wants_moves {
            answer.moves = None;
        }
        Ok(answer)
    }
}

impl<O: OneSearch> Solve for Solver<O> {
    type Case = O::Case;
    type Move = O::Move;
    type OtherLimit = O::OtherLimit;

    fn set_budget(&mut self, budget: MemoryBudget) {
        *self.options.budget() = budget;
    }

    fn count(&mut self, case: &O::Case) -> Result<Option<usize>, Limit<O::OtherLimit>> {
        Ok(self.answer(case, false)?.count)
    }

    fn moves(&mut self, case: &O::Case) -> Result<Option<Vec<O::Move>>, Limit<O::OtherLimit>> {
        Ok(self.answer(case, true)?.moves)
    }
}

/// A puzzle solved by the frame's [`Solver`] over its options' [`OneSearch`]: `impl Searching
/// for Sokoban {}` in the crate's solver module gives it [`Solving`].
pub trait Searching: Reading<Options: OneSearch<Case = Self::Case, Move = Self::Move>> {}

impl<P: Searching> Solving for P {
    type Solver = Solver<P::Options>;

    fn solver(
        options: &P::Options,
        _: &P::Cases<'_>,
        budget: MemoryBudget,
    ) -> Result<Self::Solver, LimitOf<P>> {
        let mut solver = Solver::new(options);
        solver.set_budget(budget);
        Ok(solver)
    }

    fn solve(
        solver: &mut Self::Solver,
        case: &P::Case,
        wants_moves: bool,
    ) -> Result<Answer<P::Move>, LimitOf<P>> {
        solver.answer(case, wants_moves || P::ANSWER_HOLDS_MOVES)
    }
}

/// A search would store more positions than `--max-states` allows (the limit): the one
/// meaning of `TooManyStates` (klotski and sokoban; `N` is the type of their `--max-states`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyStates<N = u64>(pub N);

impl<N: fmt::Display> fmt::Display for TooManyStates<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the search would store more than {} positions (raise it with --max-states N)",
            self.0
        )
    }
}

impl<N: fmt::Display> OtherLimit for TooManyStates<N> {
    fn short(&self) -> String {
        format!("over --max-states {}", self.0)
    }
}
