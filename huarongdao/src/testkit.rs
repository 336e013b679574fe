//! Generators and checks shared by the tests, `cargo xtask stress` and `cargo xtask bench`.

use crate::case::{to_judge_input, Board, Case, Move, Query};
use crate::parse::Cases;
use crate::solve::{Bound, Options, Solver};
use crate::{reference, replay, Huarongdao};
use grid_common::{Grid, Pos};
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::{check_moves, from_letters, BenchInput, Replay, Testkit};

impl Testkit for Huarongdao {
    /// A random valid input in the judge's format (one board, several queries), boards up to
    /// `max_size` rows and columns. Most queries put the blank, the piece and the target on
    /// movable cells; a few break the rules (blank on the piece, a fixed cell) or have the piece
    /// on its target.
    fn random_input(rng: &mut Rng, max_size: usize) -> String {
        let max_size = max_size.max(1);
        let rows = rng.range(1, max_size);
        let cols = rng.range(1, max_size);
        let density = *rng.choose(&[0.0, 0.1, 0.2, 0.3, 0.45, 0.6]);
        let cells = (0..rows * cols).map(|_| !rng.chance(density)).collect();
        let open = Grid::from_cells(rows, cols, cells).unwrap_or_else(|| Grid::new(1, 1, true));
        let board = Board { open };
        let count = rng.range(1, 8);
        let queries: Vec<Query> = (0..count).map(|_| random_query(rng, &board)).collect();
        to_judge_input(&board, &queries)
    }

    /// Solves every query with the reference and with the solver in every configuration
    /// ([`configurations`]), and replays every path; `Ok(number of queries checked)` or
    /// `Err(what disagreed, in words)`.
    fn check_input(input: &str) -> Result<usize, String> {
        check_input_with(input, &configurations())
    }

    /// Smaller inputs derived from `input`, for shrinking a failing one: fewer queries, one row
    /// or column fewer, one movable cell fixed.
    fn shrink_input(input: &str) -> Vec<String> {
        let Ok(mut cases) = Cases::new(input.as_bytes()) else {
            return Vec::new();
        };
        let queries: Vec<Query> = cases.by_ref().map_while(Result::ok).collect();
        let board = cases.into_board();
        let mut out = Vec::new();
        // Fewer queries.
        if queries.len() > 1 {
            for i in 0..queries.len() {
                out.push(to_judge_input(&board, &queries[i..=i]));
            }
        }
        let (rows, cols) = (board.rows(), board.cols());
        // Drop one row or one column; queries move with the cells and those that touch it go.
        let mut drop = |keep_row: &dyn Fn(usize) -> bool, keep_col: &dyn Fn(usize) -> bool| {
            let kept_rows: Vec<usize> = (0..rows).filter(|&r| keep_row(r)).collect();
            let kept_cols: Vec<usize> = (0..cols).filter(|&c| keep_col(c)).collect();
            if kept_rows.is_empty() || kept_cols.is_empty() {
                return;
            }
            let cells = kept_rows
                .iter()
                .flat_map(|&r| kept_cols.iter().map(move |&c| Pos::new(r, c)))
                .map(|p| board.is_open(p))
                .collect();
            let Some(open) = Grid::from_cells(kept_rows.len(), kept_cols.len(), cells) else {
                return;
            };
            let map = |p: Pos| -> Option<Pos> {
                let r = kept_rows.iter().position(|&x| x == p.row)?;
                let c = kept_cols.iter().position(|&x| x == p.col)?;
                Some(Pos::new(r, c))
            };
            let moved: Vec<Query> = queries
                .iter()
                .filter_map(|q| {
                    Some(Query {
                        blank: map(q.blank)?,
                        piece: map(q.piece)?,
                        target: map(q.target)?,
                    })
                })
                .collect();
            if !moved.is_empty() {
                out.push(to_judge_input(&Board { open }, &moved));
            }
        };
        for r in 0..rows {
            drop(&|x| x != r, &|_| true);
        }
        for c in 0..cols {
            drop(&|_| true, &|x| x != c);
        }
        // Fix one movable cell.
        for pos in board.open.positions().filter(|&p| board.is_open(p)) {
            let mut smaller = board.clone();
            if let Some(cell) = smaller.open.get_mut(pos) {
                *cell = false;
            }
            out.push(to_judge_input(&smaller, &queries));
        }
        out
    }

    /// The worst-case benchmark inputs, generated deterministically. Five
    /// 30x30 boards with 500 queries (the judge's largest), then two 300x300 boards with 100.
    fn bench_inputs() -> Vec<BenchInput> {
        let mut out = Vec::new();
        let mut add = |name: &str, board: Board, queries: usize, seed: u64| {
            let mut rng = Rng::new(seed);
            let input = to_judge_input(&board, &valid_queries(&mut rng, &board, queries));
            out.push(BenchInput::new(name, input));
        };
        // Random boards: name, rows, columns, the share of fixed pieces, the board's seed.
        let random = [
            ("open-30x30-q500", 30, 0.0, 1),
            ("fixed10-30x30-q500", 30, 0.1, 2),
            ("fixed30-30x30-q500", 30, 0.3, 3),
        ];
        for (seed, (name, side, fixed, board_seed)) in (11..).zip(random) {
            add(
                name,
                random_board(&mut Rng::new(board_seed), side, side, fixed),
                500,
                seed,
            );
        }
        add("serpentine-30x30-q500", serpentine(30, 30), 500, 14);
        add("lattice-30x30-q500", lattice(30, 30), 500, 15);
        let fixed10 = random_board(&mut Rng::new(6), 300, 300, 0.1);
        add("fixed10-300x300-q100", fixed10, 100, 16);
        add("winding-300x300-q100", winding(300, 300), 100, 17);
        out
    }

    const REFERENCE: fn(&Case) -> Option<usize> = |case| reference::count(&case.board, &case.query);
    const REPLAY: Replay<Self> =
        |case, moves| replay::replay(&case.board, &case.query, moves).map(|r| r.solved);
    const MOVES_OF: fn(&str) -> Option<Vec<Move>> = from_letters;
}

/// A random query: usually valid (all on movable cells, blank off the piece), sometimes not.
fn random_query(rng: &mut Rng, board: &Board) -> Query {
    let open: Vec<Pos> = board
        .open
        .positions()
        .filter(|&p| board.is_open(p))
        .collect();
    let any = |rng: &mut Rng| board.open.pos(rng.below(board.open.len()));
    let pick = |rng: &mut Rng| {
        if open.is_empty() || rng.chance(0.05) {
            any(rng)
        } else {
            *rng.choose(&open)
        }
    };
    let blank = pick(rng);
    let mut piece = pick(rng);
    for _ in 0..4 {
        if piece != blank || rng.chance(0.05) {
            break;
        }
        piece = pick(rng);
    }
    let target = if rng.chance(0.05) { piece } else { pick(rng) };
    Query {
        blank,
        piece,
        target,
    }
}

/// Every configuration of the solver the binary can run, by name: the automatic choice
/// for few queries (no landmarks) and for many, and each choice explicitly (no landmarks;
/// landmarks with both bounds; landmarks alone, the choice on boards with many fixed
/// cells), and a plain Dijkstra search.
pub fn configurations() -> Vec<(&'static str, Options)> {
    let base = Options::default();
    vec![
        ("auto, one query", Options { queries: 1, ..base }),
        ("auto, many queries", base),
        (
            "no landmarks",
            Options {
                landmarks: Some(0),
                bound: Bound::Both,
                ..base
            },
        ),
        (
            "landmarks, both bounds",
            Options {
                landmarks: Some(4),
                bound: Bound::Both,
                ..base
            },
        ),
        (
            "landmarks alone",
            Options {
                landmarks: Some(4),
                bound: Bound::LandmarksOnly,
                ..base
            },
        ),
        (
            "dijkstra",
            Options {
                landmarks: Some(0),
                heuristic: false,
                ..base
            },
        ),
    ]
}

/// `check_input` with the configurations given.
pub fn check_input_with(input: &str, configurations: &[(&str, Options)]) -> Result<usize, String> {
    let bad = |e: puzzle_frame::input::InputError| format!("bad input: {e}");
    let mut cases = Cases::new(input.as_bytes()).map_err(bad)?;
    let queries = cases.by_ref().collect::<Result<Vec<_>, _>>().map_err(bad)?;
    let board = cases.into_board();
    let expected: Vec<Option<usize>> = queries
        .iter()
        .map(|q| reference::count(&board, q))
        .collect();
    for (name, options) in configurations {
        let mut solver = Solver::new(&board, options).map_err(|e| format!("{name}: {e}"))?;
        for (k, (query, &expected)) in (1..).zip(queries.iter().zip(&expected)) {
            let at = || format!("{name}, query {k} ({})", query.to_judge_line());
            check_query(&mut solver, &board, query, expected)
                .map_err(|e| format!("{}: {e}", at()))?;
        }
    }
    Ok(queries.len())
}

/// The solver's count and path for `query` against the `expected` count, the path replayed.
pub fn check_query(
    solver: &mut Solver,
    board: &Board,
    query: &Query,
    expected: Option<usize>,
) -> Result<(), String> {
    let got = solver.count(query).map_err(|e| e.to_string())?;
    if got != expected {
        return Err(format!("solver says {got:?}, reference says {expected:?}"));
    }
    let path = solver.moves(query).map_err(|e| e.to_string())?;
    match (path, expected) {
        (None, None) => Ok(()),
        (Some(path), Some(_)) => {
            let case = Case {
                board: std::sync::Arc::new(board.clone()),
                query: *query,
            };
            check_moves::<Huarongdao>(&case, &path, expected)
        }
        (path, _) => Err(format!(
            "moves gives {:?} moves, the answer is {expected:?}",
            path.map(|p| p.len())
        )),
    }
}

/// A board with each cell fixed with probability `fixed`.
fn random_board(rng: &mut Rng, rows: usize, cols: usize, fixed: f64) -> Board {
    let cells = (0..rows * cols).map(|_| !rng.chance(fixed)).collect();
    let open = Grid::from_cells(rows, cols, cells).unwrap_or_else(|| Grid::new(1, 1, true));
    Board { open }
}

/// Corridors two rows high between walls one row thick, joined by a two-cell gap at
/// alternate ends: one long winding corridor two cells wide.
fn serpentine(rows: usize, cols: usize) -> Board {
    let mut open = Grid::new(rows, cols, true);
    for (wall, r) in (2..rows).step_by(3).enumerate() {
        for c in 0..cols {
            let gap = if wall % 2 == 0 { c + 2 >= cols } else { c < 2 };
            if let Some(cell) = open.get_mut(Pos::new(r, c)) {
                *cell = gap;
            }
        }
    }
    Board { open }
}

/// One-wide corridors on every other row, joined at alternate ends, and a first column that
/// joins them all: long winding corridors whose side-to-side detours are long (the hard
/// case for the precomputation).
fn winding(rows: usize, cols: usize) -> Board {
    let mut open = Grid::new(rows, cols, false);
    for pos in open.positions().collect::<Vec<_>>() {
        let (r, c) = (pos.row, pos.col);
        let turn = if (r / 2) % 2 == 0 {
            c + 1 == cols
        } else {
            c == 1
        };
        if c == 0 || r % 2 == 0 || turn {
            if let Some(cell) = open.get_mut(pos) {
                *cell = true;
            }
        }
    }
    Board { open }
}

/// Fixed cells at every odd row and odd column (0-based), leaving corridors one cell wide.
fn lattice(rows: usize, cols: usize) -> Board {
    let mut open = Grid::new(rows, cols, true);
    for pos in open.positions().collect::<Vec<_>>() {
        if pos.row % 2 == 1 && pos.col % 2 == 1 {
            if let Some(cell) = open.get_mut(pos) {
                *cell = false;
            }
        }
    }
    Board { open }
}

/// `count` queries with the blank, the piece and the target on movable cells, the blank off
/// the piece (all on one board with at least two movable cells).
fn valid_queries(rng: &mut Rng, board: &Board, count: usize) -> Vec<Query> {
    let open: Vec<Pos> = board
        .open
        .positions()
        .filter(|&p| board.is_open(p))
        .collect();
    if open.len() < 2 {
        return Vec::new();
    }
    (0..count)
        .map(|_| {
            let blank = *rng.choose(&open);
            let mut piece = *rng.choose(&open);
            while piece == blank {
                piece = *rng.choose(&open);
            }
            Query {
                blank,
                piece,
                target: *rng.choose(&open),
            }
        })
        .collect()
}
