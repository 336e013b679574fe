//! The `card-swap` binary: reads boards, prints the fewest moves that swap `A` and `B`.

use std::io::Write;
use std::process::ExitCode;

use card_swap::parse::{Boards, Shape};
use card_swap::solve::Solver;
use card_swap::{format_path, render};
use grid_common::cli::{Args, Printing, Program, RunResult, Stop};

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
      --path       after each answer, a line with the moves: tokens like 'AD' (A moves
                   down) or '*L' (a soldier moves left), separated by spaces
                   (nothing extra when the answer is -1)
      --show       after each answer, the boards step by step
      --rows R     rows per board (default 2)
      --cols C     columns per board (default 3; at least 2, and at most 144 cells)
  -h, --help       print this help
  -V, --version    print the version

Exit codes: 0 every board answered (-1 is an answer), 2 bad arguments or bad input
(the answers of the boards before the bad one are printed), 1 the output failed.
";

const PROGRAM: Program = Program {
    name: "card-swap",
    version: env!("CARGO_PKG_VERSION"),
    usage: USAGE,
    flags: &["--path", "--show"],
    valued: &["--rows", "--cols"],
};

/// The board shape and what to print besides the answers.
struct Settings {
    shape: Shape,
    printing: Printing,
}

fn main() -> ExitCode {
    PROGRAM.main(settings, run)
}

/// The settings from the command line (`--rows`, `--cols`, `--path`, `--show`).
fn settings(args: &Args) -> Result<Settings, String> {
    let rows = args
        .parsed::<usize>("--rows")?
        .unwrap_or(Shape::JUDGE.rows());
    let cols = args
        .parsed::<usize>("--cols")?
        .unwrap_or(Shape::JUDGE.cols());
    Ok(Settings {
        shape: Shape::new(rows, cols)?,
        printing: Printing::from_args(args),
    })
}

/// Solves the boards one by one, printing each answer before reading the next board.
fn run(settings: Settings, input: &[u8], out: &mut dyn Write) -> RunResult {
    let mut solver = Solver::new();
    let moves_wanted = settings.printing.wants_moves();
    for board in Boards::new(input, settings.shape) {
        let board = match board {
            Ok(board) => board,
            Err(e) => return Ok(Err(Stop::BadInput(e.to_string()))),
        };
        let moves = if moves_wanted {
            solver.solve(&board)
        } else {
            None
        };
        let answer = if moves_wanted {
            moves.as_ref().map(Vec::len)
        } else {
            solver.distance(&board)
        };
        match answer {
            Some(n) => writeln!(out, "{n}")?,
            None => writeln!(out, "-1")?,
        }
        if settings.printing.path {
            if let Some(moves) = &moves {
                writeln!(out, "{}", format_path(moves))?;
            }
        }
        if settings.printing.show {
            write!(out, "{}", render::show(&board, moves.as_deref()))?;
        }
    }
    Ok(Ok(()))
}
