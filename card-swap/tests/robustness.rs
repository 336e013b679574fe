//! Mangled inputs never panic the parser or the solver, every error points inside the
//! input with a caret line, and a memory budget too small for a board stops the run.
#![allow(clippy::unwrap_used)]

use card_swap::solve::{Options, Solver};
use card_swap::testkit::{board_text, random_board};
use card_swap::CardSwap;
use card_swap::Case;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::puzzle::Solve;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::{mangled_inputs, over_budget, stops_at_budget};

/// Boards of every shape, read in the shape the binary would read them in
/// (`Testkit::args_for`).
#[test]
fn mangled_inputs_are_answers_or_errors() {
    let words: [&[u8]; 2] = [b"\r\n", "＊".as_bytes()];
    mangled_inputs::<CardSwap>(11, 3000, 4, b"AB* \n\tx\xff", &words).at_least(1000, 1000);
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
    for over in over_budget(&mut solver, &large, 1 << 20) {
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
    let binary = env!("CARGO_BIN_EXE_card-swap");
    let stderr = stops_at_budget(binary, &args, &input, "", 1, "1.0 MiB");
    assert!(
        stderr.starts_with("error: case 1: the search tables of a 12 x 12 board"),
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
