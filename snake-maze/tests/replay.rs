//! Every path the library prints replays legally to (1,1) with exactly the answer's moves,
//! and replay itself rejects bad moves.

use grid_common::rng::Rng;
use grid_common::Dir;
use snake_maze::parse::parse_all;
use snake_maze::replay::{check_path, replay};
use snake_maze::solve::{solve, Options, Store};
use snake_maze::testkit::random_input;

#[test]
fn every_path_replays_to_the_goal() {
    let mut paths = 0;
    for seed in 1000..1300 {
        let mut rng = Rng::new(seed);
        let input = random_input(&mut rng, 8);
        for case in parse_all(input.as_bytes()).expect("generated input parses") {
            for store in [Store::Auto, Store::Hashed] {
                let options = Options {
                    path: true,
                    store,
                    max_states: 300_000,
                };
                let Ok(solution) = solve(&case, &options) else {
                    continue;
                };
                let plain = solve(
                    &case,
                    &Options {
                        path: false,
                        ..options
                    },
                )
                .expect("same budget");
                assert_eq!(plain.steps, solution.steps);
                assert_eq!(plain.path, None);
                match (solution.steps, solution.path) {
                    (Some(steps), Some(moves)) => {
                        check_path(&case, &moves, steps)
                            .unwrap_or_else(|e| panic!("{e}\n{}", case.to_input()));
                        paths += 1;
                    }
                    (None, None) => {}
                    other => panic!("steps and path disagree: {other:?}"),
                }
            }
        }
    }
    assert!(paths > 200, "{paths}");
}

#[test]
fn replay_rejects_illegal_moves() {
    let cases = parse_all(b"2 3 3\n2 2\n2 1\n1 1\n1\n1 3\n").expect("parses");
    let case = &cases[0];
    let err = replay(case, &[Dir::Down]).unwrap_err();
    assert_eq!(err.to_string(), "move 1 (D): the head would leave the lair");
    let err = replay(case, &[Dir::Left]).unwrap_err();
    assert_eq!(err.reason, "the head would enter the body");
    let err = replay(case, &[Dir::Up, Dir::Right]).unwrap_err();
    assert_eq!((err.step, err.reason), (2, "the head would enter a stone"));
    // A cell the tail leaves may be entered on the next move, not on this one.
    assert_eq!(replay(case, &[Dir::Up, Dir::Left]).map(|b| b.len()), Ok(3));
    let tail = parse_all(b"2 1 2\n2 1\n1 1\n0\n").expect("parses");
    let err = replay(&tail[0], &[Dir::Up]).unwrap_err();
    assert_eq!(err.reason, "the head would enter the body");
    assert!(check_path(case, &[Dir::Right], 1).is_err());
    assert!(check_path(case, &[], 1).is_err());
}
