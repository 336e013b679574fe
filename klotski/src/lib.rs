//! Klotski (华容道), the sliding-block puzzle in the format of HackerRank's "Klotski".
//!
//! A box of `rows` x `cols` cells holds blocks of any shape (each block is the set of
//! cells named by one token). A move slides one block by one or more unit steps up,
//! down, left or right, turning as it likes, while every other block stays put; the block
//! never overlaps another one or leaves the box. However far it goes, that is one move.
//! The goal: the top-left corner of the target block's bounding box on a given cell, in
//! the fewest moves.
//!
//! - [`case`]: the [`Case`] (box, blocks, target, goal) and a [`Move`].
//! - [`parse`]: the input format, case by case, with errors that point at the spot.
//! - [`solve`]: the solver, a breadth-first search over canonical bitboard positions.
//! - [`reference`](mod@reference): the brute-force reference over whole boards of names.
//! - [`replay`]: plays moves on a case, checking each against the rules.
//! - [`format`]: the judge's lines.
//! - [`render`]: the solution as a film for `--show`.
//! - `testkit` (feature `testkit`): generators and checks for the tests and `cargo xtask`.
//!
//! ```
//! use grid_common::Pos;
//! use klotski::{solve::{Options, Solver}, Case};
//!
//! let case = Case::from_rows(&["A A C .", "A B C .", "B B . ."], "B", Pos::new(0, 1)).unwrap();
//! let moves = Solver::new(&Options::default()).moves(&case).unwrap().expect("solvable");
//! assert_eq!(moves.len(), 2);
//! assert!(klotski::replay::replay(&case, &moves).unwrap().solved);
//! ```

pub mod case;
pub mod format;
pub mod layouts;
pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use case::{Block, Case, CaseError, Move, MAX_CELLS};
