//! The solver against the brute-force reference, in every configuration the binary can run
//! (`testkit::configurations`): exhaustively on every board of up to nine cells with every
//! query, on many random boards up to 8x8, and on judge-size boards.

use grid_common::{Grid, Pos};
use huarongdao::case::to_judge_input;
use huarongdao::parse::Cases;
use huarongdao::solve::Solver;
use huarongdao::Huarongdao;
use huarongdao::{reference, testkit, Board, Query};
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::BenchInput;
use puzzle_frame::testkit::Testkit;

/// Every board of `rows` x `cols` cells and every query on it (blank, piece and target
/// anywhere, fixed cells and blank-on-piece included), one solver a board and configuration
/// for all queries.
fn exhaustive(rows: usize, cols: usize) -> usize {
    let cells = rows * cols;
    let configurations = testkit::configurations();
    let mut checked = 0;
    for mask in 0u32..1 << cells {
        let open = (0..cells).map(|i| mask >> i & 1 == 1).collect();
        let board = Board {
            open: Grid::from_cells(rows, cols, open).expect("a grid"),
        };
        let mut solvers: Vec<Solver> = configurations
            .iter()
            .map(|(_, options)| Solver::new(&board, options).expect("a solver"))
            .collect();
        let positions: Vec<Pos> = board.open.positions().collect();
        for &blank in &positions {
            for &piece in &positions {
                for &target in &positions {
                    let query = Query {
                        blank,
                        piece,
                        target,
                    };
                    let expected = reference::count(&board, &query);
                    for (solver, (name, _)) in solvers.iter_mut().zip(&configurations) {
                        if let Err(e) = testkit::check_query(solver, &board, &query, expected) {
                            panic!("{rows}x{cols} board {mask:b}, {query:?}, {name}: {e}");
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    checked
}

#[test]
fn every_board_up_to_nine_cells_in_rows_and_columns() {
    let mut total = 0;
    for cols in 1..=9 {
        total += exhaustive(1, cols);
        total += exhaustive(cols, 1);
    }
    assert!(total > 0);
}

#[test]
fn every_board_of_two_rows_up_to_eight_cells() {
    for (rows, cols) in [(2, 2), (2, 3), (2, 4), (3, 2), (4, 2)] {
        exhaustive(rows, cols);
    }
}

#[test]
fn every_3x3_board() {
    assert_eq!(exhaustive(3, 3), 512 * 729);
}

#[test]
fn random_boards_up_to_8x8() {
    let mut rng = Rng::new(2013);
    let mut queries = 0;
    for _ in 0..3000 {
        let input = Huarongdao::random_input(&mut rng, 8);
        match Huarongdao::check_input(&input) {
            Ok(n) => queries += n,
            Err(e) => panic!("{e}\non input:\n{input}"),
        }
    }
    assert!(queries > 3000);
}

/// Judge-size boards (30x30) of each kind the benchmark has, a few queries each through
/// the reference, in every configuration; each board also with fewer fixed cells than a
/// fifth and with more, so that the automatic choice takes each bound.
#[test]
fn judge_size_boards_in_every_configuration() {
    let mut rng = Rng::new(30);
    let mut checked = 0;
    for BenchInput { name, input, .. } in Huarongdao::bench_inputs() {
        let mut cases = Cases::new(input.as_bytes()).expect("valid input");
        let board = cases.board().clone();
        if board.rows() > 30 {
            continue;
        }
        let mut queries: Vec<Query> = cases
            .by_ref()
            .take(3)
            .map(|q| q.expect("a query"))
            .collect();
        // And a query across the board, the longest kind.
        let open: Vec<Pos> = board
            .open
            .positions()
            .filter(|&p| board.is_open(p))
            .collect();
        if let (Some(&first), Some(&last)) = (open.first(), open.last()) {
            let blank = *rng.choose(&open);
            if blank != first {
                queries.push(Query {
                    blank,
                    piece: first,
                    target: last,
                });
            }
        }
        let input = to_judge_input(&board, &queries);
        match Huarongdao::check_input(&input) {
            Ok(n) => checked += n,
            Err(e) => panic!("{name}: {e}"),
        }
    }
    assert!(checked >= 15, "{checked}");
}

#[test]
fn the_automatic_choice_is_among_the_configurations_compared() {
    // Landmarks are dropped for fewer than one query per 64 open cells and on boards without
    // fixed cells, kept otherwise: "no landmarks" and the landmark configurations above.
    let options = |queries| huarongdao::solve::Options {
        queries,
        ..Default::default()
    };
    let open = Board::from_rows(&["1".repeat(30).as_str(); 30]).expect("a board");
    let mut walled = open.clone();
    *walled.open.get_mut(Pos::new(3, 3)).expect("a cell") = false;
    assert_eq!(options(usize::MAX).landmarks_for(&open), 0);
    assert_eq!(options(14).landmarks_for(&walled), 0); // 14 * 64 < 899 open cells
    assert_eq!(options(15).landmarks_for(&walled), 4);
    assert_eq!(options(500).landmarks_for(&walled), 4);
}

#[test]
fn check_input_reports_bad_input() {
    assert_eq!(
        Huarongdao::check_input("1 3 1\n1 1 0\n1 1 1 2 1 1\n"),
        Ok(1)
    );
    let err = Huarongdao::check_input("1 3 1\n1 1 0\n1 9 2 3 1 1\n").unwrap_err();
    assert!(
        err.starts_with("bad input: case 1, line 3, column 3"),
        "{err}"
    );
}

#[test]
fn random_inputs_have_long_answers() {
    // The random comparison means something only if many queries are solvable and long.
    let mut rng = Rng::new(99);
    let (mut solvable, mut longest) = (0, 0);
    for _ in 0..300 {
        let input = Huarongdao::random_input(&mut rng, 8);
        let mut cases = Cases::new(input.as_bytes()).expect("valid input");
        let queries: Vec<Query> = cases.by_ref().map(|q| q.expect("a query")).collect();
        let board = cases.into_board();
        for q in &queries {
            if let Some(moves) = reference::count(&board, q) {
                solvable += 1;
                longest = longest.max(moves);
            }
        }
    }
    assert!(solvable > 300, "{solvable}");
    assert!(longest > 40, "{longest}");
}

#[test]
fn shrinking_gives_smaller_valid_inputs() {
    let mut rng = Rng::new(7);
    let input = Huarongdao::random_input(&mut rng, 6);
    for smaller in Huarongdao::shrink_input(&input) {
        assert!(smaller.len() <= input.len() + 8, "{smaller}");
        Huarongdao::check_input(&smaller).expect("a valid, agreeing input");
    }
}
