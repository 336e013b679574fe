//! The one list of puzzle crates. Every task reads it: stress and bench drive each crate
//! through its [`Testkit`], judge and demo run its binary, the browser tests open its page.
//! Each entry is derived from the crate's traits ([`Puzzle::of`]); `cargo xtask new`
//! adds the line for a new crate to [`all`], and a test checks the list against the
//! workspace's members.

use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::{BenchInput, JudgeCheck, Testkit};

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

/// One puzzle's generators and checks, from its [`Testkit`] (a test may replace one to
/// plant a bug).
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

impl Puzzle {
    /// The entry of puzzle `P`, every field from its traits.
    pub fn of<P: Testkit>() -> Puzzle {
        Puzzle {
            name: P::PROGRAM.name,
            kit: Kit {
                random_input: P::random_input,
                check_input: P::check_input,
                shrink_input: P::shrink_input,
                bench_inputs: P::bench_inputs,
                args_for: P::args_for,
            },
            judge_check: P::JUDGE_CHECK,
        }
    }
}

/// Every puzzle crate, in the README's order (`cargo xtask new` appends to it).
pub fn all() -> Vec<Puzzle> {
    vec![
        Puzzle::of::<huarongdao::Huarongdao>(),
        Puzzle::of::<bloxorz::Bloxorz>(),
        Puzzle::of::<snake_maze::SnakeMaze>(),
        Puzzle::of::<card_swap::CardSwap>(),
        Puzzle::of::<klotski::Klotski>(),
        Puzzle::of::<bloxorz_game::BloxorzGame>(),
        Puzzle::of::<sokoban::Sokoban>(),
        Puzzle::of::<rush_hour::RushHour>(),
        // cargo xtask new: next puzzle
    ]
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
    fn the_list_is_every_puzzle_member_of_the_workspace() {
        let (root, members) = crate::workspace::this_workspace();
        // A puzzle crate is a member that depends on puzzle-frame, other than the frame's
        // users that are not puzzles.
        let mut puzzles: Vec<String> = members
            .iter()
            .filter(|m| !["grid-common", "puzzle-frame", "xtask"].contains(&m.name.as_str()))
            .map(|m| m.name.clone())
            .collect();
        puzzles.sort();
        let mut listed: Vec<String> = all().iter().map(|p| p.name.to_string()).collect();
        listed.sort();
        assert_eq!(
            listed, puzzles,
            "xtask/src/crates.rs and the workspace's members"
        );
        for puzzle in all() {
            assert!(root
                .join(puzzle.name)
                .join("tests/cases/sample.in")
                .exists());
            assert!(!(puzzle.kit.bench_inputs)().is_empty());
        }
    }

    #[test]
    fn an_unknown_crate_is_one_usage_error() {
        let Err(Failure::Usage(message)) = find("no-such-puzzle") else {
            panic!("no-such-puzzle is not a crate");
        };
        assert!(
            message.starts_with("unknown crate 'no-such-puzzle' (one of: huarongdao, bloxorz, "),
            "{message}"
        );
    }
}
