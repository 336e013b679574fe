//! The sweep's space: seeds are the boards no move makes smaller, moves come in pairs.

use puzzle_frame::budget::{Ledger, MemoryBudget};
use rush_hour::sweep::offsets::SeedOffsets;
use rush_hour::sweep::run::signature_seeds;
use rush_hour::sweep::signatures::Signatures;
use rush_hour::sweep::space::{Space, State};

/// Every board of the space: each row tuple with each fitting choice of columns.
fn all_boards(space: &Space) -> Vec<State> {
    let n = space.n;
    let mut out = Vec::new();
    for rank in 0..space.row_tuples() {
        let rows = space.row_tuple(rank);
        if space.walls(rows) > space.max_walls {
            continue;
        }
        let mut boards = vec![rows];
        for x in 0..n {
            let mut next = Vec::new();
            for &b in &boards {
                let taken = space.blocked(&space.cells(b), n + x);
                for (e, &cells) in space.column.cells.iter().enumerate() {
                    if cells & taken == 0 {
                        next.push(space.with_field(b, n + x, e));
                    }
                }
            }
            boards = next;
        }
        out.extend(boards);
    }
    out
}

#[test]
fn seeds_are_the_boards_no_move_makes_smaller() {
    for (n, walls) in [(3, 2), (4, 0), (4, 2)] {
        let space = Space::new(n, walls).expect("space");
        let boards = all_boards(&space);
        assert_eq!(boards.len() as u64, space.all_boards());
        let mut per_tuple = vec![0u64; space.row_tuples() as usize];
        for &b in &boards {
            let mut smaller = false;
            space.for_each_neighbour(b, |t| smaller |= space.key(t) < space.key(b));
            assert_eq!(
                space.is_seed(&space.cells(b)),
                !smaller,
                "{}",
                space.board_string(b)
            );
            per_tuple[space.row_tuple_rank(b) as usize] += u64::from(!smaller);
        }
        // Each row tuple's first seed, then the total, however many threads count them.
        let mut expected = vec![0u64];
        for count in per_tuple {
            expected.push(expected[expected.len() - 1] + count);
        }
        for threads in [1, 3, 7] {
            let offsets =
                SeedOffsets::new(&space, &mut Ledger::new(MemoryBudget::default()), threads)
                    .expect("offsets");
            let starts: Vec<u64> = (0..expected.len()).map(|t| offsets.start(t)).collect();
            assert_eq!(
                starts, expected,
                "{n}x{n}, {walls} walls, {threads} threads"
            );
            assert_eq!(offsets.total(), expected[expected.len() - 1]);
        }
    }
}

#[test]
fn moves_are_symmetric_and_stay_in_the_space() {
    let space = Space::new(4, 1).expect("space");
    for &b in &all_boards(&space) {
        space.for_each_neighbour(b, |t| {
            let mut back = false;
            space.for_each_neighbour(t, |u| back |= u == b);
            assert!(
                back,
                "{} -> {}",
                space.board_string(b),
                space.board_string(t)
            );
            assert_eq!(space.walls(t), space.walls(b));
        });
    }
}

#[test]
fn signature_seeds_add_up_to_every_seed_however_many_threads_count_them() {
    let space = Space::new(5, 1).expect("space");
    let sigs = Signatures::new(&space);
    let offsets =
        SeedOffsets::new(&space, &mut Ledger::new(MemoryBudget::default()), 2).expect("offsets");
    let one = signature_seeds(&space, &sigs, &offsets, 1);
    // Each signature's seeds, from the tuples' offsets one by one.
    let mut tuples = Vec::new();
    for (sig, &weight) in one.iter().enumerate() {
        sigs.row_tuples(&space, sig as u64, &mut tuples);
        let seeds: u64 = tuples.iter().map(|&rows| space.seeds_of_rows(rows)).sum();
        assert_eq!(weight, seeds, "signature {sig}");
    }
    assert_eq!(one.iter().sum::<u64>(), offsets.total());
    for threads in [2, 3, 7] {
        assert_eq!(signature_seeds(&space, &sigs, &offsets, threads), one);
    }
}
