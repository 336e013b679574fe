//! The search with a lower bound (a relaxed puzzle's distances, `src/solve/bounded.rs`)
//! against the brute-force reference on many random small boxes: the fewest moves, the
//! moves replayed, and the boxes the goal cannot be reached in.
#![allow(clippy::unwrap_used)]

use klotski::solve::{Options, Solver};
use klotski::{reference, testkit, Klotski};
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::check_moves;

/// `cases` random boxes of up to `rows` x `cols`, `blocks` blocks of up to `size` cells,
/// each solved with the bound (forced on small boxes) and checked; returns how many needed
/// two moves or more, and how many had no solution.
fn check_random(seed: u64, cases: usize, (rows, cols, blocks, size): Shape) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new(&Options::default())
        .ranked_from(0)
        .bounded_always();
    let (mut long, mut none) = (0, 0);
    for _ in 0..cases {
        let case = testkit::random_case(&mut rng, rows, cols, blocks, size);
        let expected = reference::count(&case);
        assert_eq!(solver.count(&case).unwrap(), expected, "count on\n{case}");
        let moves = solver.moves(&case).unwrap();
        assert_eq!(moves.as_ref().map(Vec::len), expected, "moves on\n{case}");
        if let Some(moves) = &moves {
            check_moves::<Klotski>(&case, moves, expected)
                .unwrap_or_else(|e| panic!("{e}\n{case}"));
        }
        long += usize::from(expected.is_some_and(|n| n >= 2));
        none += usize::from(expected.is_none());
    }
    (long, none)
}

/// Rows, columns, blocks and cells per block of the random boxes.
type Shape = (usize, usize, usize, usize);

#[test]
fn random_boxes_with_few_shapes_agree_with_the_reference() {
    let (long, none) = check_random(26, 600, (4, 4, 8, 2));
    assert!(long > 60, "only {long} cases needed two moves or more");
    assert!(none > 60, "only {none} cases had no solution");
}

#[test]
fn random_boxes_with_many_shapes_agree_with_the_reference() {
    let (long, none) = check_random(2026, 300, (4, 4, 9, 3));
    assert!(long > 10, "only {long} cases needed two moves or more");
    assert!(none > 40, "only {none} cases had no solution");
}
