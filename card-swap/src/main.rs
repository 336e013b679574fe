//! The `card-swap` binary: reads boards, prints the fewest moves that swap `A` and `B`.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use card_swap::parse::{Boards, Shape};
use card_swap::solve::Solver;
use card_swap::{format_path, render};
use grid_common::cli::{self, EXIT_BAD_INPUT, EXIT_LIMIT, EXIT_OK};

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

/// How the run ended, for the exit code.
enum Failure {
    /// Bad input, already described on standard error.
    BadInput,
    /// Writing the output failed.
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

fn main() -> ExitCode {
    let args = match cli::parse_args(
        std::env::args().skip(1),
        &["--path", "--show"],
        &["--rows", "--cols"],
    ) {
        Ok(args) => args,
        Err(msg) => return bad_args(&msg),
    };
    if args.flag("--help") {
        print!("{USAGE}");
        return ExitCode::from(EXIT_OK);
    }
    if args.flag("--version") {
        println!("card-swap {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::from(EXIT_OK);
    }
    let shape = match shape(&args) {
        Ok(shape) => shape,
        Err(msg) => return bad_args(&msg),
    };
    let file = match args.input_file() {
        Ok(file) => file,
        Err(msg) => return bad_args(&msg),
    };
    let input = match cli::read_input(file) {
        Ok(input) => input,
        Err(msg) => {
            eprintln!("error: {msg}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match run(
        &input,
        shape,
        args.flag("--path"),
        args.flag("--show"),
        &mut out,
    ) {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(Failure::BadInput) => ExitCode::from(EXIT_BAD_INPUT),
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_OK),
        Err(Failure::Output(e)) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(EXIT_LIMIT)
        }
    }
}

/// The board shape from `--rows` and `--cols`.
fn shape(args: &cli::Args) -> Result<Shape, String> {
    let rows = args
        .parsed::<usize>("--rows")?
        .unwrap_or(Shape::JUDGE.rows());
    let cols = args
        .parsed::<usize>("--cols")?
        .unwrap_or(Shape::JUDGE.cols());
    Shape::new(rows, cols)
}

/// Solves the boards one by one, printing each answer before reading the next board.
fn run(
    input: &[u8],
    shape: Shape,
    path: bool,
    show: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut solver = Solver::new();
    for board in Boards::new(input, shape) {
        let board = match board {
            Ok(board) => board,
            Err(e) => {
                out.flush()?;
                eprintln!("error: {e}");
                return Err(Failure::BadInput);
            }
        };
        let moves = if path || show {
            solver.solve(&board)
        } else {
            None
        };
        let answer = if path || show {
            moves.as_ref().map(Vec::len)
        } else {
            solver.distance(&board)
        };
        match answer {
            Some(n) => writeln!(out, "{n}")?,
            None => writeln!(out, "-1")?,
        }
        if path {
            if let Some(moves) = &moves {
                writeln!(out, "{}", format_path(moves))?;
            }
        }
        if show {
            write!(out, "{}", render::show(&board, moves.as_deref()))?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Reports bad arguments: the message, a hint, exit code 2.
fn bad_args(msg: &str) -> ExitCode {
    eprintln!("error: {msg}");
    eprintln!("hint: run 'card-swap --help' for the usage");
    ExitCode::from(EXIT_BAD_INPUT)
}
