//! Every `--path` the binary prints replays legally (the replay's own rules) to the
//! solved level, with exactly as many arrows as the answer, and the answers agree with
//! the reference.

use bloxorz_game::parse::parse_all;
use bloxorz_game::reference;
use bloxorz_game::testkit::check_path;
use puzzle_frame::rng::Rng;

/// Runs the binary with `args` on `input`; its standard output.
fn run(args: &[&str], input: &str) -> String {
    let output = puzzle_frame::transcript::run(
        env!("CARGO_BIN_EXE_bloxorz-game").as_ref(),
        args,
        input.as_bytes(),
    )
    .expect("run the binary");
    assert!(output.status.success(), "exit status {}", output.status);
    String::from_utf8(output.stdout).expect("the output is UTF-8")
}

/// Checks the `--path` output of one input against its levels; the levels checked.
fn check_paths(input: &str) -> usize {
    let cases = parse_all(input.as_bytes()).expect("a valid input");
    let output = run(&["--path"], input);
    let mut lines = output.lines();
    for (i, case) in cases.iter().enumerate() {
        let answer = lines.next().expect("an answer line");
        let expected = reference::count(case);
        if answer == "-1" {
            assert_eq!(expected, None, "level {}: {}", i + 1, case.to_input());
            continue;
        }
        let count: usize = answer.parse().expect("a number of presses");
        assert_eq!(
            Some(count),
            expected,
            "level {}: {}",
            i + 1,
            case.to_input()
        );
        let path = lines.next().expect("a path line");
        if let Err(e) = check_path(case, path, count) {
            panic!("level {}: {e}", i + 1);
        }
    }
    assert_eq!(lines.next(), None, "nothing after the last level");
    cases.len()
}

#[test]
fn printed_paths_replay_to_the_exit() {
    let mut rng = Rng::new(42);
    // One input of many levels: the binary runs once, levels of every size in a row.
    let mut input = String::new();
    for round in 0..400 {
        let text = bloxorz_game::testkit::random_input(&mut rng, [4, 6, 8, 10][round % 4]);
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
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).expect("the cases directory") {
        let path = entry.expect("a directory entry").path();
        if path.extension() != Some("in".as_ref()) {
            continue;
        }
        let input = std::fs::read_to_string(&path).expect("a case file");
        // Only inputs that parse whole and fit the default budget (the error cases are
        // pinned by their snapshots).
        if parse_all(input.as_bytes()).is_ok() {
            checked += check_paths(&input);
        }
    }
    assert!(checked >= 15, "{checked} levels");
}
