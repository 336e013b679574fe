//! NOIP 2013 华容道 (Huarong Dao): the fewest moves to bring one designated piece to a
//! target cell on a board of movable (1) and fixed (0) pieces with a single blank.
//!
//! A move slides a movable piece next to the blank into it; equivalently, the blank
//! swaps with an orthogonal neighbour that is not fixed. Each query gives the blank,
//! the designated piece and its target (1-based, row first) on the same board.
//!
//! - [`parse`]: the judge's input, one query at a time ([`parse::Input`]).
//! - [`solve`]: the fast solver ([`solve::Solver`]): states are (piece cell, side of the
//!   piece the blank is on), side-to-side costs are precomputed once per board, and each
//!   query is an A* search over those states with an admissible, consistent heuristic.
//! - [`reference`](mod@reference): the brute-force reference, a plain BFS over (blank, piece) cells.
//! - [`replay`]: applies a sequence of blank moves, checking every move.
//! - [`render`]: the board step by step, for `--show`.
//! - [`testkit`]: generators and checks for tests, `cargo xtask stress` and `bench`.
//!
//! Conventions (the official data never exercises them): a query whose blank starts on
//! the piece, or whose blank, piece or target is a fixed cell, has no solution (`-1`);
//! otherwise a piece already on its target needs 0 moves. A move sequence is written as
//! the directions the blank moves in (`U`, `D`, `L`, `R`): the blank swaps with its
//! neighbour that way, and the designated piece moves when it is that neighbour.
//!
//! ```
//! use huarongdao::{Input, Solver};
//!
//! let src = b"3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
//! let mut input = Input::new(src).unwrap();
//! let mut solver = Solver::for_queries(input.board(), input.query_count()).unwrap();
//! let first = input.next_query().unwrap().unwrap();
//! assert_eq!(solver.solve(&first), Some(2));
//! let moves = solver.solve_with_path(&first).unwrap();
//! assert_eq!(huarongdao::format_moves(&moves), "UU");
//! let second = input.next_query().unwrap().unwrap();
//! assert_eq!(solver.solve(&second), None); // printed as -1
//! assert!(input.next_query().is_none());
//! ```

pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use parse::{Board, Input, Query};
pub use solve::Solver;

/// A query's answer in the judge's format: the number of moves, or `-1`.
pub fn format_answer(answer: Option<u64>) -> String {
    match answer {
        Some(moves) => moves.to_string(),
        None => "-1".to_string(),
    }
}

/// A move sequence as letters `U`/`D`/`L`/`R` (the directions the blank moves).
pub fn format_moves(moves: &[grid_common::Dir]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}
