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

use puzzle_frame::cli::Opt;
use puzzle_frame::Solution;

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
/// `--sweep R C`: every block set of one 2x2 target, 1x2, 2x1 and 1x1 blocks in a box (the
/// binary runs it before the shared loop: it takes two values and reads no input).
const SWEEP: Opt = Opt::valued(
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
    "give up a puzzle whose search would store more than N positions (default 200000000)",
);
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::cli::{Args, Program, Stop};
use puzzle_frame::film::{Film, FilmPlan};
use puzzle_frame::Puzzle;

/// Klotski, as the shared binary loop, the tests and `xtask` drive it: the answer holds the
/// moves, and `--count` adds a line.
pub struct Klotski;

impl Puzzle for Klotski {
    const PROGRAM: Program = Program {
        name: "klotski",
        version: env!("CARGO_PKG_VERSION"),
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
    type Cases<'a> = parse::Cases<'a>;
    type Options = solve::Options;
    type Solver = solve::Solver;
    type OtherLimit = solve::TooManyStates;
    type ReplayError = replay::ReplayError;

    fn options(args: &Args, budget: MemoryBudget) -> Result<solve::Options, String> {
        Ok(solve::Options {
            budget,
            max_states: args
                .parsed::<usize>(&MAX_STATES)?
                .unwrap_or(solve::DEFAULT_MAX_STATES),
            reach: args.flag(&COUNT),
            hardest: args.flag(&HARDEST),
        })
    }

    fn cases<'a>(input: &'a [u8], _options: &solve::Options) -> Result<parse::Cases<'a>, Stop> {
        Ok(parse::Cases::new(input))
    }

    fn solver(
        options: &solve::Options,
        _cases: &parse::Cases<'_>,
    ) -> Result<solve::Solver, solve::Limit> {
        Ok(solve::Solver::new(options))
    }

    fn count(solver: &mut solve::Solver, case: &Case) -> Result<Option<usize>, solve::Limit> {
        solver.count(case)
    }

    fn moves(solver: &mut solve::Solver, case: &Case) -> Result<Option<Vec<Move>>, solve::Limit> {
        solver.moves(case)
    }

    /// One search gives the moves and, with `--count`, what is reachable from the start.
    fn solve(
        solver: &mut solve::Solver,
        case: &Case,
        _wants_moves: bool,
    ) -> Result<Solution<Move>, solve::Limit> {
        let (moves, reach) = solver.answer(case)?;
        Ok(Solution {
            count: moves.as_ref().map(Vec::len),
            moves,
            notes: reach.iter().map(format::reach_line).collect(),
        })
    }

    /// `--hardest` answers each case with its census; otherwise the shared loop.
    fn run(
        options: solve::Options,
        printing: puzzle_frame::cli::Printing,
        input: &[u8],
        out: &mut dyn std::io::Write,
    ) -> puzzle_frame::cli::RunResult {
        if options.hardest {
            layouts::mode::hardest(options, printing, input, out)
        } else {
            puzzle_frame::answer::answer_cases::<Self>(&options, printing, input, out)
        }
    }

    fn reference_count(case: &Case) -> Option<usize> {
        reference::count(case)
    }

    fn replay(case: &Case, moves: &[Move]) -> Result<bool, replay::ReplayError> {
        replay::replay(case, moves).map(|r| r.solved)
    }

    fn answer_line(number: usize, answer: Option<usize>) -> String {
        format::answer_line(number, answer)
    }

    fn path_line(moves: &[Move]) -> String {
        format::path_line(moves)
    }

    fn set_budget(solver: &mut solve::Solver, budget: MemoryBudget) {
        solver.set_budget(budget);
    }

    fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, replay::ReplayError> {
        render::film(case, moves, plan)
    }
}
