//! Rush Hour (Nob Yoshigahara, ThinkFun): cars and trucks slide along their own row or
//! column until the red car `A` reaches the exit in the right edge of its row.
//!
//! One board per line, `N * N` characters (`N` from 3 to 8): `o` or `.` empty, `x` a wall,
//! `A` the red car, `B`..`Z` the other pieces of 2 or 3 cells. The answer is the fewest
//! moves (one piece slid any number of cells) to a board whose red car has its rightmost
//! cell in the last column: `0` when it already does, `-1` when it never can. The readings
//! of `../shared/data/rush-hour/FORMAT.md` section 6 are taken (README.md lists them).
//!
//! - [`case`]: the [`Case`] (size, walls, pieces) and a [`Move`] (`A+2`).
//! - [`parse`]: one board per line, errors at the line and column of the broken cell.
//! - [`board`]: the bit layout (a cell is a bit of a `u64`, a board four bits a piece).
//! - [`solve`]: the solver, a breadth-first search over those bitboard states.
//! - [`mod@reference`]: a breadth-first search over whole board strings, the oracle.
//! - [`replay`]: plays moves on a case, with its own statement of the rules.
//! - [`mod@format`]: the answer, `--path` and `--count` lines.
//! - [`render`]: the solution as a film, for `--show` and `--html`.
//! - [`sweep`]: `--sweep N [--walls W]`, Fogleman's whole space and database lines;
//!   [`modes`] runs it (`impl Binary`: the binary's one exception to the shared loop).
//! - `testkit`: generators and checks for the tests, `cargo xtask stress` and `bench`.
//!
//! ```
//! use puzzle_frame::puzzle::{Formatting, Solve};
//! use rush_hour::solve::{Options, Solver};
//! use rush_hour::RushHour;
//!
//! // B blocks A; B moves down one cell, then A drives out.
//! let case = rush_hour::parse::board("ooooooAAooBoooooBooooooooooooooooooo").unwrap();
//! let mut solver = Solver::new(&Options::default());
//! assert_eq!(solver.count(&case), Ok(Some(2)));
//! let moves = solver.moves(&case).unwrap().expect("solvable");
//! assert_eq!(RushHour::path_line(&moves), "B+1 A+4");
//! assert!(rush_hour::replay::replay(&case, &moves).unwrap().solved);
//! ```

pub mod board;
pub mod case;
pub mod format;
pub mod modes;
pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
pub mod sweep;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use case::{Case, Move};

use puzzle_frame::cli::{path_option, Args, Opt, Program};
use puzzle_frame::puzzle::Puzzle;

/// `--steps`: one-cell slides counted instead of moves.
const STEPS: Opt = Opt::flag(
    "--steps",
    "count one-cell slides (steps) instead of moves; --path then prints one step a move",
);
/// `--count`: the cluster size after each answer.
const COUNT: Opt = Opt::flag(
    "--count",
    "after each answer, a line 'cluster K': the boards reachable from the board by any \
     moves, itself included (Fogleman's cluster size)",
);

/// Rush Hour, as the shared binary loop, the tests and `xtask` drive it: each role's trait
/// is implemented in its module (`parse`, `solve`, `format`, `render`, `testkit`).
pub struct RushHour;

impl Puzzle for RushHour {
    const PROGRAM: Program = puzzle_frame::program! {
        about: "Rush Hour, the fewest moves to drive the red car out",
        format: "\
Input: one board per line, N*N characters row by row (N from 3 to 8): 'o' or '.' an
empty cell, 'x' a wall, 'A' the red car (horizontal), 'B'..'Z' the other pieces (all
cells of one letter are one piece: 2 or 3 cells in one row or one column). Blank lines
are skipped.

A move slides one piece along its row or column, any number of cells, over empty cells.
The board is solved when the rightmost cell of 'A' is in the last column (the exit is
in the right edge of A's row).

Output: for each board, the fewest moves, 0 when solved, -1 when it cannot be solved.
",
        options: &[
            path_option(
                "after each answer, a line with the moves: the piece and the cells it \
                 slides, + right or down, - left or up ('B+1 A+4'; empty when solved, \
                 nothing for -1)",
            ),
            STEPS,
            COUNT,
            sweep::options::SWEEP,
            sweep::options::WALLS,
            sweep::options::CHECKPOINT,
            sweep::options::THREADS,
            sweep::options::STOP_AFTER,
        ],
    };

    type Case = Case;
    type Move = Move;
    type Options = modes::Settings;

    fn options(args: &Args) -> Result<modes::Settings, String> {
        Ok(modes::Settings {
            solver: solve::Options {
                steps: args.flag(&STEPS),
                cluster: args.flag(&COUNT),
                ..solve::Options::default()
            },
            sweep: modes::sweep_options(args)?,
        })
    }

    /// `--sweep N` reads no input.
    fn reads_input(options: &modes::Settings) -> bool {
        options.sweep.is_none()
    }
}
