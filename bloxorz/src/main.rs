//! The `bloxorz` binary: reads POJ 3322 cases and prints the fewest rolls for each.

use bloxorz::{answer_line, path_line, read_case, render, replay, solve};
use grid_common::cli;
use grid_common::input::Reader;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

const USAGE: &str = "\
bloxorz: POJ 3322 Bloxorz I, the fewest rolls to stand the box upright on the target

Usage: bloxorz [--path] [--show] [FILE]

Reads FILE (or standard input, also for '-'): cases made of a line 'R C' and R rows
of C characters: '#' empty, '.' rigid, 'E' easily broken (never under a standing
box), 'O' the target, 'X' the box (one 'X' standing, two adjacent 'X' lying).
A line '0 0', or the end of the input, ends the input.

Prints, for each case, one line: the fewest rolls, or 'Impossible'.

Options:
  --path         after each answer, a line with the rolls as letters U, D, L, R
                 (an empty line for 0 rolls; nothing for an Impossible case)
  --show         after each answer (and path), the board at each step; the box is
                 drawn 'X'; large boards are cropped to the region the rolls use
  -h, --help     print this help
  -V, --version  print the version

Exit codes: 0 every case answered, 1 the output could not be written,
2 bad arguments or bad input (the answers of the cases before it are printed).
";

fn main() -> ExitCode {
    let args = match cli::parse_args(std::env::args().skip(1), &["--path", "--show"], &[]) {
        Ok(args) => args,
        Err(message) => return bad_arguments(&message),
    };
    if args.flag("--help") {
        print!("{USAGE}");
        return ExitCode::from(cli::EXIT_OK);
    }
    if args.flag("--version") {
        println!("bloxorz {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::from(cli::EXIT_OK);
    }
    let file = match args.input_file() {
        Ok(file) => file,
        Err(message) => return bad_arguments(&message),
    };
    let input = match cli::read_input(file) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(cli::EXIT_BAD_INPUT);
        }
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let result = run(&input, &mut out, args.flag("--path"), args.flag("--show"));
    let flushed = out.flush();
    match result.and_then(|outcome| flushed.map(|()| outcome)) {
        Ok(Ok(())) => ExitCode::from(cli::EXIT_OK),
        Ok(Err(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(cli::EXIT_BAD_INPUT)
        }
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(cli::EXIT_OK),
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(cli::EXIT_LIMIT)
        }
    }
}

/// Answers every case; the inner error is an input error's message (earlier answers written).
fn run(
    input: &[u8],
    out: &mut impl Write,
    path: bool,
    show: bool,
) -> std::io::Result<Result<(), String>> {
    let mut reader = Reader::new(input);
    for case in 1.. {
        let board = match read_case(&mut reader, case) {
            Ok(Some(board)) => board,
            Ok(None) => break,
            Err(e) => return Ok(Err(e.to_string())),
        };
        let rolls = solve(&board);
        writeln!(out, "{}", answer_line(rolls.as_deref()))?;
        let Some(rolls) = rolls else { continue };
        if path {
            writeln!(out, "{}", path_line(&rolls))?;
        }
        if show {
            match replay::replay(&board, &rolls) {
                Ok(placements) => write!(out, "{}", render::show(&board, &rolls, &placements))?,
                Err(e) => writeln!(out, "(cannot show the rolls: {e})")?,
            }
        }
    }
    Ok(Ok(()))
}

fn bad_arguments(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    eprintln!("Usage: bloxorz [--path] [--show] [FILE]  (try 'bloxorz --help')");
    ExitCode::from(cli::EXIT_BAD_INPUT)
}
