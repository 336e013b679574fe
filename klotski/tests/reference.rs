//! The solver against the brute-force references: random boards, every small board of a
//! few shapes, and the traditional collection.
#![allow(clippy::unwrap_used)]

use grid_common::Pos;
use klotski::solve::{Options, Solver};
use klotski::testkit::{self, check_case, CLASSIC};
use klotski::Klotski;
use klotski::{reference, Case};
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::Testkit;

#[test]
fn random_inputs_agree_with_the_references() {
    let mut rng = Rng::new(2024);
    let mut cases = 0;
    for i in 0..400 {
        let input = Klotski::random_input(&mut rng, 1 + i % 4);
        cases += Klotski::check_input(&input).unwrap_or_else(|e| panic!("{e}\n{input}"));
    }
    assert!(cases >= 400);
}

#[test]
fn random_boards_with_many_shapes_agree_with_the_reference() {
    let mut rng = Rng::new(7);
    let mut solver = Solver::new(&Options::default());
    let mut solved = 0;
    for _ in 0..150 {
        let case = testkit::random_case(&mut rng, 4, 5, 6, 5);
        let plain = testkit::small_enough_for_plain(&case);
        check_case(&mut solver, &case, plain).unwrap();
        solved += usize::from(reference::count(&case).is_some_and(|n| n > 0));
    }
    assert!(solved > 20, "only {solved} cases needed a move");
}

/// Every labelling of a `rows` x `cols` box with `.` and up to `blocks` blocks `A`, `B`, `C`
/// (each present block's cells taken as they fall, whatever their shape), every target
/// and every goal.
fn every_case(rows: usize, cols: usize, blocks: usize) -> Vec<Case> {
    let n = rows * cols;
    let labels = &[None, Some("A"), Some("B"), Some("C")][..=blocks];
    let base = labels.len();
    let mut cases = Vec::new();
    for code in 0..base.pow(n as u32) {
        let cells: Vec<Option<&str>> = (0..n)
            .map(|k| labels[code / base.pow(k as u32) % base])
            .collect();
        // One labelling per renaming: blocks named in order of first appearance.
        let mut order = Vec::new();
        for name in cells.iter().flatten() {
            if !order.contains(name) {
                order.push(*name);
            }
        }
        if order
            .iter()
            .enumerate()
            .any(|(i, name)| *name != ["A", "B", "C"][i])
        {
            continue;
        }
        for target in &order {
            for r in 0..rows {
                for c in 0..cols {
                    if let Ok(case) = Case::new(rows, cols, &cells, target, Pos::new(r, c)) {
                        cases.push(case);
                    }
                }
            }
        }
    }
    cases
}

#[test]
fn every_small_box_agrees_with_the_reference() {
    let mut solver = Solver::new(&Options::default());
    let mut checked = 0;
    for (rows, cols, blocks) in [(1, 4, 3), (2, 2, 3), (2, 3, 3), (3, 2, 3), (3, 3, 2)] {
        for case in every_case(rows, cols, blocks) {
            check_case(&mut solver, &case, true).unwrap();
            checked += 1;
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn the_classic_collection_agrees_with_the_reference() {
    let mut solver = Solver::new(&Options::default());
    for (name, rows) in CLASSIC {
        let case = testkit::classic_case(rows);
        let expected = reference::count(&case);
        assert_eq!(solver.count(&case).unwrap(), expected, "{name}");
        let moves = solver.moves(&case).unwrap().unwrap();
        puzzle_frame::testkit::check_moves::<klotski::Klotski>(&case, &moves, expected).unwrap();
    }
}

#[test]
fn the_classic_boards_reach_is_checked_by_the_reference() {
    let case = testkit::classic_case(&CLASSIC[0].1);
    let reach = Solver::new(&Options::default()).reach(&case).unwrap();
    assert_eq!((reach.positions, reach.farthest), reference::reach(&case));
}

#[test]
fn the_case_files_of_the_collection_are_the_collections_layouts() {
    // The snapshot cases classic-NAME.in hold the same boards that the tests above check.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    for (name, rows) in CLASSIC {
        let text = std::fs::read_to_string(dir.join(format!("classic-{name}.in"))).unwrap();
        let cases = klotski::parse::parse_all(text.as_bytes()).unwrap();
        assert_eq!(cases, vec![testkit::classic_case(rows)], "{name}");
    }
}
