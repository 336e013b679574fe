//! The `klotski` binary: reads puzzles, prints the fewest moves and the moves themselves.

mod modes;

use std::io::Write;
use std::process::ExitCode;

use grid_common::cli::{self, Args, Printing, Program, RunResult, Stop};
use klotski::format::{answer_line, path_line, reach_line};
use klotski::parse::Cases;
use klotski::render;
use klotski::solve::{Limit, Options, Solver, DEFAULT_MAX_STATES};

const USAGE: &str = "\
klotski: Klotski (华容道) — bring the target block to its goal in the fewest moves.

Usage: klotski [OPTIONS] [FILE]

Reads puzzles from FILE (standard input when FILE is absent or '-') and prints, for
each, the fewest moves, then one line per move: 'NAME (r1,c1) (r2,c2)', the block and
the top-left corner of its bounding box before and after the move; or -1 when the
target can never reach its goal.

Input: a line 'R C'; R lines of C tokens (a token of only '.' is an empty cell, any
other token names the block covering the cell; a block may have any shape); a line
with the target block's name; a line 'r c': where the top-left corner of the target's
bounding box must end (0-based). Puzzles follow one another to the end of the input.
A box has at most 64 cells.

A move slides one block by one or more unit steps up, down, left or right, turning as
it likes, never over another block or out of the box: however far, one move.

Options:
      --count           after each answer, the number of positions reachable from the
                        start (blocks of one shape other than the target are
                        interchangeable) and the most moves any of them needs
      --hardest         for each puzzle, every layout of its blocks in its box instead
                        (blocks of one shape interchangeable): lines 'layouts: N',
                        'groups: G' (layouts linked by moves), 'solvable: S', 'hardest: M
                        moves, K layouts' (or 'hardest: -1'), then the hardest layouts (at
                        most 10) in the input format; --show/--html show the first solved
      --sweep R C       every set of one 2x2 target 'T', 1x2, 2x1 and 1x1 blocks leaving
                        two cells or more empty in an R x C box, the goal at row R-2,
                        column (C-2)/2: a line per set, then the four --hardest lines for
                        all of them and the hardest layout (reads no input)
      --show            after each answer, the box after every move
      --show-all        --show, every step of a long solution
      --html FILE       also write FILE: one self-contained page that plays the
                        solution of every puzzle (open it in a browser)
      --max-states N    give up a puzzle whose search would store more than N positions
                        (default 200000000)
      --max-memory SIZE give up a puzzle whose search would need more memory (default 2G)
  -h, --help            print this help
  -V, --version         print the version

Exit codes: 0 every puzzle answered (-1 is an answer), 1 a limit was reached or the
output failed (the earlier answers are printed), 2 bad arguments or bad input.
";

const PROGRAM: Program = Program {
    name: "klotski",
    version: env!("CARGO_PKG_VERSION"),
    usage: USAGE,
    flags: &["--count", "--hardest"],
    valued: &["--max-states"],
};

/// The solver's options and what to print besides the answers.
struct Settings {
    options: Options,
    printing: Printing,
    count: bool,
    hardest: bool,
}

fn main() -> ExitCode {
    if let Some(code) = modes::sweep_main() {
        return code;
    }
    PROGRAM.main(settings, run)
}

/// The settings from the command line.
fn settings(args: &Args) -> Result<Settings, String> {
    let max_states = args
        .parsed::<usize>("--max-states")?
        .unwrap_or(DEFAULT_MAX_STATES);
    Ok(Settings {
        options: Options {
            budget: cli::memory_budget(args)?,
            max_states,
        },
        printing: Printing::from_args(args),
        count: args.flag("--count"),
        hardest: args.flag("--hardest"),
    })
}

/// Solves the puzzles one by one, printing each answer before reading the next puzzle.
/// The judge's answer holds the moves, so they are always found.
fn run(settings: Settings, input: &[u8], out: &mut dyn Write) -> RunResult {
    let Settings {
        options,
        mut printing,
        count,
        hardest,
    } = settings;
    if hardest {
        return modes::hardest(options, printing, input, out);
    }
    let mut solver = Solver::new(&options);
    for (number, case) in (1..).zip(Cases::new(input)) {
        let case = match case {
            Ok(case) => case,
            Err(e) => return Ok(Err(Stop::BadInput(e.to_string()))),
        };
        let given_up = |e: Limit| Ok(Err(Stop::Limit(format!("case {number}: {e}"))));
        // With --count, one search that visits every reachable position gives both.
        let solved = if count {
            solver.moves_and_reach(&case).map(|(m, r)| (m, Some(r)))
        } else {
            solver.moves(&case).map(|m| (m, None))
        };
        let (moves, reach) = match solved {
            Ok(solved) => solved,
            Err(e) => return given_up(e),
        };
        writeln!(out, "{}", answer_line(number, moves.as_ref().map(Vec::len)))?;
        if let Some(moves) = moves.as_deref().filter(|m| !m.is_empty()) {
            writeln!(out, "{}", path_line(moves))?;
        }
        if let Some(reach) = reach {
            writeln!(out, "{}", reach_line(&reach))?;
        }
        let label = format!("case {number}");
        match moves {
            // --show and --html draw the solution; the move lines are the answer itself.
            Some(moves) if printing.wants_moves() => {
                let film = render::film(&case, &moves).map_err(|e| e.to_string());
                if film.is_ok() && printing.show {
                    // The names drawn as another character.
                    for (c, name) in render::characters(&case).1 {
                        writeln!(out, "{c} = {name}")?;
                    }
                }
                printing.write_solution(out, &label, "", || film)?;
            }
            Some(_) => {}
            None => printing.no_solution(&label, "-1"),
        }
    }
    Ok(printing.finish())
}
