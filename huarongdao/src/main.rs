//! The `huarongdao` binary: reads the judge's input and prints one answer a query.

use grid_common::cli::{self, EXIT_BAD_INPUT, EXIT_OK};
use huarongdao::{format_answer, format_moves, render, Input, Solver};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

const USAGE: &str = "\
huarongdao: NOIP 2013 华容道 (Huarong Dao), the fewest moves to bring a piece to its target

USAGE:
    huarongdao [OPTIONS] [FILE]

Reads FILE, or standard input when FILE is absent or '-'.

INPUT (the judge's format):
    n m q             rows, columns, number of queries
    n rows of m cells 1: a movable piece (or the blank), 0: a fixed piece
    q lines           EX EY SX SY TX TY: the blank, the designated piece and its
                      target (1-based, row first)

OUTPUT:
    One line a query: the fewest moves, or -1 when the piece can never reach the
    target. A piece already on its target needs 0 moves. A query whose blank starts
    on the piece, or whose blank, piece or target is a fixed cell, prints -1.
    Each answer is printed before the next query is read.

OPTIONS:
    --path         after each answer, a line with the blank's moves (U, D, L, R),
                   as many as the answer (an empty line for 0; nothing for -1)
    --show         after each answer (and path), the board after every move:
                   # fixed, . movable, _ blank, P the piece, T its target,
                   * the piece on its target; boards over 40x80 are cropped to
                   the part the solution uses
    -h, --help     print this help
    -V, --version  print the version

EXIT CODES:
    0  every query answered (-1 is an answer), or standard output was closed early
    1  the output could not be written
    2  bad arguments or bad input (the answers before the bad query are printed)
";

fn main() -> ExitCode {
    let args = match cli::parse_args(std::env::args().skip(1), &["--path", "--show"], &[]) {
        Ok(args) => args,
        Err(message) => return usage_error(&message),
    };
    if args.flag("--help") {
        print!("{USAGE}");
        return ExitCode::from(EXIT_OK);
    }
    if args.flag("--version") {
        println!("huarongdao {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::from(EXIT_OK);
    }
    let file = match args.input_file() {
        Ok(file) => file,
        Err(message) => return usage_error(&message),
    };
    let input = match cli::read_input(file) {
        Ok(bytes) => bytes,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = run(&input, &mut out, args.flag("--path"), args.flag("--show"));
    let flushed = out.flush();
    match result {
        Ok(()) => match flushed {
            Ok(()) => ExitCode::from(EXIT_OK),
            Err(e) => output_failed(&e),
        },
        Err(Failure::Output(e)) => output_failed(&e),
        Err(Failure::Input(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// Why a run stopped early.
enum Failure {
    Input(String),
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

fn run(input: &[u8], out: &mut impl Write, path: bool, show: bool) -> Result<(), Failure> {
    let mut parsed = Input::new(input).map_err(|e| Failure::Input(e.to_string()))?;
    let board = parsed.board().clone();
    let mut solver = Solver::for_queries(&board, parsed.query_count())
        .map_err(|e| Failure::Input(e.to_string()))?;
    while let Some(query) = parsed.next_query() {
        let query = match query {
            Ok(query) => query,
            Err(e) => {
                out.flush()?;
                return Err(Failure::Input(e.to_string()));
            }
        };
        if !(path || show) {
            writeln!(out, "{}", format_answer(solver.solve(&query)))?;
            continue;
        }
        let moves = solver.solve_with_path(&query);
        writeln!(
            out,
            "{}",
            format_answer(moves.as_ref().map(|m| m.len() as u64))
        )?;
        let Some(moves) = moves else { continue };
        if path {
            writeln!(out, "{}", format_moves(&moves))?;
        }
        if show {
            render::write_steps(out, &board, &query, &moves).map_err(|e| match e {
                render::ShowError::Output(e) => Failure::Output(e),
                render::ShowError::Illegal(e) => {
                    Failure::Input(format!("internal error, the path does not replay: {e}"))
                }
            })?;
        }
    }
    Ok(())
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    eprintln!("hint: run 'huarongdao --help' for the usage");
    ExitCode::from(EXIT_BAD_INPUT)
}

fn output_failed(e: &io::Error) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(EXIT_OK);
    }
    eprintln!("error: cannot write the output: {e}");
    ExitCode::from(grid_common::cli::EXIT_LIMIT)
}
