//! The solver against the brute-force reference: exhaustively on every board of up to nine
//! cells with every query, and on many random boards up to 8x8.

use grid_common::rng::Rng;
use grid_common::{Grid, Pos};
use huarongdao::replay::check_solution;
use huarongdao::{reference, testkit, Board, Query, Solver};

/// Every board of `rows` x `cols` cells and every query on it (blank, piece and target
/// anywhere, fixed cells and blank-on-piece included), one solver a board for all queries
/// (with and without landmarks).
fn exhaustive(rows: usize, cols: usize) -> usize {
    let cells = rows * cols;
    let mut checked = 0;
    for mask in 0u32..1 << cells {
        let open = (0..cells).map(|i| mask >> i & 1 == 1).collect();
        let board = Board {
            open: Grid::from_cells(rows, cols, open).expect("a grid"),
        };
        let mut solver = Solver::new(&board).expect("a solver");
        let mut without_landmarks = Solver::with_landmarks(&board, 0).expect("a solver");
        let positions: Vec<Pos> = board.open.positions().collect();
        for &blank in &positions {
            for &piece in &positions {
                for &target in &positions {
                    let query = Query {
                        blank,
                        piece,
                        target,
                    };
                    let expected = reference::solve(&board, &query);
                    let got = solver.solve(&query);
                    assert_eq!(got, expected, "{rows}x{cols} board {mask:b}, {query:?}");
                    assert_eq!(without_landmarks.solve(&query), expected, "no landmarks");
                    let path = solver.solve_with_path(&query);
                    assert_eq!(path.as_ref().map(|p| p.len() as u64), expected);
                    if let Some(path) = path {
                        assert_eq!(
                            check_solution(&board, &query, &path),
                            Ok(path.len()),
                            "{rows}x{cols} board {mask:b}, {query:?}"
                        );
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
    for (rows, cols) in [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (1, 7),
        (1, 8),
        (1, 9),
    ] {
        total += exhaustive(rows, cols);
        total += exhaustive(cols, rows);
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
        let input = testkit::random_input(&mut rng, 8);
        match testkit::check_input(&input) {
            Ok(n) => queries += n,
            Err(e) => panic!("{e}\non input:\n{input}"),
        }
    }
    assert!(queries > 3000);
}

#[test]
fn check_input_reports_bad_input() {
    assert_eq!(testkit::check_input("1 3 1\n1 1 0\n1 1 1 2 1 1\n"), Ok(1));
    let err = testkit::check_input("1 3 1\n1 1 0\n1 9 2 3 1 1\n").unwrap_err();
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
        let input = testkit::random_input(&mut rng, 8);
        let mut parsed = huarongdao::Input::new(input.as_bytes()).expect("valid input");
        let board = parsed.board().clone();
        while let Some(q) = parsed.next_query() {
            if let Some(moves) = reference::solve(&board, &q.expect("a query")) {
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
    let input = testkit::random_input(&mut rng, 6);
    for smaller in testkit::shrink_input(&input) {
        assert!(smaller.len() <= input.len() + 8, "{smaller}");
        testkit::check_input(&smaller).expect("a valid, agreeing input");
    }
}
