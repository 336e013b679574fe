//! The solver against the brute-force reference, and every path replayed.
#![allow(clippy::unwrap_used)]

use card_swap::parse::{parse_all, Shape};
use card_swap::solve::Solver;
use card_swap::testkit::{self, all_boards, check_board, random_board};
use card_swap::{reference, replay, Board};
use grid_common::rng::Rng;

/// All 120 judge boards: the reference agrees, paths replay, answers lie in 6..=18
/// (the range established for the judge's boards).
#[test]
fn every_2x3_board() {
    let boards = all_boards(2, 3);
    assert_eq!(boards.len(), 120);
    let mut solver = Solver::new();
    let mut answers = Vec::new();
    for board in &boards {
        check_board(&mut solver, board).unwrap();
        answers.push(solver.distance(board).expect("every 2x3 board is solvable"));
    }
    assert_eq!(answers.iter().min(), Some(&6));
    assert_eq!(answers.iter().max(), Some(&18));
}

/// Every board of a few small shapes, exhaustively, with one solver for all shapes.
#[test]
fn every_board_of_small_shapes() {
    let mut solver = Solver::new();
    let mut unsolvable = 0;
    for (rows, cols) in [(1, 3), (1, 4), (3, 2), (2, 2), (2, 4), (3, 3), (4, 2)] {
        for board in all_boards(rows, cols) {
            check_board(&mut solver, &board).unwrap();
            unsolvable += usize::from(solver.distance(&board).is_none());
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
    let mut solver = Solver::new();
    for _ in 0..300 {
        let rows = rng.range(1, 4);
        let cols = rng.range(2, 4);
        if rows * cols < 3 {
            continue;
        }
        let board = random_board(&mut rng, rows, cols);
        check_board(&mut solver, &board).unwrap();
    }
    // Larger and narrow shapes (the bidirectional search meets deep in the middle).
    for (rows, cols, count) in [(3, 5, 10), (4, 5, 10), (2, 9, 10), (1, 12, 3), (6, 6, 3)] {
        for _ in 0..count {
            let board = random_board(&mut rng, rows, cols);
            check_board(&mut solver, &board).unwrap();
        }
    }
}

/// Random judge-format inputs of several boards each, through the testkit's check.
#[test]
fn random_inputs_check() {
    let mut rng = Rng::new(7);
    for _ in 0..100 {
        let input = testkit::random_input(&mut rng, 8);
        let checked = testkit::check_input(&input).unwrap();
        assert!((1..=8).contains(&checked));
        for smaller in testkit::shrink_input(&input) {
            assert!(testkit::check_input(&smaller).unwrap() <= checked);
        }
    }
}

/// The checks can fail: a wrong path or a board the solver did not see is caught.
#[test]
fn checks_catch_mistakes() {
    let board = Board::from_lines(&["* A", "**B"]).unwrap();
    let mut moves = Solver::new().solve(&board).unwrap();
    moves.pop();
    let end = replay::replay(&board, &moves).unwrap();
    assert!(!replay::is_swapped(&board, &end));
    assert_eq!(reference::distance(&board), Some(17));
    assert!(testkit::check_input("* A\n**B\nAB \n*\n").is_err());
}

/// The bench inputs parse: the plain ones in the judge's format, the others in their shapes.
#[test]
fn bench_inputs_parse() {
    for (name, input) in testkit::bench_inputs() {
        let boards = parse_all(input.as_bytes(), Shape::JUDGE).unwrap();
        assert!(boards.len() >= 120, "{name}");
    }
    for (name, args, input) in testkit::bench_inputs_shaped() {
        let arg = |flag: &str| -> usize {
            let i = args.iter().position(|a| a == flag).unwrap();
            args[i + 1].parse().unwrap()
        };
        let shape = Shape::new(arg("--rows"), arg("--cols")).unwrap();
        let boards = parse_all(input.as_bytes(), shape).unwrap();
        assert!(!boards.is_empty(), "{name}");
    }
}
