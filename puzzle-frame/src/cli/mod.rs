//! What the puzzle binaries share: typed options and their parser (`args`), the options
//! every binary takes, read once into [`Settings`], reading the input, what is printed
//! besides the answers ([`Printing`]), and the exit codes.
//!
//! The binaries stay thin: a [`Program`] parses the arguments, answers `--help` (its text
//! built from the puzzle's own options and format plus the shared ones, written once here)
//! and `--version`, reads the input, hands it to the puzzle's run function with a buffered
//! standard output, and maps how that ended to the exit codes below.

use crate::budget::MemoryBudget;

mod args;
mod printing;
mod program;
mod settings;

pub use args::{options_help, parse_args, Args, Opt, HELP, VERSION};
pub use printing::Printing;
pub use program::Program;
pub use settings::{Output, Settings};

/// Every case answered (a judge's "no solution" answer is an answer).
pub const EXIT_OK: u8 = 0;
/// A limit was reached (the memory budget, or a puzzle's own limit), or the output failed.
pub const EXIT_LIMIT: u8 = 1;
/// Bad arguments or bad input.
pub const EXIT_BAD_INPUT: u8 = 2;

/// `--show`: every binary takes it.
pub const SHOW: Opt = Opt::flag(
    "--show",
    "after each answer, the board at each step: captions 'step k/n: MOVE', frames side by \
     side within COLUMNS (default 100), a board over 40x80 drawn in a window of 40 rows and \
     80 columns that follows the moves, the first and last 20 steps of a long solution",
);
/// `--show-all`: every binary takes it.
pub const SHOW_ALL: Opt = Opt::flag("--show-all", "--show, every step");
/// `--html FILE`: every binary takes it.
pub const HTML: Opt = Opt::valued(
    "--html",
    "FILE",
    "also write FILE: one self-contained page that plays the solution of every case (open \
     it in a browser)",
);
/// `--max-memory SIZE`: every binary takes it.
pub const MAX_MEMORY: Opt = Opt::valued(
    "--max-memory",
    "SIZE",
    "the memory budget (default 2G; K, M, G suffixes): what grows with the input is checked \
     against it before it is allocated; past it the run stops with exit code 1",
);
/// `--keep-going`: every binary takes it.
pub const KEEP_GOING: Opt = Opt::flag(
    "--keep-going",
    "a case over a limit (--max-memory, or a limit option above) gets one line '? over \
     LIMIT' in place of its answer and the run goes on with the next case; the exit code \
     is then 1 at the end",
);
/// The options every puzzle binary takes besides its own, in `--help`'s order.
pub const SHARED_OPTIONS: [Opt; 5] = [SHOW, SHOW_ALL, HTML, MAX_MEMORY, KEEP_GOING];

/// `--path`, with the puzzle's own words for what the line holds: the frame prints the line
/// (see [`Printing`]), so every binary that has it spells it the same.
pub const fn path_option(help: &'static str) -> Opt {
    Opt::flag("--path", help)
}

/// The exit codes, as every binary's `--help` ends.
pub const EXIT_CODES_HELP: &str = "\
Exit codes: 0 every case answered (a \"no solution\" answer is an answer), 1 a limit was
reached (--max-memory, or a limit option above) or the output could not be written,
2 bad arguments or bad input; after 1 or 2 the answers of the cases before are printed.
";

/// Reads the whole input: the file, or standard input for `None`, once, held to `budget`
/// ([`crate::read`]).
pub fn read_input(file: Option<&str>, budget: MemoryBudget) -> Result<Vec<u8>, Stop> {
    crate::read::input(file, budget)
}

/// Why a run stopped before answering every case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Bad input: the message, without the `error: ` prefix (exit code 2). The answers of
    /// the earlier cases are already written.
    BadInput(String),
    /// A limit set on the command line was reached: the message (exit code 1).
    Limit(String),
    /// A run stopped on purpose part way, to go on later (a sweep's `--stop-after`): the
    /// message as it is, without `error: ` (exit code 1).
    Paused(String),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::BadInput(message) | Stop::Limit(message) | Stop::Paused(message) => {
                f.write_str(message)
            }
        }
    }
}

/// What a puzzle's run function returns: `Err` when writing failed, `Ok(Err(stop))` when it
/// stopped early, `Ok(Ok(()))` when every case was answered.
pub type RunResult = std::io::Result<Result<(), Stop>>;
