//! The `snake-maze` binary: POJ 1324 Holedox Moving, in the judge's format.

use puzzle_frame::answer::{answer_cases, Writers};
use puzzle_frame::cli::{self, Args, Printing, Program, RunResult};
use snake_maze::format::{answer_line, path_line};
use snake_maze::parse::Cases;
use snake_maze::solve::{Options, Search, Solver, Store, DEFAULT_MAX_STATES};
use snake_maze::{render, Case, Move};
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "\
snake-maze: POJ 1324 Holedox Moving, the fewest steps for a snake's head to reach (1,1)

Usage: snake-maze [OPTIONS] [FILE]

Reads FILE (or standard input, also for `-`) holding test cases:
  n m L        rows and columns (1 to 100 each), body length L (2 to n*m)
  r c          L lines: the body's blocks, head first, 1-based row and column,
               each next to the one before, all distinct
  K            the number of stones, then K lines `r c`
Blank lines between cases are optional; `0 0 0` (or the end of input) ends the input.
Each step the head moves to an adjacent cell of the lair that is neither a stone nor
a cell of the body before the move (the tail's included); the other blocks follow.

Output: one line `Case k: d` per case, d the fewest steps, or -1 when (1,1) cannot
be reached.

Options:
  --path             after each answer, a line with the head's moves (U, D, L, R),
                     as many as the answer (an empty line for 0, none for -1)
  --show             after each answer (and path), the lair at each step: # stone,
                     . free, * the goal (1,1), H head, o body, T tail (large lairs
                     cropped, long solutions shortened to their first and last steps)
  --show-all         as --show, every step
  --html FILE        also write FILE: one self-contained page that plays the
                     solution of every case (open it in a browser)
  --max-states N     give up on a case after storing N snake positions (default
                     60000000); the answers before it are printed, then exit 1
  --max-memory SIZE  give up on a case whose search would need more than SIZE bytes
                     (K, M, G suffixes; default 2G); the answers before it are
                     printed, then exit 1
  --store S          the store of visited positions: auto (default) takes the dense
                     bitset when it needs at most 128 MiB, else the hashed set; dense;
                     hashed; packed (bodies packed two bits a block, any length; the
                     only store for bodies too long for the others)
  --search S         guided (default): A* on the head's distance to (1,1) ignoring the
                     body; breadth: plain breadth-first search (same answers)
  -h, --help         print this help
  -V, --version      print the version

Exit codes: 0 every case answered (-1 is an answer), 1 a case reached --max-states
or --max-memory, or the output failed, 2 bad arguments or bad input (the answers of
the cases before the bad one are printed).
";

const PROGRAM: Program = Program {
    name: "snake-maze",
    version: env!("CARGO_PKG_VERSION"),
    usage: USAGE,
    flags: &["--path"],
    valued: &["--max-states", "--store", "--search"],
};

/// The solver's options and what to print besides the answers.
struct Settings {
    options: Options,
    printing: Printing,
}

fn main() -> ExitCode {
    PROGRAM.main(settings, run)
}

/// The settings from the command line.
fn settings(args: &Args) -> Result<Settings, String> {
    let max_states = match args.parsed::<u64>("--max-states")? {
        Some(0) => return Err("--max-states must be at least 1".into()),
        n => n.unwrap_or(DEFAULT_MAX_STATES),
    };
    let store = match args.value("--store") {
        None | Some("auto") => Store::Auto,
        Some("dense") => Store::Dense,
        Some("hashed") => Store::Hashed,
        Some("packed") => Store::Packed,
        Some(other) => {
            return Err(format!(
                "invalid value '{other}' for --store (auto, dense, hashed or packed)"
            ))
        }
    };
    let search = match args.value("--search") {
        None | Some("guided") => Search::Guided,
        Some("breadth") => Search::Breadth,
        Some(other) => {
            return Err(format!(
                "invalid value '{other}' for --search (guided or breadth)"
            ))
        }
    };
    Ok(Settings {
        options: Options {
            budget: cli::memory_budget(args)?,
            max_states,
            store,
            search,
        },
        printing: Printing::from_args(args),
    })
}

/// Answers every case, each before the next one is read.
fn run(settings: Settings, input: &[u8], out: &mut dyn Write) -> RunResult {
    let Settings {
        options,
        mut printing,
    } = settings;
    let writers = Writers {
        answer_line: &answer_line,
        path_line: &path_line,
        film: &|case: &Case, moves: &[Move]| render::film(case, moves).map_err(|e| e.to_string()),
    };
    let mut solver = Solver::new(&options);
    answer_cases(&mut solver, Cases::new(input), &writers, &mut printing, out)
}
