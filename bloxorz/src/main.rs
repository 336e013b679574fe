//! The `bloxorz` binary: reads POJ 3322 cases and prints the fewest rolls for each.

use bloxorz::{answer_line, path_line, read_case, render, replay, solve};
use grid_common::cli::{Printing, Program, RunResult, Stop};
use grid_common::input::Reader;
use std::io::Write;
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

const PROGRAM: Program = Program {
    name: "bloxorz",
    version: env!("CARGO_PKG_VERSION"),
    usage: USAGE,
    flags: &["--path", "--show"],
    valued: &[],
};

fn main() -> ExitCode {
    PROGRAM.main(|args| Ok(Printing::from_args(args)), run)
}

/// Answers every case, each before the next one is read.
fn run(options: Printing, input: &[u8], out: &mut dyn Write) -> RunResult {
    let mut reader = Reader::new(input);
    for case in 1.. {
        let board = match read_case(&mut reader, case) {
            Ok(Some(board)) => board,
            Ok(None) => break,
            Err(e) => return Ok(Err(Stop::BadInput(e.to_string()))),
        };
        let rolls = solve(&board);
        writeln!(out, "{}", answer_line(rolls.as_deref()))?;
        let Some(rolls) = rolls else { continue };
        if options.path {
            writeln!(out, "{}", path_line(&rolls))?;
        }
        if options.show {
            match replay::replay(&board, &rolls) {
                Ok(placements) => write!(out, "{}", render::show(&board, &rolls, &placements))?,
                Err(e) => writeln!(out, "(cannot show the rolls: {e})")?,
            }
        }
    }
    Ok(Ok(()))
}
