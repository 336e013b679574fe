//! Push-optimal Sokoban: the fewest pushes that put every box on a goal, any number of
//! boxes, as a LURD string (lower case a walk, upper case a push).
//!
//! # The search
//!
//! A* over states = (the set of box cells, the player's region), the region named by its
//! least floor cell: two positions of the player from which the same cells are reachable
//! without pushing allow exactly the same pushes, so one state stands for all of them and
//! the walk between pushes (free in the push count) is found again when the answer is
//! written out. Every push costs one; the estimate of a state is its pushes so far plus a
//! lower bound on the pushes left, and a state is tested for the goal when it is taken
//! from the open list, so the first goal taken has the fewest pushes.
//!
//! # Why every rule keeps the answer exact
//!
//! - **The bound** ([`matching`]): the cheapest assignment of the boxes to distinct goals
//!   on push distances (each box alone on the board, the player needing the cell behind
//!   it). A box needs at least its distance to the goal it ends on and the boxes end on
//!   distinct goals, so the bound never exceeds the pushes left (admissible); it changes by
//!   at most one per push (consistent), so a state once expanded already has its fewest
//!   pushes. With more goals than boxes the assignment leaves goals over, which is right:
//!   a solution needs every box on a goal, not every goal covered.
//! - **No assignment** (a box that reaches no goal, two boxes that can only reach the same
//!   one goal): no solution from that state can exist, since the assignment is a
//!   relaxation of every solution; the state is dropped.
//! - **Dead squares** ([`board`]): a cell from which a box alone on the board cannot be
//!   pushed to any goal; other boxes only take pushes away, so a box there never reaches
//!   a goal and no push onto one is generated.
//! - **Freeze deadlocks** ([`deadlock`]), 2 x 2 blocks among them: a set of boxes that can
//!   never move again with one of them off a goal; the argument is in that module.
//! - **Duplicates** ([`table`]): a state met again with no fewer pushes is dropped; met
//!   with fewer, it takes the new pushes and parent and is queued again.
//!
//! No corral pruning and no macros are used, so no push sequence is skipped except
//! through the rules above.
//!
//! # The moves
//!
//! The pushes are optimal; the walks are not: before each push the player walks a
//! shortest way to the cell behind the box, in the order the search found the pushes,
//! which need not give the fewest moves among the push-optimal solutions.
//!
//! # Memory
//!
//! The board's tables, the transposition table, the open list and the answer are charged
//! to the budget before they grow; past it the solve returns [`Limit::Memory`].

mod bits;
mod board;
mod corral;
mod deadlock;
mod distance;
mod matching;
mod open;
mod path;
mod region;
mod search;
mod table;

use puzzle_frame::budget::{Ledger, MemoryBudget};

use super::{Limit, TooManyStates};

use board::{Board, NONE};
use search::{Outcome, Search};

/// A Sokoban level: a grid of `rows x cols` cells in row-major order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Per cell: a wall or outside the level (`true`), or floor.
    pub walls: Vec<bool>,
    /// The goal cells (at least as many as boxes for a solution to exist).
    pub goals: Vec<usize>,
    /// The box cells.
    pub boxes: Vec<usize>,
    /// The player's cell.
    pub player: usize,
}

/// What a solve may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most states the search may store before giving up.
    pub max_states: u64,
    /// The memory the solve may hold.
    pub budget: MemoryBudget,
}

/// A push-optimal solution of `problem` as a LURD string, or `None` when no sequence of
/// moves puts every box on a goal. A problem whose player or boxes are not on distinct
/// floor cells of the grid has no solution.
pub fn solve(problem: &Problem, limits: &Limits) -> Result<Option<Vec<u8>>, Limit> {
    solve_counting(problem, limits, &mut 0)
}

/// [`solve`], also telling in `states` how many states the search stored.
pub fn solve_counting(
    problem: &Problem,
    limits: &Limits,
    states: &mut u64,
) -> Result<Option<Vec<u8>>, Limit> {
    let mut ledger = Ledger::new(limits.budget);
    let Some(board) = Board::new(problem, &mut ledger)? else {
        // More floor cells than a state numbers (the reader keeps levels far smaller).
        return Err(Limit::Other(TooManyStates(limits.max_states)));
    };
    let floor_cell = |cell: usize| board.index.get(cell).copied().filter(|&i| i != NONE);
    let Some(player) = floor_cell(problem.player) else {
        return Ok(None);
    };
    let mut boxes = ledger.vec("the boxes", bits::words(board.floor()), 0u64)?;
    for &cell in &problem.boxes {
        match floor_cell(cell) {
            Some(b) if !bits::has(&boxes, b) && b != player => bits::insert(&mut boxes, b),
            _ => return Ok(None),
        }
    }
    let mut search = Search::new(&board, problem.boxes.len(), limits.max_states, &mut ledger)?;
    let outcome = search.run(&boxes, player, &mut ledger);
    *states = search.states();
    let pushes = match outcome? {
        Outcome::Solved(pushes) => pushes,
        Outcome::Unsolvable => return Ok(None),
        Outcome::TooManyStates => return Err(Limit::Other(TooManyStates(limits.max_states))),
    };
    drop(search);
    Ok(path::lurd(
        &board,
        player,
        &mut boxes,
        &pushes,
        &mut ledger,
    )?)
}
