//! `--count`'s searches by levels over marks ([`klotski::solve`]: over the layouts' ranks,
//! and over the rank with the 1x1 blocks apart, a large layout at a time or a layout at a
//! time), forced on small boxes, each with its levels made the default way (from above,
//! from below once a level is more than half of what is left) and always from below,
//! against the brute-force reference: the positions reachable, the farthest, the fewest
//! moves, and the moves replayed.
#![allow(clippy::unwrap_used)]

use klotski::solve::{Limit, Options, Solver, TooManyStates};
use klotski::{reference, replay, testkit, Case};
use puzzle_frame::rng::Rng;

/// True when `case` has a 1x1 block besides the target (the rank with 1x1 blocks apart).
fn has_singles(case: &Case) -> bool {
    (0..case.blocks.len()).any(|i| i != case.target && case.blocks[i].cells.len() == 1)
}

/// Boxes reaching more positions than this are checked against the hashed search (itself
/// checked against the reference in `tests/reference.rs`): the brute-force reference takes
/// seconds on each of them, and the few such boxes are most of this test's time otherwise.
const REFERENCE_UP_TO: usize = 20_000;

/// The fewest moves, the positions reachable and the farthest, from the reference (or the
/// hashed search on boxes reaching more than [`REFERENCE_UP_TO`] positions).
fn expected(case: &Case) -> (Option<usize>, usize, usize) {
    let (moves, reach) = Solver::default().moves_and_reach(case).unwrap();
    if reach.positions > REFERENCE_UP_TO {
        return (moves.map(|m| m.len()), reach.positions, reach.farthest);
    }
    let (positions, farthest) = reference::reach(case);
    (reference::count(case), positions, farthest)
}

/// The searches to the end over marks (levels made the default way; always from below;
/// and with 1x1 blocks a large layout at a time) agree with the reference on `case`.
fn agrees(case: &Case) {
    let (fewest, positions, farthest) = expected(case);
    let ranked = Solver::new(&Options::default()).ranked_from(0);
    let ways = [
        ("default", ranked.clone()),
        ("below", ranked.clone().from_below()),
        ("large layouts", ranked.by_large_layouts()),
    ];
    for (way, mut solver) in ways {
        let (moves, reach) = solver.moves_and_reach(case).unwrap();
        assert_eq!(
            (reach.positions, reach.farthest),
            (positions, farthest),
            "reach ({way}) on\n{case}"
        );
        if way != "below" {
            // Only levels made from above hold neighbours back (the run that stops at
            // the goal gives the same reach).
            assert_eq!(solver.reach(case).unwrap(), reach, "reach alone on\n{case}");
        }
        assert_eq!(
            moves.as_ref().map(Vec::len),
            fewest,
            "moves ({way}) on\n{case}"
        );
        if let Some(moves) = moves {
            let played = replay::replay(case, &moves).unwrap();
            assert!(played.solved, "{moves:?} do not solve\n{case}");
        }
    }
}

/// Random boxes per test (the brute-force reference takes most of the time).
const CASES: usize = 300;

#[test]
fn random_boxes_agree_with_the_reference_with_and_without_1x1_blocks() {
    let mut rng = Rng::new(26);
    let (mut singles, mut none) = (0, 0);
    for i in 0..CASES {
        let size = [1, 2, 3, 4][i % 4];
        let case = testkit::random_case(&mut rng, 4, 4, 7, size);
        agrees(&case);
        if has_singles(&case) {
            singles += 1;
        } else {
            none += 1;
        }
    }
    assert!(
        singles >= CASES / 4 && none >= CASES / 4,
        "{singles} with, {none} without"
    );
}

#[test]
fn boxes_of_many_1x1_blocks_agree_with_the_reference() {
    let mut rng = Rng::new(5);
    let mut solved = 0;
    for _ in 0..CASES / 3 {
        let size = 1 + rng.below(2);
        let case = testkit::random_case(&mut rng, 4, 4, 9, size);
        agrees(&case);
        solved += usize::from(reference::count(&case).is_some_and(|n| n > 0));
    }
    assert!(solved > 10, "only {solved} cases needed a move");
}

/// `--max-states` bounds the searches to the end over marks as the others: past it, the
/// case is given up (and not below it).
#[test]
fn the_searches_over_marks_keep_to_max_states() {
    let inputs = [
        // 1x1 blocks apart, and the whole box's ranks.
        "3 4\nA A B .\nC D E .\nF F . G\nA\n1 2\n",
        "4 4\nA A B B\nA A C C\nD D E E\n. . F F\nA\n2 2\n",
    ];
    for input in inputs {
        let case = klotski::parse::parse_all(input.as_bytes())
            .unwrap()
            .remove(0);
        let (positions, _) = reference::reach(&case);
        for (limit, gives_up) in [(positions - 1, true), (positions, false)] {
            let options = Options {
                max_states: limit,
                ..Options::default()
            };
            let solver = Solver::new(&options).ranked_from(0);
            for mut solver in [solver.clone(), solver.by_large_layouts()] {
                match solver.moves_and_reach(&case) {
                    Err(Limit::Other(TooManyStates(n))) => {
                        assert!(gives_up && n == limit, "{input}")
                    }
                    Ok((_, reach)) => {
                        assert!(!gives_up && reach.positions == positions, "{input}")
                    }
                    Err(other) => panic!("{other:?} on\n{input}"),
                }
            }
        }
    }
}

/// `--count` stores no positions on large boxes: its bound is `--max-memory` unless
/// `--max-states` is given, and a given `--max-states` still gives up a count, the same
/// way each run (the searches check it after whole levels).
#[test]
fn count_takes_max_states_only_when_given() {
    use klotski::Klotski;
    use puzzle_frame::puzzle::Puzzle;
    let options = |args: &[&str]| {
        let args = puzzle_frame::cli::parse_args(args, &Klotski::PROGRAM.accepted()).unwrap();
        Klotski::options(&args).unwrap().solver.max_states
    };
    assert_eq!(options(&["--count"]), usize::MAX);
    assert_eq!(options(&["--count", "--max-states", "7"]), 7);
    assert_eq!(options(&[]), klotski::solve::DEFAULT_MAX_STATES);
    let run = || {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_klotski"))
            .args(["--count", "--max-states", "1000", "--keep-going"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let input = testkit::COUNT_OVER_MARKS.as_bytes();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), input).unwrap();
        child.wait_with_output().unwrap()
    };
    let first = run();
    assert_eq!(first.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert_eq!(stdout, "? over --max-states 1000\n");
    let second = run();
    assert_eq!((second.stdout, second.stderr), (first.stdout, first.stderr));
}
