//! The `huarongdao` binary: reads the judge's input and prints one answer a query.

use huarongdao::format::{answer_line, path_line};
use huarongdao::parse::{Cases, Header};
use huarongdao::solve::{Options, Solver};
use huarongdao::{render, Move, Query};
use puzzle_frame::answer::{answer_cases, Writers};
use puzzle_frame::cli::{self, Args, Printing, Program, RunResult, Stop};
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
    --path             after each answer, a line with the blank's moves (U, D, L, R),
                       as many as the answer (an empty line for 0; nothing for -1)
    --show             after each answer (and path), the board after every move:
                       # fixed, . movable, _ blank, P the piece, T its target,
                       * the piece on its target; boards over 40x80 are cropped
                       around the moves, and a solution over 40 moves shows its
                       first and last 20
    --show-all         like --show, with every move
    --html FILE        also write FILE: one self-contained page that plays the
                       solution of every query (open it in a browser)
    --max-memory SIZE  the memory the solver may use (bytes, or with K, M, G;
                       default 2G): its tables are checked against it before they
                       are made, and its queues and paths as they grow
    -h, --help         print this help
    -V, --version      print the version

EXIT CODES:
    0  every query answered (-1 is an answer), or standard output was closed early
    1  a query needs more memory than --max-memory allows (the answers before it
       are printed), or the output could not be written
    2  bad arguments or bad input (the answers before the bad query are printed)
";

const PROGRAM: Program = Program {
    name: "huarongdao",
    version: env!("CARGO_PKG_VERSION"),
    usage: USAGE,
    flags: &["--path"],
    valued: &[],
};

/// What the command line sets.
struct Settings {
    options: Options,
    printing: Printing,
}

fn main() -> ExitCode {
    PROGRAM.main(settings, run)
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

/// Answers every query, each before the next one is read.
fn run(settings: Settings, input: &[u8], out: &mut dyn Write) -> RunResult {
    let Settings {
        mut options,
        mut printing,
    } = settings;
    // A board the budget cannot hold is refused from the header, before it is read (when
    // the input is long enough to hold it: a shorter one is an input error, found below).
    if let Ok(header) = Header::read(input) {
        if header.backed_by(input) {
            if let Err(e) = Solver::check_size(header.rows, header.cols, &options) {
                return Ok(Err(Stop::Limit(format!("case 1: {e}"))));
            }
        }
    }
    let cases = match Cases::new(input) {
        Ok(cases) => cases,
        Err(e) => return Ok(Err(Stop::BadInput(e.to_string()))),
    };
    let board = cases.board().clone();
    // The landmarks' precomputation pays off only over enough queries.
    options.queries = cases.query_count();
    let mut solver = match Solver::new(&board, &options) {
        Ok(solver) => solver,
        // The tables serve every query: the first one is given up.
        Err(e) => return Ok(Err(Stop::Limit(format!("case 1: {e}")))),
    };
    let writers = Writers {
        answer_line: &answer_line,
        path_line: &path_line,
        film: &|query: &Query, moves: &[Move]| {
            render::film(&board, query, moves).map_err(|e| e.to_string())
        },
    };
    answer_cases(&mut solver, cases, &writers, &mut printing, out)
}
