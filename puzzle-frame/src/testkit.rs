//! What the tests and `xtask` need of a puzzle besides its binary's roles (behind the
//! `testkit` feature): the [`Testkit`] trait (generators, checks, the oracles), and the
//! checks every crate shares, written once: [`check_moves`] ("these moves replay and solve
//! in N"), [`mangled_inputs`] (the robustness test), [`shrink_cases`] and [`shrink_grid`]
//! (the shrinker).

use std::fmt;
use std::path::Path;

use crate::budget::MemoryBudget;
use crate::puzzle::{Binary, Solve};
use crate::rng::Rng;

mod reference;
mod robustness;

pub use reference::{
    paths_replay, random_inputs_agree, random_paths_replay, snapshot_paths_replay,
};
pub use robustness::{
    byte_strings, mangled_inputs, options_for, over_budget, stops_at_budget, Mangled,
};

/// Generators, checks and oracles of a puzzle crate (its `testkit.rs`, behind its `testkit`
/// feature), for its tests, `cargo xtask stress`, `bench` and `judge`.
pub trait Testkit: Binary<Case: fmt::Display> {
    /// A random valid input in the judge's format (one or more cases), boards up to `max_size`.
    fn random_input(rng: &mut Rng, max_size: usize) -> String;
    /// Solves every case with the solver and the reference and replays every path:
    /// `Ok(cases checked)` (0 checks nothing, not a pass), or what went wrong, in words (an
    /// input that does not parse: `bad input: ...`). By default the frame's [`check_input`],
    /// or [`Testkit::CHECK_CASE`] on each case ([`check_each`]) when the crate has its own.
    fn check_input(input: &str) -> Result<usize, String> {
        match Self::CHECK_CASE {
            Some(check) => check_each::<Self>(input, check),
            None => check_input::<Self>(input),
        }
    }
    /// A crate's own check of one case (bloxorz's: every search configuration against the
    /// reference), which [`Testkit::check_input`] runs on each case; `None`: the frame's.
    const CHECK_CASE: Option<CaseCheck<Self>> = None;
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

    /// The brute-force reference (the crate's `reference::count`), named once: the
    /// plainest search over the literal state, the fewest moves or `None`.
    const REFERENCE: fn(&Self::Case) -> Option<usize>;
    /// The replay (the crate's `replay::replay`), named once: plays the moves with the
    /// crate's own statement of the rules, `Ok(true)` when they end on the goal, an error at
    /// the first illegal move.
    const REPLAY: Replay<Self>;
    /// Reads a `--path` line back into the moves the binary printed (`None`: not a path
    /// line); [`from_letters`] for moves that are directions.
    const MOVES_OF: fn(&str) -> Option<Vec<Self::Move>>;

    /// The brute-force reference's answer ([`Testkit::REFERENCE`]).
    fn reference_count(case: &Self::Case) -> Option<usize> {
        (Self::REFERENCE)(case)
    }

    /// Whether `moves` replay to the goal ([`Testkit::REPLAY`]).
    fn replay(case: &Self::Case, moves: &[Self::Move]) -> Result<bool, Self::ReplayError> {
        (Self::REPLAY)(case, moves)
    }

    /// The moves of a `--path` line ([`Testkit::MOVES_OF`]).
    fn moves_of(path_line: &str) -> Option<Vec<Self::Move>> {
        (Self::MOVES_OF)(path_line)
    }
}

/// A crate's own check of one case ([`Testkit::CHECK_CASE`]): what disagreed, in words.
pub type CaseCheck<P> = fn(&<P as crate::puzzle::Puzzle>::Case) -> Result<(), String>;

/// A puzzle's replay as [`Testkit::REPLAY`] names it: whether the moves end on the goal.
pub type Replay<P> = fn(
    &<P as crate::puzzle::Puzzle>::Case,
    &[<P as crate::puzzle::Puzzle>::Move],
) -> Result<bool, <P as crate::puzzle::Rendering>::ReplayError>;

/// A random input's ending: the terminator line `marker` (`0 0`) most of the time (four
/// times in five), the end of the input otherwise; both end an input.
pub fn maybe_ended(rng: &mut Rng, mut text: String, marker: &str) -> String {
    if rng.chance(0.8) {
        text.push_str(marker);
    }
    text
}

/// The promises of a crate's generators, which its testkit's unit test checks
/// ([`generator_checks!`](crate::generator_checks)): a random input of each size in `sizes`
/// (seeded) passes [`Testkit::check_input`] with one case or more; [`Testkit::shrink_input`]
/// of `input` gives at least `at_least` inputs other than `input`, `contains` among them,
/// each passing `check_input` with one case or more; text that does not parse shrinks to
/// nothing.
pub fn check_generators<P: Testkit>(
    sizes: &[usize],
    input: &str,
    at_least: usize,
    contains: &str,
) -> Result<(), String> {
    let mut rng = Rng::new(9);
    for &size in sizes {
        let random = P::random_input(&mut rng, size);
        match P::check_input(&random) {
            Ok(n) if n >= 1 => {}
            other => return Err(format!("random input of size {size}: {other:?}\n{random}")),
        }
    }
    let smaller = P::shrink_input(input);
    if smaller.len() < at_least || !smaller.iter().any(|t| t == contains) {
        return Err(format!(
            "{} shrunk inputs, not {at_least} with {contains:?}",
            smaller.len()
        ));
    }
    for text in &smaller {
        match P::check_input(text) {
            Ok(n) if n >= 1 && text != input => {}
            other => return Err(format!("shrunk input: {other:?}\n{text}")),
        }
    }
    match P::shrink_input("garbage").is_empty() {
        true => Ok(()),
        false => Err("text that does not parse shrinks to something".to_string()),
    }
}

/// A crate's testkit unit test of its generators ([`check_generators`]):
/// `puzzle_frame::generator_checks!(crate::Bloxorz, [1, 2, 3, 10], INPUT, 6, "1 3\nXXO\n");`
/// inside its `#[cfg(test)]` module.
#[macro_export]
macro_rules! generator_checks {
    ($puzzle:ty, $sizes:expr, $input:expr, $at_least:expr, $contains:expr) => {
        #[test]
        fn the_generators_keep_their_promises() {
            let checked =
                $crate::testkit::check_generators::<$puzzle>(&$sizes, $input, $at_least, $contains);
            assert_eq!(checked, Ok(()));
        }
    };
}

/// The moves of a `--path` line of letters `U`, `D`, `L`, `R`.
pub fn from_letters(line: &str) -> Option<Vec<grid_common::Dir>> {
    line.chars().map(grid_common::Dir::from_letter).collect()
}

/// A judge's answer checker: `Ok(())` when `actual` (the binary's output on `input`) is as
/// good as `expected` (the judge's answer file), otherwise what is wrong.
pub type JudgeCheck = fn(input: &str, expected: &str, actual: &str) -> Result<(), String>;

/// A benchmark input: its name, the binary's arguments it needs, the input text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchInput {
    /// The input's name in the bench table.
    pub name: String,
    /// The binary's arguments (`--count`, `--rows 4`).
    pub args: Vec<String>,
    /// The input text.
    pub input: String,
}

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

/// The check every printed solution passes: `moves` replay legally on `case` (the crate's
/// own rules, [`Testkit::replay`]), end on the goal, and are as many as the answer `count`
/// says. What is wrong, in words, otherwise.
pub fn check_moves<P: Testkit>(
    case: &P::Case,
    moves: &[P::Move],
    count: Option<usize>,
) -> Result<(), String> {
    let path = P::path_line(moves);
    match P::replay(case, moves) {
        Err(e) => Err(format!("the moves {path} do not replay: {e}")),
        Ok(false) => Err(format!("the moves {path} do not end on the goal")),
        Ok(true) if count != Some(moves.len()) => Err(format!(
            "{} moves {path}, but the answer is {}",
            moves.len(),
            P::answer_line(1, count)
        )),
        Ok(true) => Ok(()),
    }
}

/// The solver's count and moves for `case` against the reference ([`Testkit::reference_count`]),
/// and the moves checked by [`check_moves`]; what disagreed, in words, with the case.
pub fn check_case<P: Testkit>(solver: &mut P::Solver, case: &P::Case) -> Result<(), String> {
    let slow = P::reference_count(case);
    let count = solver.count(case).map_err(|e| e.to_string())?;
    let moves = solver.moves(case).map_err(|e| e.to_string())?;
    for (what, fast) in [("count", count), ("moves", moves.as_ref().map(Vec::len))] {
        if fast != slow {
            return Err(format!(
                "the solver ({what}) says {} but the reference says {}\n{case}",
                P::answer_line(1, fast),
                P::answer_line(1, slow),
            ));
        }
    }
    match moves {
        Some(moves) => check_moves::<P>(case, &moves, slow).map_err(|e| format!("{e}\n{case}")),
        None => Ok(()),
    }
}

/// The cases of `input` read with the default options, each given to `check`: `Ok(cases
/// checked)`, or `case N: ...` (`bad input: ...` for an input that does not read).
pub fn check_each<P: Testkit>(
    input: &str,
    mut check: impl FnMut(&P::Case) -> Result<(), String>,
) -> Result<usize, String> {
    let options = P::Options::default();
    let bad = |e: &dyn fmt::Display| format!("bad input: {e}");
    let cases =
        P::cases(input.as_bytes(), &options, MemoryBudget::default()).map_err(|e| bad(&e))?;
    let mut checked = 0;
    for (number, case) in (1..).zip(cases) {
        let case = case.map_err(|e| bad(&e))?;
        check(&case).map_err(|e| format!("case {number}: {e}"))?;
        checked += 1;
    }
    Ok(checked)
}

/// [`check_case`] on every case of `input` ([`check_each`]), one solver for them all, so
/// that what a case leaves behind is tested too.
pub fn check_input<P: Testkit>(input: &str) -> Result<usize, String> {
    let options = P::Options::default();
    let budget = MemoryBudget::default();
    let cases =
        P::cases(input.as_bytes(), &options, budget).map_err(|e| format!("bad input: {e}"))?;
    let mut solver = P::solver(&options, &cases, budget).map_err(|e| e.to_string())?;
    check_each::<P>(input, |case| check_case::<P>(&mut solver, case))
}

/// The check of every path the binary prints: runs `binary` with `--path` on `input` (its
/// cases valid), checks each answer line against the reference's and each path line with
/// [`check_moves`], and nothing after the last case. The number of cases, or what is wrong.
pub fn check_printed_paths<P: Testkit>(binary: &Path, input: &str) -> Result<usize, String> {
    let args: &[&str] = if P::ANSWER_HOLDS_MOVES {
        &[]
    } else {
        &["--path"]
    };
    let output = crate::transcript::run(binary, args, input.as_bytes())
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    if !output.status.success() {
        return Err(format!("exit status {}", output.status));
    }
    let stdout = String::from_utf8(output.stdout).map_err(|e| e.to_string())?;
    let mut lines = stdout.lines();
    let (options, budget) = (P::Options::default(), MemoryBudget::default());
    let cases = P::cases(input.as_bytes(), &options, budget).map_err(|e| e.to_string())?;
    let mut checked = 0;
    for (number, case) in (1..).zip(cases) {
        let case = case.map_err(|e| e.to_string())?;
        let fail = |e: String| format!("case {number}: {e}\n{case}");
        let expected = P::reference_count(&case);
        let answer = lines.next().ok_or_else(|| fail("no answer line".into()))?;
        if answer != P::answer_line(number, expected) {
            let reference = P::answer_line(number, expected);
            return Err(fail(format!(
                "the answer {answer}, the reference's {reference}"
            )));
        }
        if let Some(count) = expected {
            // The moves' line, or with the moves as the answer, a line per move.
            let path = match P::ANSWER_HOLDS_MOVES {
                false => lines.next().map(str::to_string),
                true => (0..count)
                    .map(|_| lines.next())
                    .collect::<Option<Vec<_>>>()
                    .map(|l| l.join("\n")),
            };
            let path = path.ok_or_else(|| fail("no path line".into()))?;
            let moves = P::moves_of(&path).ok_or_else(|| fail(format!("not moves: {path}")))?;
            check_moves::<P>(&case, &moves, expected).map_err(fail)?;
        }
        checked += 1;
    }
    match lines.next() {
        Some(extra) => Err(format!("a line after the last case: {extra}")),
        None => Ok(checked),
    }
}

/// The inputs of a crate's snapshot cases (`dir`'s `*.in` files) that read whole with the
/// default options and are shorter than `max_len` bytes: the error cases are pinned by
/// their snapshots, and these get their paths checked.
pub fn valid_snapshot_inputs<P: Testkit>(dir: &Path, max_len: usize) -> Vec<String> {
    let mut inputs = Vec::new();
    let entries = std::fs::read_dir(dir).expect("the cases directory");
    let mut paths: Vec<_> = entries
        .map(|e| e.expect("a directory entry").path())
        .collect();
    paths.sort();
    for path in paths {
        if path.extension() != Some("in".as_ref()) {
            continue;
        }
        let input = std::fs::read_to_string(&path).expect("a case file");
        let (options, budget) = (P::Options::default(), MemoryBudget::default());
        let whole = P::cases(input.as_bytes(), &options, budget)
            .is_ok_and(|mut cases| cases.all(|case| case.is_ok()));
        if whole && input.len() < max_len {
            inputs.push(input);
        }
    }
    inputs
}

/// The shrinker's frame: smaller inputs than `input` (none when it does not read with the
/// default options): each case alone, then the input with one case replaced by each of
/// `smaller(case, its text)` ([`shrink_cases`]).
pub fn shrink_input<P: Testkit>(
    input: &str,
    smaller: impl Fn(&P::Case, &str) -> Vec<String>,
) -> Vec<String> {
    let options = P::Options::default();
    let Ok(cases) = P::cases(input.as_bytes(), &options, MemoryBudget::default()) else {
        return Vec::new();
    };
    let Ok(cases) = cases.collect::<Result<Vec<_>, _>>() else {
        return Vec::new();
    };
    let texts: Vec<String> = cases.iter().map(|case| case.to_string()).collect();
    shrink_cases(&texts, |i, text| smaller(&cases[i], text))
}

/// Smaller inputs from an input's cases (`texts`, each in the judge's format): each case
/// alone when there are several, then the input with one case replaced by each of its
/// smaller forms (`smaller(case's index, its text)`).
pub fn shrink_cases(texts: &[String], smaller: impl Fn(usize, &str) -> Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    if texts.len() > 1 {
        out.extend(texts.iter().cloned());
    }
    for (i, text) in texts.iter().enumerate() {
        for case in smaller(i, text) {
            let mut all = texts.to_vec();
            all[i] = case;
            out.push(all.concat());
        }
    }
    out
}

/// The grid shrinker: smaller grids than `cells` (rows of bytes, all as long): each row
/// and each column without a cell that `keep` holds on to removed, then each cell that
/// `simpler` changes changed (a wall opened, a special tile made plain).
pub fn shrink_grid(
    cells: &[Vec<u8>],
    keep: impl Fn(u8) -> bool,
    simpler: impl Fn(u8) -> Option<u8>,
) -> Vec<Vec<Vec<u8>>> {
    let (rows, cols) = (cells.len(), cells.first().map_or(0, Vec::len));
    let mut out = Vec::new();
    for r in 0..rows {
        if rows > 1 && !cells[r].iter().any(|&b| keep(b)) {
            let mut fewer = cells.to_vec();
            fewer.remove(r);
            out.push(fewer);
        }
    }
    for c in 0..cols {
        if cols > 1 && !cells.iter().any(|row| keep(row[c])) {
            let fewer = cells
                .iter()
                .map(|row| [&row[..c], &row[c + 1..]].concat())
                .collect();
            out.push(fewer);
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if let Some(b) = simpler(cells[r][c]) {
                let mut changed = cells.to_vec();
                changed[r][c] = b;
                out.push(changed);
            }
        }
    }
    out
}

/// [`shrink_grid`] on a board in the judge's usual text (a line `R C`, then the rows): the
/// smaller boards in the same text.
pub fn shrink_board(
    text: &str,
    keep: impl Fn(u8) -> bool,
    simpler: impl Fn(u8) -> Option<u8>,
) -> Vec<String> {
    let cells: Vec<Vec<u8>> = text
        .lines()
        .skip(1)
        .map(|l| l.as_bytes().to_vec())
        .collect();
    shrink_grid(&cells, keep, simpler)
        .iter()
        .map(|grid| grid_text(grid))
        .collect()
}

/// A grid as the judge's input writes a board: the line `R C`, then the rows.
pub fn grid_text(cells: &[Vec<u8>]) -> String {
    let cols = cells.first().map_or(0, Vec::len);
    let mut text = format!("{} {cols}\n", cells.len());
    for row in cells {
        text.push_str(&String::from_utf8_lossy(row));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_shrinker_keeps_what_it_must() {
        let cells = [b"P.#".to_vec(), b"..G".to_vec()];
        let smaller = shrink_grid(
            &cells,
            |b| b == b'P' || b == b'G',
            |b| (b == b'#').then_some(b'.'),
        );
        let texts: Vec<String> = smaller.iter().map(|g| grid_text(g)).collect();
        // No row may go (each holds P or G); the middle column may; the wall opens.
        assert_eq!(texts, ["2 2\nP#\n.G\n", "2 3\nP..\n..G\n"]);
        let boards = shrink_board("2 3\nP.#\n..G\n", |b| b == b'P' || b == b'G', |_| None);
        assert_eq!(boards, ["2 2\nP#\n.G\n"]);
        let cases = shrink_cases(
            &["a".to_string(), "b".to_string()],
            |_, t| vec![t.repeat(0)],
        );
        assert_eq!(cases, ["a", "b", "b", "a"]);
    }
}
