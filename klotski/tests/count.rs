//! `--count`'s searches by levels over marks ([`klotski::solve`]: over the layouts' ranks,
//! and over the rank with the 1x1 blocks apart), forced on small boxes, each with its
//! levels made the default way (from above, from below once a level is more than half of
//! what is left) and always from below, against the brute-force reference: the positions
//! reachable, the farthest, the fewest moves, and the moves replayed.
#![allow(clippy::unwrap_used)]

use klotski::solve::{Options, Solver};
use klotski::{reference, replay, testkit, Case};
use puzzle_frame::rng::Rng;

/// True when `case` has a 1x1 block besides the target (the rank with 1x1 blocks apart).
fn has_singles(case: &Case) -> bool {
    (0..case.blocks.len()).any(|i| i != case.target && case.blocks[i].cells.len() == 1)
}

/// The searches to the end over marks (levels made the default way, and always from
/// below) agree with the reference on `case`.
fn agrees(case: &Case) {
    let (positions, farthest) = reference::reach(case);
    let fewest = reference::count(case);
    let ranked = Solver::new(&Options::default()).ranked_from(0);
    for (way, mut solver) in [("default", ranked.clone()), ("below", ranked.from_below())] {
        let (moves, reach) = solver.moves_and_reach(case).unwrap();
        assert_eq!(
            (reach.positions, reach.farthest),
            (positions, farthest),
            "reach ({way}) on\n{case}"
        );
        assert_eq!(solver.reach(case).unwrap(), reach, "reach alone on\n{case}");
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
const CASES: usize = 150;

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
