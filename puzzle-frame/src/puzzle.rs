//! The roles every puzzle crate fills, as small traits the compiler checks, each implemented
//! in the module of the crate that holds the role's code (ARCHITECTURE.md's role table):
//!
//! - [`Puzzle`] (`lib.rs`): the binary's text ([`Program`]), the case and move types, the
//!   puzzle's own options and how they are read from the command line.
//! - [`Reading`] (`parse.rs`): the input's cases, one at a time.
//! - [`Solving`] (`solve.rs`): which solver, built how; [`Solve`] (on the solver type): its
//!   limits, the fewest moves and a shortest solution.
//! - [`Formatting`] (`format.rs`): the judge's answer line and the `--path` line.
//! - [`Rendering`] (`render.rs`): the solution as a [`Film`], for `--show` and `--html`.
//!
//! [`Binary`] is all of them together (`impl Binary for Bloxorz {}` in `lib.rs`, where the
//! compiler checks that no role is missing): [`main`] is then a whole binary, and `xtask` drives
//! every crate through the same traits (with `testkit::Testkit`, behind the `testkit`
//! feature, which also holds the oracles: the brute-force reference and the replay).
//!
//! The signatures fix the shared names: a solver gives up with [`Limit`] (the memory
//! budget is always [`Limit::Memory`]), a replay says whether the goal was reached, and the
//! cases come as `Result<Case, InputError>`.
//!
//! # Example
//!
//! The smallest complete puzzle (`examples/countdown.rs` runs it as a binary): a case is a
//! number `n`, a move takes one off, and the answer is `n` moves (an odd number cannot be
//! solved, for the sake of a `-1`).
//!
//! ```
//! use puzzle_frame::budget::MemoryBudget;
//! use puzzle_frame::cli::{path_option, Program, Stop};
//! use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};
//! use puzzle_frame::input::{CaseReader, Cases, InputError, Reader};
//! use puzzle_frame::puzzle::{
//!     Binary, Formatting, Limit, NoOtherLimit, Puzzle, Reading, Rendering, Solve, Solving,
//! };
//!
//! struct Countdown;
//!
//! impl Puzzle for Countdown {
//!     const PROGRAM: Program = Program {
//!         name: "countdown",
//!         version: "1.0",
//!         about: "counts each number down to zero, two at a time",
//!         format: "Input: one even number a line.\n",
//!         options: &[path_option("the moves as '-'")],
//!     };
//!     type Case = u32;
//!     type Move = char;
//!     type Options = ();
//! }
//!
//! fn read_number(reader: &mut Reader<'_>, _: &()) -> Result<Option<u32>, InputError> {
//!     reader.skip_blank_lines();
//!     if reader.at_end() {
//!         return Ok(None);
//!     }
//!     reader.number("a number").map(Some)
//! }
//!
//! impl Reading for Countdown {
//!     type Cases<'a> = Cases<'a, u32>;
//!     fn cases<'a>(input: &'a [u8], _: &(), _: MemoryBudget) -> Result<Cases<'a, u32>, Stop> {
//!         Ok(Cases::new(input, read_number as CaseReader<u32>, ()))
//!     }
//! }
//!
//! /// The solver: it keeps nothing between cases.
//! struct Counter;
//!
//! impl Solve for Counter {
//!     type Case = u32;
//!     type Move = char;
//!     type OtherLimit = NoOtherLimit;
//!     fn set_budget(&mut self, _: MemoryBudget) {}
//!     fn moves(&mut self, n: &u32) -> Result<Option<Vec<char>>, Limit<NoOtherLimit>> {
//!         Ok((n % 2 == 0).then(|| vec!['-'; *n as usize]))
//!     }
//! }
//!
//! impl Solving for Countdown {
//!     type Solver = Counter;
//!     fn solver(_: &(), _: &Cases<'_, u32>, _: MemoryBudget) -> Result<Counter, Limit<NoOtherLimit>> {
//!         Ok(Counter)
//!     }
//! }
//!
//! impl Formatting for Countdown {} // the answer and the moves as they display
//!
//! impl Rendering for Countdown {
//!     type ReplayError = String;
//!     fn film(n: &u32, moves: &[char], plan: FilmPlan) -> Result<Film, String> {
//!         let mut film = FilmBuilder::planned(grid_common::Grid::new(1, 1, '*'), plan);
//!         for (left, m) in (0..*n).rev().zip(moves) {
//!             film.set(grid_common::Pos::new(0, 0), char::from_digit(left % 10, 10).unwrap_or('*'));
//!             film.step(m.to_string());
//!         }
//!         Ok(film.finish())
//!     }
//! }
//!
//! impl Binary for Countdown {}
//!
//! // What the binary prints for an input (a `main` is `puzzle_frame::puzzle::main::<Countdown>()`).
//! let mut out = Vec::new();
//! let settings = puzzle_frame::cli::Settings::default();
//! let ended = puzzle_frame::answer::answer_cases::<Countdown>(&(), settings, b"4\n3\n", &mut out);
//! assert_eq!(String::from_utf8(out).unwrap(), "4\n-1\n");
//! assert_eq!(ended.unwrap(), Ok(()));
//! ```

use std::fmt;
use std::io::Write;
use std::process::ExitCode;

use crate::budget::{format_size, MemoryBudget, OverBudget};
use crate::cli::{Args, Program, RunResult, Settings, Stop};
use crate::film::{Film, FilmPlan};
use crate::input::{CaseReader, Cases, InputError};

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

impl<E: OtherLimit> Limit<E> {
    /// The line `--keep-going` prints in place of the answer of a case given up:
    /// `? over --max-memory 2.0 GiB`, `? over --max-states 20000000`.
    pub fn given_up_line(&self) -> String {
        match self {
            Limit::Memory(over) => format!("? over --max-memory {}", format_size(over.budget)),
            Limit::Other(e) => format!("? {}", e.short()),
        }
    }
}

/// A limit of a puzzle's own besides the memory budget. The names mean one thing in every
/// crate: `TooManyStates` is the `--max-states` option, `TooLarge` a case too large to
/// number (index) its states.
pub trait OtherLimit: fmt::Display {
    /// The limit in a few words, after `? ` on a line given up under `--keep-going`:
    /// `over --max-states 20000000`, `too large to number its states`.
    fn short(&self) -> String;
}

/// The puzzle has no limit but the memory budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoOtherLimit {}

impl fmt::Display for NoOtherLimit {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl OtherLimit for NoOtherLimit {
    fn short(&self) -> String {
        match *self {}
    }
}

/// What the solver found for one case, as the binary prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer<M> {
    /// The fewest moves, `None` when the goal cannot be reached.
    pub count: Option<usize>,
    /// A shortest solution, when the moves were asked for and the goal can be reached.
    pub moves: Option<Vec<M>>,
    /// Lines printed after the answer (and the moves): klotski's `--count` line.
    pub notes: Vec<String>,
}

impl<M> Answer<M> {
    /// The answer of a count and the moves found (none when not wanted), without notes.
    pub fn new(count: Option<usize>, moves: Option<Vec<M>>) -> Answer<M> {
        Answer {
            count,
            moves,
            notes: Vec::new(),
        }
    }

    /// The answer of a shortest solution found (`None` when there is none): its length.
    pub fn of_moves(moves: Option<Vec<M>>) -> Answer<M> {
        Answer::new(moves.as_ref().map(Vec::len), moves)
    }
}

/// The puzzle as its binary names it (in the crate's `lib.rs`): the program's text, the
/// case and move types, and its own options.
pub trait Puzzle: Sized + 'static {
    /// The binary: name, version, what it does, its input and output format, its own
    /// options. `--help` adds the shared options and the exit codes.
    const PROGRAM: Program;
    /// True when the judge's answer is the move list itself (klotski): the moves are
    /// always found and printed after the answer line, and there is no `--path`.
    const ANSWER_HOLDS_MOVES: bool = false;

    /// One unit of the input that gets one answer.
    type Case;
    /// One move of a solution; `Display` writes it as `--path` prints it.
    type Move: fmt::Display;
    /// The puzzle's own settings from its own options (`()` or the solver's `Options`).
    type Options: Default;

    /// The puzzle's own options from the command line (read once, before the input);
    /// the defaults when it has none. The memory budget is the frame's
    /// ([`Settings::budget`]), handed to [`Reading::cases`] and [`Solving::solver`].
    fn options(_args: &Args) -> Result<Self::Options, String> {
        Ok(Self::Options::default())
    }

    /// False when these options make the binary read no input (klotski's `--sweep`).
    fn reads_input(_options: &Self::Options) -> bool {
        true
    }
}

/// Reading the input (the crate's `parse.rs`).
pub trait Reading: Puzzle {
    /// The input's cases, one at a time; after an `Err` it yields `None`.
    type Cases<'a>: Iterator<Item = Result<Self::Case, InputError>>;

    /// The input's cases. A puzzle whose input starts with something shared by every case
    /// (huarongdao's board) reads it here: a bad header is [`Stop::BadInput`], a board
    /// `budget` cannot hold [`Stop::Limit`].
    fn cases<'a>(
        input: &'a [u8],
        options: &Self::Options,
        budget: MemoryBudget,
    ) -> Result<Self::Cases<'a>, Stop>;
}

/// A puzzle whose input is its cases one after another, each read by one function without
/// options of its own (bloxorz, bloxorz-game, klotski, rush-hour, snake-maze): naming that
/// function, beside it in `parse.rs`, gives the puzzle [`Reading`] over [`Cases`].
pub trait CaseByCase: Puzzle {
    /// Reads the next case; `Ok(None)` at the end of the input (or its terminator).
    const READ_CASE: CaseReader<Self::Case>;
}

impl<P: CaseByCase> Reading for P {
    type Cases<'a> = Cases<'a, P::Case>;

    fn cases<'a>(
        input: &'a [u8],
        _: &P::Options,
        _: MemoryBudget,
    ) -> Result<Cases<'a, P::Case>, Stop> {
        Ok(Cases::new(input, P::READ_CASE, ()))
    }
}

/// The solver's limit of a puzzle: `Limit<E>`, `E` its [`Solve::OtherLimit`].
pub type LimitOf<P> = Limit<<<P as Solving>::Solver as Solve>::OtherLimit>;

/// The solver (the crate's `solve.rs` or `solve/mod.rs`): which type it is and how the
/// binary builds it.
pub trait Solving: Reading {
    /// The solver; it keeps its tables from one case to the next.
    type Solver: Solve<Case = Self::Case, Move = Self::Move>;

    /// The solver for the input's cases, under `budget` (built once; huarongdao builds
    /// its board's tables).
    fn solver(
        options: &Self::Options,
        cases: &Self::Cases<'_>,
        budget: MemoryBudget,
    ) -> Result<Self::Solver, LimitOf<Self>>;

    /// The case solved as the binary prints it: the moves when `wants_moves` (or when the
    /// answer holds them), and any notes.
    fn solve(
        solver: &mut Self::Solver,
        case: &Self::Case,
        wants_moves: bool,
    ) -> Result<Answer<Self::Move>, LimitOf<Self>> {
        if wants_moves || Self::ANSWER_HOLDS_MOVES {
            Ok(Answer::of_moves(solver.moves(case)?))
        } else {
            Ok(Answer::new(solver.count(case)?, None))
        }
    }
}

/// What a solver does (implemented on the crate's `solve::Solver`): the fewest moves and a
/// shortest solution of a case, under a memory budget.
pub trait Solve {
    /// The case it solves.
    type Case;
    /// One move of a solution.
    type Move;
    /// A limit of the puzzle's own besides the memory budget ([`NoOtherLimit`] if none).
    type OtherLimit: OtherLimit;

    /// Holds the solver to `budget` from the next case on: the `--max-memory` budget less
    /// what the process holds besides the solver (the input, the `--html` page).
    fn set_budget(&mut self, budget: MemoryBudget);

    /// The bytes the solver holds between cases (tables it keeps for the next case), which
    /// a case's film and page must leave to it. Nothing by default.
    fn held_bytes(&self) -> u64 {
        0
    }

    /// The fewest moves, `None` when the goal cannot be reached; by default the length of
    /// [`Solve::moves`].
    fn count(&mut self, case: &Self::Case) -> Result<Option<usize>, Limit<Self::OtherLimit>> {
        Ok(self.moves(case)?.map(|moves| moves.len()))
    }

    /// A shortest solution, `None` when the goal cannot be reached.
    #[allow(clippy::type_complexity)]
    fn moves(
        &mut self,
        case: &Self::Case,
    ) -> Result<Option<Vec<Self::Move>>, Limit<Self::OtherLimit>>;
}

/// The judge's lines (the crate's `format.rs`): the defaults are what most judges want.
pub trait Formatting: Puzzle {
    /// What `--path` prints between two moves (nothing by default: `UURD`).
    const PATH_SEPARATOR: &'static str = "";

    /// The judge's answer line for case `number` (1-based): by default the fewest moves,
    /// or `-1`.
    fn answer_line(_number: usize, answer: Option<usize>) -> String {
        match answer {
            Some(moves) => moves.to_string(),
            None => "-1".to_string(),
        }
    }

    /// The moves as `--path` (or, with [`Puzzle::ANSWER_HOLDS_MOVES`], the answer) prints
    /// them: by default each move as it displays, [`Formatting::PATH_SEPARATOR`] between.
    fn path_line(moves: &[Self::Move]) -> String {
        use fmt::Write;
        let mut line = String::with_capacity(moves.len());
        for (i, step) in moves.iter().enumerate() {
            if i > 0 {
                line.push_str(Self::PATH_SEPARATOR);
            }
            let _ = write!(line, "{step}");
        }
        line
    }
}

/// The frames (the crate's `render.rs`).
pub trait Rendering: Puzzle {
    /// Why a move sequence does not replay.
    type ReplayError: fmt::Display;

    /// The solution drawn step by step, for `--show` and `--html`, under `plan` (the steps
    /// kept, the memory it may take: a film past it comes back [`Film::refused`]).
    fn film(
        case: &Self::Case,
        moves: &[Self::Move],
        plan: FilmPlan,
    ) -> Result<Film, Self::ReplayError>;
}

/// A move that breaks the rules, as a crate's replay finds it (its `replay::ReplayError`,
/// where one move is one thing to name): `roll 3 (R) is illegal: it leaves the board`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError<M> {
    /// What one move is called: `roll`, `key`, `move`.
    pub noun: &'static str,
    /// 1-based number of the move.
    pub step: usize,
    /// The move.
    pub mv: M,
    /// What it would break, in words.
    pub reason: String,
}

impl<M> ReplayError<M> {
    /// Move number `step` (1-based), `mv`, a `noun` (`roll`), breaks the rules: `reason`.
    pub fn new(noun: &'static str, step: usize, mv: M, reason: String) -> ReplayError<M> {
        ReplayError {
            noun,
            step,
            mv,
            reason,
        }
    }
}

impl<M: fmt::Display> fmt::Display for ReplayError<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} ({}) is illegal: {}",
            self.noun, self.step, self.mv, self.reason
        )
    }
}

impl<M: fmt::Debug + fmt::Display> std::error::Error for ReplayError<M> {}

/// Every role a binary needs, named once in the crate's `lib.rs` (`impl Binary for
/// Bloxorz {}`): the compiler checks there that every role is implemented.
pub trait Binary: Reading + Solving + Formatting + Rendering {
    /// Answers every case of `input`: the shared loop, [`crate::answer::answer_cases`].
    /// klotski's `--hardest` and `--sweep` answer otherwise (the one documented exception).
    fn run(
        options: Self::Options,
        settings: Settings,
        input: &[u8],
        out: &mut dyn Write,
    ) -> RunResult {
        crate::answer::answer_cases::<Self>(&options, settings, input, out)
    }
}

/// The whole binary of puzzle `P`: parse the arguments once (the shared settings, then the
/// puzzle's own options), read the input, answer every case, exit with the shared codes.
pub fn main<P: Binary>() -> ExitCode {
    P::PROGRAM.main(
        |args, settings| {
            let options = P::options(args)?;
            settings.reads_input = P::reads_input(&options);
            Ok(options)
        },
        P::run,
    )
}
