//! Every `--path` the binary prints replays legally to the target, with exactly as many
//! rolls as the answer says, and the answers agree with the reference.

use bloxorz::Bloxorz;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::{check_printed_paths, valid_snapshot_inputs, Testkit};

/// Checks the `--path` output of one input; the number of cases.
fn check_paths(input: &str) -> usize {
    let binary = env!("CARGO_BIN_EXE_bloxorz").as_ref();
    check_printed_paths::<Bloxorz>(binary, input).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn printed_paths_replay_to_the_target() {
    let mut rng = Rng::new(42);
    // One input of many cases: the binary runs once, and boards of every size follow each other.
    let mut input = String::new();
    for round in 0..400 {
        let text = Bloxorz::random_input(&mut rng, [4, 8, 16, 30][round % 4]);
        input.push_str(text.trim_end_matches("0 0\n"));
    }
    input.push_str("0 0\n");
    assert!(check_paths(&input) >= 400);
}

#[test]
fn the_statement_sample_replays() {
    let sample = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";
    assert_eq!(check_paths(sample), 1);
}

#[test]
fn the_paths_of_every_valid_snapshot_case_replay() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let checked: usize = valid_snapshot_inputs::<Bloxorz>(&dir, 100_000)
        .iter()
        .map(|input| check_paths(input))
        .sum();
    assert!(checked >= 10, "{checked} cases");
}
