//! Generators and checks shared by the tests, `cargo xtask stress` and `cargo xtask bench`.

use crate::board::Layout;
use crate::case::{Case, Move};
use crate::parse::parse_all;
use crate::replay::replay;
use crate::solve::visited::state_count;
use crate::solve::{Found, Options, Solver, Store};
use crate::{reference, RushHour};
use puzzle_frame::puzzle::Formatting;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::{BenchInput, Replay, Testkit};

/// The hardest wall-free board of Fogleman's database (51 moves, cluster 4780), as
/// FORMAT.md section 5 quotes it.
pub const HARDEST_51: &str = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
/// The hardest board of the database (60 moves, one wall), FORMAT.md section 1.
pub const HARDEST_60: &str = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

/// A random board of side `size`: walls on a share of the cells from none to one in ten,
/// the red car (sometimes a truck) anywhere in a random row, then as many pieces as fit
/// of some random tries (cars and trucks, either way), their letters in order with gaps
/// now and then; with `blocked`, a wall or a horizontal piece right of the red car in its
/// row when there is room (an unsolvable board, unless the red car is already out).
/// Empty cells are `o` or `.`.
pub fn random_board(rng: &mut Rng, size: usize, blocked: bool) -> String {
    let tries = rng.range(0, size * size);
    board_with_tries(rng, size, blocked, tries)
}

/// A random board as [`random_board`] with `tries` tries at placing a piece (few tries:
/// a sparse board, whose cluster is at most the product of its few pieces' places).
pub fn board_with_tries(rng: &mut Rng, size: usize, blocked: bool, tries: usize) -> String {
    let mut cells = vec![b'.'; size * size];
    let wall_share = [0.0, 0.0, 0.05, 0.1][rng.below(4)];
    let red_len = if size > 3 && rng.chance(0.1) { 3 } else { 2 };
    let row = rng.below(size);
    let col = rng.below(size - red_len + 1);
    for c in col..col + red_len {
        cells[row * size + c] = b'A';
    }
    if blocked && col + red_len < size {
        let at = rng.range(col + red_len, size - 1);
        let letter = if at + 1 < size && rng.chance(0.5) {
            b'Z'
        } else {
            b'x'
        };
        cells[row * size + at] = letter;
        if letter == b'Z' {
            cells[row * size + at + 1] = b'Z';
        }
    }
    for cell in cells.iter_mut().filter(|c| **c == b'.') {
        if rng.chance(wall_share) {
            *cell = b'x';
        }
    }
    let mut letter = b'B';
    for _ in 0..tries {
        if letter >= b'Z' {
            break;
        }
        let len = if size > 3 && rng.chance(0.3) { 3 } else { 2 };
        let horizontal = rng.chance(0.5);
        let (line, along) = (rng.below(size), rng.below(size - len + 1));
        let at = |k: usize| match horizontal {
            true => line * size + along + k,
            false => (along + k) * size + line,
        };
        if (0..len).all(|k| cells[at(k)] == b'.') {
            for k in 0..len {
                cells[at(k)] = letter;
            }
            letter += if rng.chance(0.1) { 2 } else { 1 };
        }
    }
    let empty = if rng.chance(0.5) { b'o' } else { b'.' };
    cells
        .iter()
        .map(|&c| if c == b'.' { empty as char } else { c as char })
        .collect()
}

/// One case's search with these settings.
fn solve(case: &Case, options: Options) -> Result<Found, String> {
    Solver::new(&options)
        .solve(case, true)
        .map_err(|e| e.to_string())
}

/// The frame's check (the moves replay legally to a solved board, `count` of them), and
/// with `one_cell` that each slides one cell.
pub fn check_moves(
    case: &Case,
    moves: &[Move],
    count: usize,
    one_cell: bool,
) -> Result<(), String> {
    if one_cell && moves.iter().any(|m| m.by.abs() != 1) {
        let line = RushHour::path_line(moves);
        return Err(format!("the moves '{line}' are not one-cell steps\n{case}"));
    }
    puzzle_frame::testkit::check_moves::<RushHour>(case, moves, Some(count))
        .map_err(|e| format!("{e}\n{case}"))
}

/// The most states a case may have for [`check_case`] to force the bitset on it (a bit
/// each: 32 MiB). Past it the bitset is over the default budget or slow to clear, and the
/// solver's own choice ([`Store::Auto`]) never takes it there.
pub const CHECK_DENSE_MAX: u128 = 1 << 28;

/// The visited sets [`check_case`] runs `case` with: both, or the hash set alone when the
/// case has more than [`CHECK_DENSE_MAX`] states.
fn stores_to_check(case: &Case) -> &'static [Store] {
    let states = state_count(&Layout::new(case));
    if states.is_some_and(|n| n <= CHECK_DENSE_MAX) {
        &[Store::Dense, Store::Hashed]
    } else {
        &[Store::Hashed]
    }
}

/// Checks one case: the solver (both visited sets, the bitset where it is small enough,
/// moves and steps) against the reference (moves, steps and the cluster), and every path
/// replayed.
pub fn check_case(case: &Case) -> Result<(), String> {
    let expected = [reference::count(case), reference::steps(case)];
    let cluster = reference::cluster(case);
    for steps in [false, true] {
        for &store in stores_to_check(case) {
            let options = Options {
                steps,
                cluster: !steps,
                store,
                ..Options::default()
            };
            let answer = solve(case, options)?;
            let slow = expected[usize::from(steps)];
            let what = if steps { "steps" } else { "moves" };
            if answer.distance != slow {
                return Err(format!(
                    "the solver ({what}, {store:?}) says {} but the reference says {}\n{}",
                    RushHour::answer_line(1, answer.distance),
                    RushHour::answer_line(1, slow),
                    case
                ));
            }
            if answer.cluster.is_some_and(|k| k != cluster) {
                return Err(format!(
                    "the solver ({store:?}) counts a cluster of {:?}, the reference {cluster}\n{}",
                    answer.cluster, case
                ));
            }
            match (answer.moves, answer.distance) {
                (Some(moves), Some(count)) => check_moves(case, &moves, count, steps)?,
                (None, None) => {}
                (moves, _) => return Err(format!("moves {moves:?} for {case}")),
            }
        }
    }
    Ok(())
}

/// `count` random boards of side `size` (a deterministic stream), one per line.
pub fn random_boards(seed: u64, size: usize, count: usize, blocked: bool) -> String {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| random_board(&mut rng, size, blocked) + "\n")
        .collect()
}

/// `count` boards of side `size` of `tries` tries each ([`board_with_tries`]).
pub fn sparse_boards(seed: u64, size: usize, count: usize, blocked: bool, tries: usize) -> String {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| board_with_tries(&mut rng, size, blocked, tries) + "\n")
        .collect()
}

/// The generators and checks, as `xtask` and the tests drive every puzzle.
impl Testkit for RushHour {
    /// A random valid input: one to four boards of side 3 to `max_size` (at most 8), see
    /// [`random_board`].
    fn random_input(rng: &mut Rng, max_size: usize) -> String {
        let max_size = max_size.clamp(3, 8);
        let mut text = String::new();
        for _ in 0..rng.range(1, 4) {
            let (size, blocked) = (rng.range(3, max_size), rng.chance(0.2));
            text.push_str(&random_board(rng, size, blocked));
            text.push('\n');
        }
        text
    }

    /// Solves every case with the solver and the reference and replays every path;
    /// `Ok(number of cases checked)` or `Err(what disagreed, in words)`.
    fn check_input(input: &str) -> Result<usize, String> {
        let cases = parse_all(input.as_bytes()).map_err(|e| format!("bad input: {e}"))?;
        for (i, case) in cases.iter().enumerate() {
            check_case(case).map_err(|e| format!("case {}: {e}", i + 1))?;
        }
        Ok(cases.len())
    }

    /// Smaller valid inputs derived from `input`: each board alone, a board with one piece
    /// other than `A` or one wall taken off.
    fn shrink_input(input: &str) -> Vec<String> {
        let Ok(cases) = parse_all(input.as_bytes()) else {
            return Vec::new();
        };
        let texts: Vec<String> = cases.iter().map(Case::to_string).collect();
        let mut out = Vec::new();
        if texts.len() > 1 {
            out.extend(texts.iter().cloned());
        }
        for (i, text) in texts.iter().enumerate() {
            let bytes = text.trim_end().as_bytes();
            let mut removable: Vec<u8> = bytes
                .iter()
                .copied()
                .filter(|&b| b != b'A' && b != b'o' && b != b'.')
                .collect();
            removable.sort_unstable();
            removable.dedup();
            for gone in removable {
                // Every cell of a piece letter, or one wall at a time.
                let spots: Vec<Vec<usize>> = match gone {
                    b'x' => bytes
                        .iter()
                        .enumerate()
                        .filter(|(_, &b)| b == b'x')
                        .map(|(k, _)| vec![k])
                        .collect(),
                    _ => vec![(0..bytes.len()).filter(|&k| bytes[k] == gone).collect()],
                };
                for spot in spots {
                    let mut smaller = bytes.to_vec();
                    for k in spot {
                        smaller[k] = b'o';
                    }
                    let mut all = texts.clone();
                    all[i] = String::from_utf8_lossy(&smaller).into_owned() + "\n";
                    out.push(all.concat());
                }
            }
        }
        out
    }

    /// The benchmark inputs, generated deterministically: the database's two hardest boards
    /// (51 and 60 moves) 500 times each (per-board time = total / 1000), plain, with `--path`
    /// and with `--count`; random 6x6 boards; sparse 8x8 boards with `--count` (whole
    /// clusters of up to 100,000 boards); unsolvable sparse 8x8 boards (the search exhausts
    /// clusters of up to a million boards). Random 8x8 boards of middling density have
    /// clusters of tens of millions of boards: those meet the memory budget, not a benchmark.
    fn bench_inputs() -> Vec<BenchInput> {
        let hard = format!("{HARDEST_51}\n{HARDEST_60}\n").repeat(500);
        vec![
            BenchInput::new("hardest-51-60-x1000", hard.clone()),
            BenchInput::new("hardest-path-x1000", hard.clone()).with_args(&["--path"]),
            BenchInput::new("hardest-count-x1000", hard).with_args(&["--count"]),
            BenchInput::new("random-6x6-2000", random_boards(6, 6, 2000, false)),
            BenchInput::new("sparse-8x8-50-count", sparse_boards(8, 8, 50, false, 6))
                .with_args(&["--count"]),
            BenchInput::new("unsolvable-8x8-50", sparse_boards(88, 8, 50, true, 8)),
        ]
    }

    const REFERENCE: fn(&Case) -> Option<usize> = reference::count;
    const REPLAY: Replay<Self> = |case, moves| replay(case, moves).map(|r| r.solved);
    const MOVES_OF: fn(&str) -> Option<Vec<Move>> = moves_of;
}

/// `B+1 A+4` back into moves.
fn moves_of(path_line: &str) -> Option<Vec<Move>> {
    path_line.split_whitespace().map(Move::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_frame::puzzle::Solve;

    #[test]
    fn blocked_boards_are_unsolvable() {
        let boards = random_boards(5, 6, 100, true);
        let mut unsolvable = 0;
        for case in parse_all(boards.as_bytes()).unwrap() {
            let answer = Solver::new(&Options::default()).count(&case).unwrap();
            unsolvable += usize::from(answer.is_none());
            assert!(answer.is_none() || answer == Some(0), "{case}");
        }
        assert!(unsolvable >= 50, "{unsolvable} of 100");
    }

    #[test]
    fn the_hardest_boards_take_51_and_60_moves() {
        let cases = parse_all(format!("{HARDEST_51}\n{HARDEST_60}\n").as_bytes()).unwrap();
        let options = Options {
            cluster: true,
            ..Options::default()
        };
        let answer = solve(&cases[0], options).unwrap();
        assert_eq!((answer.distance, answer.cluster), (Some(51), Some(4780)));
        assert_eq!(solve(&cases[1], options).unwrap().distance, Some(60));
    }

    puzzle_frame::generator_checks! {
        crate::RushHour, [3, 4, 6, 8],
        "ooBoAABoxoooCCoo\nAABooBooo\n", 6, "ooBoAABoooooCCoo\nAABooBooo\n"
    }
}
