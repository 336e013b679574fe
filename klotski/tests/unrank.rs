//! The unrank that keeps the part of its walk it shares with the last layout (the census
//! expands each level in rank order) against a fresh unrank, in rank order and at random.
#![allow(clippy::unwrap_used)]

use klotski::layouts::check::{check_unrank, layout_count, random_pieces};
use klotski::layouts::sweep;
use puzzle_frame::rng::Rng;

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
