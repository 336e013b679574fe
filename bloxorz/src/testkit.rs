//! Generators and checks shared by the tests, `cargo xtask stress` and `cargo xtask bench`.

use crate::format::{answer_line, path_line};
use crate::parse::parse_all;
use crate::solve::{AstarBudget, Options, Solver};
use crate::{reference, replay, Case};
use grid_common::Pos;
use puzzle_frame::rng::Rng;

/// A random valid input in the judge's format (one to three cases), boards up to
/// `max_size` rows and columns (at least 2), with or without a `#` border, walls, `E`
/// cells, standing and lying starts, sometimes a walled-in target, and `0 0` at the end
/// (or not).
pub fn random_input(rng: &mut Rng, max_size: usize) -> String {
    let max_size = max_size.max(2);
    let mut text = String::new();
    for _ in 0..rng.range(1, 3) {
        text.push_str(&random_case(rng, max_size));
    }
    if rng.chance(0.8) {
        text.push_str("0 0\n");
    }
    text
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
    board_text(rows, cols, &cells)
}

fn board_text(rows: usize, cols: usize, cells: &[Vec<u8>]) -> String {
    let mut text = format!("{rows} {cols}\n");
    for line in cells {
        text.push_str(&String::from_utf8_lossy(line));
        text.push('\n');
    }
    text
}

/// Checks one case: the solver (with its default settings, each of its two searches
/// alone, and A* stopped after 5 expansions or as soon as `f` rises), both its count and
/// its rolls, against the reference, and every sequence of rolls replayed to the target.
pub fn check_case(case: &Case) -> Result<(), String> {
    let slow = reference::count(case);
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
    let says = |answer: Option<usize>| answer_line(1, answer);
    for (name, astar) in runs {
        let mut solver = Solver::new(&Options {
            astar,
            ..Options::default()
        });
        let count = solver.count(case).map_err(|e| format!("{name}: {e}"))?;
        let moves = solver.moves(case).map_err(|e| format!("{name}: {e}"))?;
        for (what, fast) in [("count", count), ("rolls", moves.as_ref().map(Vec::len))] {
            if fast != slow {
                return Err(format!(
                    "{name} ({what}) says {} but the reference says {}\n{}",
                    says(fast),
                    says(slow),
                    case.to_input()
                ));
            }
        }
        if let Some(rolls) = moves {
            let fail = |e: String| {
                format!(
                    "the rolls {} of {name} do not replay: {e}\n{}",
                    path_line(&rolls),
                    case.to_input()
                )
            };
            let replayed = replay::replay(case, &rolls).map_err(|e| fail(e.to_string()))?;
            if !replayed.solved {
                return Err(fail("the box does not end standing on the target".into()));
            }
        }
    }
    Ok(())
}

/// Solves every case with the solver and the reference and replays every path;
/// `Ok(number of cases checked)` or `Err(what disagreed, in words)`.
pub fn check_input(input: &str) -> Result<usize, String> {
    let cases = parse_all(input.as_bytes()).map_err(|e| format!("bad input: {e}"))?;
    for (i, case) in cases.iter().enumerate() {
        check_case(case).map_err(|e| format!("case {}: {e}", i + 1))?;
    }
    Ok(cases.len())
}

/// Smaller valid inputs derived from `input`: single cases, a row or a column removed,
/// one cell made empty or rigid.
pub fn shrink_input(input: &str) -> Vec<String> {
    let Ok(boards) = parse_all(input.as_bytes()) else {
        return Vec::new();
    };
    let texts: Vec<String> = boards.iter().map(Case::to_input).collect();
    let mut out = Vec::new();
    if texts.len() > 1 {
        out.extend(texts.iter().cloned());
    }
    for (i, board) in boards.iter().enumerate() {
        let with = |case: String| {
            let mut all = texts.clone();
            all[i] = case;
            all.concat()
        };
        for smaller in shrink_board(board) {
            out.push(with(smaller));
        }
    }
    out
}

fn shrink_board(board: &Case) -> Vec<String> {
    let text = board.to_input();
    let cells: Vec<Vec<u8>> = text
        .lines()
        .skip(1)
        .map(|l| l.as_bytes().to_vec())
        .collect();
    let (rows, cols) = (board.grid().rows(), board.grid().cols());
    let special = |b: u8| b == b'X' || b == b'O';
    let mut out = Vec::new();
    for r in 0..rows {
        if rows > 1 && !cells[r].iter().any(|&b| special(b)) {
            let mut fewer = cells.clone();
            fewer.remove(r);
            out.push(board_text(rows - 1, cols, &fewer));
        }
    }
    for c in 0..cols {
        if cols > 1 && !cells.iter().any(|line| special(line[c])) {
            let fewer: Vec<Vec<u8>> = cells
                .iter()
                .map(|line| [&line[..c], &line[c + 1..]].concat())
                .collect();
            out.push(board_text(rows, cols - 1, &fewer));
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            let simpler = match cells[r][c] {
                b'E' => b'.',
                b'.' => b'#',
                _ => continue,
            };
            let mut changed = cells.clone();
            changed[r][c] = simpler;
            out.push(board_text(rows, cols, &changed));
        }
    }
    out
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
    board_text(size, size, &open_cells(size))
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
    board_text(size, size, &cells)
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
    board_text(size, size, &cells)
}

/// An open plane (`size` at least 5) cut in two by a wall down the middle, the box and
/// the target on either side: both halves are explored before the answer is known.
pub fn split_board(size: usize) -> String {
    let mut cells = open_cells(size);
    for line in &mut cells {
        line[size / 2] = b'#';
    }
    board_text(size, size, &cells)
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
    board_text(size, size, &cells)
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
    board_text(size, size, &cells)
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
    board_text(size, size, &cells)
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
    board_text(size, size, &cells)
}

/// The worst-case benchmark inputs, generated deterministically: (name, input).
pub fn bench_inputs() -> Vec<(String, String)> {
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
        ("open-500".to_string(), open_board(500) + end),
        (
            "scattered-500-1%-5%E".to_string(),
            scattered_board(&mut rng, 500, 0.01, 0.05) + end,
        ),
        (
            "scattered-500-2%-30%E".to_string(),
            scattered_board(&mut rng, 500, 0.02, 0.30) + end,
        ),
        ("walled-in-500".to_string(), walled_in_board(500) + end),
        ("split-500".to_string(), split_board(500) + end),
        ("ten-scattered-500".to_string(), ten),
        (
            "serpentine-500".to_string(),
            serpentine_board(&mut Rng::new(500), 500) + end,
        ),
        ("open-4000".to_string(), open_board(4000) + end),
        (
            "rooms-500-20".to_string(),
            rooms_board(&mut Rng::new(20), 500, 20) + end,
        ),
        (
            "rooms-500-6".to_string(),
            rooms_board(&mut Rng::new(6), 500, 6) + end,
        ),
        ("corridor-2-wide-500".to_string(), corridor_board(500) + end),
        ("cut-off-500".to_string(), cut_off_board(500) + end),
        // One shortest path through the whole board: the search is cheap, the pages it
        // touches are what is left.
        (
            "corridor-2-wide-2000".to_string(),
            corridor_board(2000) + end,
        ),
        (
            "serpentine-2000".to_string(),
            serpentine_board(&mut Rng::new(2000), 2000) + end,
        ),
    ]
}

/// The generators and checks above, as `xtask` and the tests drive every puzzle.
impl puzzle_frame::puzzle::Testkit for crate::Bloxorz {
    fn random_input(rng: &mut Rng, max_size: usize) -> String {
        random_input(rng, max_size)
    }

    fn check_input(input: &str) -> Result<usize, String> {
        check_input(input)
    }

    fn shrink_input(input: &str) -> Vec<String> {
        shrink_input(input)
    }

    fn bench_inputs() -> Vec<puzzle_frame::puzzle::BenchInput> {
        use puzzle_frame::puzzle::BenchInput;
        bench_inputs()
            .into_iter()
            .map(|(name, input)| BenchInput::new(name, input))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_gives_smaller_valid_inputs() {
        let input = "3 4\nXX.E\n.#..\n...O\n1 3\nXXO\n0 0\n";
        let smaller = shrink_input(input);
        assert!(smaller.len() > 5);
        for text in &smaller {
            assert!(text.len() < input.len(), "{text}");
            let boards = parse_all(text.as_bytes()).expect("a shrunk input parses");
            assert!(!boards.is_empty());
        }
        assert!(smaller.contains(&"1 3\nXXO\n".to_string()));
        assert!(shrink_input("garbage").is_empty());
    }

    #[test]
    fn random_inputs_are_valid() {
        let mut rng = Rng::new(9);
        for size in [1, 2, 3, 10] {
            let input = random_input(&mut rng, size);
            assert!(check_input(&input).is_ok_and(|n| n >= 1), "{input}");
        }
    }

    #[test]
    fn bench_inputs_parse() {
        for (name, input) in bench_inputs() {
            let boards = parse_all(input.as_bytes()).expect("a bench input parses");
            assert!(!boards.is_empty(), "{name}");
        }
    }
}
