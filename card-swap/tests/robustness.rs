//! Mangled inputs never panic the parser or the solver, every error points inside the
//! input with a caret line, and a memory budget too small for a board stops the run.
#![allow(clippy::unwrap_used)]

use card_swap::parse::{cases, Shape};
use card_swap::solve::{Limit, Options, Solver};
use card_swap::testkit::{self, board_text, random_board};
use card_swap::CardSwap;
use card_swap::Case;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::puzzle::Solve;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::Testkit;

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
    let mut solver = Solver::new(&Options::default());
    let (mut answered, mut failed) = (0, 0);
    for _ in 0..3000 {
        let input = CardSwap::random_input(&mut rng, 4);
        let shapes = [
            testkit::shape_of(&input),
            Shape::JUDGE,
            Shape::new(3, 2).unwrap(),
            Shape::new(1, 4).unwrap(),
        ];
        let mut input = input.into_bytes();
        let edits = rng.range(0, 3);
        rng.damage(&mut input, &pieces, edits);
        let shape = *rng.choose(&shapes);
        for case in cases(&input, shape) {
            match case {
                Ok(case) => {
                    assert_eq!((case.rows(), case.cols()), (shape.rows(), shape.cols()));
                    assert!(solver.count(&case).is_ok());
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

/// The largest board's tables (~48 MB) over a 1 MiB budget: the solver says so before
/// allocating them, and still answers a small board afterwards.
#[test]
fn a_low_budget_stops_a_large_board() {
    let mut rng = Rng::new(12);
    let large = random_board(&mut rng, 12, 12);
    let small = Case::from_lines(&["* A", "**B"]).unwrap();
    let mut solver = Solver::new(&Options {
        budget: MemoryBudget::new(1 << 20),
        ..Options::default()
    });
    for result in [
        solver.count(&large).map(|_| ()),
        solver.moves(&large).map(|_| ()),
    ] {
        let Err(Limit::Memory(over)) = result else {
            panic!("a 12 x 12 board in 1 MiB: {result:?}");
        };
        assert_eq!(over.budget, 1 << 20);
        assert!(over.needed > 40 << 20, "{over}");
        assert!(over.what.contains("12 x 12"), "{over}");
    }
    assert_eq!(solver.count(&small), Ok(Some(17)));
    assert_eq!(
        solver.moves(&small).map(|m| m.map(|m| m.len())),
        Ok(Some(17))
    );
}

/// The binary in that configuration: exit 1, one line naming the case and the budget.
#[test]
fn the_binary_stops_at_the_budget() {
    let mut rng = Rng::new(13);
    let input: String = (0..2)
        .map(|_| board_text(&random_board(&mut rng, 12, 12), false, false))
        .collect();
    let args = ["--rows", "12", "--cols", "12", "--max-memory", "1M"];
    let output = puzzle_frame::transcript::run(
        env!("CARGO_BIN_EXE_card-swap").as_ref(),
        &args,
        input.as_bytes(),
    )
    .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: case 1: the search tables of a 12 x 12 board")
            && stderr.contains("over the memory budget of 1.0 MiB"),
        "{stderr}"
    );
    // Under the default budget the same input is answered.
    let output = puzzle_frame::transcript::run(
        env!("CARGO_BIN_EXE_card-swap").as_ref(),
        &args[..4],
        input.as_bytes(),
    )
    .unwrap();
    assert_eq!(output.status.code(), Some(0));
}
