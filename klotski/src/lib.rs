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
//! - [`format`](mod@format): the judge's lines.
//! - [`render`]: the solution as a film for `--show`.
//! - [`modes`]: the binary's modes, `--hardest` and `--sweep` besides the shared loop.
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
pub mod modes;
pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use case::{Block, Case, CaseError, Move, MAX_CELLS};

use puzzle_frame::cli::Opt;

/// `--count`: the positions reachable from the start.
const COUNT: Opt = Opt::flag(
    "--count",
    "after each answer, the number of positions reachable from the start (blocks of one \
     shape other than the target are interchangeable) and the most moves any of them needs",
);
/// `--hardest`: the census of each case's blocks in its box, not its answer.
const HARDEST: Opt = Opt::flag(
    "--hardest",
    "for each puzzle, every layout of its blocks in its box instead (blocks of one shape \
     interchangeable): lines 'layouts: N', 'groups: G' (layouts linked by moves), \
     'solvable: S', 'hardest: M moves, K layouts' (or 'hardest: -1'), then the hardest \
     layouts (at most 10) in the input format; --show/--html show the first solved",
);
/// `--sweep R C`: every block set of one 2x2 target, 1x2, 2x1 and 1x1 blocks in a box (it
/// takes two values and reads no input; [`modes`]).
const SWEEP: Opt = Opt::valued_pair(
    "--sweep",
    "R C",
    "every set of one 2x2 target 'T', 1x2, 2x1 and 1x1 blocks leaving two cells or more \
     empty in an R x C box, the goal at row R-2, column (C-2)/2: a line per set, then the \
     four --hardest lines for all of them and the hardest layout (reads no input)",
);
/// `--max-states N`: the positions one search may store.
const MAX_STATES: Opt = Opt::valued(
    "--max-states",
    "N",
    "give up a puzzle whose search would store more than N positions (default 200000000; \
     with --count, no bound but --max-memory unless given)",
);
use puzzle_frame::cli::{Args, Program};
use puzzle_frame::puzzle::Puzzle;

/// Klotski, as the shared binary loop, the tests and `xtask` drive it: the answer holds the
/// moves, and `--count` adds a line.
pub struct Klotski;

impl Puzzle for Klotski {
    const PROGRAM: Program = puzzle_frame::program! {
        about: "Klotski (华容道) — bring the target block to its goal in the fewest moves",
        format: "\
Input: a line 'R C'; R lines of C tokens (a token of only '.' is an empty cell, any
other token names the block covering the cell; a block may have any shape); a line
with the target block's name; a line 'r c': where the top-left corner of the target's
bounding box must end (0-based). Puzzles follow one another to the end of the input.
A box has at most 64 cells.

A move slides one block by one or more unit steps up, down, left or right, turning as
it likes, never over another block or out of the box: however far, one move.

Output: for each puzzle, the fewest moves, then one line per move: 'NAME (r1,c1)
(r2,c2)', the block and the top-left corner of its bounding box before and after the
move; or -1 when the target can never reach its goal.
",
        options: &[COUNT, HARDEST, SWEEP, MAX_STATES],
    };
    const ANSWER_HOLDS_MOVES: bool = true;

    type Case = Case;
    type Move = Move;
    type Options = modes::Settings;

    fn options(args: &Args) -> Result<modes::Settings, String> {
        // `--sweep` reads no input and solves no case: it takes `--max-memory` alone.
        args.only_with(&SWEEP, &[puzzle_frame::cli::MAX_MEMORY])?;
        // `--hardest` answers no case: the options of an answer (`--count`,
        // `--max-states`, `--keep-going`) would be ignored there, so they are refused.
        use puzzle_frame::cli::{HTML, MAX_MEMORY, SHOW, SHOW_ALL};
        args.only_with(&HARDEST, &[SHOW, SHOW_ALL, HTML, MAX_MEMORY])?;
        let sweep = match args.value(&SWEEP) {
            None => None,
            Some(values) => Some(modes::sweep_box(values, &args.positionals)?),
        };
        Ok(modes::Settings {
            solver: solve::Options {
                // `--count` searches to the end, over marks on large boxes (storing no
                // positions): unless given, its bound is `--max-memory` alone.
                max_states: match args.parsed::<usize>(&MAX_STATES)? {
                    Some(n) => n,
                    None if args.flag(&COUNT) => usize::MAX,
                    None => solve::DEFAULT_MAX_STATES,
                },
                reach: args.flag(&COUNT),
                hardest: args.flag(&HARDEST),
                ..solve::Options::default()
            },
            sweep,
        })
    }

    /// `--sweep R C` reads no input.
    fn reads_input(options: &modes::Settings) -> bool {
        options.sweep.is_none()
    }
}
