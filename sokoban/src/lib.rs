//! Sokoban: POJ 1475 "Pushing Boxes" (one box, the fewest pushes, then the fewest moves)
//! and Sokoban levels in the XSB format (any number of boxes, the fewest pushes).
//!
//! A board of walls and floor holds goals, boxes and the player. A move takes the player
//! one cell north (up), south (down), west (left) or east (right), onto floor: a walk onto
//! a free cell, or a push when a box stands there and the cell beyond it is free floor (the
//! box moves on by one). Boxes are never pulled. A case is solved when every box stands on
//! a goal.
//!
//! - POJ 1475 (the default input): `Maze #k`, then the moves (`NSEW` pushes, `nsew`
//!   walks) of a solution with the fewest pushes and, among those, the fewest moves, or
//!   `Impossible.`; a blank line after each maze.
//! - XSB levels (`--xsb`, or an input whose first line with text starts with `;` or `#`):
//!   per level the fewest pushes, or `-1`; `--path` prints a push-optimal solution in
//!   `LURD` letters.
//!
//! The roles every puzzle crate fills (see ARCHITECTURE.md):
//!
//! - [`case`]: the [`Case`] (format and board) and a [`Move`] (a direction, walk or push).
//! - [`parse`]: reads POJ mazes and XSB levels one at a time ([`parse::Cases`]).
//! - [`solve`]: the solvers ([`solve::Solver`]): POJ's exact two-level search, and the
//!   push-optimal search of levels behind [`solve::levels`].
//! - [`mod@reference`]: Dijkstra's search over the literal state, the oracle.
//! - [`replay`]: plays moves with its own statement of the rules; reads move letters.
//! - [`mod@format`]: the answer and path lines.
//! - [`render`]: the solution as a film, for `--show` and `--html`.
//! - `testkit`: generators and checks for the tests, `cargo xtask stress` and `bench`.
//!
//! ```
//! use sokoban::case::Format;
//! use puzzle_frame::puzzle::Solve;
//! use sokoban::parse::cases;
//! use sokoban::solve::{Cost, Options, Solver};
//!
//! let mut cases = cases(b"1 7\nSB....T\n0 0\n", Format::Poj);
//! let case = cases.next().expect("a case").expect("a valid case");
//! let moves = Solver::new(&Options::default()).moves(&case).unwrap().expect("solvable");
//! assert_eq!(sokoban::format::path_line(Format::Poj, &moves), "EEEEE");
//! let played = sokoban::replay::replay(&case, &moves).expect("legal");
//! assert!(played.solved);
//! assert_eq!(played.cost, Cost { pushes: 5, moves: 5 });
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

pub use case::{Case, Move};

use case::Format;
use puzzle_frame::cli::{path_option, Args, Opt, Program, RunResult, Settings};
use puzzle_frame::puzzle::{Binary, Puzzle};

/// `--xsb`: read XSB levels.
pub const XSB: Opt = Opt::flag("--xsb", "read Sokoban levels in the XSB format (see above)");
/// `--max-states N`.
pub const MAX_STATES: Opt = Opt::valued(
    "--max-states",
    "N",
    "give a case up when its search would store more than N positions (default 50000000)",
);

/// POJ 1475 (and, through [`Levels`], XSB levels), as the shared binary loop, the tests and
/// `xtask` drive it: each role's trait is implemented in its module.
pub struct Sokoban;

impl Puzzle for Sokoban {
    const PROGRAM: Program = puzzle_frame::program! {
        about: "POJ 1475 Pushing Boxes (fewest pushes, then fewest moves) and XSB Sokoban \
                levels (fewest pushes)",
        format: "\
Input (POJ 1475, the default): mazes made of a line 'r c' and r rows of c characters:
'#' rock, '.' floor, 'S' the player, 'B' the box, 'T' the target (one of each). A line
'0 0', or the end of the input, ends the input.

Output: for maze k, a line 'Maze #k', then the moves of a solution with the fewest pushes
and, among those, the fewest moves ('NSEW' pushes, 'nsew' walks; north is up), or
'Impossible.'; then a blank line.

Input (--xsb, or an input whose first line with text starts with ';' or '#'): XSB levels:
'#' wall, ' ', '-' or '_' floor, '.' goal, '$' box, '*' box on a goal, '@' the player,
'+' the player on a goal; rows may differ in length (what lies outside the outer wall is
not part of the level); blank, comment (';') and title lines between levels.

Output: for each level, the fewest pushes that put every box on a goal, or -1.
",
        options: &[
            XSB,
            path_option(
                "XSB: after each answer, a push-optimal solution as LURD letters (lower case \
                 a walk, upper case a push; nothing for -1). POJ's answer holds its moves",
            ),
            MAX_STATES,
        ],
    };
    const ANSWER_HOLDS_MOVES: bool = true;

    type Case = Case;
    type Move = Move;
    type Options = solve::Options;

    fn options(args: &Args) -> Result<solve::Options, String> {
        let max_states = args.parsed::<u64>(&MAX_STATES)?;
        Ok(solve::Options {
            max_states: max_states.unwrap_or(solve::DEFAULT_MAX_STATES),
            xsb: args.flag(&XSB),
            ..solve::Options::default()
        })
    }
}

impl Binary for Sokoban {
    /// XSB levels run through [`Levels`]; POJ mazes through this puzzle, whose answer is
    /// the moves (so `--path` adds nothing).
    fn run(
        options: solve::Options,
        mut settings: Settings,
        input: &[u8],
        out: &mut dyn std::io::Write,
    ) -> RunResult {
        if options.xsb || parse::detect(input) == Format::Xsb {
            let options = solve::Options {
                xsb: true,
                ..options
            };
            return puzzle_frame::answer::answer_cases::<Levels>(&options, settings, input, out);
        }
        settings.output.path = false;
        puzzle_frame::answer::answer_cases::<Sokoban>(&options, settings, input, out)
    }
}

/// XSB levels as a puzzle of the shared loop: the fewest pushes per level, `--path` in
/// `LURD` letters. The binary runs it for XSB input ([`Sokoban`]'s `run`).
pub struct Levels;

impl Puzzle for Levels {
    const PROGRAM: Program = Sokoban::PROGRAM;

    type Case = Case;
    type Move = Move;
    type Options = solve::Options;
}

impl Binary for Levels {}
