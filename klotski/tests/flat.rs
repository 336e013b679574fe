//! The sweep's dedicated census (`layouts::flat`: skeletons and singles) against the general
//! census and the brute-force reference: random block sets of the sweep's shapes in small
//! boxes with the goal anywhere (mirror symmetric or not), and every block set of the
//! sweeps of small boxes.
#![allow(clippy::unwrap_used)]

use klotski::layouts::check::{
    check_hardest_pieces, check_sweep_pieces, is_mirror_symmetric, random_hardest_sweep_pieces,
    random_sweep_pieces,
};
use klotski::layouts::{flat, sweep};
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::rng::Rng;

#[test]
fn random_sweep_sets_agree_with_the_general_census_and_the_reference() {
    let mut rng = Rng::new(426);
    let (mut compared, mut symmetric, mut solvable) = (0, 0, 0);
    for i in 0..500 {
        let p = random_sweep_pieces(&mut rng, 8 + i % 9);
        assert!(flat::fits(&p));
        compared += check_sweep_pieces(&p).unwrap_or_else(|e| panic!("{e}"));
        symmetric += usize::from(is_mirror_symmetric(&p));
        let census = flat::census(&p, 0, MemoryBudget::default()).unwrap();
        solvable += usize::from(census.hardest.is_some_and(|h| h.moves > 2));
    }
    assert!(
        compared > 20_000 && symmetric > 100 && solvable > 20,
        "{compared} {symmetric} {solvable}"
    );
}

#[test]
fn the_small_sweeps_block_sets_agree_with_the_general_census_and_the_reference() {
    for (rows, cols) in [(2, 3), (3, 3), (3, 4), (4, 3), (2, 5)] {
        for set in sweep::block_sets(rows, cols) {
            let p = sweep::pieces(rows, cols, &set);
            check_sweep_pieces(&p).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn the_4x4_and_some_5x4_block_sets_agree_with_the_general_census() {
    let budget = MemoryBudget::default();
    let sets: Vec<_> = (sweep::block_sets(4, 4).into_iter().map(|s| (4, s)))
        .chain(
            sweep::block_sets(5, 4)
                .into_iter()
                .filter(|s| s.horizontal + s.vertical + s.single <= 4)
                .map(|s| (5, s)),
        )
        .collect();
    assert!(sets.len() > 100, "{}", sets.len());
    for (rows, set) in sets {
        let p = sweep::pieces(rows, 4, &set);
        assert!(flat::fits(&p) && is_mirror_symmetric(&p));
        let general = p.census(3, budget).unwrap();
        assert_eq!(flat::census(&p, 3, budget).unwrap(), general, "{set:?}");
    }
}

#[test]
fn boxes_past_the_dedicated_size_take_the_general_census() {
    let set = sweep::BlockSet {
        horizontal: 1,
        vertical: 0,
        single: 1,
    };
    let p = sweep::pieces(5, 6, &set);
    assert!(!flat::fits(&p));
    let census = sweep::census(&p, 1, MemoryBudget::default()).unwrap();
    assert_eq!(census, p.census(1, MemoryBudget::default()).unwrap());
}

#[test]
fn hardest_cases_of_the_sweeps_shapes_in_any_class_order_agree_with_the_general_census() {
    let mut rng = Rng::new(2026);
    let (mut compared, mut reordered, mut symmetric) = (0, 0, 0);
    for i in 0..400 {
        let p = random_hardest_sweep_pieces(&mut rng, 8 + i % 9);
        compared += check_hardest_pieces(&p).unwrap_or_else(|e| panic!("{e}"));
        reordered += usize::from(p.shapes[1..] != sweep::shapes()[1..]);
        symmetric += usize::from(is_mirror_symmetric(&p));
    }
    assert!(
        compared > 20_000 && reordered > 150 && symmetric > 80,
        "{compared} {reordered} {symmetric}"
    );
}

#[test]
fn hardest_cases_of_other_shapes_or_larger_boxes_take_the_general_census() {
    let budget = MemoryBudget::default();
    let set = sweep::BlockSet {
        horizontal: 1,
        vertical: 1,
        single: 1,
    };
    assert!(flat::hardest_census(&sweep::pieces(5, 6, &set), 1, budget).is_none());
    let mut p = sweep::pieces(3, 4, &set);
    assert!(flat::hardest_census(&p, 1, budget).is_some());
    // A second 2x2 block, or a 2x2 block that is not the target.
    let mut q = p.clone();
    q.shapes[1] = q.shapes[0].clone();
    assert!(flat::hardest_census(&q, 1, budget).is_none());
    p.shapes.swap(0, 2);
    assert!(flat::hardest_census(&p, 1, budget).is_none());
}
