//! Generators and checks shared by the tests, `cargo xtask stress` and `cargo xtask bench`.

use crate::case::{Case, Move};
use crate::parse::parse_all;
use crate::solve::{Limit, Options, Search, Solver, Store};
use crate::{reference, replay, SnakeMaze};
use grid_common::{Grid, Pos};
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::{check_moves, from_letters, BenchInput, Replay, Testkit};

/// Positions a case may need for `check_input` to compare it; larger cases are skipped.
pub const CHECK_LIMIT: u64 = 200_000;

/// A random self-avoiding body of at most `length` blocks (at least 2) in a free lair of
/// `rows` x `cols` cells (at least 2), starting anywhere.
fn random_body(rng: &mut Rng, rows: usize, cols: usize, length: usize) -> Vec<Pos> {
    loop {
        let start = Pos::new(rng.below(rows), rng.below(cols));
        let mut body = vec![start];
        while body.len() < length {
            let tail = body[body.len() - 1];
            let free: Vec<Pos> = grid_common::Dir::ALL
                .iter()
                .filter_map(|&d| tail.step(d, rows, cols))
                .filter(|p| !body.contains(p))
                .collect();
            if free.is_empty() {
                break;
            }
            body.push(*rng.choose(&free));
        }
        if body.len() >= 2 {
            return body;
        }
    }
}

/// A random case: `rows` x `cols`, a body of up to `length` blocks, stones with probability
/// `density`, and (1,1) walled off by stones on (1,2) and (2,1) when `cut_off` (where the
/// body leaves those cells free).
pub fn random_case(
    rng: &mut Rng,
    rows: usize,
    cols: usize,
    length: usize,
    density: f64,
    cut_off: bool,
) -> Case {
    let body = random_body(rng, rows, cols, length);
    let mut stone = Grid::new(rows, cols, false);
    for p in stone.positions().collect::<Vec<_>>() {
        if !body.contains(&p) && rng.chance(density) {
            stone[p] = true;
        }
    }
    if cut_off {
        for p in [Pos::new(0, 1), Pos::new(1, 0)] {
            if stone.contains(p) && !body.contains(&p) {
                stone[p] = true;
            }
        }
    }
    Case { stone, body }
}

/// The judge's format for `cases`, blank lines between cases (when `blank`) and `0 0 0`
/// at the end (when `terminated`).
pub fn format_input(cases: &[Case], blank: bool, terminated: bool) -> String {
    let mut out = String::new();
    for (i, case) in cases.iter().enumerate() {
        if i > 0 && blank {
            out.push('\n');
        }
        out.push_str(&case.to_string());
    }
    if terminated {
        if blank && !cases.is_empty() {
            out.push('\n');
        }
        out.push_str("0 0 0\n");
    }
    out
}

impl Testkit for SnakeMaze {
    /// A random valid input in the judge's format (one to four cases), lairs up to `max_size`
    /// on a side, bodies of every length that fits (short ones more often), random stones,
    /// (1,1) sometimes cut off.
    fn random_input(rng: &mut Rng, max_size: usize) -> String {
        let max_size = max_size.clamp(2, crate::case::MAX_SIDE);
        let count = rng.range(1, 4);
        let cases: Vec<Case> = (0..count)
            .map(|_| {
                let rows = rng.range(1, max_size);
                let cols = if rows == 1 {
                    rng.range(2, max_size)
                } else {
                    rng.range(1, max_size)
                };
                let cells = rows * cols;
                let length = if rng.chance(0.6) {
                    rng.range(2, cells.min(5))
                } else {
                    rng.range(2, cells)
                };
                let density = *rng.choose(&[0.0, 0.1, 0.2, 0.35]);
                let cut_off = rng.chance(0.25);
                random_case(rng, rows, cols, length, density, cut_off)
            })
            .collect();
        format_input(&cases, rng.chance(0.7), rng.chance(0.8))
    }

    /// Solves every case with every store and both searches, counting and with moves, and with
    /// the reference; replays every path. Cases where the reference needs more than
    /// [`CHECK_LIMIT`] positions are skipped. Ok(number of cases checked) or Err(what disagreed,
    /// or which solver gave up where the reference answers, in words).
    fn check_input(input: &str) -> Result<usize, String> {
        check_input_counts(input).map(|c| c.checked)
    }

    /// Smaller inputs derived from `input`: a case dropped, a stone dropped, the tail dropped,
    /// the last row or column dropped (when the body is not on it).
    fn shrink_input(input: &str) -> Vec<String> {
        let Ok(cases) = parse_all(input.as_bytes()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let emit =
            |cases: &[Case], out: &mut Vec<String>| out.push(format_input(cases, true, true));
        for i in 0..cases.len() {
            if cases.len() > 1 {
                let mut fewer = cases.clone();
                fewer.remove(i);
                emit(&fewer, &mut out);
            }
            let case = &cases[i];
            let mut variants: Vec<Case> = Vec::new();
            if case.body.len() > 2 {
                let mut c = case.clone();
                c.body.pop();
                variants.push(c);
            }
            for p in case.stone.positions().filter(|&p| case.stone[p]) {
                let mut c = case.clone();
                c.stone[p] = false;
                variants.push(c);
            }
            let (rows, cols) = (case.rows(), case.cols());
            if rows > 1 && case.body.iter().all(|p| p.row + 1 < rows) {
                let cells = case.stone.cells()[..(rows - 1) * cols].to_vec();
                if let Some(stone) = Grid::from_cells(rows - 1, cols, cells) {
                    variants.push(Case {
                        stone,
                        body: case.body.clone(),
                    });
                }
            }
            if cols > 1 && case.body.iter().all(|p| p.col + 1 < cols) {
                let cells: Vec<bool> = case
                    .stone
                    .positions()
                    .filter(|p| p.col + 1 < cols)
                    .map(|p| case.stone[p])
                    .collect();
                if let Some(stone) = Grid::from_cells(rows, cols - 1, cells) {
                    variants.push(Case {
                        stone,
                        body: case.body.clone(),
                    });
                }
            }
            for v in variants {
                let mut changed = cases.clone();
                changed[i] = v;
                emit(&changed, &mut out);
            }
        }
        out
    }

    /// The worst-case benchmark inputs, generated deterministically: (name, input).
    ///
    /// - `cutoff-l8`: five 20 x 20 lairs, L = 8, (1,1) cut off by stones (about 560k to 630k
    ///   positions each for a breadth-first search; the guided search sees at once that there
    ///   is no way);
    /// - `mixed-l8`: six 20 x 20 lairs, L = 8, with stones and the head far from (1,1);
    /// - `cutoff-l10`, `cutoff-l12`: one 20 x 20 lair with (1,1) cut off, L = 10 and L = 12;
    /// - `open-100-l8`: a free 100 x 100 lair, L = 8, the head in the far corner;
    /// - `long-100-l1000`: a free 100 x 100 lair, a body of 1,000 blocks with a way out;
    /// - `cutoff-l10-breadth-dense` and the like: the cut-off lairs with `--search breadth` and
    ///   each store.
    fn bench_inputs() -> Vec<BenchInput> {
        let mut rng = Rng::new(1324);
        let cutoff: Vec<Case> = (0..5)
            .map(|i| cut_off_lair(&mut rng, 8, 2 + i / 2))
            .collect();
        let mixed: Vec<Case> = (0..6)
            .map(|i| loop {
                let case = random_case(&mut rng, 20, 20, 8, 0.05 * i as f64, false);
                let head = case.body[0];
                let free = grid_common::Dir::ALL.iter().any(|&d| {
                    case.stone
                        .step(head, d)
                        .is_some_and(|p| !case.stone[p] && !case.body.contains(&p))
                });
                if case.body.len() == 8 && head.row + head.col >= 30 && free {
                    break case;
                }
            })
            .collect();
        let l10 = cut_off_lair(&mut rng, 10, 4);
        let l12 = cut_off_lair(&mut rng, 12, 4);
        let open = loop {
            let case = random_case(&mut rng, 100, 100, 8, 0.0, false);
            if case.body.len() == 8 && case.body[0].row + case.body[0].col >= 190 {
                break case;
            }
        };
        let (l10, l12) = (
            format_input(&[l10], true, true),
            format_input(&[l12], true, true),
        );
        let mut inputs = vec![
            BenchInput::new("cutoff-l8", format_input(&cutoff, true, true)),
            BenchInput::new("mixed-l8", format_input(&mixed, true, true)),
            BenchInput::new("cutoff-l10", l10.clone()),
            BenchInput::new("cutoff-l12", l12.clone()),
            BenchInput::new("open-100-l8", format_input(&[open], true, true)),
            BenchInput::new(
                "long-100-l1000",
                format_input(&[long_snake(1000)], true, true),
            ),
        ];
        // The cut-off lairs explored in full (`--search breadth`) with each store, to compare
        // the stores' cost per position on the same search.
        for (name, input) in [("cutoff-l10", &l10), ("cutoff-l12", &l12)] {
            for store in ["dense", "hashed"] {
                let args = ["--search", "breadth", "--store", store];
                inputs.push(
                    BenchInput::new(format!("{name}-breadth-{store}"), input.clone())
                        .with_args(&args),
                );
            }
        }
        inputs
    }

    const REFERENCE: fn(&Case) -> Option<usize> = reference::count;
    const REPLAY: Replay<Self> = |case, moves| replay::replay(case, moves).map(|r| r.solved);
    const MOVES_OF: fn(&str) -> Option<Vec<Move>> = from_letters;
}

/// What [`check_input_counts`] did with an input's cases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Cases compared with the reference.
    pub checked: usize,
    /// Cases skipped: the reference needed more than [`CHECK_LIMIT`] positions (a solver
    /// that gives up where the reference answers is a failure, not a skip).
    pub skipped: usize,
}

/// `check_input`, saying how many cases were checked and how many skipped.
pub fn check_input_counts(input: &str) -> Result<Checked, String> {
    let cases =
        parse_all(input.as_bytes()).map_err(|e| format!("the input does not parse: {e}"))?;
    let mut counts = Checked::default();
    for (i, case) in cases.iter().enumerate() {
        if check_case(case).map_err(|e| format!("case {}: {e}", i + 1))? {
            counts.checked += 1;
        } else {
            counts.skipped += 1;
        }
    }
    Ok(counts)
}

/// Every store and search against the reference on one case: Ok(false) when skipped (the
/// reference needed more than [`CHECK_LIMIT`] positions). A solver that gives up where the
/// reference answers is a failure: its state limit is twice the reference's, so a search
/// that stores up to twice the positions the reference saw still answers, and the dense
/// store is the only one allowed to be over the memory budget (a bitset over every shape
/// of a long body).
fn check_case(case: &Case) -> Result<bool, String> {
    let Some(expected) = reference::search(case, CHECK_LIMIT as usize + 1) else {
        return Ok(false);
    };
    let mut answers = Vec::new();
    for store in [Store::Dense, Store::Hashed, Store::Packed] {
        for search in [Search::Guided, Search::Breadth] {
            let options = Options {
                max_states: 2 * CHECK_LIMIT,
                store,
                search,
                ..Options::default()
            };
            let mut solver = Solver::new(&options);
            for want_moves in [false, true] {
                let what = format!("{store:?} {search:?} (moves {want_moves})");
                let solution = match solver.solve(case, want_moves) {
                    Ok(solution) => solution,
                    Err(Limit::Memory(_)) if store == Store::Dense => continue,
                    Err(limit) => {
                        return Err(format!(
                            "{what} gave up where the reference answers {:?} after {} positions: {limit}",
                            expected.steps, expected.seen
                        ))
                    }
                };
                match (solution.steps, &solution.moves) {
                    (Some(steps), Some(moves)) => {
                        check_moves::<SnakeMaze>(case, moves, Some(steps))
                            .map_err(|e| format!("the {what} path does not replay: {e}"))?
                    }
                    (Some(_), None) if want_moves => return Err(format!("no path from {what}")),
                    (None, Some(_)) => return Err(format!("a path but no answer from {what}")),
                    _ => {}
                }
                answers.push((what, search, solution));
            }
        }
    }
    for (what, search, solution) in &answers {
        if solution.steps != expected.steps {
            return Err(format!(
                "{what} says {:?}, the reference {:?}",
                solution.steps, expected.steps
            ));
        }
        // Without a way to (1,1), a breadth-first search stores every reachable position,
        // and so does the guided one unless the estimate saw at once that there is none.
        let full = *search == Search::Breadth || solution.states > 1;
        if expected.steps.is_none() && full && solution.states != expected.seen as u64 {
            return Err(format!(
                "{what} reached {} positions, the reference {}",
                solution.states, expected.seen
            ));
        }
    }
    Ok(true)
}

/// A 20 x 20 lair with (1,1) cut off and a few random stones, the body of `length` blocks
/// somewhere in the lower right part.
fn cut_off_lair(rng: &mut Rng, length: usize, stones: usize) -> Case {
    loop {
        let mut case = random_case(rng, 20, 20, length, 0.0, true);
        if case.body.len() != length || case.body.iter().any(|p| p.row < 8 || p.col < 8) {
            continue;
        }
        let mut placed = 0;
        while placed < stones {
            let p = Pos::new(rng.below(20), rng.below(20));
            if !case.body.contains(&p) && !case.stone[p] {
                case.stone[p] = true;
                placed += 1;
            }
        }
        return case;
    }
}

/// A free 100 x 100 lair holding a body of `length` blocks laid along a serpentine from the
/// bottom row up (the bottom row right to left, the next left to right, ...); the head is
/// the last block laid, the tail in the bottom right corner. The head has a clear way up.
pub fn long_snake(length: usize) -> Case {
    let cells = (0..100)
        .rev()
        .enumerate()
        .flat_map(|(k, r)| (0..100).map(move |c| Pos::new(r, if k % 2 == 0 { 99 - c } else { c })));
    let mut body: Vec<Pos> = cells.take(length.clamp(2, 100 * 100)).collect();
    body.reverse();
    Case {
        stone: Grid::new(100, 100, false),
        body,
    }
}

/// A free 100 x 100 lair with a body of `length` blocks along the serpentine from (1,1)
/// (row 1 left to right, row 2 right to left, ...), its tail on (1,1): the head's way back
/// opens only as the body leaves the top rows, so a search stores a vast number of
/// positions first.
pub fn trapped_snake(length: usize) -> Case {
    let cells = (0..100)
        .flat_map(|r| (0..100).map(move |c| Pos::new(r, if r % 2 == 0 { c } else { 99 - c })));
    let mut body: Vec<Pos> = cells.take(length.clamp(2, 100 * 100)).collect();
    body.reverse();
    Case {
        stone: Grid::new(100, 100, false),
        body,
    }
}
