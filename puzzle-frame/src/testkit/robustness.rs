//! The robustness checks every crate's `tests/robustness.rs` shares, written once:
//! mangled inputs ([`mangled_inputs`]), a solver over its memory budget ([`over_budget`])
//! and the binary stopping at `--max-memory` after the earlier answers
//! ([`stops_at_budget`]).

use std::path::Path;

use super::Testkit;
use crate::budget::{MemoryBudget, OverBudget};
use crate::cli::parse_args;
use crate::input::InputError;
use crate::puzzle::{Limit, Solve};
use crate::rng::Rng;

/// The options the binary reads `input` with: [`Testkit::args_for`] parsed as the binary
/// parses its command line, then the crate's own `Puzzle::options` (card-swap's shape of a
/// larger board, sokoban's `--xsb`).
pub fn options_for<P: Testkit>(input: &str) -> P::Options {
    let args =
        parse_args(P::args_for(input), &P::PROGRAM.accepted()).and_then(|args| P::options(&args));
    args.unwrap_or_else(|e| panic!("the arguments for an input: {e}\n{input}"))
}

/// The robustness test of every crate: `rounds` random inputs (boards up to `max_size`,
/// read with the options the binary would read them with, [`options_for`]), each damaged
/// by one to three edits (a byte of `noise` or one of `words` put in, a byte taken out, the
/// rest cut off), never panic: each reads to cases the solver answers as the reference
/// does, or to an error that points inside the input (a line of it, a column, the line shown
/// with a caret), after which the cases end. What it met, for the caller to check that both
/// kinds were ([`Mangled::at_least`]).
pub fn mangled_inputs<P: Testkit>(
    seed: u64,
    rounds: usize,
    max_size: usize,
    noise: &[u8],
    words: &[&[u8]],
) -> Mangled {
    let mut rng = Rng::new(seed);
    let noise: Vec<&[u8]> = noise.chunks(1).chain(words.iter().copied()).collect();
    let budget = MemoryBudget::default();
    let (mut errors, mut answered) = (0, 0);
    for _ in 0..rounds {
        let input = P::random_input(&mut rng, max_size);
        let options = options_for::<P>(&input);
        let mut bytes = input.into_bytes();
        let edits = rng.range(1, 3);
        rng.damage(&mut bytes, &noise, edits);
        let shown = String::from_utf8_lossy(&bytes).into_owned();
        let Ok(mut cases) = P::cases(&bytes, &options, budget) else {
            errors += 1;
            continue;
        };
        let mut solver = match P::solver(&options, &cases, budget) {
            Ok(solver) => solver,
            Err(e) => panic!("no solver ({e}) for the input\n{shown}"),
        };
        while let Some(case) = cases.next() {
            match case {
                Ok(case) => {
                    let truth = P::reference_count(&case);
                    match solver.count(&case) {
                        Ok(count) => assert_eq!(count, truth, "{case}"),
                        Err(e) => panic!("{e}\n{case}"),
                    }
                    answered += 1;
                }
                Err(e) => {
                    assert_points_inside(&e, &bytes);
                    assert!(cases.next().is_none(), "cases after the error {e}\n{shown}");
                    errors += 1;
                }
            }
        }
    }
    Mangled {
        refused: errors,
        answered,
    }
}

/// What [`mangled_inputs`] met: the inputs and cases refused with an error, the cases
/// answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mangled {
    /// Inputs and cases refused with an error.
    pub refused: usize,
    /// Cases answered (as the reference answers them).
    pub answered: usize,
}

impl Mangled {
    /// Asserts that the damage both broke inputs and left some valid: at least `refused`
    /// refused and `answered` answered.
    pub fn at_least(self, refused: usize, answered: usize) {
        assert!(
            self.refused >= refused && self.answered >= answered,
            "{self:?}: wanted at least {refused} refused and {answered} answered"
        );
    }
}

/// `error` names a line of `input` and a column, and shows that line with a caret.
fn assert_points_inside(error: &InputError, input: &[u8]) {
    let text = error.to_string();
    let lines = input.split(|&b| b == b'\n').count();
    assert!(error.line >= 1 && error.line <= lines, "{text}");
    assert!(error.column >= 1, "{text}");
    let located = format!("line {}, column {}", error.line, error.column);
    assert!(text.contains(&located), "{text}");
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.ends_with('^'), "{text}");
}

/// The memory limit `solver` meets on `case` by [`Solve::count`] and by [`Solve::moves`]
/// alike: each must be [`Limit::Memory`] over `budget` bytes, needing more. The two, for
/// the caller to check what they name.
pub fn over_budget<S: Solve>(solver: &mut S, case: &S::Case, budget: u64) -> [OverBudget; 2] {
    let over = |result: Result<(), Limit<S::OtherLimit>>| match result {
        Err(Limit::Memory(over)) if over.budget == budget && over.needed > budget => over,
        Err(e) => panic!("expected the memory limit of {budget} bytes, got: {e}"),
        Ok(()) => panic!("expected the memory limit of {budget} bytes, got an answer"),
    };
    [
        over(solver.count(case).map(|_| ())),
        over(solver.moves(case).map(|_| ())),
    ]
}

/// Runs `binary` with `args` (a `--max-memory` among them) on `input` and checks that it
/// stopped at the budget after the earlier answers: exit code 1, `answers` on standard
/// output, one line on standard error that starts `error: case N: ` and names the budget as
/// the message writes it (`8.0 MiB`). That line, for the caller's further checks.
pub fn stops_at_budget(
    binary: &str,
    args: &[&str],
    input: &str,
    answers: &str,
    case: usize,
    budget: &str,
) -> String {
    let output = crate::transcript::run(Path::new(binary), args, input.as_bytes())
        .unwrap_or_else(|e| panic!("cannot run {binary}: {e}"));
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), answers, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!("error: case {case}: ")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("memory budget of {budget}")),
        "{stderr}"
    );
    stderr
}

/// Random byte strings of every length below `lengths`, `each` of every length, drawn from
/// `alphabet`: the inputs on which a scanner that reads eight bytes at a time must agree
/// with the plain loop.
pub fn byte_strings(seed: u64, lengths: usize, each: usize, alphabet: &[u8]) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    (0..lengths * each)
        .map(|k| (0..k / each).map(|_| *rng.choose(alphabet)).collect())
        .collect()
}
