//! The `card-swap` binary: reads boards, prints the fewest moves that swap `A` and `B`.

use std::io::Write;
use std::process::ExitCode;

use card_swap::format::{answer_line, path_line};
use card_swap::parse::{Cases, Shape};
use card_swap::solve::{Options, Solver};
use card_swap::{render, Case, Move};
use puzzle_frame::answer::{answer_cases, Writers};
use puzzle_frame::cli::{self, Args, Printing, Program, RunResult};

const USAGE: &str = "\
card-swap: 蓝桥杯 2016 卡片换位 — swap the cards A and B in the fewest moves.

Usage: card-swap [OPTIONS] [FILE]

Reads boards from FILE (standard input when FILE is absent or '-') and prints, for
each board, the fewest moves that swap A and B, or -1 when they cannot be swapped.

Input: boards one after another, each 2 lines of 3 characters (see --rows, --cols):
'A' and 'B' once each, one blank (a space), '*' (soldiers) elsewhere. A move slides
a card into the adjacent blank (not diagonally). Lines may end in \\r\\n; blank lines
between boards are allowed; a line whose last character is the blank may leave that
space out (a line exactly one character short is padded with a blank).

Output: one integer per board, one per line.

Options:
      --path             after each answer, a line with the moves: tokens like 'AD'
                         (A moves down) or '*L' (a soldier moves left), separated by
                         spaces (nothing extra when the answer is -1)
      --show             after each answer, the boards step by step ('step k/n: AD'),
                         side by side within $COLUMNS (default 100) columns; the first
                         and last 20 steps of a longer solution
      --show-all         --show with every step
      --html FILE        also write FILE: one self-contained page that plays the
                         solution of every board (open it in a browser)
      --rows R           rows per board (default 2)
      --cols C           columns per board (default 3; at least 2, and at most 144 cells)
      --max-memory SIZE  the memory the search may take (default 2G; K, M, G suffixes);
                         a board whose tables need more stops the run (exit code 1)
  -h, --help             print this help
  -V, --version          print the version

Exit codes: 0 every board answered (-1 is an answer), 2 bad arguments or bad input,
1 the memory budget was reached or the output failed (the answers of the boards
before the one that stopped the run are printed).
";

const PROGRAM: Program = Program {
    name: "card-swap",
    version: env!("CARGO_PKG_VERSION"),
    usage: USAGE,
    flags: &["--path"],
    valued: &["--rows", "--cols"],
};

/// The solver's options, the board shape and what to print besides the answers.
struct Settings {
    options: Options,
    shape: Shape,
    printing: Printing,
}

fn main() -> ExitCode {
    PROGRAM.main(settings, run)
}

/// The settings from the command line (`--rows`, `--cols`, `--max-memory`, `--path`,
/// `--show`, `--show-all`).
fn settings(args: &Args) -> Result<Settings, String> {
    let rows = args
        .parsed::<usize>("--rows")?
        .unwrap_or(Shape::JUDGE.rows());
    let cols = args
        .parsed::<usize>("--cols")?
        .unwrap_or(Shape::JUDGE.cols());
    Ok(Settings {
        options: Options {
            budget: cli::memory_budget(args)?,
        },
        shape: Shape::new(rows, cols)?,
        printing: Printing::from_args(args),
    })
}

/// Solves the boards one by one, printing each answer before reading the next board.
fn run(settings: Settings, input: &[u8], out: &mut dyn Write) -> RunResult {
    let Settings {
        options,
        shape,
        mut printing,
    } = settings;
    let writers = Writers {
        answer_line: &answer_line,
        path_line: &path_line,
        film: &|case: &Case, moves: &[Move]| render::film(case, moves).map_err(|e| e.to_string()),
    };
    let mut solver = Solver::new(&options);
    answer_cases(
        &mut solver,
        Cases::new(input).shape(shape),
        &writers,
        &mut printing,
        out,
    )
}
