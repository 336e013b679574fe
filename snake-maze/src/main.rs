//! The `snake-maze` binary: POJ 1324 Holedox Moving, in the judge's format.

use grid_common::cli::{Args, Printing, Program, RunResult, Stop};
use snake_maze::parse::Parser;
use snake_maze::solve::{solve, Options, Store, DEFAULT_MAX_STATES};
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
                     . free, * the goal (1,1), H head, o body, T tail; lairs larger
                     than 30 x 60 are cropped to the cells the snake uses
  --max-states N     give up on a case after storing N snake positions (default
                     60000000); the answers before it are printed, then exit 1
  --store S          the store of visited positions: auto (default) takes the dense
                     bitset when it needs at most 128 MiB, else the hashed set; dense
                     takes the bitset whenever its index fits 32 bits; hashed
  -h, --help         print this help
  -V, --version      print the version

Exit codes: 0 every case answered (-1 is an answer), 1 a case reached --max-states
or the output failed, 2 bad arguments or bad input (the answers of the cases before
the bad one are printed).
";

const PROGRAM: Program = Program {
    name: "snake-maze",
    version: env!("CARGO_PKG_VERSION"),
    usage: USAGE,
    flags: &["--path", "--show"],
    valued: &["--max-states", "--store"],
};

/// The solver's options and what to print besides the answers.
struct Settings {
    solver: Options,
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
        Some(other) => {
            return Err(format!(
                "invalid value '{other}' for --store (auto, dense or hashed)"
            ))
        }
    };
    let printing = Printing::from_args(args);
    Ok(Settings {
        solver: Options {
            max_states,
            path: printing.wants_moves(),
            store,
        },
        printing,
    })
}

/// Answers every case, each before the next one is read.
fn run(settings: Settings, input: &[u8], out: &mut dyn Write) -> RunResult {
    let mut parser = Parser::new(input);
    let mut number = 0;
    loop {
        let case = match parser.next_case() {
            Ok(Some(case)) => case,
            Ok(None) => return Ok(Ok(())),
            Err(e) => return Ok(Err(Stop::BadInput(e.to_string()))),
        };
        number += 1;
        let solution = match solve(&case, &settings.solver) {
            Ok(solution) => solution,
            Err(limit) => {
                return Ok(Err(Stop::Limit(format!(
                    "case {number}: {limit}\nhint: raise the budget with --max-states N"
                ))))
            }
        };
        writeln!(out, "{}", snake_maze::format_answer(number, solution.steps))?;
        let Some(moves) = &solution.path else {
            continue;
        };
        if settings.printing.path {
            writeln!(out, "{}", snake_maze::format_path(moves))?;
        }
        if settings.printing.show {
            match snake_maze::render::render(&case, moves) {
                Ok(frames) => write!(out, "{frames}")?,
                Err(e) => writeln!(out, "(cannot show the moves: {e})")?,
            }
        }
    }
}
