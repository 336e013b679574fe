//! POJ 1324 Holedox Moving: the fewest steps for a snake's head to reach (1,1).
//!
//! A snake of `L` blocks lies in an `n` x `m` lair with stones. Each step the head moves to an
//! adjacent cell inside the lair that is neither a stone nor any cell of the body before the
//! move (the tail's cell included), and every other block moves into its predecessor's cell.
//! The answer is the fewest steps for the head to reach (1,1), or -1.
//!
//! - [`case`]: the [`Case`] (a lair and the body) and the [`Move`].
//! - [`parse`]: the judge's input format, one case at a time, with errors that point at the spot.
//! - [`solve`]: the fast search (A* on the head's distance to (1,1), three stores, a memory
//!   budget).
//! - [`reference`](mod@reference): the brute-force search over literal bodies, for tests.
//! - [`replay`](mod@replay): plays moves with its own statement of the rules.
//! - [`format`](mod@format): the judge's answer line and the `--path` line.
//! - [`render`]: the solution as a film, for `--show`.
//! - `testkit`: generators and checks for tests, `cargo xtask stress` and `bench`.
//!
//! ```
//! use snake_maze::{parse::cases, solve::{Options, Solver}};
//! use puzzle_frame::puzzle::Solve;
//!
//! let mut solver = Solver::new(&Options::default());
//! let mut cases = cases(b"2 1 2\n2 1\n1 1\n0\n3 1 2\n2 1\n3 1\n0\n0 0 0\n");
//! // The head may not enter the tail's cell: stuck.
//! let first = cases.next().unwrap().unwrap();
//! assert_eq!(solver.count(&first), Ok(None));
//! // Here one step up reaches it.
//! let second = cases.next().unwrap().unwrap();
//! assert_eq!(solver.count(&second), Ok(Some(1)));
//! assert!(cases.next().is_none());
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

use puzzle_frame::cli::{path_option, Args, Opt, Program};
use puzzle_frame::puzzle::{Binary, Puzzle};

/// `--path`: the head's moves.
const PATH: Opt = path_option(
    "after each answer, a line with the head's moves (U, D, L, R), as many as the answer \
     (an empty line for 0, none for -1)",
);
/// `--max-states N`: the positions a case may store.
const MAX_STATES: Opt = Opt::valued(
    "--max-states",
    "N",
    "give up on a case after storing N snake positions (default 60000000); the answers \
     before it are printed, then exit 1",
);
/// `--store S`: the store of visited positions.
const STORE: Opt = Opt::valued(
    "--store",
    "S",
    "the store of visited positions: auto (default) takes the dense bitset when it needs \
     at most 128 MiB, else the hashed set; dense; hashed; packed (bodies packed two bits a \
     block, any length; the only store for bodies too long for the others)",
);
/// `--search S`: guided or breadth-first.
const SEARCH: Opt = Opt::valued(
    "--search",
    "S",
    "guided (default): A* on the head's distance to (1,1) ignoring the body; breadth: \
     plain breadth-first search (same answers)",
);

/// POJ 1324 Holedox Moving, as the shared binary loop, the tests and `xtask` drive it (each role's trait is
/// implemented in its module: `parse`, `solve`, `format`, `render`, `testkit`).
pub struct SnakeMaze;

impl Puzzle for SnakeMaze {
    const PROGRAM: Program = puzzle_frame::program! {
        about: "POJ 1324 Holedox Moving, the fewest steps for a snake's head to reach (1,1)",
        format: "\
Input: test cases, each:
  n m L        rows and columns (1 to 100 each), body length L (2 to n*m)
  r c          L lines: the body's blocks, head first, 1-based row and column,
               each next to the one before, all distinct
  K            the number of stones, then K lines `r c`
Blank lines between cases are optional; `0 0 0` (or the end of input) ends the input.
Each step the head moves to an adjacent cell of the lair that is neither a stone nor
a cell of the body before the move (the tail's included); the other blocks follow.

Output: one line `Case k: d` per case, d the fewest steps, or -1 when (1,1) cannot
be reached. --show draws: # stone, . free, * the goal (1,1), H head, o body, T tail.
",
        options: &[PATH, MAX_STATES, STORE, SEARCH],
    };

    type Case = Case;
    type Move = Move;
    type Options = solve::Options;

    /// The solver's settings from the command line (the budget is the frame's).
    fn options(args: &Args) -> Result<solve::Options, String> {
        let max_states = match args.parsed::<u64>(&MAX_STATES)? {
            Some(0) => return Err("--max-states must be at least 1".into()),
            n => n.unwrap_or(solve::DEFAULT_MAX_STATES),
        };
        let store = match args.value(&STORE) {
            None | Some("auto") => solve::Store::Auto,
            Some("dense") => solve::Store::Dense,
            Some("hashed") => solve::Store::Hashed,
            Some("packed") => solve::Store::Packed,
            Some(other) => {
                return Err(format!(
                    "invalid value '{other}' for --store (auto, dense, hashed or packed)"
                ))
            }
        };
        let search = match args.value(&SEARCH) {
            None | Some("guided") => solve::Search::Guided,
            Some("breadth") => solve::Search::Breadth,
            Some(other) => {
                return Err(format!(
                    "invalid value '{other}' for --search (guided or breadth)"
                ))
            }
        };
        Ok(solve::Options {
            max_states,
            store,
            search,
            ..solve::Options::default()
        })
    }
}

impl Binary for SnakeMaze {}
