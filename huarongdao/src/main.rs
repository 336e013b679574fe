//! The `huarongdao` binary: reads the judge's input and prints one answer a query.

use grid_common::cli::{Printing, Program, RunResult, Stop};
use huarongdao::{format_answer, format_moves, render, Input, Solver};
use std::io::Write;
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

const PROGRAM: Program = Program {
    name: "huarongdao",
    version: env!("CARGO_PKG_VERSION"),
    usage: USAGE,
    flags: &["--path", "--show"],
    valued: &[],
};

fn main() -> ExitCode {
    PROGRAM.main(|args| Ok(Printing::from_args(args)), run)
}

/// Answers every query, each before the next one is read.
fn run(options: Printing, input: &[u8], mut out: &mut dyn Write) -> RunResult {
    let bad_input = |e: &dyn std::fmt::Display| Ok(Err(Stop::BadInput(e.to_string())));
    let mut parsed = match Input::new(input) {
        Ok(parsed) => parsed,
        Err(e) => return bad_input(&e),
    };
    let board = parsed.board().clone();
    let mut solver = match Solver::for_queries(&board, parsed.query_count()) {
        Ok(solver) => solver,
        Err(e) => return bad_input(&e),
    };
    while let Some(query) = parsed.next_query() {
        let query = match query {
            Ok(query) => query,
            Err(e) => return bad_input(&e),
        };
        if !options.wants_moves() {
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
        if options.path {
            writeln!(out, "{}", format_moves(&moves))?;
        }
        if options.show {
            match render::write_steps(&mut out, &board, &query, &moves) {
                Ok(()) => {}
                Err(render::ShowError::Output(e)) => return Err(e),
                Err(render::ShowError::Illegal(e)) => {
                    writeln!(out, "(cannot show the moves: {e})")?;
                }
            }
        }
    }
    Ok(Ok(()))
}
