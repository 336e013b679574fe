//! The `bloxorz` binary: reads POJ 3322 cases and prints the fewest rolls for each.

use bloxorz::format::{answer_line, path_line};
use bloxorz::parse::Cases;
use bloxorz::solve::{Options, Solver};
use bloxorz::{render, Case, Move};
use puzzle_frame::answer::{answer_cases, Writers};
use puzzle_frame::cli::{self, Args, Printing, Program, RunResult};
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "\
bloxorz: POJ 3322 Bloxorz I, the fewest rolls to stand the box upright on the target

Usage: bloxorz [--path] [--show] [--show-all] [--html FILE] [--max-memory SIZE] [FILE]

Reads FILE (or standard input, also for '-'): cases made of a line 'R C' and R rows
of C characters: '#' empty, '.' rigid, 'E' easily broken (never under a standing
box), 'O' the target, 'X' the box (one 'X' standing, two adjacent 'X' lying).
A line '0 0', or the end of the input, ends the input.

Prints, for each case, one line: the fewest rolls, or 'Impossible'.

Options:
  --path              after each answer, a line with the rolls as letters U, D, L, R
                      (an empty line for 0 rolls; nothing for an Impossible case)
  --show              after each answer (and path), the board at each step; the box
                      is drawn 'X'; large boards are cropped to the region the rolls
                      use, long solutions show their first and last 20 steps
  --show-all          like --show, every step
  --html FILE         also write FILE: one self-contained page that plays the
                      solution of every case (open it in a browser)
  --max-memory SIZE   the memory one case may take (default 2G; K, M, G suffixes);
                      past it the run stops with exit code 1
  -h, --help          print this help
  -V, --version       print the version

Exit codes: 0 every case answered, 1 a case needed more than --max-memory (the
answers before it are printed) or the output could not be written, 2 bad
arguments or bad input (the answers of the cases before it are printed).
";

const PROGRAM: Program = Program {
    name: "bloxorz",
    version: env!("CARGO_PKG_VERSION"),
    usage: USAGE,
    flags: &["--path"],
    valued: &[],
};

/// What the command line sets: the solver's options and what to print.
struct Settings {
    options: Options,
    printing: Printing,
}

fn settings(args: &Args) -> Result<Settings, String> {
    Ok(Settings {
        options: Options {
            budget: cli::memory_budget(args)?,
            ..Options::default()
        },
        printing: Printing::from_args(args),
    })
}

fn main() -> ExitCode {
    PROGRAM.main(settings, run)
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
