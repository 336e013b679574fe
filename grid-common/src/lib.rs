//! Shared building blocks for the grid-puzzle solvers.
//!
//! - [`Dir`] and [`Pos`]: the four directions with their tables, and (row, column) coordinates.
//! - [`Grid`]: a flat, row-major grid with bounds-checked neighbour stepping.
//! - [`input::Reader`]: reads a whole input once and yields typed tokens; its
//!   [`input::InputError`] names the case, line and column and never panics.
//! - [`film`]: the frame model, a solution as a start board and the cells each move changes;
//!   [`show`] draws it for `--show`.
//! - [`html`]: the self-contained page (`--html FILE`) that plays every case's film.
//! - [`budget`]: the memory budget (`--max-memory`) every binary runs under.
//! - [`answer`]: the one loop every binary runs over its cases ([`answer::answer_cases`]).
//! - [`cli`]: the argument parser, the `--path`/`--show` printing and exit codes the binaries share.
//!
//! With the `testkit` feature (tests, `cargo xtask` only):
//! - `rng::Rng`: a small deterministic generator for random instances (tests, stress, bench).
//! - `transcript`: runs a binary on a snapshot case file, for the crates' snapshot tests.
//!
//! This crate depends on nothing, and the puzzle crates depend only on it.

pub mod answer;
pub mod budget;
pub mod cli;
mod dir;
pub mod film;
mod grid;
pub mod html;
pub mod input;
#[cfg(feature = "testkit")]
pub mod rng;
pub mod show;
#[cfg(feature = "testkit")]
pub mod transcript;

pub use dir::{Dir, Pos};
pub use grid::Grid;
