//! The smallest complete puzzle on the frame: every role of ARCHITECTURE.md's table, each
//! trait implemented once, and `main` one line. A case is a number `n` on a line; a move
//! takes one off; the answer is the fewest moves to zero (an odd number cannot be solved,
//! for the sake of a `-1`); `--path` prints the moves as `-`, `--show` draws the number
//! counting down.
//!
//! `printf '4\n3\n' | cargo run -p puzzle-frame --example countdown -- --path`
//! prints `4`, `----`, `-1`. `cargo test` builds it, and runs its tests (the whole binary
//! driven in process).

use std::process::ExitCode;

use grid_common::{Grid, Pos};
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::cli::{path_option, Program, Stop};
use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};
use puzzle_frame::input::{CaseReader, Cases, InputError, Reader};
use puzzle_frame::puzzle::{
    Binary, Formatting, Limit, NoOtherLimit, Puzzle, Reading, Rendering, Solve, Solving,
};

/// The puzzle (lib.rs): its program text and types.
struct Countdown;

impl Puzzle for Countdown {
    const PROGRAM: Program = Program {
        name: "countdown",
        version: "1.0",
        about: "counts each number down to zero, one a move",
        format: "Input: one number a line. Output: the moves to zero, or -1 for an odd number.\n",
        options: &[path_option(
            "after each answer, a line with the moves as '-'",
        )],
    };
    type Case = u32;
    type Move = char;
    type Options = ();
}

/// Reading (parse.rs): one number a line, blank lines skipped.
fn read_number(reader: &mut Reader<'_>, _: &()) -> Result<Option<u32>, InputError> {
    reader.skip_blank_lines();
    if reader.at_end() {
        return Ok(None);
    }
    reader.number("a number").map(Some)
}

impl Reading for Countdown {
    type Cases<'a> = Cases<'a, u32>;

    fn cases<'a>(input: &'a [u8], _: &(), _: MemoryBudget) -> Result<Cases<'a, u32>, Stop> {
        Ok(Cases::new(input, read_number as CaseReader<u32>, ()))
    }
}

/// The solver (solve.rs): charges the moves it returns to its budget.
struct Counter {
    budget: MemoryBudget,
}

impl Solve for Counter {
    type Case = u32;
    type Move = char;
    type OtherLimit = NoOtherLimit;

    /// The heart of a solver: a shortest solution, or `None` (here an odd number).
    fn moves(&mut self, n: &u32) -> Result<Option<Vec<char>>, Limit<NoOtherLimit>> {
        if n % 2 == 1 {
            return Ok(None);
        }
        self.budget.check_items::<char>("the moves", *n as usize)?;
        Ok(Some(vec!['-'; *n as usize]))
    }

    /// The budget of the next case (the loop's, less what the process holds elsewhere).
    fn set_budget(&mut self, budget: MemoryBudget) {
        self.budget = budget;
    }
}

impl Solving for Countdown {
    type Solver = Counter;

    fn solver(
        _: &(),
        _: &Cases<'_, u32>,
        budget: MemoryBudget,
    ) -> Result<Counter, Limit<NoOtherLimit>> {
        Ok(Counter { budget })
    }
}

/// The judge's lines (format.rs): the frame's defaults, the count (or `-1`) and the moves
/// as they display.
impl Formatting for Countdown {}

/// The frames (render.rs): the number left, one cell.
impl Rendering for Countdown {
    type ReplayError = String;

    fn film(n: &u32, moves: &[char], plan: FilmPlan) -> Result<Film, String> {
        if moves.len() != *n as usize {
            return Err(format!("{} moves do not count {n} down", moves.len()));
        }
        let digit = |left: u32| char::from_digit(left % 10, 10).unwrap_or('?');
        let mut film = FilmBuilder::planned(Grid::new(1, 1, digit(*n)), plan);
        for (left, m) in (0..*n).rev().zip(moves) {
            film.set(Pos::new(0, 0), digit(left));
            film.step(m.to_string());
        }
        Ok(film.finish())
    }
}

/// Every role is there: the compiler checks it here.
impl Binary for Countdown {}

/// Generators, checks and oracles (a crate's testkit.rs, behind its `testkit` feature):
/// what its tests and `cargo xtask stress` drive, and the frame's shared checks use.
#[cfg(test)]
impl puzzle_frame::testkit::Testkit for Countdown {
    fn random_input(rng: &mut puzzle_frame::rng::Rng, max_size: usize) -> String {
        let cases = rng.range(1, 3);
        (0..cases)
            .map(|_| format!("{}\n", rng.below(max_size + 1)))
            .collect()
    }

    /// Each number halved.
    fn shrink_input(input: &str) -> Vec<String> {
        let numbers = input.lines().filter_map(|l| l.trim().parse::<u32>().ok());
        numbers
            .filter(|&n| n > 0)
            .map(|n| format!("{}\n", n / 2))
            .collect()
    }

    fn bench_inputs() -> Vec<puzzle_frame::testkit::BenchInput> {
        vec![puzzle_frame::testkit::BenchInput::new(
            "ten-thousand",
            "10000\n",
        )]
    }

    const REFERENCE: fn(&u32) -> Option<usize> = reference_count;
    const REPLAY: puzzle_frame::testkit::Replay<Countdown> = replay;
    const MOVES_OF: fn(&str) -> Option<Vec<char>> = moves_of;
}

// The oracles the testkit names: the plainest statements of the rules.

/// The plainest statement of the answer: an even number's own count, else none.
#[cfg(test)]
fn reference_count(n: &u32) -> Option<usize> {
    (n % 2 == 0).then_some(*n as usize)
}

/// Each move takes one off, never below zero; solved at zero.
#[cfg(test)]
fn replay(n: &u32, moves: &[char]) -> Result<bool, String> {
    let mut left = *n;
    for (k, &m) in (1..).zip(moves) {
        left = match (m, left.checked_sub(1)) {
            ('-', Some(less)) => less,
            ('-', None) => return Err(format!("move {k} goes below zero")),
            _ => return Err(format!("move {k} is {m:?}, not '-'")),
        };
    }
    Ok(left == 0)
}

/// A `--path` line read back: one `-` a move.
#[cfg(test)]
fn moves_of(line: &str) -> Option<Vec<char>> {
    line.chars()
        .all(|c| c == '-')
        .then(|| line.chars().collect())
}

fn main() -> ExitCode {
    puzzle_frame::puzzle::main::<Countdown>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_frame::cli::{Output, Settings};

    /// The binary's loop on `input`: its output and how it ended.
    fn run(input: &str, output: Output, budget: MemoryBudget) -> (String, Result<(), Stop>) {
        let mut out = Vec::new();
        let settings = Settings {
            output,
            budget,
            ..Settings::default()
        };
        let ended = Countdown::run((), settings, input.as_bytes(), &mut out).expect("written");
        (String::from_utf8(out).expect("UTF-8"), ended)
    }

    #[test]
    fn answers_paths_and_limits() {
        let path = Output {
            path: true,
            ..Output::default()
        };
        let roomy = MemoryBudget::default();
        assert_eq!(
            run("4\n\n3\n", path.clone(), roomy),
            ("4\n----\n-1\n".into(), Ok(()))
        );
        let (out, ended) = run("2\nx\n", Output::default(), roomy);
        assert_eq!(out, "2\n");
        assert!(matches!(ended, Err(Stop::BadInput(m)) if m.contains("line 2")));
        // 2000 moves of 4 bytes are over a budget of 4 KiB; with --keep-going the run goes on.
        let small = MemoryBudget::new(4096);
        let keep_going = Output {
            keep_going: true,
            ..path
        };
        let (out, ended) = run("2\n2000\n0\n2000\n", keep_going.clone(), small);
        assert_eq!(
            out,
            "2\n--\n? over --max-memory 4.0 KiB\n0\n\n? over --max-memory 4.0 KiB\n"
        );
        let given_up = "(--keep-going: 2 cases given up)";
        assert!(
            matches!(&ended, Err(Stop::Limit(m)) if m.starts_with("case 2: the moves") && m.ends_with(given_up)),
            "{ended:?}"
        );
        // Without it the run stops at the case over the limit, after the earlier answers.
        let stop = Output {
            keep_going: false,
            ..keep_going
        };
        let (out, ended) = run("2\n2000\n0\n", stop, small);
        assert_eq!(out, "2\n--\n");
        assert!(matches!(ended, Err(Stop::Limit(m)) if m.starts_with("case 2: the moves")));
    }

    /// The frame's shared checks on this puzzle: they pass what is right and catch each
    /// kind of wrong path, and the mangled inputs are both refused and answered.
    #[test]
    fn the_shared_checks_catch_what_is_wrong() {
        use puzzle_frame::testkit::{check_moves, mangled_inputs, Testkit};
        assert_eq!(Countdown::check_input("4\n3\n0\n"), Ok(3));
        assert_eq!(check_moves::<Countdown>(&4, &['-'; 4], Some(4)), Ok(()));
        for (moves, count) in [
            (&['-'; 3][..], Some(3)),
            (&['-'; 4], Some(3)),
            (&['+'; 4], Some(4)),
        ] {
            let wrong = check_moves::<Countdown>(&4, moves, count);
            assert!(wrong.is_err(), "{moves:?} for an answer of {count:?}");
        }
        assert!(check_moves::<Countdown>(&2, &['-'; 3], Some(3)).is_err());
        mangled_inputs::<Countdown>(7, 300, 60, b"x- \n", &[b"-1"]).at_least(50, 50);
    }
}
