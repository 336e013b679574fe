//! The census of left-right symmetric block sets (one layout of each mirror pair expanded)
//! against the brute-force reference.
#![allow(clippy::unwrap_used)]

use klotski::layouts::check::{check_pieces, is_mirror_symmetric, random_symmetric_pieces};
use klotski::layouts::sweep;
use puzzle_frame::rng::Rng;

#[test]
fn random_symmetric_block_sets_agree_with_the_reference() {
    let mut rng = Rng::new(26);
    let (mut compared, mut groups, mut paired) = (0, 0, 0);
    for i in 0..400 {
        let p = random_symmetric_pieces(&mut rng, 6 + i % 7);
        assert!(is_mirror_symmetric(&p), "{p:?}");
        compared += check_pieces(&p).unwrap_or_else(|e| panic!("{e}"));
        let census = p.census(0, Default::default()).unwrap();
        groups += census.groups;
        paired += u64::from(census.hardest.is_some_and(|h| h.count > 1));
    }
    assert!(
        compared > 2_000 && groups > 400 && paired > 50,
        "{compared} {groups} {paired}"
    );
}

#[test]
fn the_sweeps_block_sets_agree_with_the_reference() {
    // 3 x 4 and 4 x 4 boxes: the goal at column 1 is the middle (every set symmetric); in
    // 4 x 4, the sets of at most four blocks besides the target.
    for (rows, cols, most) in [(3, 4, 8), (4, 4, 4)] {
        let mut checked = 0;
        for set in sweep::block_sets(rows, cols) {
            let p = sweep::pieces(rows, cols, &set);
            if set.horizontal + set.vertical + set.single > most {
                continue;
            }
            assert!(is_mirror_symmetric(&p));
            check_pieces(&p).unwrap_or_else(|e| panic!("{e}"));
            checked += 1;
        }
        assert!(checked > 10, "{checked}");
    }
}

#[test]
fn off_middle_goals_and_lopsided_shapes_are_not_mirrored() {
    let mut rng = Rng::new(7);
    let mut seen = 0;
    for _ in 0..200 {
        let p = klotski::layouts::check::random_pieces(&mut rng, 9);
        let expected = p.shapes.iter().all(|cells| {
            let w = cells.iter().map(|q| q.col + 1).max().unwrap();
            cells
                .iter()
                .all(|q| cells.contains(&grid_common::Pos::new(q.row, w - 1 - q.col)))
        }) && {
            let w = p.shapes[0].iter().map(|q| q.col + 1).max().unwrap();
            p.cols - w - p.goal.col == p.goal.col
        };
        assert_eq!(is_mirror_symmetric(&p), expected, "{p:?}");
        seen += usize::from(expected);
    }
    assert!(seen > 5, "{seen}");
}
