//! Every sequence the binary prints replays legally and solves its case with the optimal
//! cost the reference finds: POJ's answers (pushes and moves) and XSB's `--path` lines
//! (pushes).

use puzzle_frame::rng::Rng;

use sokoban::case::Format;
use sokoban::parse::{detect, parse_all};
use sokoban::reference;
use sokoban::replay::{read_moves, replay};
use sokoban::solve::Cost;
use sokoban::testkit::{judge_check, random_level, random_maze};
use sokoban::Case;

/// The binary under test.
const BINARY: &str = env!("CARGO_BIN_EXE_sokoban");

/// Runs the binary with `args` on `input`; its standard output.
fn run(args: &[&str], input: &str) -> String {
    let output = puzzle_frame::transcript::run(BINARY.as_ref(), args, input.as_bytes())
        .expect("run the binary");
    assert!(output.status.success(), "exit status {}", output.status);
    String::from_utf8(output.stdout).expect("the output is UTF-8")
}

/// The cost of `line` on `case`, which it must solve.
fn played(case: &Case, line: &str) -> Cost {
    let moves = read_moves(case.format, line).expect("move letters");
    let played = replay(case, &moves).unwrap_or_else(|e| panic!("{e}\n{}", case.to_input()));
    assert!(played.solved, "{line} does not solve\n{}", case.to_input());
    played.cost
}

/// Checks the `--path` output of XSB levels; the number of levels.
fn check_levels(input: &str) -> usize {
    let cases = parse_all(input.as_bytes(), Format::Xsb).expect("valid levels");
    let output = run(&["--xsb", "--path"], input);
    let mut lines = output.lines();
    for case in &cases {
        let answer = lines.next().expect("an answer line");
        let best = reference::count(case);
        if answer == "-1" {
            assert_eq!(best, None, "{}", case.to_input());
            continue;
        }
        let pushes: usize = answer.parse().expect("a number of pushes");
        assert_eq!(Some(pushes), best, "{}", case.to_input());
        assert_eq!(played(case, lines.next().expect("a path")).pushes, pushes);
    }
    assert_eq!(lines.next(), None, "nothing after the last level");
    cases.len()
}

#[test]
fn poj_answers_are_optimal_sequences() {
    let mut rng = Rng::new(42);
    let mut input = String::new();
    for round in 0..300 {
        input.push_str(&random_maze(&mut rng, [3, 6, 12, 20][round % 4], 20));
    }
    input.push_str("0 0\n");
    let cases = parse_all(input.as_bytes(), Format::Poj).expect("valid mazes");
    let output = run(&[], &input);
    let mut lines = output.lines();
    for (k, case) in (1..).zip(&cases) {
        assert_eq!(lines.next(), Some(format!("Maze #{k}").as_str()));
        let answer = lines.next().expect("an answer");
        let found = (answer != "Impossible.").then(|| played(case, answer));
        assert_eq!(
            found,
            reference::optimum(case),
            "maze {k}\n{}",
            case.to_input()
        );
        assert_eq!(lines.next(), Some(""), "a blank line after maze {k}");
    }
    assert_eq!(lines.next(), None);
    let expected: String = cases
        .iter()
        .map(|c| {
            reference::optimum(c).map_or("Impossible\n".into(), |c| {
                format!("{} {}\n", c.pushes, c.moves)
            })
        })
        .collect();
    assert_eq!(judge_check(&input, &expected, &output), Ok(()));
}

#[test]
fn xsb_paths_are_push_optimal() {
    let mut rng = Rng::new(7);
    let mut input = String::new();
    for k in 0..150 {
        input.push_str(&format!(
            "; {k}\n{}\n\n",
            random_level(&mut rng, [3, 4, 5][k % 3], 3)
        ));
    }
    assert_eq!(detect(input.as_bytes()), Format::Xsb);
    assert!(check_levels(&input) >= 150);
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
        if detect(input.as_bytes()) == Format::Xsb
            && parse_all(input.as_bytes(), Format::Xsb).is_ok()
        {
            let args = std::fs::read_to_string(path.with_extension("args")).unwrap_or_default();
            if !args.contains("--max") {
                checked += check_levels(&input);
            }
        }
    }
    assert!(checked >= 5, "{checked} levels");
}
