//! The one list of puzzle crates. Every task reads it: stress and bench drive each crate
//! through its testkit, judge and demo run its binary. Adding a crate is one entry in
//! [`all`].

use grid_common::rng::Rng;

use crate::Failure;

/// One puzzle crate: its name (package and binary), its testkit, and how judge compares.
#[derive(Clone, Copy)]
pub struct Puzzle {
    /// The package name, which is also its binary's name and its folder's.
    pub name: &'static str,
    /// Its generators and checks (the crate's `testkit` module).
    pub kit: Kit,
    /// How `judge` compares an answer: `None` compares the lines with the expected file's;
    /// a checker is for puzzles with more than one right answer.
    pub judge_check: Option<JudgeCheck>,
}

/// A judge's answer checker: `Ok(())` when `actual` (the binary's output on `input`) is as
/// good as `expected` (the judge's answer file), otherwise what is wrong.
pub type JudgeCheck = fn(input: &str, expected: &str, actual: &str) -> Result<(), String>;

/// One puzzle's generators and checks (its crate's `testkit` module).
#[derive(Clone, Copy)]
pub struct Kit {
    /// A random valid input with boards up to a size.
    pub random_input: fn(&mut Rng, usize) -> String,
    /// Solver against reference on every case of an input: `Ok(cases checked)`, or what
    /// went wrong. An input that does not parse is reported as `bad input: ...` (see
    /// [`crate::stress::Failed`]).
    pub check_input: fn(&str) -> Result<usize, String>,
    /// Smaller variants of an input.
    pub shrink_input: fn(&str) -> Vec<String>,
    /// Worst-case inputs for benchmarks.
    pub bench_inputs: fn() -> Vec<BenchInput>,
    /// The binary's arguments an input needs (a shaped card-swap board needs `--rows/--cols`),
    /// written beside a case that stress saves.
    pub args_for: fn(&str) -> Vec<String>,
}

/// A benchmark input: (name, our binary's arguments, input text).
pub type BenchInput = (String, Vec<String>, String);

/// Bench inputs that the binary reads without arguments.
fn without_args(inputs: Vec<(String, String)>) -> Vec<BenchInput> {
    inputs
        .into_iter()
        .map(|(name, input)| (name, Vec::new(), input))
        .collect()
}

/// The entry of a crate whose testkit has the usual functions and whose answers are
/// compared line by line; change a field with `Puzzle { field, ..puzzle!(...) }`.
macro_rules! puzzle {
    ($name:literal, $krate:ident) => {
        Puzzle {
            name: $name,
            kit: Kit {
                random_input: $krate::testkit::random_input,
                check_input: $krate::testkit::check_input,
                shrink_input: $krate::testkit::shrink_input,
                bench_inputs: || without_args($krate::testkit::bench_inputs()),
                args_for: |_| Vec::new(),
            },
            judge_check: None,
        }
    };
}

/// Every puzzle crate, in the README's order. A crate with more than one right answer per
/// case gives judge its checker:
/// `Puzzle { judge_check: Some(its_crate::testkit::judge_check), ..puzzle!("name", its_crate) }`.
pub fn all() -> Vec<Puzzle> {
    vec![
        puzzle!("huarongdao", huarongdao),
        puzzle!("bloxorz", bloxorz),
        with_bench_inputs(puzzle!("snake-maze", snake_maze), || {
            // Full explorations with each store: `--search breadth --store dense|hashed`.
            let mut inputs = without_args(snake_maze::testkit::bench_inputs());
            inputs.extend(snake_maze::testkit::bench_inputs_with_args());
            inputs
        }),
        with_args(
            puzzle!("card-swap", card_swap),
            card_swap::testkit::args_for,
            || {
                // Larger boards need --rows/--cols; the judge's 2x3 boards need no option.
                let mut inputs = without_args(card_swap::testkit::bench_inputs());
                inputs.extend(card_swap::testkit::bench_inputs_shaped());
                inputs
            },
        ),
        Puzzle {
            // Many shortest move lists are right: judge replays the printed moves.
            judge_check: Some(klotski::testkit::judge_check),
            ..with_bench_inputs(puzzle!("klotski", klotski), || {
                let mut inputs = without_args(klotski::testkit::bench_inputs());
                inputs.extend(klotski::testkit::bench_inputs_counted());
                inputs.extend(klotski::testkit::bench_inputs_census());
                inputs
            })
        },
    ]
}

/// `puzzle` with its own bench inputs (some with the binary's arguments).
fn with_bench_inputs(puzzle: Puzzle, bench_inputs: fn() -> Vec<BenchInput>) -> Puzzle {
    Puzzle {
        kit: Kit {
            bench_inputs,
            ..puzzle.kit
        },
        ..puzzle
    }
}

/// `puzzle` for a binary whose inputs may need arguments: what an input needs, and its own
/// bench inputs.
fn with_args(
    puzzle: Puzzle,
    args_for: fn(&str) -> Vec<String>,
    bench_inputs: fn() -> Vec<BenchInput>,
) -> Puzzle {
    Puzzle {
        kit: Kit {
            bench_inputs,
            args_for,
            ..puzzle.kit
        },
        ..puzzle
    }
}

/// The puzzle crate named `name`, or the one error for an unknown crate.
pub fn find(name: &str) -> Result<Puzzle, Failure> {
    let all = all();
    match all.iter().find(|p| p.name == name) {
        Some(puzzle) => Ok(*puzzle),
        None => Err(unknown_crate(name, all.iter().map(|p| p.name))),
    }
}

/// The usage error for a crate name that is not among `known`.
pub fn unknown_crate<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Failure {
    let known: Vec<&str> = known.into_iter().collect();
    Failure::Usage(format!(
        "unknown crate '{name}' (one of: {})",
        known.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_is_a_workspace_member_with_a_sample() {
        let root = crate::workspace::project_root();
        let members = crate::workspace::members(&root).unwrap();
        for puzzle in all() {
            assert!(
                members.iter().any(|m| m.name == puzzle.name),
                "{} is not a workspace member",
                puzzle.name
            );
            assert!(root
                .join(puzzle.name)
                .join("tests/cases/sample.in")
                .exists());
            assert!(!(puzzle.kit.bench_inputs)().is_empty());
        }
    }

    #[test]
    fn an_unknown_crate_is_one_usage_error() {
        let Err(Failure::Usage(message)) = find("sokoban") else {
            panic!("sokoban is not a crate");
        };
        assert!(
            message.starts_with("unknown crate 'sokoban' (one of: huarongdao, bloxorz, "),
            "{message}"
        );
    }
}
