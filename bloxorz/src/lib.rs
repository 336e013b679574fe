//! POJ 3322 Bloxorz I: the fewest rolls to stand a 1x1x2 box upright on the target.
//!
//! A plane of `R x C` cells: `#` empty, `.` rigid, `E` easily broken, `O` the target
//! (rigid), `X` the box (one `X`: standing; two adjacent `X`: lying; rigid under it).
//! A roll tips the box over one of its four bottom edges. A standing box needs a rigid
//! cell; a lying box may rest on any two non-empty cells (`E` included); nothing may
//! cover `#` or leave the plane. The answer is the fewest rolls that end with the box
//! standing on `O`, or `Impossible`.
//!
//! - [`parse`]: reads the judge's input one case at a time ([`read_case`]).
//! - [`solve()`]: the fast solver over dense states: a short A* run with an admissible
//!   estimate, then a bidirectional breadth-first search if A* runs out of budget
//!   (see [`mod@solve`]).
//! - [`mod@reference`]: the plain breadth-first search over sets of covered cells, the oracle.
//! - [`replay`]: plays a sequence of rolls, checking each one.
//! - [`render`]: the board step by step, for `--show`.
//! - [`testkit`]: generators and checks for the tests, `cargo xtask stress` and `bench`.
//!
//! ```
//! use bloxorz::{read_case, solve};
//! use grid_common::input::Reader;
//!
//! let input = "3 4\nX..O\n....\n....\n0 0\n";
//! let mut reader = Reader::new(input.as_bytes());
//! let board = read_case(&mut reader, 1).unwrap().unwrap();
//! let rolls = solve(&board).unwrap();
//! assert_eq!(rolls.len(), 2); // roll right twice: lying on columns 2-3, then standing on O
//! assert!(read_case(&mut reader, 2).unwrap().is_none());
//! ```

pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

mod board;

pub use board::{Block, Board, Cell, Orientation};
pub use parse::{parse_all, read_case};
pub use solve::solve;

use grid_common::Dir;

/// The judge's answer line for a solution: the number of rolls, or `Impossible`.
pub fn answer_line(solution: Option<&[Dir]>) -> String {
    match solution {
        Some(rolls) => rolls.len().to_string(),
        None => "Impossible".to_string(),
    }
}

/// The rolls as letters `U`/`D`/`L`/`R`, as `--path` prints them.
pub fn path_line(rolls: &[Dir]) -> String {
    rolls.iter().map(|d| d.letter()).collect()
}
