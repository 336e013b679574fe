//! Generators and checks shared by the tests, `cargo xtask stress` and `cargo xtask bench`.

use crate::case::{keys_of, Case, Effect, Key, Move, Tile};
use crate::parse::parse_all;
use crate::solve::{Options, Solver};
use crate::{reference, replay, BloxorzGame};
use grid_common::{Dir, Pos};
use puzzle_frame::film::FilmPlan;
use puzzle_frame::puzzle::{Formatting, Rendering, Solve};
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::{maybe_ended, shrink_input, BenchInput, CaseCheck, Replay, Testkit};

mod bench;
mod level;

pub use level::Level;

impl Testkit for BloxorzGame {
    /// A random valid input in the level format (one to three levels), boards up to
    /// `max_size` rows and columns, and `0 0` at the end (or not). The levels use every
    /// feature: orange tiles, bridges present and absent, soft and heavy switches with `on`,
    /// `off` and `toggle` actions (some on the same cells), splitters whose targets lie on
    /// bridges, switches, splitters (their own cell too), the start or the exit, and are
    /// sometimes 4-adjacent.
    fn random_input(rng: &mut Rng, max_size: usize) -> String {
        let max_size = max_size.max(2);
        let mut text = String::new();
        for _ in 0..rng.range(1, 3) {
            text.push_str(&random_level(rng, max_size).text());
            if rng.chance(0.1) {
                text.push('\n');
            }
        }
        maybe_ended(rng, text, "0 0\n")
    }

    const CHECK_CASE: Option<CaseCheck<Self>> = Some(check_case);

    /// Smaller valid inputs derived from `input`: single levels, a row or a column removed,
    /// a switch, action or splitter dropped, one cell made plainer.
    fn shrink_input(input: &str) -> Vec<String> {
        shrink_input::<BloxorzGame>(input, |case, _| {
            let smaller = Level::of(case)
                .smaller()
                .into_iter()
                .map(|level| level.text());
            smaller
                .filter(|text| parse_all(text.as_bytes()).is_ok_and(|c| c.len() == 1))
                .collect()
        })
    }

    fn bench_inputs() -> Vec<BenchInput> {
        bench::inputs()
    }

    const REFERENCE: fn(&Case) -> Option<usize> = reference::count;
    const REPLAY: Replay<Self> = |case, moves| replay::replay(case, moves).map(|r| r.solved);
    const MOVES_OF: fn(&str) -> Option<Vec<Move>> = moves_of;
}

/// The moves of a key line: each arrow, with the space press before it (`None` for two
/// space presses in a row, or one at the end: no move holds them).
fn moves_of(path_line: &str) -> Option<Vec<Move>> {
    let keys = Key::parse_line(path_line).ok()?;
    let mut moves = Vec::new();
    let mut switch_cube = false;
    for key in keys {
        match key {
            Key::Arrow(arrow) => moves.push(Move { switch_cube, arrow }),
            Key::Space if switch_cube => return None,
            Key::Space => {}
        }
        switch_cube = key == Key::Space;
    }
    (!switch_cube).then_some(moves)
}

/// One random level.
pub fn random_level(rng: &mut Rng, max_size: usize) -> Level {
    let (rows, cols) = loop {
        let rows = rng.range(1, max_size);
        let cols = rng.range(1, max_size);
        if rows * cols >= 3 {
            break (rows, cols);
        }
    };
    let void = [0.0, 0.05, 0.1, 0.25][rng.below(4)];
    let orange = [0.0, 0.1, 0.3][rng.below(3)];
    let bridges = [0.0, 0.1, 0.25][rng.below(3)];
    let specials = [0.05, 0.15, 0.3][rng.below(3)];
    let kinds: &[u8] = [&b"SSHT"[..], b"STT", b"SHT"][rng.below(3)];
    let mut level = Level::new(rows, cols);
    let cells: Vec<Pos> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| Pos::new(r, c)))
        .collect();
    let mut bridge_count = 0;
    for &p in &cells {
        let c = if rng.chance(void) {
            b'#'
        } else if rng.chance(orange) {
            b'E'
        } else if bridge_count < 64 && rng.chance(bridges) {
            bridge_count += 1;
            if rng.chance(0.5) {
                b'B'
            } else {
                b'b'
            }
        } else if rng.chance(specials) {
            *rng.choose(kinds)
        } else {
            b'.'
        };
        level.set(p, c);
    }
    let start = *rng.choose(&cells);
    let exit = loop {
        let p = *rng.choose(&cells);
        if p != start {
            break p;
        }
    };
    level.set(start, b'X');
    level.set(exit, b'O');
    if rng.chance(0.4) {
        // A splitter two rolls from the start: stand on it at once.
        let dir = *rng.choose(&Dir::ALL);
        if let Some(line) = line_from(start, dir, 3, (rows, cols), exit) {
            level.set(line[0], b'.');
            level.set(line[1], b'.');
            level.set(line[2], b'T');
        }
    }
    if rng.chance(0.3) {
        // Two soft switches next to each other where the first roll lies down: pressed
        // together, in reading order; with actions on the same cells below.
        let dir = *rng.choose(&Dir::ALL);
        if let Some(line) = line_from(start, dir, 2, (rows, cols), exit) {
            level.set(line[0], b'S');
            level.set(line[1], b'S');
        }
    }
    let bridge_cells: Vec<Pos> = cells
        .iter()
        .copied()
        .filter(|&p| matches!(level.at(p), b'B' | b'b'))
        .collect();
    let solid: Vec<Pos> = cells
        .iter()
        .copied()
        .filter(|&p| level.at(p) != b'#')
        .collect();
    for &p in &cells {
        match level.at(p) {
            b'S' | b'H' => {
                let mut actions = Vec::new();
                if !bridge_cells.is_empty() {
                    // Often the same few cells, so that presses conflict.
                    let pool = if rng.chance(0.5) {
                        &bridge_cells[..1]
                    } else {
                        &bridge_cells[..]
                    };
                    for _ in 0..rng.range(0, 3) {
                        let target = *rng.choose(pool);
                        if actions.iter().all(|&(_, q)| q != target) {
                            let effect = *rng.choose(&[Effect::On, Effect::Off, Effect::Toggle]);
                            actions.push((effect, target));
                        }
                    }
                }
                level.switches.push((p, actions));
            }
            b'T' => {
                let first = *rng.choose(&solid);
                let near: Vec<Pos> = solid
                    .iter()
                    .copied()
                    .filter(|q| q.is_adjacent(first))
                    .collect();
                let second = loop {
                    let q = if !near.is_empty() && rng.chance(0.2) {
                        *rng.choose(&near)
                    } else {
                        *rng.choose(&solid)
                    };
                    if q != first || solid.len() < 2 {
                        break q;
                    }
                };
                if first == second {
                    // A board of one non-void cell: no room for two targets.
                    level.set(p, b'.');
                } else {
                    level.splits.push((p, [first, second]));
                }
            }
            _ => {}
        }
    }
    level
}

/// The `k` cells in a row from `start` (not itself) in direction `dir`, when they are all on
/// a board of `size` (rows, columns) and none is `exit`.
fn line_from(
    start: Pos,
    dir: Dir,
    k: usize,
    (rows, cols): (usize, usize),
    exit: Pos,
) -> Option<Vec<Pos>> {
    let line: Vec<Pos> = std::iter::successors(Some(start), |p| p.step(dir, rows, cols))
        .skip(1)
        .take(k)
        .collect();
    (line.len() == k && !line.contains(&exit)).then_some(line)
}

/// Checks one level: the solver's count and moves against the reference, and the moves
/// replayed (as the `--path` line's keys) to the solved level with as many arrows as the
/// answer, and drawn as a film.
pub fn check_case(case: &Case) -> Result<(), String> {
    let mut solver = Solver::new(&Options::default());
    puzzle_frame::testkit::check_case::<BloxorzGame>(&mut solver, case)?;
    let moves = solver.moves(case).map_err(|e| e.to_string())?;
    if let Some(moves) = moves {
        let line = BloxorzGame::path_line(&moves);
        check_path(case, &line, moves.len())?;
        BloxorzGame::film(case, &moves, FilmPlan::whole())
            .map_err(|e| format!("the film of {line}: {e}"))?;
        if keys_of(&moves).len() != line.len() {
            return Err(format!("the path {line} does not spell the moves"));
        }
    }
    Ok(())
}

/// Checks a `--path` line: only `UDLRS`, legal from the start, solving the level with its
/// last arrow, with `answer` arrows.
pub fn check_path(case: &Case, line: &str, answer: usize) -> Result<(), String> {
    let fail = |e: String| format!("the keys {line} do not replay: {e}\n{case}");
    let keys = Key::parse_line(line).map_err(|c| fail(format!("'{c}' is not a key")))?;
    let replayed = replay::replay_keys(case, &keys).map_err(|e| fail(e.to_string()))?;
    if !replayed.solved {
        return Err(fail("the level is not solved at the end".into()));
    }
    if replayed.arrows != answer {
        return Err(fail(format!(
            "{} arrows, but the answer is {answer}",
            replayed.arrows
        )));
    }
    Ok(())
}

/// The tile kinds a level uses, for tests that want every feature exercised.
pub fn features(case: &Case) -> Vec<Tile> {
    let mut seen: Vec<Tile> = case.tiles().cells().to_vec();
    seen.sort_by_key(|t| *t as u8);
    seen.dedup();
    seen
}

#[cfg(test)]
mod tests {
    puzzle_frame::generator_checks! {
        crate::BloxorzGame, [1, 2, 3, 6],
        "3 4\nXSbT\n.#B.\nHE.O\nswitch 0 1: on 0 2, toggle 1 2\nsplit 0 3: 0 2, 2 2\nswitch 2 0: off 1 2\n1 3\nX.O\n0 0\n", 6, "1 3\nX.O\n"
    }
}
