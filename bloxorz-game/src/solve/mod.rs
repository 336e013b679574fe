//! The fast solver: a breadth-first search over dense states, within a memory budget.
//!
//! **States.** The non-void cells are numbered `0..W` in reading order ([`board`]). A
//! state is the block or the two cubes (the *local* state, one number below
//! `3W + W²`) together with the bridge cells present (a mask of at most 64 bits). Which
//! cube is selected is not part of the state: space is free, so from two cubes either
//! one may move next. Each bridge mask that the search reaches gets a table number the
//! first time it is met, and its visited set is a paged bitset over the local states
//! ([`visited`]): masks that never occur, and pages of states that are never reached, cost
//! nothing. A state travels in the queue as one `u64`, its table number above its local
//! number.
//!
//! **Why the answer is the fewest presses.** Every arrow press costs one and space costs
//! nothing, and the states above are exactly what decides the future of a position (the
//! selection only decides which cube an arrow moves, and a free space press changes it).
//! So the search is a breadth-first search on a graph whose edges are the arrow presses
//! of either cube, and the first time it meets the goal (the whole block standing on the
//! exit, whatever the bridges) it has found the fewest presses (`bfs.rs`).
//!
//! **Memory.** Every table that grows with the level (the cell tables, the bitsets, the
//! mask tables, the queue and the path links) is taken from [`Options::budget`] before it
//! is allocated (a [`Ledger`]); past it, the solver gives up with [`Limit::Memory`].

mod bfs;
pub mod board;
mod keys;
pub mod visited;

use crate::case::{Case, Move};
use crate::BloxorzGame;
use puzzle_frame::budget::{Ledger, MemoryBudget, OverBudget};
use puzzle_frame::puzzle::{Answer, OtherLimit};
use puzzle_frame::search::{OneSearch, Searching};
use std::fmt;

/// The solver's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The memory one level may take (the cell tables, the visited bitsets, the queue).
    pub budget: MemoryBudget,
}

/// Why the solver gave up on a level: the memory budget ([`Limit::Memory`]), or more
/// states than 64-bit numbers hold ([`TooLarge`]).
pub type Limit = puzzle_frame::Limit<TooLarge>;

/// The level has too many states to number them in 64 bits (an astronomically large board,
/// or more bridge masks than the numbering leaves room for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge;

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the level has too many states to number them in 64 bits")
    }
}

impl OtherLimit for TooLarge {
    fn short(&self) -> String {
        "over the states the solver can number".to_string()
    }
}

/// Makes room in `list` for `more` items, growing it through the ledger (which charges
/// the growth before it happens) only when it must.
#[inline]
pub(crate) fn reserve<T>(
    ledger: &mut Ledger,
    list: &mut Vec<T>,
    more: usize,
    what: &str,
) -> Result<(), OverBudget> {
    if list.capacity() - list.len() < more {
        ledger.grow(list, more, what)?;
    }
    Ok(())
}

/// The fast solver (see the module docs): its [`Options`], one search a level.
pub type Solver = puzzle_frame::search::Solver<Options>;

impl OneSearch for Options {
    type Case = Case;
    type Move = Move;
    type OtherLimit = TooLarge;
    type Found = Answer<Move>;

    /// The fewest arrow presses that solve the level and, when `wants_moves`, a shortest
    /// solution: one move per arrow press, each with the space press that selects the cube
    /// it moves when that is not the selected one (replayable from the start with the first
    /// split target selected); `None` when no keys solve the level.
    fn search(&self, case: &Case, wants_moves: bool) -> Result<Answer<Move>, Limit> {
        let mut ledger = Ledger::new(self.budget);
        let board = board::Board::new(case, &mut ledger)?;
        let found = if wants_moves {
            bfs::search::<true>(&board, &mut ledger)?
        } else {
            bfs::search::<false>(&board, &mut ledger)?
        };
        Ok(match found {
            Some(found) => Answer::new(Some(found.presses), Some(found.keys)),
            None => Answer::new(None, None),
        })
    }

    fn answer(found: Answer<Move>) -> Answer<Move> {
        found
    }

    fn budget(&mut self) -> &mut MemoryBudget {
        &mut self.budget
    }
}

impl Searching for BloxorzGame {}
