//! NOIP 2013 华容道 (Huarong Dao): the fewest moves to bring one designated piece to a
//! target cell on a board of movable (1) and fixed (0) pieces with a single blank.
//!
//! A move slides a movable piece next to the blank into it; equivalently, the blank
//! swaps with an orthogonal neighbour that is not fixed. Each query gives the blank,
//! the designated piece and its target (1-based, row first) on the same board.
//!
//! The roles every puzzle crate fills (ARCHITECTURE.md), with one difference: the input is
//! one board followed by queries, so the case is a [`Query`] on the [`Board`].
//!
//! - [`case`]: the board, the query (the case) and the move ([`Move`], the direction the
//!   blank moves in).
//! - [`parse`]: the judge's input ([`parse::Cases`]: the board, then one query at a time).
//! - [`solve`]: the fast solver ([`solve::Solver`], [`solve::Options`], [`solve::Limit`]):
//!   states are (piece cell, side of the piece the blank is on), side-to-side costs are
//!   precomputed once per board, and each query is an A* search over those states with an
//!   admissible, consistent estimate.
//! - [`reference`](mod@reference): the brute-force reference, a plain BFS over (blank, piece)
//!   cells.
//! - [`replay`](mod@replay): applies a sequence of blank moves, checking every move.
//! - [`format`](mod@format): the judge's lines. [`render`]: the frames `--show` draws.
//! - `testkit` (feature `testkit`): generators and checks for tests, `cargo xtask stress`
//!   and `bench`.
//!
//! Conventions (the official data never exercises them): a query whose blank starts on
//! the piece, or whose blank, piece or target is a fixed cell, has no solution (`-1`);
//! otherwise a piece already on its target needs 0 moves. A move sequence is written as
//! the directions the blank moves in (`U`, `D`, `L`, `R`): the blank swaps with its
//! neighbour that way, and the designated piece moves when it is that neighbour.
//!
//! ```
//! use huarongdao::format::path_line;
//! use huarongdao::parse::Cases;
//! use huarongdao::solve::{Options, Solver};
//!
//! let src = b"3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
//! let mut cases = Cases::new(src).unwrap();
//! let options = Options { queries: cases.query_count(), ..Options::default() };
//! let mut solver = Solver::new(cases.board(), &options).unwrap();
//! let first = cases.next().unwrap().unwrap();
//! assert_eq!(solver.count(&first), Ok(Some(2)));
//! let moves = solver.moves(&first).unwrap().unwrap();
//! assert_eq!(path_line(&moves), "UU");
//! let second = cases.next().unwrap().unwrap();
//! assert_eq!(solver.count(&second), Ok(None)); // printed as -1
//! assert!(cases.next().is_none());
//! ```

pub mod case;
pub mod format;
pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use case::{Board, Move, Query};

/// The shared binary loop ([`puzzle_frame::answer::answer_cases`]) drives the solver through
/// this trait; it forwards to the solver's own methods.
impl puzzle_frame::answer::Solve for solve::Solver {
    type Case = Query;
    type Move = Move;
    type Limit = solve::Limit;

    fn count(&mut self, case: &Query) -> Result<Option<usize>, solve::Limit> {
        solve::Solver::count(self, case)
    }

    fn moves(&mut self, case: &Query) -> Result<Option<Vec<Move>>, solve::Limit> {
        solve::Solver::moves(self, case)
    }
}
