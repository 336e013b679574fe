//! The sweep's space: seeds are the boards no move makes smaller, moves come in pairs.

use puzzle_frame::budget::{Ledger, MemoryBudget};
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
            let offsets = space
                .seed_offsets(&mut Ledger::new(MemoryBudget::default()), threads)
                .expect("offsets");
            assert_eq!(
                offsets, expected,
                "{n}x{n}, {walls} walls, {threads} threads"
            );
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
