//! Every path the binary prints with `--path` replays legally to the goal, with the
//! printed answer's length.
#![allow(clippy::unwrap_used)]

use card_swap::parse::cases;
use card_swap::testkit::{self, all_boards, board_text, random_board};
use card_swap::CardSwap;
use card_swap::{reference, replay, Case};
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::Testkit;

/// Runs the binary with `args` on `input`; its standard output.
fn run<S: AsRef<str>>(args: &[S], input: &str) -> String {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    let output = puzzle_frame::transcript::run(
        env!("CARGO_BIN_EXE_card-swap").as_ref(),
        &args,
        input.as_bytes(),
    )
    .expect("run the binary");
    assert!(output.status.success(), "exit status {}", output.status);
    String::from_utf8(output.stdout).expect("the output is UTF-8")
}

/// Checks the binary's `--path` output against the boards; returns the answers.
fn check_paths(boards: &[Case], output: &str) -> Vec<i64> {
    let mut lines = output.lines();
    let mut answers = Vec::new();
    for case in boards {
        let answer: i64 = lines.next().unwrap().parse().unwrap();
        answers.push(answer);
        if answer < 0 {
            continue;
        }
        let moves = CardSwap::moves_of(lines.next().unwrap()).unwrap();
        assert_eq!(moves.len() as i64, answer, "{case}");
        assert!(replay::replay(case, &moves).unwrap().solved, "{case}");
    }
    assert_eq!(lines.next(), None);
    answers
}

#[test]
fn every_2x3_path_replays() {
    let boards = all_boards(2, 3);
    let mut rng = Rng::new(3);
    let input: String = boards
        .iter()
        .map(|b| board_text(b, rng.chance(0.5), rng.chance(0.5)))
        .collect();
    let answers = check_paths(&boards, &run(&["--path"], &input));
    let plain: Vec<i64> = run::<&str>(&[], &input)
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(answers, plain);
}

#[test]
fn larger_paths_replay() {
    let mut rng = Rng::new(4);
    let boards: Vec<Case> = (0..40).map(|_| random_board(&mut rng, 4, 5)).collect();
    let input: String = boards.iter().map(|b| board_text(b, true, false)).collect();
    check_paths(
        &boards,
        &run(&["--path", "--rows", "4", "--cols", "5"], &input),
    );
    let line: Vec<Case> = (0..5).map(|_| random_board(&mut rng, 1, 5)).collect();
    let input: String = line.iter().map(|b| board_text(b, false, false)).collect();
    let answers = check_paths(&line, &run(&["--path", "--rows=1", "--cols=5"], &input));
    assert_eq!(answers, vec![-1; 5]);
}

/// The stress generator's inputs, of every shape, through the binary with the arguments
/// `testkit::args_for` gives: its answers are the reference's and its paths replay.
#[test]
fn random_inputs_through_the_binary() {
    let mut rng = Rng::new(9);
    let mut shaped = 0;
    for size in 1..=40 {
        let input = CardSwap::random_input(&mut rng, size % 8 + 1);
        let args = CardSwap::args_for(&input);
        shaped += usize::from(!args.is_empty());
        let cases: Vec<Case> = cases(input.as_bytes(), testkit::shape_of(&input))
            .collect::<Result<_, _>>()
            .unwrap();
        let mut with_path = args.clone();
        with_path.push("--path".to_string());
        let answers = check_paths(&cases, &run(&with_path, &input));
        let expected: Vec<i64> = cases
            .iter()
            .map(|case| reference::count(case).map_or(-1, |n| n as i64))
            .collect();
        assert_eq!(answers, expected, "{input}");
    }
    assert!(shaped >= 10, "{shaped} inputs of other shapes");
}
