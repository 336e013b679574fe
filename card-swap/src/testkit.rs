//! Generators and checks shared by the tests, `cargo xtask stress` and `cargo xtask bench`.
//!
//! # Shapes
//!
//! The binary reads 2 x 3 boards, the judge's, unless `--rows`/`--cols` say otherwise, and
//! the judge's format has no room for a header. So an input here is text only, and its
//! shape is read off the text ([`shape_of`]): every board has exactly one `A`, so the
//! number of boards is the number of `A`s, the rows per board are the lines with content
//! divided by it, and the columns are the longest line. A 2 x 3 input (the judge's) reads
//! as 2 x 3; `args_for` gives the `--rows`/`--cols` the binary needs for any other.
//!
//! `random_input` makes judge inputs half of the time and inputs of other shapes the
//! other half ([`random_shape`]: 1 to 5 rows, 3 to 30 cells, growing with `max_size`), so
//! that `cargo xtask stress` covers the shapes the library accepts within the reference's
//! reach (single rows, 2 x 2 rings, corridors up to 2 x 15 and 1 x 30, up to 5 x 6). A board whose last cell is the blank may have that space stripped;
//! the first board of an input is always written whole, so the longest line is a full row.

use grid_common::Grid;
use itertools::Itertools;
use puzzle_frame::rng::Rng;

use crate::parse::{cases, Shape};
use crate::solve::{Options, Solver};
use crate::{reference, replay, CardSwap, Case, Cell, Move, MAX_CELLS};
use puzzle_frame::film::FilmPlan;
use puzzle_frame::puzzle::{Formatting, Rendering, Solve};
use puzzle_frame::testkit::{check_moves, BenchInput, Replay, Testkit};

/// Every board of `rows` x `cols` (one per placement of `A`, `B` and the blank), in
/// lexicographic order of (A, B, blank) cell indices; none for a shape of fewer than 3 or
/// more than [`MAX_CELLS`] cells.
pub fn all_boards(rows: usize, cols: usize) -> Vec<Case> {
    let n = rows * cols;
    (0..n)
        .permutations(3)
        .filter_map(|cells| {
            let mut board = vec![Cell::Soldier; n];
            board[cells[0]] = Cell::A;
            board[cells[1]] = Cell::B;
            board[cells[2]] = Cell::Blank;
            Case::new(Grid::from_cells(rows, cols, board)?).ok()
        })
        .collect()
}

/// A random board of `rows` x `cols` (a shape outside 3..=[`MAX_CELLS`] cells gives 1 x 3).
pub fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> Case {
    let (rows, cols) = match rows.checked_mul(cols) {
        Some(n) if (3..=MAX_CELLS).contains(&n) => (rows, cols),
        _ => (1, 3),
    };
    let mut cells = vec![Cell::Soldier; rows * cols];
    cells[0] = Cell::A;
    cells[1] = Cell::B;
    cells[2] = Cell::Blank;
    rng.shuffle(&mut cells);
    Grid::from_cells(rows, cols, cells)
        .and_then(|grid| Case::new(grid).ok())
        .unwrap_or_else(|| random_board(rng, 1, 3))
}

/// A board in the input format; with `strip`, a line ending in the blank loses that space.
pub fn board_text(case: &Case, strip: bool, crlf: bool) -> String {
    let mut text = String::new();
    for line in case.lines() {
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

/// A random shape (rarely the judge's): 1 to `max_size.clamp(1, 5)` rows and 3 to
/// `6 * max_size.clamp(1, 5)` cells (at least 2 columns).
pub fn random_shape(rng: &mut Rng, max_size: usize) -> Shape {
    let side = max_size.clamp(1, 5);
    let rows = rng.range(1, side);
    let min_cols = if rows == 1 { 3 } else { 2 };
    let cols = rng.range(min_cols, (6 * side / rows).max(min_cols));
    Shape::new(rows, cols).unwrap_or(Shape::JUDGE)
}

impl Testkit for CardSwap {
    /// A random valid input: 1 to `max_size` (at least 1) random boards of one shape, the
    /// judge's 2 x 3 half of the time, else [`random_shape`] (read it with [`shape_of`], run
    /// the binary on it with `args_for`); each board but the first with or without its
    /// trailing blank stripped, with `\n` or `\r\n`, sometimes with blank lines between boards.
    fn random_input(rng: &mut Rng, max_size: usize) -> String {
        let shape = if rng.chance(0.5) {
            Shape::JUDGE
        } else {
            random_shape(rng, max_size)
        };
        let count = rng.range(1, max_size.max(1));
        let crlf = rng.chance(0.2);
        let mut input = String::new();
        for i in 0..count {
            if rng.chance(0.1) {
                input.push_str(if crlf { "\r\n" } else { "\n" });
            }
            let board = random_board(rng, shape.rows(), shape.cols());
            let strip = i > 0 && rng.chance(0.5);
            input.push_str(&board_text(&board, strip, crlf));
        }
        input
    }

    /// The arguments the binary needs to read `input` as `check_input` reads it: none for
    /// 2 x 3 boards, else `--rows R --cols C`.
    fn args_for(input: &str) -> Vec<String> {
        let shape = shape_of(input);
        if shape == Shape::JUDGE {
            return Vec::new();
        }
        let (rows, cols) = (shape.rows().to_string(), shape.cols().to_string());
        ["--rows", &rows, "--cols", &cols]
            .map(str::to_string)
            .to_vec()
    }

    /// Solves every case of `input` (judge's 2 x 3 boards or any shape [`shape_of`] reads)
    /// with the solver in the binary's configuration (one solver for all, so a state left over
    /// from a previous case would show) and the reference, and replays every path;
    /// `Ok(number of cases)` or `Err(what disagreed)`.
    fn check_input(input: &str) -> Result<usize, String> {
        let cases = parse_shaped(input)?;
        let mut solver = Solver::new(&Options::default());
        for (i, case) in cases.iter().enumerate() {
            check_case(&mut solver, case).map_err(|e| format!("case {}: {e}", i + 1))?;
        }
        Ok(cases.len())
    }

    /// Smaller inputs derived from `input`: each board alone, the input without each board,
    /// and the boards written plainly (no `\r`, no stripped blanks, no blank lines); all in
    /// the input's shape.
    fn shrink_input(input: &str) -> Vec<String> {
        let Ok(cases) = parse_shaped(input) else {
            return Vec::new();
        };
        let text = |list: &[&Case]| -> String {
            list.iter().map(|b| board_text(b, false, false)).collect()
        };
        let mut out = Vec::new();
        if cases.len() > 1 {
            for without in cases.iter().combinations(cases.len() - 1) {
                out.push(text(&without));
            }
            for case in &cases {
                out.push(text(&[case]));
            }
        }
        let plain = text(&cases.iter().collect::<Vec<_>>());
        if plain != input {
            out.push(plain);
        }
        out
    }

    /// The worst-case benchmark inputs: in the judge's format, run by the binary without
    /// options (so that `cargo xtask bench --vs` can time the baseline on the same files),
    /// `all-2x3`, the 120 judge boards once, and `all-2x3-x500`, 60 000 boards; then larger
    /// boards with their `--rows`/`--cols`: random boards of 3 x 4 to 12 x 12 (the 144-cell
    /// limit), and 2 x 72, a long corridor whose solutions are the longest (hundreds of moves).
    fn bench_inputs() -> Vec<BenchInput> {
        let all: String = all_boards(2, 3)
            .iter()
            .map(|b| board_text(b, false, false))
            .collect();
        let mut inputs = vec![
            BenchInput::new("all-2x3", all.clone()),
            BenchInput::new("all-2x3-x500", all.repeat(500)),
        ];
        let mut rng = Rng::new(2016);
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
            let (r, c) = (rows.to_string(), cols.to_string());
            let name = format!("random-{rows}x{cols}");
            inputs.push(BenchInput::new(name, input).with_args(&["--rows", &r, "--cols", &c]));
        }
        inputs
    }

    const REFERENCE: fn(&Case) -> Option<usize> = reference::count;
    const REPLAY: Replay<Self> = |case, moves| replay::replay(case, moves).map(|r| r.solved);
    const MOVES_OF: fn(&str) -> Option<Vec<Move>> = moves_of;
}

/// The moves of a `--path` line: tokens like `AD` separated by whitespace.
fn moves_of(path_line: &str) -> Option<Vec<Move>> {
    path_line
        .split_whitespace()
        .map(|t| t.parse().ok())
        .collect()
}

/// The shape of the boards of `input`, read off the text (see the module docs); the
/// judge's 2 x 3 when the text does not give a valid shape.
pub fn shape_of(input: &str) -> Shape {
    let lines: Vec<&str> = input
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .filter(|line| !line.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r')))
        .collect();
    let boards = input.matches('A').count();
    let cols = lines.iter().map(|line| line.len()).max().unwrap_or(0);
    if boards == 0 || lines.len() % boards != 0 {
        return Shape::JUDGE;
    }
    Shape::new(lines.len() / boards, cols).unwrap_or(Shape::JUDGE)
}

/// The cases of `input` in the shape [`shape_of`] reads.
fn parse_shaped(input: &str) -> Result<Vec<Case>, String> {
    cases(input.as_bytes(), shape_of(input))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("bad input: {e}"))
}

/// Checks one case: the solver's count equals the reference's, and the solver's path
/// replays legally, swaps `A` and `B`, has that length, and makes a film of that length.
pub fn check_case(solver: &mut Solver, case: &Case) -> Result<(), String> {
    let expected = reference::count(case);
    let found = solver
        .count(case)
        .map_err(|e| format!("gave up: {e} on\n{case}"))?;
    if found != expected {
        return Err(format!(
            "count {found:?}, reference {expected:?} on\n{case}"
        ));
    }
    let path = solver
        .moves(case)
        .map_err(|e| format!("gave up: {e} on\n{case}"))?;
    let moves = match (path, expected) {
        (None, None) => return Ok(()),
        (Some(moves), Some(d)) if moves.len() == d => moves,
        (path, _) => {
            let length = path.map(|moves| moves.len());
            return Err(format!(
                "path of {length:?} moves for count {expected:?} on\n{case}"
            ));
        }
    };
    check_moves::<CardSwap>(case, &moves, expected).map_err(|e| format!("{e} on\n{case}"))?;
    let path = CardSwap::path_line(&moves);
    let end = replay::replay(case, &moves).map_err(|e| e.to_string())?;
    let film = CardSwap::film(case, &moves, FilmPlan::whole())
        .map_err(|e| format!("no film of {path}: {e}"))?;
    let last = film.frames().last().map(|frame| frame.board);
    if film.len() != moves.len() || last != Some(end.end.map(|cell| cell.to_char())) {
        return Err(format!(
            "the film of {path} does not end as the replay on\n{case}"
        ));
    }
    Ok(())
}
