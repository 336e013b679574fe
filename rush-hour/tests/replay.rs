//! Every `--path` the binary prints replays legally to a solved board, with exactly as many
//! moves (or one-cell steps, with `--steps`) as the answer says, and the answers agree with
//! the reference.

use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::Testkit;
use rush_hour::parse::parse_all;
use rush_hour::reference;
use rush_hour::testkit::check_moves;
use rush_hour::RushHour;

/// The binary under test.
const BINARY: &str = env!("CARGO_BIN_EXE_rush-hour");

puzzle_frame::replay_tests!(RushHour, "rush-hour",
    random: 42, 300, [4, 5, 6, 5]; snapshots: 100_000, 3);

/// Random inputs of boards of every size up to 6, one after another.
fn random_boards() -> String {
    let mut rng = Rng::new(42);
    (0..300)
        .map(|round| RushHour::random_input(&mut rng, [4, 5, 6, 5][round % 4]))
        .collect()
}

#[test]
fn printed_steps_replay_one_cell_at_a_time() {
    let input = random_boards();
    let cases = parse_all(input.as_bytes()).expect("a valid input");
    let args = ["--path", "--steps"];
    let output = puzzle_frame::transcript::run(BINARY.as_ref(), &args, input.as_bytes())
        .expect("run the binary");
    assert!(output.status.success(), "exit status {}", output.status);
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let mut lines = stdout.lines();
    for (i, case) in cases.iter().enumerate() {
        let answer = lines.next().expect("an answer line");
        let expected = reference::steps(case);
        if answer == "-1" {
            assert_eq!(expected, None, "case {}: {case}", i + 1);
            continue;
        }
        let count: usize = answer.parse().expect("a number of steps");
        assert_eq!(Some(count), expected, "case {}: {case}", i + 1);
        let path = lines.next().expect("a path line");
        let moves = RushHour::moves_of(path).expect("moves like A+1");
        if let Err(e) = check_moves(case, &moves, count, true) {
            panic!("case {}: {e}", i + 1);
        }
    }
    assert_eq!(lines.next(), None, "nothing after the last case");
}
