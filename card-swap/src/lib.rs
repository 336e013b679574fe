//! 蓝桥杯 2016 卡片换位 (card swap): swap the cards `A` and `B` on a small sliding board
//! in the fewest moves.
//!
//! A board is `rows` x `cols` cells holding one `A` (关羽), one `B` (张飞), one blank
//! (a space) and soldiers `*` everywhere else. A move slides a card orthogonally into the
//! blank. The goal is `A` and `B` solved; the soldiers may end anywhere. The judge's
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
//! use puzzle_frame::puzzle::Solve;
//!
//! let case = Case::from_lines(&["* A", "**B"]).expect("a valid board");
//! let mut solver = Solver::new(&Options::default());
//! let moves = solver.moves(&case).expect("within the budget").expect("solvable");
//! assert_eq!(moves.len(), 17);
//! let end = card_swap::replay::replay(&case, &moves).expect("legal moves");
//! assert!(end.solved);
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

pub use case::{Case, CaseError, Cell, Move, MAX_CELLS};

use puzzle_frame::cli::{path_option, Opt};

/// `--path`: card-swap's move tokens.
const PATH: Opt = path_option(
    "after each answer, a line with the moves: tokens like 'AD' (A moves down) or '*L' (a \
     soldier moves left), separated by spaces (nothing extra when the answer is -1)",
);
/// `--rows R`: the rows of every board.
const ROWS: Opt = Opt::valued("--rows", "R", "rows per board (default 2)");
/// `--cols C`: the columns of every board.
const COLS: Opt = Opt::valued(
    "--cols",
    "C",
    "columns per board (default 3; at least 2, and at most 144 cells)",
);
use puzzle_frame::cli::{Args, Program};
use puzzle_frame::puzzle::{Binary, Puzzle};

/// 蓝桥杯 2016 卡片换位, as the shared binary loop, the tests and `xtask` drive it (each role's trait is
/// implemented in its module: `parse`, `solve`, `format`, `render`, `testkit`).
pub struct CardSwap;

impl Puzzle for CardSwap {
    const PROGRAM: Program = puzzle_frame::program! {
        about: "蓝桥杯 2016 卡片换位 — swap the cards A and B in the fewest moves",
        format: "\
Input: boards one after another, each 2 lines of 3 characters (see --rows, --cols):
'A' and 'B' once each, one blank (a space), '*' (soldiers) elsewhere. A move slides
a card into the adjacent blank (not diagonally). Lines may end in \\r\\n; blank lines
between boards are allowed; a line whose last character is the blank may leave that
space out (a line exactly one character short is padded with a blank).

Output: for each board, the fewest moves that swap A and B, or -1 when they cannot be
swapped, one per line.
",
        options: &[PATH, ROWS, COLS],
    };

    type Case = Case;
    type Move = Move;
    type Options = solve::Options;

    fn options(args: &Args) -> Result<solve::Options, String> {
        let rows = args
            .parsed::<usize>(&ROWS)?
            .unwrap_or(parse::Shape::JUDGE.rows());
        let cols = args
            .parsed::<usize>(&COLS)?
            .unwrap_or(parse::Shape::JUDGE.cols());
        Ok(solve::Options {
            shape: parse::Shape::new(rows, cols)?,
            ..solve::Options::default()
        })
    }
}

impl Binary for CardSwap {}
