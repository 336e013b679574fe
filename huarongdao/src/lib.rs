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
//! use huarongdao::parse::Cases;
//! use huarongdao::Huarongdao;
//! use puzzle_frame::puzzle::Formatting;
//! use huarongdao::solve::{Options, Solver};
//!
//! let src = b"3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
//! let mut cases = Cases::new(src).unwrap();
//! let options = Options { queries: cases.query_count(), ..Options::default() };
//! let mut solver = Solver::new(cases.board(), &options).unwrap();
//! let first = cases.next().unwrap().unwrap();
//! assert_eq!(solver.count(&first), Ok(Some(2)));
//! let moves = solver.moves(&first).unwrap().unwrap();
//! assert_eq!(Huarongdao::path_line(&moves), "UU");
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

pub use case::{Board, Case, Move, Query};

use puzzle_frame::cli::{path_option, Opt};

/// `--path`: the blank's moves.
const PATH: Opt = path_option(
    "after each answer, a line with the blank's moves (U, D, L, R), as many as the answer \
     (an empty line for 0; nothing for -1)",
);
use puzzle_frame::cli::Program;
use puzzle_frame::puzzle::{Binary, Puzzle};

/// NOIP 2013 华容道, as the shared binary loop, the tests and `xtask` drive it: one board, then
/// queries, each a [`Case`] that carries the board.
pub struct Huarongdao;

impl Puzzle for Huarongdao {
    const PROGRAM: Program = puzzle_frame::program! {
        about: "NOIP 2013 华容道 (Huarong Dao), the fewest moves to bring a piece to its target",
        format: "\
Input (the judge's format):
    n m q             rows, columns, number of queries
    n rows of m cells 1: a movable piece (or the blank), 0: a fixed piece
    q lines           EX EY SX SY TX TY: the blank, the designated piece and its
                      target (1-based, row first)

Output: one line a query: the fewest moves, or -1 when the piece can never reach the
target. A piece already on its target needs 0 moves. A query whose blank starts on the
piece, or whose blank, piece or target is a fixed cell, prints -1. Each answer is
printed before the next query is read. --show draws: # fixed, . movable, _ blank,
P the piece, T its target, * the piece on its target. A board the memory budget cannot
hold is refused from its header line.
",
        options: &[PATH],
    };

    type Case = Case;
    type Move = Move;
    type Options = solve::Options;
}

impl Binary for Huarongdao {}
