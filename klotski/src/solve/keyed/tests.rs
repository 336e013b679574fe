//! The keyed table's tests: its moves, its memory, and its distances against the rank
//! table.

use super::*;
use crate::layouts::Pieces;
use crate::solve::bound::{self, distances};
use puzzle_frame::rng::Rng;

/// On random boxes of at most nine blocks, along random walks: the keys changed in place
/// are those of the moves packed ([`Layout::moves`], in the same order).
#[test]
fn neighbours_are_the_moves_packed() {
    let mut rng = Rng::new(19);
    let mut compared = 0;
    while compared < 20_000 {
        let case = crate::testkit::random_case(&mut rng, 5, 6, 9, 4);
        let layout = Layout::new(&case);
        if layout.slots() > MOST_SLOTS {
            continue;
        }
        let mut anchors = layout.start.clone();
        for _ in 0..20 {
            let key = pack::<1>(&anchors)[0];
            let mut by_key = Vec::new();
            neighbours(&layout, key, &anchors, |k| by_key.push(k));
            let mut packed = Vec::new();
            let mut moved = Vec::new();
            layout.moves(&anchors, |_, _, m| {
                packed.push(pack::<1>(m)[0]);
                moved.push(m.to_vec());
            });
            assert_eq!(by_key, packed, "{anchors:?} of\n{case}");
            compared += packed.len();
            if moved.is_empty() {
                break;
            }
            anchors = moved.swap_remove(rng.below(moved.len()));
        }
    }
}

/// Random lists with many repeats, some long: [`distinct`] keeps each key once, in
/// the order of its first place, the same set as sorting and deduplicating.
#[test]
fn distinct_keeps_each_key_once_in_order() {
    let mut rng = Rng::new(34);
    let mut table = Vec::new();
    for round in 0..2_000 {
        let len = rng.range(1, if round % 10 == 0 { 5_000 } else { 60 });
        let spread = rng.range(1, 2 * len) as u64;
        let top = (rng.below(1 << 12) as u64) << 42;
        let mut keys: Vec<u64> = (0..len)
            .map(|_| top | rng.below(spread as usize) as u64)
            .collect();
        let mut first = Vec::new();
        for &k in &keys {
            if !first.contains(&k) {
                first.push(k);
            }
        }
        distinct(&mut keys, &mut table);
        assert_eq!(keys, first, "round {round}");
    }
}

/// On random small boxes: a table is built within the bytes [`most_bytes`] gives (every
/// charge on the way, the final sort's copy included, stays within it) and refused
/// below them, levels split or not.
#[test]
fn the_table_is_built_within_the_bytes_checked_first() {
    let mut rng = Rng::new(33);
    let mut built = 0;
    while built < 60 {
        let case = crate::testkit::random_case(&mut rng, 4, 4, 9, 3);
        let real = Layout::new(&case);
        let set = if real.shapes.len() > 2 {
            vec![2]
        } else {
            vec![]
        };
        let budget = MemoryBudget::default();
        let (Some(relaxed), Some(ranker)) = (
            bound::without(&case, &real, &set),
            bound::automaton(&case, &real, &set, (budget, u64::MAX)),
        ) else {
            continue;
        };
        let bits = 6 * Layout::new(&relaxed).slots() as u32;
        let most = most_bytes(ranker.total(), index_bits(ranker.total(), bits));
        let split = built % 2 == 1;
        let within = Keyed::new(&relaxed, &ranker, (MemoryBudget::new(most), split));
        assert!(within.is_some(), "refused within {most} bytes:\n{relaxed}");
        let below = Keyed::new(&relaxed, &ranker, (MemoryBudget::new(most - 1), split));
        assert!(below.is_none(), "built in {} bytes:\n{relaxed}", most - 1);
        built += 1;
    }
}

/// On random small boxes, each relaxation of one or two classes: every relaxed layout
/// has the same distance by key as in the table over ranks (levels split or not), and
/// the entries are exactly the layouts that reach the goal.
#[test]
fn keys_give_the_distances_of_the_rank_table() {
    let mut rng = Rng::new(26);
    let budget = MemoryBudget::default();
    let (mut tables, mut layouts) = (0, 0);
    while tables < 400 {
        let case = crate::testkit::random_case(&mut rng, 4, 4, 9, 3);
        let real = Layout::new(&case);
        let classes = real.shapes.len();
        let set = match rng.below(3) {
            0 => vec![],
            1 => vec![rng.range(1, classes.max(2))],
            _ => vec![1, 2],
        };
        if set.iter().any(|&k| k == 0 || k >= classes) {
            continue;
        }
        let Some(relaxed) = bound::without(&case, &real, &set) else {
            continue;
        };
        let Some(ranker) = bound::automaton(&case, &real, &set, (budget, u64::MAX)) else {
            continue;
        };
        let pieces = Pieces::of_case(&relaxed);
        let (frame, shapes) = pieces.tables();
        let split = tables % 2 == 1;
        let goal = pieces.goal_anchor();
        let Some(by_rank) = distances(&ranker, &frame, &shapes, goal, split) else {
            continue;
        };
        let keyed = Keyed::new(&relaxed, &ranker, (budget, split)).expect("few blocks");
        let layout = Layout::new(&relaxed);
        let mut expander = Expander::new(&ranker, &frame, &shapes);
        let mut anchors = vec![0u8; layout.slots()];
        let mut reach = 0;
        for rank in 0..ranker.total() {
            expander.load(rank);
            slot_anchors(&layout, &expander.blocks, &mut anchors);
            let d = by_rank[rank as usize];
            assert_eq!(keyed.of(&anchors), d, "rank {rank} of\n{relaxed}");
            reach += usize::from(d != UNREACHABLE);
        }
        assert_eq!(keyed.entries.len(), reach, "\n{relaxed}");
        tables += 1;
        layouts += ranker.total();
    }
    assert!(layouts > 100_000, "only {layouts} layouts compared");
}
