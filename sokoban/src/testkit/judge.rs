//! The judge's checker for POJ 1475: any sequence with the optimal pushes and moves is
//! right.
//!
//! The expected file is either `.ans` lines (`PUSHES MOVES` or `Impossible`, one per maze)
//! or a reference output (`Maze #k`, a sequence or `Impossible.`, a blank line), whose
//! sequences are replayed for their counts. The actual output must be in the judge's form,
//! each maze's sequence legal, solving the maze, with the expected counts.

use crate::case::Format;
use crate::parse::parse_all;
use crate::replay::{read_moves, replay};
use crate::solve::Cost;
use crate::Case;

/// `Ok(())` when `actual` answers every maze of `input` as well as `expected` says.
pub fn judge_check(input: &str, expected: &str, actual: &str) -> Result<(), String> {
    let cases = parse_all(input.as_bytes(), Format::Poj).map_err(|e| format!("bad input: {e}"))?;
    let want = match expected.contains("Maze #") {
        true => output_costs(&cases, expected).map_err(|e| format!("the expected output: {e}"))?,
        false => ans_costs(expected)?,
    };
    let got = output_costs(&cases, actual)?;
    if want.len() != cases.len() {
        return Err(format!(
            "{} mazes, {} expected answers",
            cases.len(),
            want.len()
        ));
    }
    match (1..).zip(want.iter().zip(&got)).find(|(_, (w, g))| w != g) {
        Some((k, (w, g))) => Err(format!(
            "maze {k}: expected {}, found {}",
            show(*w),
            show(*g)
        )),
        None => Ok(()),
    }
}

/// A cost as the `.ans` file writes it.
fn show(cost: Option<Cost>) -> String {
    cost.map_or("Impossible".into(), |c| format!("{} {}", c.pushes, c.moves))
}

/// The costs of an `.ans` file.
fn ans_costs(text: &str) -> Result<Vec<Option<Cost>>, String> {
    let lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    lines
        .map(|line| {
            if line == "Impossible" {
                return Ok(None);
            }
            let numbers: Vec<usize> = line
                .split_whitespace()
                .filter_map(|n| n.parse().ok())
                .collect();
            match numbers[..] {
                [pushes, moves] => Ok(Some(Cost { pushes, moves })),
                _ => Err(format!(
                    "an .ans line `{line}` is neither `PUSHES MOVES` nor `Impossible`"
                )),
            }
        })
        .collect()
}

/// The costs of an output in the judge's form, each sequence replayed on its maze.
fn output_costs(cases: &[Case], text: &str) -> Result<Vec<Option<Cost>>, String> {
    let mut lines = text.lines().map(str::trim_end);
    let mut costs = Vec::new();
    for (k, case) in (1..).zip(cases) {
        let header = lines.next().unwrap_or("(no line)");
        if header != format!("Maze #{k}") {
            return Err(format!("maze {k}: expected `Maze #{k}`, found `{header}`"));
        }
        let answer = lines.next().unwrap_or("(no line)");
        costs.push(match answer {
            "Impossible." => None,
            line => Some(replayed(case, line).map_err(|e| format!("maze {k}: {e}"))?),
        });
        if let Some(extra) = lines.next().filter(|l| !l.is_empty()) {
            return Err(format!("maze {k}: expected a blank line, found `{extra}`"));
        }
    }
    if let Some(extra) = lines.find(|l| !l.is_empty()) {
        return Err(format!("after the last maze: `{extra}`"));
    }
    Ok(costs)
}

/// The cost of the moves `line` on `case`, which must solve it.
fn replayed(case: &Case, line: &str) -> Result<Cost, String> {
    let moves = read_moves(Format::Poj, line)
        .map_err(|(i, ch)| format!("`{ch}` at column {} is not a move", i + 1))?;
    let played = replay(case, &moves).map_err(|e| e.to_string())?;
    match played.solved {
        true => Ok(played.cost),
        false => Err(format!("`{line}` leaves the box off the target")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("../../tests/cases/sample.in");
    const ANS: &str = "5 5\nImpossible\n6 28\n3 19\n";
    const OUT: &str = "Maze #1\nEEEEE\n\nMaze #2\nImpossible.\n\nMaze #3\neennwwWWWWeeeeeesswwwwwwwnNN\n\nMaze #4\nswwwnnnnnneeesssSSS\n\n";

    #[test]
    fn optimal_sequences_pass_and_others_fail() {
        assert_eq!(judge_check(SAMPLE, ANS, OUT), Ok(()));
        assert_eq!(judge_check(SAMPLE, OUT, OUT), Ok(()));
        // Another sequence of the same counts: a walk west and back east costs two more.
        let longer = OUT.replace("swwwnnnnnneeesssSSS", "swwwnnnnnneeessswe");
        assert!(judge_check(SAMPLE, ANS, &longer).is_err());
        let wrong_walk = OUT.replace("eennww", "eennwn");
        assert!(judge_check(SAMPLE, ANS, &wrong_walk).is_err());
        assert!(judge_check(
            SAMPLE,
            ANS,
            &OUT.replace("Maze #2\nImpossible.", "Maze #2\nEE")
        )
        .is_err());
        assert!(judge_check(SAMPLE, ANS, &OUT.replace("\n\nMaze #3", "\nMaze #3")).is_err());
        assert!(judge_check(SAMPLE, "5 6\nImpossible\n6 28\n3 19\n", OUT).is_err());
    }
}
