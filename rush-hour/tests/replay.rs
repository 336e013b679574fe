//! Every `--path` the binary prints replays legally to a solved board, with exactly as many
//! moves (or one-cell steps) as the answer says, and the answers agree with the reference.

use puzzle_frame::rng::Rng;

use rush_hour::case::Move;
use rush_hour::parse::parse_all;
use rush_hour::reference;
use rush_hour::testkit::{check_moves, random_input};

/// The binary under test.
const BINARY: &str = env!("CARGO_BIN_EXE_rush-hour");

/// Runs the binary with `args` on `input`; its standard output.
fn run(args: &[&str], input: &str) -> String {
    let output = puzzle_frame::transcript::run(BINARY.as_ref(), args, input.as_bytes())
        .expect("run the binary");
    assert!(output.status.success(), "exit status {}", output.status);
    String::from_utf8(output.stdout).expect("the output is UTF-8")
}

/// Checks the `--path` output (with `--steps` when `steps`) of one input against its
/// cases; the number of cases.
fn check_paths(input: &str, steps: bool) -> usize {
    let cases = parse_all(input.as_bytes()).expect("a valid input");
    let args: &[&str] = if steps {
        &["--path", "--steps"]
    } else {
        &["--path"]
    };
    let output = run(args, input);
    let mut lines = output.lines();
    for (i, case) in cases.iter().enumerate() {
        let answer = lines.next().expect("an answer line");
        let expected = match steps {
            true => reference::steps(case),
            false => reference::count(case),
        };
        if answer == "-1" {
            assert_eq!(expected, None, "case {}: {}", i + 1, case.to_input());
            continue;
        }
        let count: usize = answer.parse().expect("a number of moves");
        assert_eq!(Some(count), expected, "case {}: {}", i + 1, case.to_input());
        let path = lines.next().expect("a path line");
        let moves: Vec<Move> = path
            .split_whitespace()
            .map(|m| Move::parse(m).expect("a move like A+2"))
            .collect();
        if let Err(e) = check_moves(case, &moves, count, steps) {
            panic!("case {}: {e}", i + 1);
        }
    }
    assert_eq!(lines.next(), None, "nothing after the last case");
    cases.len()
}

#[test]
fn printed_paths_replay_to_the_goal() {
    let mut rng = Rng::new(42);
    // One input of many boards: the binary runs once, and boards of every size follow each
    // other.
    let input: String = (0..300)
        .map(|round| random_input(&mut rng, [4, 5, 6, 5][round % 4]))
        .collect();
    assert!(check_paths(&input, false) >= 300);
    assert!(check_paths(&input, true) >= 300);
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
            checked += check_paths(&input, false);
        }
    }
    assert!(checked >= 3, "{checked} cases");
}
