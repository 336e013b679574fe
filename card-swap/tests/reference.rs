//! The solver against the brute-force reference, and every path replayed.
#![allow(clippy::unwrap_used)]

use card_swap::parse::{cases, Shape};
use card_swap::solve::{Options, Solver};
use card_swap::testkit::{all_boards, board_text, check_case, random_board, shape_of};
use card_swap::CardSwap;
use card_swap::{reference, replay, Case};
use puzzle_frame::puzzle::Solve;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::BenchInput;
use puzzle_frame::testkit::Testkit;

fn solver() -> Solver {
    Solver::new(&Options::default())
}

/// All 120 judge boards: the reference agrees, paths replay, answers lie in 6..=18
/// (the range established for the judge's boards).
#[test]
fn every_2x3_board() {
    let boards = all_boards(2, 3);
    assert_eq!(boards.len(), 120);
    let mut solver = solver();
    let mut answers = Vec::new();
    for case in &boards {
        check_case(&mut solver, case).unwrap();
        answers.push(
            solver
                .count(case)
                .unwrap()
                .expect("every 2x3 board is solvable"),
        );
    }
    assert_eq!(answers.iter().min(), Some(&6));
    assert_eq!(answers.iter().max(), Some(&18));
}

/// Every board of a few small shapes, exhaustively, with one solver for all shapes.
#[test]
fn every_board_of_small_shapes() {
    let mut solver = solver();
    let mut unsolvable = 0;
    for (rows, cols) in [(1, 3), (1, 4), (3, 2), (2, 2), (2, 4), (3, 3), (4, 2)] {
        for case in all_boards(rows, cols) {
            check_case(&mut solver, &case).unwrap();
            unsolvable += usize::from(solver.count(&case).unwrap().is_none());
        }
    }
    // On a line (1 x 3, 1 x 4) A and B never pass each other. A 2 x 2 board is a ring that
    // keeps the cyclic order of its three cards: only A and B on a diagonal can swap (by
    // turning the ring halfway), the 16 boards with A and B side by side cannot.
    assert_eq!(unsolvable, 6 + 24 + 16);
}

/// Random boards of many shapes up to 6 x 6 (the reference is slow beyond), interleaved.
#[test]
fn random_larger_boards() {
    let mut rng = Rng::new(2016);
    let mut solver = solver();
    for _ in 0..300 {
        let rows = rng.range(1, 4);
        let cols = rng.range(2, 4);
        if rows * cols < 3 {
            continue;
        }
        let case = random_board(&mut rng, rows, cols);
        check_case(&mut solver, &case).unwrap();
    }
    // Larger and narrow shapes (the bidirectional search meets deep in the middle).
    for (rows, cols, count) in [(3, 5, 10), (4, 5, 10), (2, 9, 10), (1, 12, 3), (6, 6, 3)] {
        for _ in 0..count {
            let case = random_board(&mut rng, rows, cols);
            check_case(&mut solver, &case).unwrap();
        }
    }
}

/// Random inputs of several boards each, through the testkit's check: judge inputs and
/// inputs of other shapes, as `cargo xtask stress` makes them.
#[test]
fn random_inputs_check() {
    let mut rng = Rng::new(7);
    let mut shapes = Vec::new();
    for size in (1..=8).cycle().take(80) {
        let input = CardSwap::random_input(&mut rng, size);
        let checked = CardSwap::check_input(&input).unwrap();
        assert!((1..=size).contains(&checked), "{input}");
        for smaller in CardSwap::shrink_input(&input) {
            assert!(CardSwap::check_input(&smaller).unwrap() <= checked);
        }
        shapes.push(shape_of(&input));
    }
    let judge = shapes.iter().filter(|&&s| s == Shape::JUDGE).count();
    assert!((25..=55).contains(&judge), "{judge} judge inputs");
    shapes.sort_by_key(|s| (s.rows(), s.cols()));
    shapes.dedup();
    assert!(shapes.len() >= 15, "{} shapes", shapes.len());
    assert!(shapes.iter().any(|s| s.rows() == 1) && shapes.iter().any(|s| s.rows() >= 4));
}

/// The shape read off an input is the shape it was written in, whichever boards lose
/// their trailing blank (but the first), with `\r\n` and blank lines.
#[test]
fn shapes_read_off_the_text() {
    let mut rng = Rng::new(5);
    for rows in 1..=6 {
        for cols in 2..=7 {
            let Ok(shape) = Shape::new(rows, cols) else {
                continue;
            };
            for count in 1..=4 {
                let mut input = String::new();
                let mut written = Vec::new();
                for i in 0..count {
                    let case = random_board(&mut rng, rows, cols);
                    input.push_str(&board_text(&case, i > 0, rng.chance(0.5)));
                    input.push_str(if rng.chance(0.3) { "\n \r\n" } else { "" });
                    written.push(case);
                }
                assert_eq!(shape_of(&input), shape, "{input:?}");
                let expected = if shape == Shape::JUDGE {
                    Vec::new()
                } else {
                    vec![
                        "--rows".to_string(),
                        rows.to_string(),
                        "--cols".to_string(),
                        cols.to_string(),
                    ]
                };
                assert_eq!(CardSwap::args_for(&input), expected);
                let read: Result<Vec<Case>, _> = cases(input.as_bytes(), shape).collect();
                assert_eq!(read, Ok(written));
            }
        }
    }
    // Text that gives no valid shape falls back on the judge's.
    for text in ["", "\n", "***\n", "A\n", "A B\n***\nA B\n"] {
        assert_eq!(shape_of(text), Shape::JUDGE, "{text:?}");
    }
}

/// The checks can fail: a wrong path, a wrong count or bad input is caught.
#[test]
fn checks_catch_mistakes() {
    let case = Case::from_lines(&["* A", "**B"]).unwrap();
    let mut moves = solver().moves(&case).unwrap().unwrap();
    moves.pop();
    assert!(!replay::replay(&case, &moves).unwrap().solved);
    assert_eq!(reference::count(&case), Some(17));
    assert!(CardSwap::check_input("* A\n**B\nAB \n*\n").is_err());
    // A solver that cannot even hold a 2 x 3 board's tables is caught, not skipped.
    let mut starved = Solver::new(&Options {
        budget: puzzle_frame::budget::MemoryBudget::new(64),
        ..Options::default()
    });
    assert!(check_case(&mut starved, &case)
        .unwrap_err()
        .contains("gave up"));
}

/// The bench inputs parse: the plain ones in the judge's format, the others in their shapes.
#[test]
fn bench_inputs_parse() {
    for BenchInput { name, args, input } in CardSwap::bench_inputs() {
        assert_eq!(args, CardSwap::args_for(&input), "{name}");
        let boards: Vec<Case> = cases(input.as_bytes(), shape_of(&input))
            .collect::<Result<_, _>>()
            .unwrap();
        let least = if args.is_empty() { 120 } else { 1 };
        assert!(boards.len() >= least, "{name}");
    }
}
