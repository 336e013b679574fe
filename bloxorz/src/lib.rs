//! POJ 3322 Bloxorz I: the fewest rolls to stand a 1x1x2 box upright on the target.
//!
//! A plane of `R x C` cells: `#` empty, `.` rigid, `E` easily broken, `O` the target
//! (rigid), `X` the box (one `X`: standing; two adjacent `X`: lying; rigid under it).
//! A roll tips the box over one of its four bottom edges. A standing box needs a rigid
//! cell; a lying box may rest on any two non-empty cells (`E` included); nothing may
//! cover `#` or leave the plane. The answer is the fewest rolls that end with the box
//! standing on `O`, or `Impossible`.
//!
//! The roles every puzzle crate fills (see ARCHITECTURE.md):
//!
//! - [`case`]: the [`Case`] (the plane, the box's start, the target) and a [`Move`].
//! - [`parse`]: reads the judge's input one case at a time ([`parse::Cases`]).
//! - [`solve`]: the fast solver ([`solve::Solver`]): cheap proofs of `Impossible`, a short
//!   A* run, then a bidirectional breadth-first search, within a memory budget.
//! - [`reference`](mod@reference): the plain breadth-first search over sets of covered cells, the oracle.
//! - [`replay`]: plays a sequence of rolls with its own statement of the rules.
//! - [`format`](mod@format): the answer and `--path` lines.
//! - [`render`]: the solution as a film, for `--show`.
//! - `testkit`: generators and checks for the tests, `cargo xtask stress` and `bench`.
//!
//! ```
//! use bloxorz::parse::parse_all;
//! use bloxorz::solve::{Options, Solver};
//! use puzzle_frame::puzzle::Solve;
//!
//! let input = b"3 4\nX..O\n....\n....\n0 0\n";
//! let cases = parse_all(input).unwrap();
//! let case = &cases[0];
//! let mut solver = Solver::new(&Options::default());
//! // Roll right twice: lying on columns 2-3, then standing on O.
//! assert_eq!(solver.count(case), Ok(Some(2)));
//! assert_eq!(solver.moves(case).unwrap().unwrap().len(), 2);
//! assert_eq!(cases.len(), 1);
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

pub use case::{Block, Case, Cell, Move, Orientation};

use puzzle_frame::cli::{path_option, Program};
use puzzle_frame::puzzle::{Binary, Puzzle};

/// POJ 3322 Bloxorz I, as the shared binary loop, the tests and `xtask` drive it (each
/// role's trait is implemented in its module: `parse`, `solve`, `format`, `render`,
/// `testkit`).
pub struct Bloxorz;

impl Puzzle for Bloxorz {
    const PROGRAM: Program = puzzle_frame::program! {
        about: "POJ 3322 Bloxorz I, the fewest rolls to stand the box upright on the target",
        format: "\
Input: cases made of a line 'R C' and R rows of C characters: '#' empty, '.' rigid,
'E' easily broken (never under a standing box), 'O' the target, 'X' the box (one 'X'
standing, two adjacent 'X' lying). A line '0 0', or the end of the input, ends the input.

Output: for each case, one line: the fewest rolls, or 'Impossible'.
",
        options: &[path_option(
            "after each answer, a line with the rolls as letters U, D, L, R (an empty line for \
             0 rolls; nothing for an Impossible case)",
        )],
    };

    type Case = Case;
    type Move = Move;
    type Options = solve::Options;
}

impl Binary for Bloxorz {}
