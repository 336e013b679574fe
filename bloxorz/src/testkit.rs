//! Generators and checks shared by the tests, `cargo xtask stress` and `cargo xtask bench`.

use crate::solve::{AstarBudget, Options, Solver};
use crate::{reference, replay, Bloxorz, Case, Move};
use grid_common::Pos;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::{
    check_case, from_letters, grid_text, maybe_ended, shrink_board, shrink_input, BenchInput,
    CaseCheck, Replay, Testkit,
};

impl Testkit for Bloxorz {
    /// A random valid input in the judge's format (one to three cases), boards up to
    /// `max_size` rows and columns (at least 2), with or without a `#` border, walls, `E`
    /// cells, standing and lying starts, sometimes a walled-in target, and `0 0` at the end
    /// (or not).
    fn random_input(rng: &mut Rng, max_size: usize) -> String {
        let max_size = max_size.max(2);
        let mut text = String::new();
        for _ in 0..rng.range(1, 3) {
            text.push_str(&random_case(rng, max_size));
        }
        maybe_ended(rng, text, "0 0\n")
    }

    const CHECK_CASE: Option<CaseCheck<Self>> = Some(check_every_search);

    /// Smaller valid inputs derived from `input`: single cases, a row or a column removed,
    /// one cell made empty or rigid.
    fn shrink_input(input: &str) -> Vec<String> {
        shrink_input::<Bloxorz>(input, |_, text| {
            let simpler = |b| match b {
                b'E' => Some(b'.'),
                b'.' => Some(b'#'),
                _ => None,
            };
            shrink_board(text, |b| b == b'X' || b == b'O', simpler)
        })
    }

    /// The worst-case benchmark inputs, generated deterministically.
    fn bench_inputs() -> Vec<BenchInput> {
        let mut rng = Rng::new(3322);
        let end = "0 0\n";
        let mut ten = String::new();
        for i in 0..10 {
            let walls = 0.01 + 0.001 * i as f64;
            let fragile = 0.05 + 0.025 * i as f64;
            ten.push_str(&scattered_board(&mut rng, 500, walls, fragile));
        }
        ten.push_str(end);
        vec![
            BenchInput::new("open-500", open_board(500) + end),
            BenchInput::new(
                "scattered-500-1%-5%E",
                scattered_board(&mut rng, 500, 0.01, 0.05) + end,
            ),
            BenchInput::new(
                "scattered-500-2%-30%E",
                scattered_board(&mut rng, 500, 0.02, 0.30) + end,
            ),
            BenchInput::new("walled-in-500", walled_in_board(500) + end),
            BenchInput::new("split-500", split_board(500) + end),
            BenchInput::new("ten-scattered-500", ten),
            BenchInput::new(
                "serpentine-500",
                serpentine_board(&mut Rng::new(500), 500) + end,
            ),
            BenchInput::new("open-4000", open_board(4000) + end),
            BenchInput::new(
                "rooms-500-20",
                rooms_board(&mut Rng::new(20), 500, 20) + end,
            ),
            BenchInput::new("rooms-500-6", rooms_board(&mut Rng::new(6), 500, 6) + end),
            BenchInput::new("corridor-2-wide-500", corridor_board(500) + end),
            BenchInput::new("cut-off-500", cut_off_board(500) + end),
            // One shortest path through the whole board: the search is cheap, the pages it
            // touches are what is left.
            BenchInput::new("corridor-2-wide-2000", corridor_board(2000) + end),
            BenchInput::new(
                "serpentine-2000",
                serpentine_board(&mut Rng::new(2000), 2000) + end,
            ),
        ]
    }

    const REFERENCE: fn(&Case) -> Option<usize> = reference::count;
    const REPLAY: Replay<Self> = |case, rolls| replay::replay(case, rolls).map(|r| r.solved);
    const MOVES_OF: fn(&str) -> Option<Vec<Move>> = from_letters;
}

/// One random case: the `R C` line and the rows.
fn random_case(rng: &mut Rng, max_size: usize) -> String {
    let (rows, cols) = loop {
        let rows = rng.range(1, max_size);
        let cols = rng.range(1, max_size);
        if rows * cols >= 3 {
            break (rows, cols);
        }
    };
    let border = rows >= 5 && cols >= 5 && rng.chance(0.5);
    let walls = [0.0, 0.1, 0.25, 0.4][rng.below(4)];
    let fragile = [0.0, 0.1, 0.3, 0.6][rng.below(4)];
    let inside =
        |p: Pos| !border || (p.row > 0 && p.col > 0 && p.row + 1 < rows && p.col + 1 < cols);
    let mut cells = vec![vec![b'#'; cols]; rows];
    for (r, line) in cells.iter_mut().enumerate() {
        for (c, cell) in line.iter_mut().enumerate() {
            if inside(Pos::new(r, c)) && !rng.chance(walls) {
                *cell = if rng.chance(fragile) { b'E' } else { b'.' };
            }
        }
    }
    // The box: standing, along a row or along a column, where it fits.
    let box_cells = loop {
        let a = Pos::new(rng.below(rows), rng.below(cols));
        let b = match rng.below(3) {
            0 => a,
            1 => Pos::new(a.row, a.col + 1),
            _ => Pos::new(a.row + 1, a.col),
        };
        if inside(a) && inside(b) && b.row < rows && b.col < cols {
            break [a, b];
        }
    };
    let target = loop {
        let t = Pos::new(rng.below(rows), rng.below(cols));
        if inside(t) && !box_cells.contains(&t) {
            break t;
        }
    };
    if rng.chance(0.1) {
        // Wall the target in (where the box does not start).
        for dr in -1..=1isize {
            for dc in -1..=1isize {
                let (Some(r), Some(c)) = (
                    target.row.checked_add_signed(dr),
                    target.col.checked_add_signed(dc),
                ) else {
                    continue;
                };
                if r < rows
                    && c < cols
                    && (dr, dc) != (0, 0)
                    && !box_cells.contains(&Pos::new(r, c))
                {
                    cells[r][c] = b'#';
                }
            }
        }
    }
    for p in box_cells {
        cells[p.row][p.col] = b'X';
    }
    cells[target.row][target.col] = b'O';
    grid_text(&cells)
}

/// Checks one case: the solver (with its default settings, each of its two searches
/// alone, and A* stopped after 5 expansions or as soon as `f` rises), both its count and
/// its rolls, against the reference, and every sequence of rolls replayed to the target.
pub fn check_every_search(case: &Case) -> Result<(), String> {
    let runs = [
        ("the solver", None),
        ("A* alone", Some(AstarBudget::UNLIMITED)),
        ("the bidirectional search", Some(AstarBudget::NONE)),
        (
            "A* stopped after 5 expansions",
            Some(AstarBudget {
                expansions: 5,
                slack: usize::MAX,
            }),
        ),
        (
            "A* stopped when f rises",
            Some(AstarBudget {
                expansions: usize::MAX,
                slack: 0,
            }),
        ),
    ];
    for (name, astar) in runs {
        let mut solver = Solver::new(&Options {
            astar,
            ..Options::default()
        });
        check_case::<Bloxorz>(&mut solver, case).map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(())
}

/// The cells of an open `size` x `size` plane with a `#` border, the box standing in the
/// top-left corner and the target in the bottom-right one.
fn open_cells(size: usize) -> Vec<Vec<u8>> {
    let mut cells = vec![vec![b'.'; size]; size];
    for (r, line) in cells.iter_mut().enumerate() {
        for (c, cell) in line.iter_mut().enumerate() {
            if r == 0 || c == 0 || r + 1 == size || c + 1 == size {
                *cell = b'#';
            }
        }
    }
    cells[1][1] = b'X';
    cells[size - 2][size - 2] = b'O';
    cells
}

/// An open `size` x `size` plane (`size` at least 5) with a `#` border, the box standing
/// in the top-left corner and the target in the bottom-right one.
pub fn open_board(size: usize) -> String {
    grid_text(&open_cells(size))
}

/// A bordered `size` x `size` plane with a share of walls and of `E` cells, the box
/// standing near the top-left corner and the target near the bottom-right one.
pub fn scattered_board(rng: &mut Rng, size: usize, walls: f64, fragile: f64) -> String {
    let mut cells = vec![vec![b'#'; size]; size];
    for line in cells.iter_mut().take(size - 1).skip(1) {
        for cell in line.iter_mut().take(size - 1).skip(1) {
            if !rng.chance(walls) {
                *cell = if rng.chance(fragile) { b'E' } else { b'.' };
            }
        }
    }
    cells[1][1] = b'X';
    cells[size - 2][size - 2] = b'O';
    grid_text(&cells)
}

/// An open plane (`size` at least 5) whose target, in the middle, is walled in: a
/// one-sided search from the start explores the whole plane.
pub fn walled_in_board(size: usize) -> String {
    let mut cells = open_cells(size);
    cells[size - 2][size - 2] = b'.';
    let t = size / 2;
    for line in &mut cells[t - 1..=t + 1] {
        line[t - 1..=t + 1].fill(b'#');
    }
    cells[t][t] = b'O';
    grid_text(&cells)
}

/// An open plane (`size` at least 5) cut in two by a wall down the middle, the box and
/// the target on either side: both halves are explored before the answer is known.
pub fn split_board(size: usize) -> String {
    let mut cells = open_cells(size);
    for line in &mut cells {
        line[size / 2] = b'#';
    }
    grid_text(&cells)
}

/// A serpentine maze: corridors three cells high running the whole width, joined at
/// alternate ends, with a few `E` cells; the box starts at the top left and the target
/// is at the end of the last corridor.
pub fn serpentine_board(rng: &mut Rng, size: usize) -> String {
    let mut cells = vec![vec![b'#'; size]; size];
    let mut row = 1;
    let mut corridor = 0;
    let mut last = (1, 1);
    while row + 3 < size {
        for line in cells.iter_mut().skip(row).take(3) {
            for cell in line.iter_mut().take(size - 1).skip(1) {
                *cell = if rng.chance(0.05) { b'E' } else { b'.' };
            }
        }
        last = (row + 1, if corridor % 2 == 0 { size - 2 } else { 1 });
        // The gap to the next corridor, at this corridor's far end.
        if row + 7 < size {
            let gap_row = row + 3;
            let range = if corridor % 2 == 0 {
                size - 4..size - 1
            } else {
                1..4
            };
            for c in range {
                cells[gap_row][c] = b'.';
            }
        }
        row += 4;
        corridor += 1;
    }
    cells[1][1] = b'X';
    cells[last.0][last.1] = b'O';
    grid_text(&cells)
}

/// Rooms of `room` x `room` open cells in a grid, walled off from each other, each
/// joined to its right and lower neighbours by a door of one cell at a random place
/// (some doors left shut, but every room reachable); the box stands in the top-left room
/// and the target is in the bottom-right one.
pub fn rooms_board(rng: &mut Rng, size: usize, room: usize) -> String {
    let mut cells = vec![vec![b'#'; size]; size];
    let rooms = (size - 1) / (room + 1);
    let first = |k: usize| 1 + k * (room + 1);
    for i in 0..rooms {
        for j in 0..rooms {
            for line in &mut cells[first(i)..first(i) + room] {
                line[first(j)..first(j) + room].fill(b'.');
            }
            // The first row and column of rooms keep every door, so all rooms connect.
            if j + 1 < rooms && (i == 0 || rng.chance(0.7)) {
                let r = first(i) + rng.below(room);
                cells[r][first(j) + room] = b'.';
            }
            if i + 1 < rooms && (j == 0 || rng.chance(0.7)) {
                let c = first(j) + rng.below(room);
                cells[first(i) + room][c] = b'.';
            }
        }
    }
    cells[1][1] = b'X';
    let last = first(rooms - 1) + room - 1;
    cells[last][last] = b'O';
    grid_text(&cells)
}

/// A winding corridor two cells wide: runs the whole width, two rows high, with a wall
/// row between runs, joined at alternate ends; the box stands at the top left and the
/// target is at the end of the last run.
pub fn corridor_board(size: usize) -> String {
    let mut cells = vec![vec![b'#'; size]; size];
    let mut row = 1;
    let mut run = 0;
    let mut last = (1, 1);
    while row + 2 < size {
        for line in &mut cells[row..row + 2] {
            line[1..size - 1].fill(b'.');
        }
        last = (row + 1, if run % 2 == 0 { size - 2 } else { 1 });
        if row + 5 < size {
            // The opening to the next run, two cells wide, at this run's far end.
            let cols = if run % 2 == 0 {
                size - 3..size - 1
            } else {
                1..3
            };
            cells[row + 2][cols].fill(b'.');
        }
        row += 3;
        run += 1;
    }
    cells[1][1] = b'X';
    cells[last.0][last.1] = b'O';
    grid_text(&cells)
}

/// An open plane whose target lies inside a closed square wall, half the plane across,
/// with the box outside it: both regions are large, and no roll joins them.
pub fn cut_off_board(size: usize) -> String {
    let mut cells = open_cells(size);
    let (low, high) = (size / 4, 3 * size / 4);
    for (r, line) in cells.iter_mut().enumerate().take(high + 1).skip(low) {
        for (c, cell) in line.iter_mut().enumerate().take(high + 1).skip(low) {
            if r == low || r == high || c == low || c == high {
                *cell = b'#';
            }
        }
    }
    cells[size - 2][size - 2] = b'.';
    cells[size / 2][size / 2] = b'O';
    grid_text(&cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_all;

    #[test]
    fn bench_inputs_parse() {
        for BenchInput { name, input, .. } in Bloxorz::bench_inputs() {
            let boards = parse_all(input.as_bytes()).expect("a bench input parses");
            assert!(!boards.is_empty(), "{name}");
        }
    }

    puzzle_frame::generator_checks! {
        crate::Bloxorz, [1, 2, 3, 10],
        "3 4\nXX.E\n.#..\n...O\n1 3\nXXO\n0 0\n", 6, "1 3\nXXO\n"
    }
}
