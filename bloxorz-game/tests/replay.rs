//! Every `--path` the binary prints replays legally (the replay's own rules) to the
//! solved level, with exactly as many arrows as the answer, and the answers agree with
//! the reference.

use bloxorz_game::BloxorzGame;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::{check_printed_paths, valid_snapshot_inputs, Testkit};

/// Checks the `--path` output of one input; the levels checked.
fn check_paths(input: &str) -> usize {
    let binary = env!("CARGO_BIN_EXE_bloxorz-game").as_ref();
    check_printed_paths::<BloxorzGame>(binary, input).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn printed_paths_replay_to_the_exit() {
    let mut rng = Rng::new(42);
    // One input of many levels: the binary runs once, levels of every size in a row.
    let mut input = String::new();
    for round in 0..400 {
        let text = BloxorzGame::random_input(&mut rng, [4, 6, 8, 10][round % 4]);
        // Without its end marker (a line of its own: an action may end in "0 0" too).
        match text.strip_suffix("\n0 0\n") {
            Some(levels) => input.push_str(&format!("{levels}\n")),
            None => input.push_str(&text),
        }
    }
    input.push_str("0 0\n");
    assert!(check_paths(&input) >= 400);
}

#[test]
fn the_paths_of_every_valid_snapshot_case_replay() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let checked: usize = valid_snapshot_inputs::<BloxorzGame>(&dir, usize::MAX)
        .iter()
        .map(|input| check_paths(input))
        .sum();
    assert!(checked >= 15, "{checked} levels");
}
