//! The roles every puzzle crate fills, as one trait the compiler checks.
//!
//! A puzzle crate implements [`Puzzle`] once, in its `lib.rs`, by naming its types and
//! forwarding to the functions of its modules (ARCHITECTURE.md's role table). Its binary is
//! then one line, [`main`], and `xtask` drives every crate through the same trait (with
//! [`Testkit`], behind the `testkit` feature): no puzzle keeps a loop, a help text for the
//! shared options or a table of function pointers of its own.
//!
//! The signatures fix the shared names: a solver gives up with [`Limit`] (the memory
//! budget is always [`Limit::Memory`]), a replay says whether the goal was reached, and the
//! cases come as `Result<Case, InputError>`.

use std::fmt;
use std::io::Write;
use std::process::ExitCode;

use crate::budget::{MemoryBudget, OverBudget};
use crate::cli::{Args, Printing, Program, RunResult, Stop};
use crate::film::{Film, FilmPlan};
use crate::input::InputError;

/// Why a solver gave up on a case: the memory budget, or a limit of the puzzle's own
/// (`E`: a state count, a board too large to index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Limit<E> {
    /// The solve would need more memory than `--max-memory` allows.
    Memory(OverBudget),
    /// A limit of the puzzle's own.
    Other(E),
}

impl<E> From<OverBudget> for Limit<E> {
    fn from(over: OverBudget) -> Limit<E> {
        Limit::Memory(over)
    }
}

impl<E: fmt::Display> fmt::Display for Limit<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Memory(over) => over.fmt(f),
            Limit::Other(e) => e.fmt(f),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for Limit<E> {}

/// The puzzle has no limit but the memory budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoOtherLimit {}

impl fmt::Display for NoOtherLimit {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// What the solver found for one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The fewest moves, `None` when the goal cannot be reached.
    pub count: Option<usize>,
    /// A shortest solution, when the moves were asked for and the goal can be reached.
    pub moves: Option<Vec<M>>,
    /// Lines printed after the answer (and the moves): klotski's `--count` line.
    pub notes: Vec<String>,
}

/// One puzzle crate's roles (ARCHITECTURE.md's role table), for its binary, its tests and
/// `xtask`.
pub trait Puzzle: Sized + 'static {
    /// The binary: name, version, what it does, its input and output format, its own
    /// options. `--help` adds the shared options and the exit codes.
    const PROGRAM: Program;
    /// True when the judge's answer is the move list itself (klotski): the moves are
    /// always found and printed after the answer line, and there is no `--path`.
    const ANSWER_HOLDS_MOVES: bool = false;

    /// One unit of the input that gets one answer.
    type Case;
    /// One move of a solution.
    type Move;
    /// The input's cases, one at a time; after an `Err` it yields `None`.
    type Cases<'a>: Iterator<Item = Result<Self::Case, InputError>>;
    /// The solver's settings (the memory budget and the puzzle's own limits).
    type Options: Default;
    /// The solver; it keeps its tables from one case to the next.
    type Solver;
    /// A limit of the puzzle's own besides the memory budget ([`NoOtherLimit`] if none).
    type OtherLimit: fmt::Display;
    /// Why a move sequence does not replay.
    type ReplayError: fmt::Display;

    /// The solver's settings from the command line, the memory budget already read.
    fn options(args: &Args, budget: MemoryBudget) -> Result<Self::Options, String>;

    /// The input's cases. A puzzle whose input starts with something shared by every case
    /// (huarongdao's board) reads it here: a bad header is [`Stop::BadInput`], a board the
    /// budget cannot hold [`Stop::Limit`].
    fn cases<'a>(input: &'a [u8], options: &Self::Options) -> Result<Self::Cases<'a>, Stop>;

    /// The solver for the input's cases (built once; huarongdao builds its board's tables).
    fn solver(
        options: &Self::Options,
        cases: &Self::Cases<'_>,
    ) -> Result<Self::Solver, Limit<Self::OtherLimit>>;

    /// Holds the solver to `budget` from the next case on: the `--max-memory` budget less
    /// what the process holds besides the solver (the input, the `--html` page).
    fn set_budget(solver: &mut Self::Solver, budget: MemoryBudget);

    /// The bytes the solver holds between cases (tables it keeps for the next case), which
    /// a case's film and page must leave to it. Nothing by default.
    fn held(_solver: &Self::Solver) -> u64 {
        0
    }

    /// The fewest moves, `None` when the goal cannot be reached.
    fn count(
        solver: &mut Self::Solver,
        case: &Self::Case,
    ) -> Result<Option<usize>, Limit<Self::OtherLimit>>;

    /// A shortest solution, `None` when the goal cannot be reached.
    fn moves(
        solver: &mut Self::Solver,
        case: &Self::Case,
    ) -> Result<Option<Vec<Self::Move>>, Limit<Self::OtherLimit>>;

    /// The case solved as the binary prints it: the moves when `wants_moves`, and any notes.
    fn solve(
        solver: &mut Self::Solver,
        case: &Self::Case,
        wants_moves: bool,
    ) -> Result<Solution<Self::Move>, Limit<Self::OtherLimit>> {
        if wants_moves || Self::ANSWER_HOLDS_MOVES {
            let moves = Self::moves(solver, case)?;
            Ok(Solution {
                count: moves.as_ref().map(Vec::len),
                moves,
                notes: Vec::new(),
            })
        } else {
            Ok(Solution {
                count: Self::count(solver, case)?,
                moves: None,
                notes: Vec::new(),
            })
        }
    }

    /// The brute-force reference: the plainest search over the literal state, for tests.
    fn reference_count(case: &Self::Case) -> Option<usize>;

    /// Plays `moves` with the crate's own statement of the rules: `Ok(true)` when they end
    /// on the goal, an error at the first illegal move.
    fn replay(case: &Self::Case, moves: &[Self::Move]) -> Result<bool, Self::ReplayError>;

    /// The judge's answer line for case `number` (1-based).
    fn answer_line(number: usize, answer: Option<usize>) -> String;

    /// The moves as `--path` (or, with [`Puzzle::ANSWER_HOLDS_MOVES`], the answer) prints them.
    fn path_line(moves: &[Self::Move]) -> String;

    /// The solution drawn step by step, for `--show` and `--html`, under `plan` (the steps
    /// kept, the memory it may take: a film past it comes back [`Film::refused`]).
    fn film(
        case: &Self::Case,
        moves: &[Self::Move],
        plan: FilmPlan,
    ) -> Result<Film, Self::ReplayError>;

    /// Answers every case of `input`, each before the next one is read (the shared loop);
    /// a puzzle with run modes of its own (klotski's `--hardest`) may answer otherwise.
    fn run(
        options: Self::Options,
        printing: Printing,
        input: &[u8],
        out: &mut dyn Write,
    ) -> RunResult {
        crate::answer::answer_cases::<Self>(&options, printing, input, out)
    }
}

/// The whole binary of puzzle `P`: parse the arguments, read the input, answer every case,
/// exit with the shared codes.
///
/// The solver's options are checked before the input is read (a bad argument is reported
/// first), and made once it is read, their budget less the input's bytes.
pub fn main<P: Puzzle>() -> ExitCode {
    P::PROGRAM.main(
        |args| settings::<P>(args).map(|(_, printing)| (args.clone(), printing)),
        |(args, printing), input, out| {
            let budget = printing.budget.without(input.len() as u64);
            match P::options(&args, budget) {
                Ok(options) => P::run(options, printing, input, out),
                Err(message) => Ok(Err(Stop::BadInput(message))),
            }
        },
    )
}

/// The solver's options and what to print, from the command line.
pub fn settings<P: Puzzle>(args: &Args) -> Result<(P::Options, Printing), String> {
    let budget = crate::cli::memory_budget(args)?;
    Ok((P::options(args, budget)?, Printing::from_args(args)))
}

/// What `xtask` and the tests need of a puzzle besides its roles: generators and checks
/// (the crate's `testkit` module, behind its `testkit` feature).
#[cfg(feature = "testkit")]
pub trait Testkit: Puzzle {
    /// A random valid input in the judge's format (one or more cases), boards up to `max_size`.
    fn random_input(rng: &mut crate::rng::Rng, max_size: usize) -> String;
    /// Solves every case with the solver and the reference and replays every path:
    /// `Ok(cases checked)` (0 checks nothing, not a pass), or what went wrong, in words (an
    /// input that does not parse: `bad input: ...`).
    fn check_input(input: &str) -> Result<usize, String>;
    /// Smaller inputs derived from `input`, for shrinking a failing one.
    fn shrink_input(input: &str) -> Vec<String>;
    /// The worst-case benchmark inputs, generated deterministically.
    fn bench_inputs() -> Vec<BenchInput>;
    /// The binary's arguments an input needs (card-swap's `--rows/--cols` for a larger
    /// board), written beside a case that `stress` saves.
    fn args_for(_input: &str) -> Vec<String> {
        Vec::new()
    }
    /// `judge`'s checker for a puzzle with more than one right answer (`None`: `judge`
    /// compares the lines with the expected file's).
    const JUDGE_CHECK: Option<JudgeCheck> = None;
}

/// A judge's answer checker: `Ok(())` when `actual` (the binary's output on `input`) is as
/// good as `expected` (the judge's answer file), otherwise what is wrong.
#[cfg(feature = "testkit")]
pub type JudgeCheck = fn(input: &str, expected: &str, actual: &str) -> Result<(), String>;

/// A benchmark input: its name, the binary's arguments it needs, the input text.
#[cfg(feature = "testkit")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchInput {
    /// The input's name in the bench table.
    pub name: String,
    /// The binary's arguments (`--count`, `--rows 4`).
    pub args: Vec<String>,
    /// The input text.
    pub input: String,
}

#[cfg(feature = "testkit")]
impl BenchInput {
    /// An input the binary reads without arguments.
    pub fn new(name: impl Into<String>, input: impl Into<String>) -> BenchInput {
        BenchInput {
            name: name.into(),
            args: Vec::new(),
            input: input.into(),
        }
    }

    /// The same input with the binary's `args`.
    pub fn with_args(mut self, args: &[&str]) -> BenchInput {
        self.args = args.iter().map(|a| a.to_string()).collect();
        self
    }
}
