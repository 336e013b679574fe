//! The `snake-maze` binary: POJ 1324 Holedox Moving, in the judge's format.

use grid_common::cli::{self, EXIT_BAD_INPUT, EXIT_LIMIT, EXIT_OK};
use snake_maze::parse::Parser;
use snake_maze::solve::{solve, Options, Store, DEFAULT_MAX_STATES};
use std::io::{self, BufWriter, Write};
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

fn main() -> ExitCode {
    let args = match cli::parse_args(
        std::env::args().skip(1),
        &["--path", "--show"],
        &["--max-states", "--store"],
    ) {
        Ok(args) => args,
        Err(message) => return bad_args(&message),
    };
    if args.flag("--help") {
        print!("{USAGE}");
        return ExitCode::from(EXIT_OK);
    }
    if args.flag("--version") {
        println!("snake-maze {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::from(EXIT_OK);
    }
    let max_states = match args.parsed::<u64>("--max-states") {
        Ok(Some(0)) => return bad_args("--max-states must be at least 1"),
        Ok(n) => n.unwrap_or(DEFAULT_MAX_STATES),
        Err(message) => return bad_args(&message),
    };
    let store = match args.value("--store") {
        None | Some("auto") => Store::Auto,
        Some("dense") => Store::Dense,
        Some("hashed") => Store::Hashed,
        Some(other) => {
            return bad_args(&format!(
                "invalid value '{other}' for --store (auto, dense or hashed)"
            ))
        }
    };
    let file = match args.input_file() {
        Ok(file) => file,
        Err(message) => return bad_args(&message),
    };
    let input = match cli::read_input(file) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let options = Options {
        max_states,
        path: args.flag("--path") || args.flag("--show"),
        store,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let result = run(
        &input,
        &options,
        args.flag("--path"),
        args.flag("--show"),
        &mut out,
    );
    match result.and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        // A reader that stops early (`| head`) is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_OK),
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(EXIT_LIMIT)
        }
    }
}

/// Answers every case; the exit code, or an output error.
fn run(
    input: &[u8],
    options: &Options,
    path: bool,
    show: bool,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let mut parser = Parser::new(input);
    let mut number = 0;
    loop {
        let case = match parser.next_case() {
            Ok(Some(case)) => case,
            Ok(None) => return Ok(ExitCode::from(EXIT_OK)),
            Err(e) => {
                // The answers so far go out first; the input error wins over an output one.
                let _ = out.flush();
                eprintln!("error: {e}");
                return Ok(ExitCode::from(EXIT_BAD_INPUT));
            }
        };
        number += 1;
        let solution = match solve(&case, options) {
            Ok(solution) => solution,
            Err(limit) => {
                let _ = out.flush();
                eprintln!("error: case {number}: {limit}");
                eprintln!("hint: raise the budget with --max-states N");
                return Ok(ExitCode::from(EXIT_LIMIT));
            }
        };
        writeln!(out, "{}", snake_maze::format_answer(number, solution.steps))?;
        if let Some(moves) = &solution.path {
            if path {
                writeln!(out, "{}", snake_maze::format_path(moves))?;
            }
            if show {
                match snake_maze::render::render(&case, moves) {
                    Ok(frames) => write!(out, "{frames}")?,
                    Err(e) => {
                        out.flush()?;
                        eprintln!(
                            "error: case {number}: internal error, the path does not replay: {e}"
                        );
                        return Ok(ExitCode::from(EXIT_LIMIT));
                    }
                }
            }
        }
    }
}

fn bad_args(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    eprintln!("hint: run `snake-maze --help` for the usage");
    ExitCode::from(EXIT_BAD_INPUT)
}
