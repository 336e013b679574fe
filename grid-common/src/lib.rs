//! Shared building blocks for the grid-puzzle solvers.
//!
//! - [`Dir`] and [`Pos`]: the four directions with their tables, and (row, column) coordinates.
//! - [`Grid`]: a flat, row-major grid with bounds-checked neighbour stepping.
//! - [`input::Reader`]: reads a whole input once and yields typed tokens; its
//!   [`input::InputError`] names the case, line and column and never panics.
//! - [`cli`]: the tiny argument parser and exit-code conventions the binaries share.
//! - [`rng::Rng`]: a small deterministic generator for random instances (tests, stress, bench).
//! - [`transcript`]: runs a binary on a snapshot case file, for the crates' snapshot tests.
//!
//! This crate depends on nothing, and the puzzle crates depend only on it.

pub mod cli;
mod dir;
mod grid;
pub mod input;
pub mod rng;
pub mod transcript;

pub use dir::{Dir, Pos};
pub use grid::Grid;
