//! The solver: a breadth-first search over bitboard states ([`search`]).
//!
//! **States and moves.** A board is its pieces' places, packed four bits a piece in a
//! `u64` or `u128` ([`crate::board`]); its occupied cells are one `u64`, and a piece's moves
//! are the free cells on each side of it along its line, tested against that mask. One move
//! slides one piece any number of cells (each free place it can reach is one neighbour);
//! with [`Options::steps`], one cell (its two nearest places at most). A piece is looked at
//! only when one of the two cells at its ends is free (one mask test, `ends` of
//! [`crate::board::PieceBits`]).
//!
//! **Exactness.** The queue holds the states in the order they were reached, level by
//! level: every state `d` moves from the start is reached before any state `d + 1` moves
//! away, and each once (the visited set, [`visited`]). So the first solved state reached is
//! at the fewest moves; a queue that runs out has reached the whole cluster. Without
//! `--count` the search stops at the first solved state; with it, it runs to the end of the
//! cluster and counts it. Under the move metric, the piece whose move reached a state is
//! not moved again from it: each place it could slide to is one move from the state's
//! parent (the cells between are free there too), so it was reached already, at the
//! parent's level or the state's; leaving those tries out changes neither the order in
//! which new states are reached nor any answer or path. (Under the step metric a second
//! step of the same piece can be new, so every piece is tried.) A shortest path is read
//! back from each state's parent (its index in the queue), kept only when the moves are
//! asked for: each step of it is the one piece whose place differs.
//!
//! **Tables kept.** The solver keeps its visited sets, queue and links from one case to
//! the next ([`search::Solver`]): a case allocates only when it reaches more states than the
//! cases before it, and empties only what it used; past [`search::KEEP_MAX`] bytes they are
//! given back after the case.
//!
//! **Memory.** What is kept from the last case is charged first (and given back when it
//! does not fit); the visited set, the queue, the moved pieces, the parents and the path
//! are charged to a [`Ledger`](puzzle_frame::budget::Ledger) under [`Options::budget`] before they are allocated or
//! grown; past it, the solver gives up with [`Limit::Memory`](puzzle_frame::Limit::Memory).

pub mod search;
pub mod visited;

use crate::case::{Case, Move};
use crate::format::cluster_line;
use crate::modes::Settings;
use crate::parse::Cases;
use crate::RushHour;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::puzzle::{Answer, NoOtherLimit, Solve, Solving};
pub use search::Solver;

/// Which visited set the search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Store {
    /// The bitset when the case has at most [`visited::DENSE_AUTO_MAX`] states, else the hash set.
    #[default]
    Auto,
    /// Always the bitset (a case with too many states is over the memory budget).
    Dense,
    /// Always the hash set.
    Hashed,
}

/// The solver's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The memory one case may take.
    pub budget: MemoryBudget,
    /// Count one-cell slides (`--steps`) instead of moves.
    pub steps: bool,
    /// Also count the start's cluster, the boards reachable from it (`--count`).
    pub cluster: bool,
    /// The visited set.
    pub store: Store,
}

/// Why the solver gave up on a case: only the memory budget.
pub type Limit = puzzle_frame::Limit<NoOtherLimit>;

/// What one search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The fewest moves (or steps), `None` when no solved board can be reached.
    pub distance: Option<usize>,
    /// A shortest solution, when asked for and one exists.
    pub moves: Option<Vec<Move>>,
    /// The number of boards reachable from the start (itself included), with
    /// [`Options::cluster`].
    pub cluster: Option<usize>,
}

impl Solve for Solver {
    type Case = Case;
    type Move = Move;
    type OtherLimit = NoOtherLimit;

    /// Holds the solver to `budget` from the next case on.
    fn set_budget(&mut self, budget: MemoryBudget) {
        self.options.budget = budget;
    }

    /// The tables kept for the next case (at most [`search::KEEP_MAX`] bytes).
    fn held_bytes(&self) -> u64 {
        Solver::held_bytes(self)
    }

    /// The fewest moves to a solved board, or `None` when there is none.
    fn count(&mut self, case: &Case) -> Result<Option<usize>, Limit> {
        Ok(self.solve(case, false)?.distance)
    }

    /// A shortest solution, or `None` when there is none.
    fn moves(&mut self, case: &Case) -> Result<Option<Vec<Move>>, Limit> {
        Ok(self.solve(case, true)?.moves)
    }
}

impl Solving for RushHour {
    type Solver = Solver;

    fn solver(settings: &Settings, _: &Cases<'_>, budget: MemoryBudget) -> Result<Solver, Limit> {
        Ok(Solver::new(&Options {
            budget,
            ..settings.solver
        }))
    }

    /// One search gives the answer, the moves when wanted and the `--count` line.
    fn solve(solver: &mut Solver, case: &Case, wants_moves: bool) -> Result<Answer<Move>, Limit> {
        let found = solver.solve(case, wants_moves)?;
        Ok(Answer {
            count: found.distance,
            moves: found.moves,
            notes: found.cluster.map(cluster_line).into_iter().collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::board;

    fn answer(text: &str, options: Options) -> Found {
        Solver::new(&options)
            .solve(&board(text).expect("a valid board"), true)
            .expect("fits")
    }

    #[test]
    fn moves_steps_and_clusters() {
        // B blocks A; B slides down 1 (one move, one step); then A drives 4 cells.
        let text = "ooooooAAooBoooooBooooooooooooooooooo";
        let moves = answer(text, Options::default());
        assert_eq!(moves.distance, Some(2));
        let path: Vec<String> = moves.moves.unwrap().iter().map(Move::to_string).collect();
        assert_eq!(
            path,
            ["B+1", "A+4"],
            "the nearest slide of B is tried first"
        );
        let steps = answer(
            text,
            Options {
                steps: true,
                cluster: true,
                ..Options::default()
            },
        );
        assert_eq!(steps.distance, Some(5));
        // A and B have 5 places each; they overlap when B covers row 1 (rows 0-1 or 1-2)
        // and A covers column 4 (columns 3-4 or 4-5); every other pair is reachable.
        assert_eq!(steps.cluster, Some(5 * 5 - 2 * 2));
        assert_eq!(answer("ooooAAooo", Options::default()).distance, Some(0));
        assert_eq!(answer("AABooBooo", Options::default()).distance, Some(2));
        assert_eq!(
            answer("AABBoooooooooooo", Options::default()).distance,
            None
        );
    }

    #[test]
    fn the_budget_is_checked_before_the_tables_are_made() {
        let case = board("ooooooAAooBoooooBooooooooooooooooooo").unwrap();
        let mut solver = Solver::new(&Options {
            budget: MemoryBudget::new(1000),
            store: Store::Hashed,
            ..Options::default()
        });
        let Err(puzzle_frame::Limit::Memory(over)) = solver.count(&case) else {
            panic!("the tables do not fit in 1000 bytes");
        };
        assert_eq!(over.what, "the search's visited set");
    }
}
