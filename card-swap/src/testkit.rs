//! Generators and checks shared by the tests, `cargo xtask stress` and `cargo xtask bench`.
//!
//! [`random_input`] and [`check_input`] work in the judge's format (2 x 3 boards, what the
//! binary reads without options); boards of other shapes are checked by the crate's
//! tests through [`random_board`] and [`all_boards`].

use grid_common::rng::Rng;

use crate::parse::{parse_all, Shape};
use crate::{reference, replay, solve::Solver, Board, Cell, MAX_CELLS};

/// Every board of `rows` x `cols` (one per placement of `A`, `B` and the blank), in
/// lexicographic order of (A, B, blank) cell indices.
pub fn all_boards(rows: usize, cols: usize) -> Vec<Board> {
    let n = rows * cols;
    let mut boards = Vec::new();
    for a in 0..n {
        for b in 0..n {
            for blank in 0..n {
                if a == b || a == blank || b == blank {
                    continue;
                }
                let mut cells = vec![Cell::Soldier; n];
                cells[a] = Cell::A;
                cells[b] = Cell::B;
                cells[blank] = Cell::Blank;
                if let Ok(board) = Board::new(rows, cols, cells) {
                    boards.push(board);
                }
            }
        }
    }
    boards
}

/// A random board of `rows` x `cols` (a shape outside 3..=[`MAX_CELLS`] cells gives 1 x 3).
pub fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> Board {
    let (rows, cols) = match rows.checked_mul(cols) {
        Some(n) if (3..=MAX_CELLS).contains(&n) => (rows, cols),
        _ => (1, 3),
    };
    let mut cells = vec![Cell::Soldier; rows * cols];
    cells[0] = Cell::A;
    cells[1] = Cell::B;
    cells[2] = Cell::Blank;
    rng.shuffle(&mut cells);
    Board { rows, cols, cells }
}

/// A board in the input format; with `strip`, a line ending in the blank loses that space.
pub fn board_text(board: &Board, strip: bool, crlf: bool) -> String {
    let mut text = String::new();
    for line in board.lines() {
        let line = if strip && line.ends_with(' ') {
            &line[..line.len() - 1]
        } else {
            line.as_str()
        };
        text.push_str(line);
        text.push_str(if crlf { "\r\n" } else { "\n" });
    }
    text
}

/// A random valid input in the judge's format: 1 to `max_size` (at least 1) random 2 x 3
/// boards, each with or without its trailing blank stripped, with `\n` or `\r\n`, sometimes
/// with blank lines between boards.
pub fn random_input(rng: &mut Rng, max_size: usize) -> String {
    let count = rng.range(1, max_size.max(1));
    let crlf = rng.chance(0.2);
    let mut input = String::new();
    for _ in 0..count {
        if rng.chance(0.1) {
            input.push_str(if crlf { "\r\n" } else { "\n" });
        }
        let board = random_board(rng, 2, 3);
        input.push_str(&board_text(&board, rng.chance(0.5), crlf));
    }
    input
}

/// Checks one board: the solver's distance equals the reference's, and the solver's path
/// replays legally, swaps `A` and `B` and has that length.
pub fn check_board(solver: &mut Solver, board: &Board) -> Result<(), String> {
    let expected = reference::distance(board);
    let found = solver.distance(board);
    if found != expected {
        return Err(format!(
            "distance {found:?}, reference {expected:?} on\n{board}"
        ));
    }
    let path = solver.solve(board);
    match (path, expected) {
        (None, None) => Ok(()),
        (Some(moves), Some(d)) => {
            if moves.len() != d {
                return Err(format!(
                    "path of {} moves for distance {d} on\n{board}",
                    moves.len()
                ));
            }
            let end = replay::replay(board, &moves).map_err(|e| {
                format!(
                    "path {} does not replay: {e} on\n{board}",
                    crate::format_path(&moves)
                )
            })?;
            if replay::is_swapped(board, &end) {
                Ok(())
            } else {
                Err(format!(
                    "path {} ends on\n{end}without swapping A and B on\n{board}",
                    crate::format_path(&moves)
                ))
            }
        }
        (path, _) => Err(format!(
            "path {path:?} for distance {expected:?} on\n{board}"
        )),
    }
}

/// Solves every board of a judge-format input with the solver (one solver for all, so a
/// state left over from a previous board would show) and the reference, and replays every
/// path; `Ok(number of boards)` or `Err(what disagreed)`.
pub fn check_input(input: &str) -> Result<usize, String> {
    let boards =
        parse_all(input.as_bytes(), Shape::JUDGE).map_err(|e| format!("bad input: {e}"))?;
    let mut solver = Solver::new();
    for (i, board) in boards.iter().enumerate() {
        check_board(&mut solver, board).map_err(|e| format!("case {}: {e}", i + 1))?;
    }
    Ok(boards.len())
}

/// Smaller inputs derived from `input`: each board alone, the input without each board,
/// and the boards written plainly (no `\r`, no stripped blanks, no blank lines).
pub fn shrink_input(input: &str) -> Vec<String> {
    let Ok(boards) = parse_all(input.as_bytes(), Shape::JUDGE) else {
        return Vec::new();
    };
    let text =
        |list: &[&Board]| -> String { list.iter().map(|b| board_text(b, false, false)).collect() };
    let mut out = Vec::new();
    if boards.len() > 1 {
        for i in 0..boards.len() {
            let without: Vec<&Board> = boards
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, b)| b)
                .collect();
            out.push(text(&without));
        }
        for board in &boards {
            out.push(text(&[board]));
        }
    }
    let plain = text(&boards.iter().collect::<Vec<_>>());
    if plain != input {
        out.push(plain);
    }
    out
}

/// The worst-case benchmark inputs in the judge's format, run by the binary without
/// options (so that `cargo xtask bench --vs` can time the baseline on the same files):
/// `all-2x3`, the 120 judge boards once, and `all-2x3-x500`, 60 000 boards.
/// Larger boards need `--rows`/`--cols`: see [`bench_inputs_shaped`].
pub fn bench_inputs() -> Vec<(String, String)> {
    let all: String = all_boards(2, 3)
        .iter()
        .map(|b| board_text(b, false, false))
        .collect();
    vec![
        ("all-2x3".to_string(), all.clone()),
        ("all-2x3-x500".to_string(), all.repeat(500)),
    ]
}

/// Benchmark inputs of larger boards: (name, the binary's arguments, input). Random boards
/// of 3 x 4 to 12 x 12 (the 144-cell limit), and 2 x 72, a long corridor whose solutions are
/// the longest (hundreds of moves).
pub fn bench_inputs_shaped() -> Vec<(String, Vec<String>, String)> {
    let mut rng = Rng::new(2016);
    let mut inputs = Vec::new();
    for (rows, cols, count) in [
        (3, 4, 2000),
        (4, 4, 1000),
        (4, 5, 500),
        (6, 6, 50),
        (12, 12, 3),
        (2, 72, 3),
    ] {
        let input: String = (0..count)
            .map(|_| board_text(&random_board(&mut rng, rows, cols), false, false))
            .collect();
        let args = ["--rows", &rows.to_string(), "--cols", &cols.to_string()]
            .map(str::to_string)
            .to_vec();
        inputs.push((format!("random-{rows}x{cols}"), args, input));
    }
    inputs
}
