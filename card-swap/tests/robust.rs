//! Mangled inputs never panic the parser or the solver, and every error points inside
//! the input with a caret line.
#![allow(clippy::unwrap_used)]

use card_swap::parse::{Boards, Shape};
use card_swap::solve::Solver;
use card_swap::testkit;
use grid_common::rng::Rng;

#[test]
fn mangled_inputs_are_answers_or_errors() {
    let mut rng = Rng::new(11);
    let pieces: [&[u8]; 10] = [
        b"A",
        b"B",
        b"*",
        b" ",
        b"\n",
        b"\r\n",
        b"\t",
        b"x",
        "＊".as_bytes(),
        &[0xff],
    ];
    let shapes = [
        Shape::JUDGE,
        Shape::new(3, 2).unwrap(),
        Shape::new(1, 4).unwrap(),
    ];
    let mut solver = Solver::new();
    let (mut answered, mut failed) = (0, 0);
    for _ in 0..3000 {
        let mut input = testkit::random_input(&mut rng, 4).into_bytes();
        let edits = rng.range(0, 3);
        rng.damage(&mut input, &pieces, edits);
        let shape = *rng.choose(&shapes);
        for board in Boards::new(&input, shape) {
            match board {
                Ok(board) => {
                    assert_eq!((board.rows(), board.cols()), (shape.rows(), shape.cols()));
                    solver.distance(&board);
                    answered += 1;
                }
                Err(e) => {
                    let text = e.to_string();
                    assert!(e.line >= 1 && e.column >= 1 && e.case.is_some(), "{text}");
                    assert!(e.line <= input.split(|&b| b == b'\n').count(), "{text}");
                    assert_eq!(text.lines().count(), 3, "{text}");
                    assert!(text.ends_with('^'), "{text}");
                    failed += 1;
                }
            }
        }
    }
    assert!(
        answered > 1000 && failed > 1000,
        "{answered} answered, {failed} failed"
    );
}
