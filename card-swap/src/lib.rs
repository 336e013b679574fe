//! 蓝桥杯 2016 卡片换位 (card swap): swap the cards `A` and `B` on a small sliding board
//! in the fewest moves.
//!
//! A board is `rows` x `cols` cells holding one `A` (关羽), one `B` (张飞), one blank
//! (a space) and soldiers `*` everywhere else. A move slides a card orthogonally into the
//! blank. The goal is `A` and `B` swapped; the soldiers may end anywhere. The judge's
//! board is 2 x 3; the library solves any board of up to [`MAX_CELLS`] cells.
//!
//! The crate fills the roles every puzzle crate fills (ARCHITECTURE.md):
//!
//! - [`Case`]: one board of the input (a [`grid_common::Grid`] of [`Cell`]s); [`Move`]: a
//!   card and the direction it slides.
//! - [`parse`]: the input format, [`parse::Cases`] one board at a time, with errors that
//!   point at the spot.
//! - [`solve`]: the fast solver, a bidirectional breadth-first search over (blank, `A`,
//!   `B`) positions, under a memory budget ([`solve::Options`], [`solve::Limit`]).
//! - [`reference`](mod@reference): the brute-force reference, a breadth-first search over
//!   whole boards.
//! - [`replay`](mod@replay): applies a move sequence to a board, checking every move.
//! - [`format`](mod@format): the answer line and the `--path` line.
//! - [`render`]: the solution as a [`puzzle_frame::film::Film`], for `--show`.
//! - `testkit` (feature `testkit`): generators and checks shared by the tests,
//!   `cargo xtask stress` and `bench`.
//!
//! ```
//! use card_swap::solve::{Options, Solver};
//! use card_swap::Case;
//!
//! let case = Case::from_lines(&["* A", "**B"]).expect("a valid board");
//! let mut solver = Solver::new(&Options::default());
//! let moves = solver.moves(&case).expect("within the budget").expect("solvable");
//! assert_eq!(moves.len(), 17);
//! let end = card_swap::replay::replay(&case, &moves).expect("legal moves");
//! assert!(end.swapped);
//! ```

mod case;
pub mod format;
pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use case::{Case, CaseError, Cell, Move, MAX_CELLS};

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
