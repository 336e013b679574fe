//! POJ 1324 Holedox Moving: the fewest steps for a snake's head to reach (1,1).
//!
//! A snake of `L` blocks lies in an `n` x `m` lair with stones. Each step the head moves to an
//! adjacent cell inside the lair that is neither a stone nor any cell of the body before the
//! move (the tail's cell included), and every other block moves into its predecessor's cell.
//! The answer is the fewest steps for the head to reach (1,1), or -1.
//!
//! - [`case`]: the [`Case`] (a lair and the body) and the [`Move`].
//! - [`parse`]: the judge's input format, one case at a time, with errors that point at the spot.
//! - [`solve`]: the fast search (A* on the head's distance to (1,1), three stores, a memory
//!   budget).
//! - [`reference`](mod@reference): the brute-force search over literal bodies, for tests.
//! - [`replay`](mod@replay): plays moves with its own statement of the rules.
//! - [`format`](mod@format): the judge's answer line and the `--path` line.
//! - [`render`]: the solution as a film, for `--show`.
//! - `testkit`: generators and checks for tests, `cargo xtask stress` and `bench`.
//!
//! ```
//! use snake_maze::{parse::Cases, solve::{Options, Solver}};
//!
//! let mut solver = Solver::new(&Options::default());
//! let mut cases = Cases::new(b"2 1 2\n2 1\n1 1\n0\n3 1 2\n2 1\n3 1\n0\n0 0 0\n");
//! // The head may not enter the tail's cell: stuck.
//! let first = cases.next().unwrap().unwrap();
//! assert_eq!(solver.count(&first), Ok(None));
//! // Here one step up reaches it.
//! let second = cases.next().unwrap().unwrap();
//! assert_eq!(solver.count(&second), Ok(Some(1)));
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

pub use case::{Case, Move};

/// The shared binary loop ([`puzzle_frame::answer::answer_cases`]) drives the solver through
/// this trait; it forwards to the solver's own methods.
impl puzzle_frame::answer::Solve for solve::Solver {
    type Case = Case;
    type Move = Move;
    type Limit = solve::Limit;

    fn count(&mut self, case: &Case) -> Result<Option<usize>, solve::Limit> {
        solve::Solver::count(self, case)
    }

    fn moves(&mut self, case: &Case) -> Result<Option<Vec<Move>>, solve::Limit> {
        solve::Solver::moves(self, case)
    }
}
