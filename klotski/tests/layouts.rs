//! The census (`--hardest`, `--sweep`) against the brute-force reference: every target
//! shape in small boxes, random block sets, and the hardest layouts solved; and the unrank
//! that keeps the part of its walk it shares with the last layout (the census expands each
//! level in rank order) against a fresh unrank, in rank order and at random; and the sweep
//! on threads against the sweep on one.
#![allow(clippy::unwrap_used)]

use grid_common::Pos;
use klotski::layouts::check::{
    catalogue, check_pieces, check_unrank, layout_count, pieces, random_pieces,
};
use klotski::layouts::{sweep, Census, Pieces};
use klotski::solve::Limit;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::rng::Rng;

/// A box and the blocks beside the target: (rows, cols, [(shape, count)]).
type BoxSet = (usize, usize, &'static [(usize, usize)]);

#[test]
fn every_target_shape_in_small_boxes_agrees_with_the_reference() {
    let shapes = catalogue();
    let mut compared = 0;
    // Boxes with a few blocks: (rows, cols, other blocks as (shape, count)).
    let sets: &[BoxSet] = &[
        (2, 3, &[(0, 2)]),
        (2, 3, &[(1, 1), (0, 1)]),
        (3, 3, &[(0, 3), (2, 1)]),
        (3, 3, &[(1, 2), (0, 1)]),
        (3, 4, &[(2, 2), (0, 2)]),
        (3, 4, &[(1, 1), (2, 1), (0, 3)]),
    ];
    for &(rows, cols, others) in sets {
        for target in 0..shapes.len() {
            let t = &shapes[target];
            let h = t.iter().map(|p| p.row + 1).max().unwrap();
            let w = t.iter().map(|p| p.col + 1).max().unwrap();
            if h > rows || w > cols {
                continue;
            }
            for r in 0..=rows - h {
                for c in 0..=cols - w {
                    let p = pieces(rows, cols, &shapes, target, others, Pos::new(r, c));
                    compared += check_pieces(&p).unwrap();
                }
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
}

#[test]
fn random_block_sets_agree_with_the_reference() {
    let mut rng = Rng::new(19);
    let (mut compared, mut solvable) = (0, 0);
    for i in 0..400 {
        let p = random_pieces(&mut rng, 6 + i % 7);
        compared += check_pieces(&p).unwrap_or_else(|e| panic!("{e}"));
        solvable += usize::from(
            p.census(0, Default::default())
                .unwrap()
                .hardest
                .is_some_and(|h| h.moves > 0),
        );
    }
    assert!(compared > 2_000 && solvable > 100, "{compared} {solvable}");
}

#[test]
fn the_table_cases_are_the_testkits_table() {
    // The snapshot cases hardest-NAME.in hold the layouts the bench runs.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    for (name, rows) in klotski::testkit::TABLE {
        let text = std::fs::read_to_string(dir.join(format!("hardest-{name}.in"))).unwrap();
        let cases = klotski::parse::parse_all(text.as_bytes()).unwrap();
        assert_eq!(cases, vec![klotski::testkit::classic_case(rows)], "{name}");
    }
}

#[test]
fn unranks_in_any_order_agree_with_fresh_ones() {
    let mut rng = Rng::new(2026);
    let mut checked = 0;
    for i in 0..300 {
        let p = random_pieces(&mut rng, 6 + i % 7);
        let n = layout_count(&p).unwrap();
        // In order with gaps (as a sorted level), then at random, then each rank twice.
        let sorted: Vec<u64> = (0..n).filter(|_| rng.below(3) > 0).collect();
        let random: Vec<u64> = (0..n.min(200))
            .map(|_| rng.below(n as usize) as u64)
            .collect();
        let twice: Vec<u64> = (0..n.min(50)).flat_map(|r| [r, r]).collect();
        for order in [sorted, random, twice] {
            checked += check_unrank(&p, &order).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    assert!(checked > 5_000, "{checked}");
}

#[test]
fn the_sweeps_small_sets_unrank_in_any_order() {
    let mut rng = Rng::new(54);
    for set in sweep::block_sets(4, 4) {
        let p = sweep::pieces(4, 4, &set);
        let n = layout_count(&p).unwrap();
        let order: Vec<u64> = (0..n.min(3000))
            .map(|_| rng.below(n as usize) as u64)
            .collect();
        check_unrank(&p, &order).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The sweep's lines for `sets` in a `rows` x `cols` box, run on `threads` threads within
/// `budget`: each set's line and its first hardest layout, or the error it stopped at.
fn sweep_lines(
    (rows, cols): (usize, usize),
    sets: &[sweep::BlockSet],
    budget: MemoryBudget,
    threads: usize,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut each = |i: usize, pieces: &Pieces, census: Result<Census, Limit>| {
        let census = census.map_err(|e| format!("{i} {e}"))?;
        let first = census.hardest.as_ref().and_then(|h| h.layouts.first());
        let case = first.map(|b| pieces.case_of(b).unwrap().to_string());
        let line = sweep::set_line(&sets[i], &census);
        lines.push(format!("{i} {line} {case:?}"));
        Ok(())
    };
    let stopped = sweep::each_census((rows, cols), sets, budget, threads, &mut each);
    lines.extend(stopped.err());
    lines
}

#[test]
fn the_sweep_on_threads_gives_what_one_thread_gives() {
    let sets = sweep::block_sets(4, 4);
    let one = sweep_lines((4, 4), &sets, MemoryBudget::default(), 1);
    assert_eq!(one.len(), sets.len());
    for threads in [2, 3, 8] {
        assert_eq!(
            sweep_lines((4, 4), &sets, MemoryBudget::default(), threads),
            one
        );
    }
    // Budgets near the most a set needs: a set over its thread's share runs again alone
    // with the whole budget, and the sweep stops at the same set with the same error.
    let sets = sweep::block_sets(3, 4);
    let fits = |set: &sweep::BlockSet, bytes: u64| {
        let pieces = sweep::pieces(3, 4, set);
        sweep::census(&pieces, 1, MemoryBudget::new(bytes)).is_ok()
    };
    let least = |set: &sweep::BlockSet| {
        let (mut low, mut high) = (0u64, 1 << 30);
        while low + 1 < high {
            let mid = (low + high) / 2;
            if fits(set, mid) {
                high = mid;
            } else {
                low = mid;
            }
        }
        high
    };
    let most = sets.iter().map(least).max().unwrap();
    for bytes in [most + most / 2, most, most - 1, most / 2] {
        let budget = MemoryBudget::new(bytes);
        let one = sweep_lines((3, 4), &sets, budget, 1);
        let stopped = one.last().unwrap().contains("memory budget");
        assert_eq!(stopped, bytes < most, "{bytes} {most}");
        for threads in [2, 3] {
            assert_eq!(sweep_lines((3, 4), &sets, budget, threads), one, "{bytes}");
        }
    }
}
