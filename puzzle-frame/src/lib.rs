//! The program frame every puzzle binary shares: everything around a solver that is not
//! the puzzle itself.
//!
//! - [`input::Reader`]: reads a whole input once and yields typed tokens; its
//!   [`input::InputError`] names the case, line and column and never panics.
//! - [`film`]: the frame model, a solution as a start board and the cells each move changes;
//!   [`show`] draws it for `--show`.
//! - [`html`]: the self-contained page (`--html FILE`) that plays every case's film.
//! - [`budget`]: the memory budget (`--max-memory`) every binary runs under.
//! - [`puzzle`]: the roles every puzzle crate fills, one small trait each ([`Puzzle`],
//!   [`puzzle::Reading`], [`puzzle::Solving`], [`puzzle::Formatting`],
//!   [`puzzle::Rendering`], together [`puzzle::Binary`]); [`puzzle::main`] is a whole
//!   binary, and [`answer`] the one loop every binary runs over its cases.
//! - [`read`]: reads the whole input once, sized from its length, held to the budget.
//! - [`cli`]: the argument parser, the settings read once from it, the `--path`/`--show`
//!   printing and exit codes the binaries share.
//!
//! With the `testkit` feature (tests, `cargo xtask` only):
//! - `testkit`: the `Testkit` trait (generators, checks, the oracles) and the checks every
//!   crate shares (`check_moves`, `mangled_inputs`, the shrinker).
//! - `rng::Rng`: a small deterministic generator for random instances (tests, stress, bench).
//! - `transcript`: runs a binary on a snapshot case file, for the crates' snapshot tests.
//!
//! It depends on `grid-common` (coordinates and the grid) only.

pub mod allocator;
pub mod answer;
pub mod budget;
pub mod cli;
pub mod film;
pub mod html;
pub mod input;
pub mod puzzle;
pub mod read;
#[cfg(feature = "testkit")]
pub mod rng;
pub mod search;
pub mod show;
#[cfg(feature = "testkit")]
pub mod testkit;
#[cfg(feature = "testkit")]
pub mod transcript;

pub use puzzle::{Answer, Limit, NoOtherLimit, Puzzle};
