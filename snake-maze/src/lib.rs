//! POJ 1324 Holedox Moving: the fewest steps for a snake's head to reach (1,1).
//!
//! A snake of `L` blocks lies in an `n` x `m` lair with stones. Each step the head moves to an
//! adjacent cell inside the lair that is neither a stone nor any cell of the body before the
//! move (the tail's cell included), and every other block moves into its predecessor's cell.
//! The answer is the fewest steps for the head to reach (1,1), or -1.
//!
//! - [`parse`]: the judge's input format, one case at a time, with errors that point at the spot.
//! - [`solve`]: the fast breadth-first search (dense bitset or hashed store, a state budget).
//! - [`reference`](mod@reference): the brute-force search over literal bodies, for tests.
//! - [`replay`]: applies moves, checking each one.
//! - [`render`]: `--show`, the lair step by step.
//! - [`testkit`]: generators and checks for tests, `cargo xtask stress` and `bench`.
//!
//! ```
//! use snake_maze::{parse::parse_all, solve::{solve, Options}};
//!
//! let cases = parse_all(b"2 1 2\n2 1\n1 1\n0\n0 0 0\n").unwrap();
//! // The head may not enter the tail's cell: stuck.
//! assert_eq!(solve(&cases[0], &Options::default()).unwrap().steps, None);
//! ```

pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

/// The judge's answer line for case `number` (1-based): `Case k: d`, or `Case k: -1`.
pub fn format_answer(number: usize, steps: Option<usize>) -> String {
    match steps {
        Some(d) => format!("Case {number}: {d}"),
        None => format!("Case {number}: -1"),
    }
}

/// The moves as letters `U`, `D`, `L`, `R`.
pub fn format_path(moves: &[grid_common::Dir]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}
