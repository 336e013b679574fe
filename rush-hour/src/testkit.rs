//! Generators and checks shared by the tests, `cargo xtask stress` and `cargo xtask bench`.

use crate::format::{answer_line, path_line};
use crate::parse::parse_all;
use crate::solve::{Options, Solver};
use crate::{reference, replay, Case};
use puzzle_frame::puzzle::BenchInput;
use puzzle_frame::rng::Rng;

/// A random valid input in the judge's format: one to three cases, boards up to `max_size`
/// rows and columns (at least 2), a share of walls from none to four in ten, the piece and
/// the goal anywhere, and `0 0` at the end (or not).
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
        let (rows, cols) = (rng.range(1, max_size), rng.range(1, max_size));
        if rows * cols >= 2 {
            break (rows, cols);
        }
    };
    let walls = [0.0, 0.1, 0.25, 0.4][rng.below(4)];
    let mut cells = vec![vec![b'.'; cols]; rows];
    for cell in cells.iter_mut().flatten() {
        if rng.chance(walls) {
            *cell = b'#';
        }
    }
    let piece = (rng.below(rows), rng.below(cols));
    let goal = loop {
        let goal = (rng.below(rows), rng.below(cols));
        if goal != piece {
            break goal;
        }
    };
    cells[piece.0][piece.1] = b'P';
    cells[goal.0][goal.1] = b'G';
    board_text(&cells)
}

/// A board's rows as the judge's input: the `R C` line, then the rows.
fn board_text(cells: &[Vec<u8>]) -> String {
    let cols = cells.first().map_or(0, Vec::len);
    let mut text = format!("{} {cols}\n", cells.len());
    for row in cells {
        text.push_str(&String::from_utf8_lossy(row));
        text.push('\n');
    }
    text
}

/// Checks one case: the solver's count and moves against the reference, and the moves
/// replayed to the goal.
pub fn check_case(case: &Case) -> Result<(), String> {
    let slow = reference::count(case);
    let mut solver = Solver::new(&Options::default());
    let count = solver.count(case).map_err(|e| e.to_string())?;
    let moves = solver.moves(case).map_err(|e| e.to_string())?;
    for (what, fast) in [("count", count), ("moves", moves.as_ref().map(Vec::len))] {
        if fast != slow {
            return Err(format!(
                "the solver ({what}) says {} but the reference says {}\n{}",
                answer_line(1, fast),
                answer_line(1, slow),
                case.to_input()
            ));
        }
    }
    if let Some(moves) = moves {
        let fail = |e: String| {
            format!(
                "the moves {} do not replay: {e}\n{}",
                path_line(&moves),
                case.to_input()
            )
        };
        let replayed = replay::replay(case, &moves).map_err(|e| fail(e.to_string()))?;
        if !replayed.solved {
            return Err(fail("the piece does not end on the goal".to_string()));
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

/// Smaller valid inputs derived from `input`: each case alone, a row or a column without
/// the piece or the goal removed, one wall made floor.
pub fn shrink_input(input: &str) -> Vec<String> {
    let Ok(cases) = parse_all(input.as_bytes()) else {
        return Vec::new();
    };
    let texts: Vec<String> = cases.iter().map(Case::to_input).collect();
    let mut out = Vec::new();
    if texts.len() > 1 {
        out.extend(texts.iter().cloned());
    }
    for (i, text) in texts.iter().enumerate() {
        for smaller in shrink_board(text) {
            let mut all = texts.clone();
            all[i] = smaller;
            out.push(all.concat());
        }
    }
    out
}

/// Smaller boards than the board `text` (one case in the judge's format).
fn shrink_board(text: &str) -> Vec<String> {
    let cells: Vec<Vec<u8>> = text
        .lines()
        .skip(1)
        .map(|l| l.as_bytes().to_vec())
        .collect();
    let (rows, cols) = (cells.len(), cells.first().map_or(0, Vec::len));
    let special = |b: u8| b == b'P' || b == b'G';
    let mut out = Vec::new();
    for r in 0..rows {
        if rows > 1 && !cells[r].iter().any(|&b| special(b)) {
            let mut fewer = cells.clone();
            fewer.remove(r);
            out.push(board_text(&fewer));
        }
    }
    for c in 0..cols {
        if cols > 1 && !cells.iter().any(|row| special(row[c])) {
            let fewer: Vec<Vec<u8>> = cells
                .iter()
                .map(|row| [&row[..c], &row[c + 1..]].concat())
                .collect();
            out.push(board_text(&fewer));
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if cells[r][c] == b'#' {
                let mut opened = cells.clone();
                opened[r][c] = b'.';
                out.push(board_text(&opened));
            }
        }
    }
    out
}

/// An open `size` x `size` board, the piece in the top-left corner and the goal in the
/// bottom-right one: the search reaches nearly every cell.
pub fn open_board(size: usize) -> String {
    let mut cells = vec![vec![b'.'; size]; size];
    cells[0][0] = b'P';
    cells[size - 1][size - 1] = b'G';
    board_text(&cells)
}

/// A serpentine: corridors one cell high running the whole width, joined at alternate
/// ends, the piece at the start of the first and the goal at the end of the last: the
/// longest path a `size` x `size` board of this shape holds (about `size * size / 2`).
pub fn serpentine_board(size: usize) -> String {
    let mut cells = vec![vec![b'#'; size]; size];
    let mut last = (0, 0);
    for (r, row) in cells.iter_mut().enumerate() {
        if r % 2 == 0 {
            row.fill(b'.');
            last = (r, if r % 4 == 0 { size - 1 } else { 0 });
        } else if r % 4 == 1 {
            row[size - 1] = b'.';
        } else {
            row[0] = b'.';
        }
    }
    if size % 2 == 0 {
        // The last row is a wall row: close its gap, a dead end otherwise.
        cells[size - 1].fill(b'#');
    }
    cells[0][0] = b'P';
    cells[last.0][last.1] = b'G';
    board_text(&cells)
}

/// An open board whose goal, in the middle, is walled in: the search reaches every other
/// cell before it can answer `-1`.
pub fn walled_in_board(size: usize) -> String {
    let mut cells = vec![vec![b'.'; size]; size];
    let mid = size / 2;
    for row in &mut cells[mid - 1..=mid + 1] {
        row[mid - 1..=mid + 1].fill(b'#');
    }
    cells[mid][mid] = b'G';
    cells[0][0] = b'P';
    board_text(&cells)
}

/// The worst-case benchmark inputs, generated deterministically.
pub fn bench_inputs() -> Vec<BenchInput> {
    let end = "0 0\n";
    vec![
        BenchInput::new("open-3000", open_board(3000) + end),
        BenchInput::new("serpentine-2000", serpentine_board(2000) + end),
        BenchInput::new("walled-in-3000", walled_in_board(3000) + end),
    ]
}

/// The generators and checks above, as `xtask` and the tests drive every puzzle.
impl puzzle_frame::puzzle::Testkit for crate::RushHour {
    fn random_input(rng: &mut Rng, max_size: usize) -> String {
        random_input(rng, max_size)
    }

    fn check_input(input: &str) -> Result<usize, String> {
        check_input(input)
    }

    fn shrink_input(input: &str) -> Vec<String> {
        shrink_input(input)
    }

    fn bench_inputs() -> Vec<BenchInput> {
        bench_inputs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_gives_smaller_valid_inputs() {
        let input = "3 4\nP..#\n.#..\n...G\n1 2\nPG\n0 0\n";
        let smaller = shrink_input(input);
        assert!(smaller.len() > 3);
        for text in &smaller {
            assert!(text.len() < input.len(), "{text}");
            assert!(check_input(text).is_ok_and(|n| n >= 1), "{text}");
        }
        assert!(smaller.contains(&"1 2\nPG\n".to_string()));
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
    fn the_bench_boards_have_the_answers_their_shapes_promise() {
        let answer = |text: String| {
            let case = parse_all(text.as_bytes()).expect("parses").remove(0);
            Solver::new(&Options::default()).count(&case).expect("fits")
        };
        assert_eq!(answer(open_board(7)), Some(12));
        // Rows 0, 2, 4 and 6 are corridors (`size - 1` moves along each), joined by three
        // bends of two moves.
        assert_eq!(answer(serpentine_board(7)), Some(4 * 6 + 3 * 2));
        assert_eq!(answer(serpentine_board(8)), Some(4 * 7 + 3 * 2));
        assert_eq!(answer(walled_in_board(7)), None);
        for input in bench_inputs() {
            assert!(input.input.ends_with("0 0\n"), "{}", input.name);
        }
    }
}
