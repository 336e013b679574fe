//! Generators and checks shared by the tests, `cargo xtask stress`, `bench` and `judge`.

mod generate;
mod judge;
mod poj_mazes;

pub use generate::{open_maze, random_level, random_maze, serpentine_maze};
pub use judge::judge_check;
pub use poj_mazes::{impossible_room, random_square_maze, wide_serpentine};

use crate::case::{Case, Format};
use crate::format::path_line;
use crate::parse::{detect, parse_all};
use crate::solve::{Cost, Options, Solver};
use crate::Move;
use crate::{reference, replay};
use puzzle_frame::puzzle::Solve;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::{maybe_ended, BenchInput, JudgeCheck, Replay, Testkit};

/// Checks one case: the solver's solution against the reference's optimum (POJ: pushes and
/// moves; XSB: pushes), and the moves replayed to the goal with the cost they claim.
pub fn check_case(case: &Case) -> Result<(), String> {
    let best = reference::optimum(case);
    let moves = Solver::new(&Options::default())
        .moves(case)
        .map_err(|e| e.to_string())?;
    let text = || case.to_input();
    let Some(moves) = moves else {
        return match best {
            None => Ok(()),
            Some(best) => Err(format!(
                "the solver finds no solution, the reference {best:?}\n{}",
                text()
            )),
        };
    };
    let line = path_line(case.format, &moves);
    let played = replay::replay(case, &moves)
        .map_err(|e| format!("{line} does not replay: {e}\n{}", text()))?;
    if !played.solved {
        return Err(format!("{line} does not solve the case\n{}", text()));
    }
    let Some(best) = best else {
        return Err(format!(
            "the solver finds {line}, the reference nothing\n{}",
            text()
        ));
    };
    let got = Cost::of(&moves);
    let agree = match case.format {
        Format::Poj => got == best,
        Format::Xsb => got.pushes == best.pushes,
    };
    if !agree || played.cost != got {
        return Err(format!(
            "the solver's {line} costs {got:?}, the reference's optimum {best:?}\n{}",
            text()
        ));
    }
    Ok(())
}

/// An open room of `side` x `side` cells inside its wall (`side` at least 52), four boxes and
/// four goals far apart: few pushes, but push-distance tables over the whole floor.
fn open_level(side: usize) -> String {
    let boxes = [(10, 10), (20, 30), (40, 15), (30, 45)];
    let goals = [(50, 50), (5, 40), (45, 5), (25, 25)];
    let mut text = format!("; open-{side}\n");
    for r in 0..side {
        for c in 0..side {
            let cell = if r == 0 || c == 0 || r == side - 1 || c == side - 1 {
                '#'
            } else if (r, c) == (1, 1) {
                '@'
            } else if boxes.contains(&(r, c)) {
                '$'
            } else if goals.contains(&(r, c)) {
                '.'
            } else {
                ' '
            };
            text.push(cell);
        }
        text.push('\n');
    }
    text
}

/// The generators and checks, as `xtask` and the tests drive every puzzle.
impl Testkit for crate::Sokoban {
    /// A random valid input: mostly one to three POJ mazes of up to `max_size` rows and
    /// columns, ended by `0 0` (or not); otherwise one to three small XSB levels, each after a
    /// `;` comment line (so the input reads as XSB without `--xsb`).
    fn random_input(rng: &mut Rng, max_size: usize) -> String {
        let size = max_size.max(2);
        let mut text = String::new();
        if rng.chance(0.7) {
            for _ in 0..rng.range(1, 3) {
                text.push_str(&random_maze(rng, size, size));
            }
            text = maybe_ended(rng, text, "0 0\n");
        } else {
            for k in 1..=rng.range(1, 3) {
                text.push_str(&format!("; {k}\n{}\n", random_level(rng, size.min(5), 3)));
            }
        }
        text
    }

    /// Solves every case with the solver and the reference and replays every path;
    /// `Ok(number of cases checked)` or `Err(what disagreed, in words)`.
    fn check_input(input: &str) -> Result<usize, String> {
        let format = detect(input.as_bytes());
        let cases = parse_all(input.as_bytes(), format).map_err(|e| format!("bad input: {e}"))?;
        for (i, case) in cases.iter().enumerate() {
            check_case(case).map_err(|e| format!("case {}: {e}", i + 1))?;
        }
        Ok(cases.len())
    }

    /// Smaller valid inputs derived from `input`: each case alone, one wall made floor.
    fn shrink_input(input: &str) -> Vec<String> {
        let format = detect(input.as_bytes());
        let Ok(cases) = parse_all(input.as_bytes(), format) else {
            return Vec::new();
        };
        let (prefix, floor) = match format {
            Format::Poj => ("", '.'),
            Format::Xsb => ("; shrunk\n", '-'),
        };
        let texts: Vec<String> = cases
            .iter()
            .map(|c| format!("{prefix}{}", c.to_input()))
            .collect();
        let mut out = Vec::new();
        if texts.len() > 1 {
            out.extend(texts.iter().cloned());
        }
        for (i, text) in texts.iter().enumerate() {
            for (at, _) in text.match_indices('#') {
                let mut opened = text.clone();
                opened.replace_range(at..at + 1, &floor.to_string());
                if parse_all(opened.as_bytes(), format).is_ok_and(|c| c.len() == 1) {
                    let mut all = texts.clone();
                    all[i] = opened;
                    out.push(all.join(if format == Format::Xsb { "\n" } else { "" }));
                }
            }
        }
        out
    }

    /// The benchmark inputs, generated deterministically: 20 x 20 POJ mazes (open, a
    /// serpentine, many random ones) and small multi-box levels.
    fn bench_inputs() -> Vec<BenchInput> {
        let end = "0 0\n";
        let mut rng = Rng::new(1475);
        let random: String = (0..300).map(|_| random_maze(&mut rng, 20, 20)).collect();
        let mut levels = String::new();
        for i in 0..40 {
            levels.push_str(&format!("; {}\n{}\n", i + 1, random_level(&mut rng, 7, 3)));
        }
        let mut inputs = vec![
            BenchInput::new("poj-open-20", open_maze(20) + end),
            BenchInput::new("poj-serpentine-20", serpentine_maze(20) + end),
            BenchInput::new("poj-random-300", random + end),
            BenchInput::new("xsb-random-40", levels).with_args(&["--xsb"]),
            BenchInput::new("xsb-open-60", open_level(60)).with_args(&["--xsb"]),
        ];
        inputs.extend(poj_mazes::poj_bench_inputs());
        inputs
    }

    /// `--xsb` for XSB text (which the binary also tells by itself).
    fn args_for(input: &str) -> Vec<String> {
        match detect(input.as_bytes()) {
            Format::Xsb => vec!["--xsb".to_string()],
            Format::Poj => Vec::new(),
        }
    }

    const JUDGE_CHECK: Option<JudgeCheck> = Some(judge_check);

    const REFERENCE: fn(&Case) -> Option<usize> = reference::count;
    const REPLAY: Replay<Self> = |case, moves| replay::replay(case, moves).map(|r| r.solved);
    const MOVES_OF: fn(&str) -> Option<Vec<Move>> = moves_of;
}

/// POJ's letters (the answer line); XSB's `LURD` are read by [`replay::read_moves`].
fn moves_of(line: &str) -> Option<Vec<Move>> {
    replay::read_moves(Format::Poj, line).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sokoban;

    #[test]
    fn levels_shrink_to_valid_levels() {
        let level = "; 1\n######\n#@$ .#\n## ###\n######\n";
        let smaller = Sokoban::shrink_input(level);
        assert!(smaller.iter().all(|t| Sokoban::check_input(t).is_ok()));
    }

    puzzle_frame::generator_checks! {
        crate::Sokoban, [1, 2, 3, 10],
        "3 4\nS..#\n.#B.\n...T\n1 3\nSBT\n0 0\n", 3, "1 3\nSBT\n"
    }
}
