//! The group bound against a 0-1 breadth-first reference, and the search with a split forced.

use std::collections::{HashSet, VecDeque};

use puzzle_frame::budget::{Ledger, MemoryBudget};

use super::super::board::{test_random, test_random_board, Board};
use super::super::{solve_with_split, Limits};
use super::{Groups, Memo};

/// The fewest pushes that put every box of `boxes` on a goal with the player on
/// `player`, by a 0-1 breadth-first search over the literal state (sorted boxes,
/// player cell; a walk costs 0, a push 1): `Some(None)` when there is none, `None`
/// past `most` states.
fn fewest_pushes(board: &Board, boxes: &[u16], player: u16, most: usize) -> Option<Option<u32>> {
    let mut start = boxes.to_vec();
    start.sort_unstable();
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([(start, player, 0)]);
    while let Some((boxes, player, pushes)) = queue.pop_front() {
        if !seen.insert((boxes.clone(), player)) {
            continue;
        }
        if seen.len() > most {
            return None;
        }
        if boxes.iter().all(|&b| board.is_goal[usize::from(b)]) {
            return Some(Some(pushes));
        }
        for dir in 0..4 {
            let Some(next) = board.step(player, dir) else {
                continue;
            };
            match boxes.iter().position(|&b| b == next) {
                None => queue.push_front((boxes.clone(), next, pushes)),
                Some(index) => match board.step(next, dir) {
                    Some(ahead) if !boxes.contains(&ahead) => {
                        let mut moved = boxes.clone();
                        moved[index] = ahead;
                        moved.sort_unstable();
                        queue.push_back((moved, next, pushes + 1));
                    }
                    _ => {}
                },
            }
        }
    }
    Some(None)
}

/// Up to `count` distinct random box cells (sorted) and a player cell off them, `None`
/// when the player falls on a box or the boxes outnumber the goals.
fn random_position(
    below: &mut impl FnMut(usize) -> usize,
    board: &Board,
    count: usize,
) -> Option<(Vec<u16>, u16)> {
    let mut cells: Vec<u16> = (0..=count).map(|_| below(board.floor()) as u16).collect();
    let player = cells.pop()?;
    cells.sort_unstable();
    cells.dedup();
    (!cells.contains(&player) && cells.len() <= board.goals.len()).then_some((cells, player))
}

/// The split of a level by columns: 1 for a cell (its index in the level) in the right
/// half of `cols` columns, 0 in the left.
fn right_half(cols: usize) -> impl Fn(usize) -> u8 {
    move |cell| u8::from(cell % cols * 2 >= cols)
}

/// Each floor cell's group when the level is split by [`right_half`].
fn column_halves(board: &Board, cols: usize) -> Vec<u8> {
    let half = right_half(cols);
    board.cells.iter().map(|&cell| half(cell)).collect()
}

#[test]
fn a_group_bound_never_exceeds_the_fewest_pushes_and_one_group_mostly_meets_them() {
    let mut below = test_random(0x2545_F491_4F6C_DD1D);
    let (mut checked, mut met, mut dead, mut solvable) = (0, 0, 0, 0);
    while checked < 3000 {
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 26));
        let Some((problem, board)) = test_random_board(&mut below, 5, 15, (3, 3)) else {
            continue;
        };
        let floor = board.floor();
        if floor < 8 {
            continue;
        }
        // One group of every box, and two groups split by columns; several states a
        // board, so that known costs are used again.
        let halves = column_halves(&board, problem.cols);
        let splits = vec![vec![0; floor]];
        let mut whole = Groups::with_splits(&board, 4, splits, &mut ledger).unwrap();
        let mut split = Groups::with_splits(&board, 4, vec![halves], &mut ledger).unwrap();
        for _ in 0..20 {
            let count = 2 + below(3);
            let Some((cells, player)) = random_position(&mut below, &board, count) else {
                continue;
            };
            let Some(answer) = fewest_pushes(&board, &cells, player, 50_000) else {
                continue;
            };
            checked += 1;
            let one = whole.bound(&board, &cells, player, 0, &mut ledger).unwrap();
            let two = split.bound(&board, &cells, player, 0, &mut ledger).unwrap();
            match answer {
                Some(pushes) => {
                    assert!(
                        one.is_some_and(|b| b <= pushes),
                        "{cells:?} {player}: {one:?} > {pushes}"
                    );
                    assert!(
                        two.is_some_and(|b| b <= pushes),
                        "{cells:?} {player}: {two:?} > {pushes}"
                    );
                    met += usize::from(one == Some(pushes));
                    solvable += 1;
                }
                None => dead += usize::from(one.is_none()),
            }
        }
    }
    println!("{met} met of {solvable} solvable, {dead} proved dead of {checked}");
    assert!(met * 10 > solvable * 9, "only {met} of {solvable} met");
    assert!(
        dead * 2 > checked - solvable,
        "only {dead} of {checked} proved dead"
    );
}

#[test]
fn the_search_with_a_group_bound_from_the_start_finds_the_fewest_pushes() {
    let mut below = test_random(0x9E37_79B9_7F4A_7C15);
    let limits = Limits {
        max_states: 1_000_000,
        budget: puzzle_frame::budget::MemoryBudget::new(1 << 28),
    };
    let (mut checked, mut solvable) = (0, 0);
    while checked < 1500 {
        let Some((mut problem, board)) = test_random_board(&mut below, 5, 15, (2, 3)) else {
            continue;
        };
        let floor = board.floor();
        if floor < 8 || board.goals.len() < 2 {
            continue;
        }
        let count = 2 + below(board.goals.len() - 1);
        let Some((cells, player)) = random_position(&mut below, &board, count) else {
            continue;
        };
        let Some(answer) = fewest_pushes(&board, &cells, player, 50_000) else {
            continue;
        };
        problem.player = board.cells[usize::from(player)];
        problem.boxes = cells.iter().map(|&c| board.cells[usize::from(c)]).collect();
        let split = right_half(problem.cols);
        let lurd = solve_with_split(&problem, &limits, &split).unwrap();
        let pushes = lurd.map(|l| l.iter().filter(|b| b.is_ascii_uppercase()).count() as u32);
        assert_eq!(pushes, answer, "{problem:?}");
        checked += 1;
        solvable += usize::from(answer.is_some());
    }
    assert!(solvable > 200, "only {solvable} of {checked} solvable");
}

/// The memo of expanded positions changes no search: on random boards, a run of random
/// positions (sharing what is known, as the search shares it) gets the same group bound
/// from groups with the memo and from groups without it, with the usual cap and a small
/// one (capped searches return what their open list holds, so any change of a child
/// shows), and the memo is used.
#[test]
fn the_memo_of_expanded_positions_changes_no_group_bound() {
    let mut below = test_random(0x6A09_E667_F3BC_C908);
    let (mut compared, mut reused, mut spent) = (0, 0, 0);
    while compared < 4000 {
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 26));
        let Some((problem, board)) = test_random_board(&mut below, 8, 20, (5, 4)) else {
            continue;
        };
        let floor = board.floor();
        if floor < 8 {
            continue;
        }
        let halves = column_halves(&board, problem.cols);
        let splits = vec![vec![0; floor], halves];
        let mut kept = Groups::with_splits(&board, 8, splits.clone(), &mut ledger).unwrap();
        let mut plain = Groups::with_splits(&board, 8, splits, &mut ledger).unwrap();
        plain.memo = Memo::closed();
        let cap = [5, 30, super::MOST_EXPANSIONS][below(3)];
        kept.set_cap(cap);
        plain.set_cap(cap);
        let mut last: Option<(Vec<u16>, u16)> = None;
        for _ in 0..30 {
            // Mostly a box of the last position one cell on (and the player anywhere),
            // so that the searches meet the same positions, as the main search's do.
            let (cells, player) = match last.take() {
                Some((mut cells, _)) if below(4) != 0 => {
                    let at = below(cells.len());
                    let next = board
                        .step(cells[at], below(4))
                        .filter(|c| !cells.contains(c));
                    cells[at] = next.unwrap_or(cells[at]);
                    cells.sort_unstable();
                    let player = below(floor) as u16;
                    if cells.contains(&player) {
                        continue;
                    }
                    (cells, player)
                }
                _ => {
                    let count = 4 + below(4);
                    match random_position(&mut below, &board, count) {
                        Some(position) => position,
                        None => continue,
                    }
                }
            };
            let with = kept.bound(&board, &cells, player, 0, &mut ledger).unwrap();
            let without = plain.bound(&board, &cells, player, 0, &mut ledger).unwrap();
            assert_eq!(with, without, "{problem:?} {cells:?} {player} cap {cap}");
            compared += 1;
            last = Some((cells, player));
        }
        assert_eq!(kept.spent, plain.spent, "{problem:?}");
        reused += kept.spent as usize - kept.memo.len();
        spent += kept.spent;
    }
    println!("{reused} expansions from the memo of {spent}");
    assert!(reused > 1500, "only {reused} expansions from the memo");
}

/// The floods on the neighbour masks reach what a breadth-first flood over the cells
/// reaches, among random box sets, outside a random set of cells or not.
#[test]
fn a_flood_on_the_neighbour_masks_reaches_the_breadth_first_cells() {
    let mut below = test_random(0xBB67_AE85_84CA_A73B);
    let mut floods = 0;
    while floods < 20_000 {
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 26));
        let Some((_, board)) = test_random_board(&mut below, 5, 20, (1, 3)) else {
            continue;
        };
        let floor = board.floor();
        let mut groups = Groups::with_splits(&board, 1, vec![vec![0; floor]], &mut ledger).unwrap();
        for _ in 0..20 {
            let mut draw = || (0..floor).fold(0u128, |set, c| set | u128::from(below(3) == 0) << c);
            let (set, outside) = (draw(), draw());
            let start = below(floor) as u16;
            let skip_outside = below(2) == 0;
            groups.region_cells = outside;
            let least = groups.flood(set, start, skip_outside);
            let blocked = set | if skip_outside { outside } else { 0 };
            let mut reached = 1u128 << start;
            let mut queue = vec![start];
            while let Some(cell) = queue.pop() {
                for next in (0..4).filter_map(|dir| board.step(cell, dir)) {
                    if blocked >> next & 1 == 0 && reached >> next & 1 == 0 {
                        reached |= 1 << next;
                        queue.push(next);
                    }
                }
            }
            assert_eq!(groups.spread, reached, "{set:b} {outside:b} {start}");
            assert_eq!(least, reached.trailing_zeros() as u16);
            floods += 1;
        }
    }
}

/// The memo gives its memory back once the rest of the search, doubled, would not fit
/// beside it, and keeps nothing after; before that it stays.
#[test]
fn the_memo_makes_room_for_the_rest_of_the_search() {
    use super::memo::Child;
    let mut ledger = Ledger::new(MemoryBudget::new(64 << 20));
    let mut memo = Memo::default();
    let child = Child {
        from: 1,
        to: 2,
        least: 0,
        matching: 3,
    };
    memo.keep((1, 0), &[child; 4], &mut ledger);
    let charged = ledger.used();
    assert!(charged > 0 && memo.get(&(1, 0)) == Some(&[child; 4][..]));
    ledger.take::<u8>("the rest", 20 << 20).unwrap();
    memo.make_room(&mut ledger);
    assert_eq!(memo.len(), 1, "given up too soon");
    ledger.take::<u8>("the rest", 12 << 20).unwrap();
    memo.make_room(&mut ledger);
    assert_eq!(ledger.used(), 32 << 20, "not all given back");
    assert!(memo.get(&(1, 0)).is_none());
    memo.keep((2, 0), &[child], &mut ledger);
    assert!(memo.get(&(2, 0)).is_none(), "kept after giving up");
}
