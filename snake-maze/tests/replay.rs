//! Every path the library prints replays legally to (1,1) with exactly the answer's moves,
//! and replay itself rejects bad moves.

use grid_common::Dir;
use puzzle_frame::puzzle::Solve;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::check_moves;
use puzzle_frame::testkit::Testkit;
use snake_maze::parse::parse_all;
use snake_maze::reference;
use snake_maze::replay::replay;
use snake_maze::solve::{Options, Search, Solver, Store};
use snake_maze::SnakeMaze;

#[test]
fn every_path_replays_to_the_goal() {
    let mut paths = 0;
    for seed in 1000..1300 {
        let mut rng = Rng::new(seed);
        let input = SnakeMaze::random_input(&mut rng, 8);
        for case in parse_all(input.as_bytes()).expect("generated input parses") {
            for store in [Store::Auto, Store::Hashed, Store::Packed] {
                for search in [Search::Guided, Search::Breadth] {
                    let options = Options {
                        store,
                        search,
                        max_states: 300_000,
                        ..Options::default()
                    };
                    let mut solver = Solver::new(&options);
                    let Ok(moves) = solver.moves(&case) else {
                        continue;
                    };
                    let steps = solver.count(&case).expect("same budget");
                    assert_eq!(steps, moves.as_ref().map(Vec::len));
                    if let (Some(steps), Some(moves)) = (steps, moves) {
                        check_moves::<SnakeMaze>(&case, &moves, Some(steps))
                            .unwrap_or_else(|e| panic!("{e}\n{}", case));
                        paths += 1;
                    }
                }
            }
        }
    }
    assert!(paths > 1000, "{paths}");
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
    let end = replay(case, &[Dir::Up, Dir::Left]).expect("legal");
    assert!(end.solved);
    let tail = parse_all(b"2 1 2\n2 1\n1 1\n0\n").expect("parses");
    let err = replay(&tail[0], &[Dir::Up]).unwrap_err();
    assert_eq!(err.reason, "the head would enter the body");
    assert!(check_moves::<SnakeMaze>(case, &[Dir::Right], Some(1)).is_err());
    assert!(check_moves::<SnakeMaze>(case, &[], Some(1)).is_err());
    assert!(check_moves::<SnakeMaze>(case, &[Dir::Up, Dir::Left], Some(2)).is_ok());
}

/// Replay and the reference's `step` state the rules apart; they agree on every move of
/// random walks, legal or not.
#[test]
fn replay_and_the_references_step_agree_move_by_move() {
    let mut legal = 0;
    let mut illegal = 0;
    for seed in 0..400 {
        let mut rng = Rng::new(7000 + seed);
        let input = SnakeMaze::random_input(&mut rng, 6);
        for case in parse_all(input.as_bytes()).expect("generated input parses") {
            let mut moves: Vec<Dir> = Vec::new();
            let mut body = case.body().to_vec();
            for _ in 0..30 {
                let dir = *rng.choose(&Dir::ALL);
                moves.push(dir);
                let stepped = reference::step(&case, &body, dir);
                let replayed = replay(&case, &moves);
                match (stepped, replayed) {
                    (Some(next), Ok(end)) => {
                        assert_eq!(next, end.body, "{}{moves:?}", case);
                        body = next;
                        legal += 1;
                    }
                    (None, Err(_)) => {
                        moves.pop();
                        illegal += 1;
                    }
                    (s, r) => panic!("step {s:?}, replay {r:?}\n{}{moves:?}", case),
                }
            }
        }
    }
    assert!(legal > 3000 && illegal > 3000, "{legal} {illegal}");
}
