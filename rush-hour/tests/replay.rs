//! Every `--path` the binary prints replays legally to the goal, with exactly as many moves
//! as the answer says, and the answers agree with the reference.

use grid_common::Dir;
use puzzle_frame::rng::Rng;

use rush_hour::parse::parse_all;
use rush_hour::reference;
use rush_hour::replay::replay;
use rush_hour::testkit::random_input;

/// The binary under test.
const BINARY: &str = env!("CARGO_BIN_EXE_rush-hour");

/// Runs the binary with `args` on `input`; its standard output.
fn run(args: &[&str], input: &str) -> String {
    let output = puzzle_frame::transcript::run(BINARY.as_ref(), args, input.as_bytes())
        .expect("run the binary");
    assert!(output.status.success(), "exit status {}", output.status);
    String::from_utf8(output.stdout).expect("the output is UTF-8")
}

/// Checks the `--path` output of one input against its cases; the number of cases.
fn check_paths(input: &str) -> usize {
    let cases = parse_all(input.as_bytes()).expect("a valid input");
    let output = run(&["--path"], input);
    let mut lines = output.lines();
    for (i, case) in cases.iter().enumerate() {
        let answer = lines.next().expect("an answer line");
        let expected = reference::count(case);
        if answer == "-1" {
            assert_eq!(expected, None, "case {}: {}", i + 1, case.to_input());
            continue;
        }
        let count: usize = answer.parse().expect("a number of moves");
        assert_eq!(Some(count), expected, "case {}: {}", i + 1, case.to_input());
        let path = lines.next().expect("a path line");
        let moves: Vec<Dir> = path
            .chars()
            .map(|c| Dir::from_letter(c).expect("a letter U, D, L or R"))
            .collect();
        assert_eq!(moves.len(), count, "case {}: path {path}", i + 1);
        match replay(case, &moves) {
            Ok(replayed) => assert!(
                replayed.solved,
                "case {}: the moves {path} do not end on the goal\n{}",
                i + 1,
                case.to_input()
            ),
            Err(e) => panic!("case {}: {e}\n{}", i + 1, case.to_input()),
        }
    }
    assert_eq!(lines.next(), None, "nothing after the last case");
    cases.len()
}

#[test]
fn printed_paths_replay_to_the_goal() {
    let mut rng = Rng::new(42);
    // One input of many cases: the binary runs once, and boards of every size follow each
    // other.
    let mut input = String::new();
    for round in 0..400 {
        let text = random_input(&mut rng, [4, 8, 16, 30][round % 4]);
        input.push_str(text.trim_end_matches("0 0\n"));
    }
    input.push_str("0 0\n");
    assert!(check_paths(&input) >= 400);
}

#[test]
fn the_paths_of_every_valid_snapshot_case_replay() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).expect("the cases directory") {
        let path = entry.expect("a directory entry").path();
        if path.extension() != Some("in".as_ref()) {
            continue;
        }
        let input = std::fs::read_to_string(&path).expect("a case file");
        // Only inputs that parse whole (the error cases are pinned by their snapshots).
        if parse_all(input.as_bytes()).is_ok() {
            checked += check_paths(&input);
        }
    }
    assert!(checked >= 3, "{checked} cases");
}
