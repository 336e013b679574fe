//! The push search against a brute-force reference: a 0-1 breadth-first search over the
//! literal state (the sorted box cells, the player's cell) counting pushes, on many random
//! small levels; every answer is replayed.

mod push_common;

use puzzle_frame::budget::MemoryBudget;
use sokoban::solve::push::{solve, start_bound, Limits, Problem};

use push_common::*;

#[test]
fn push_counts_match_the_reference_and_every_answer_replays() {
    let limits = within(1 << 28);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut cases, mut solvable) = (0, 0);
    while cases < 2000 {
        let Some(problem) = random_level(&mut rng) else {
            continue;
        };
        let Some(expected) = agrees_with_the_reference(&problem, &limits) else {
            continue;
        };
        cases += 1;
        solvable += usize::from(expected.is_some());
    }
    assert!(solvable > 1000, "only {solvable} solvable cases");
}

#[test]
fn sealed_boxes_on_goals_and_spare_goals_match_the_reference() {
    let levels = [
        // Boxes on goals sealed away from the player, as in Microban 155.
        &["########", "#*#  . #", "#*# $  #", "### @  #", "########"][..],
        // More goals than boxes.
        &["#######", "#. . .#", "# $$  #", "#  @  #", "#######"][..],
        // A box that can never reach a goal: no solution.
        &["######", "#$ . #", "#  @ #", "######"][..],
        // Already solved.
        &["#####", "#*@ #", "#####"][..],
    ];
    match_the_reference(&levels);
}

#[test]
fn a_box_in_a_corridor_of_goals_is_pushed_on_only_when_the_player_reaches_behind_it() {
    let levels = [
        // No solution: the other box stands at the corridor box's back and could leave
        // only leftwards, with the player in the corridor.
        &["#######", "#   ###", "#  $*.#", "# @ ###", "#######"][..],
        // 4 pushes: the player reaches the corridor box's back only after pushing the
        // other box up (so the corridor push is not a move before that), then brings it
        // back down and in.
        &[
            "#######", "#   ###", "#   ###", "#  $*.#", "# @ ###", "#######",
        ][..],
        // The player is in the corridor's room: the corridor box goes on at once.
        &["#######", "#  @###", "# $ *.#", "#   ###", "#######"][..],
    ];
    match_the_reference(&levels);
}

#[test]
fn the_state_limit_and_the_memory_budget_give_up_deterministically() {
    let problem = level(&[
        "#########",
        "#.  $  .#",
        "# $   $ #",
        "#   @   #",
        "#.     .#",
        "#########",
    ]);
    let few_states = Limits {
        max_states: 10,
        budget: MemoryBudget::new(1 << 26),
    };
    let first = solve(&problem, &few_states);
    assert_eq!(first, solve(&problem, &few_states));
    assert!(
        matches!(
            first,
            Err(sokoban::solve::Limit::Other(sokoban::solve::TooManyStates(
                10
            )))
        ),
        "{first:?}"
    );
    let little_memory = within(4096);
    let over = solve(&problem, &little_memory);
    assert!(
        matches!(over, Err(sokoban::solve::Limit::Memory(_))),
        "{over:?}"
    );
    let enough = within(1 << 26);
    let moves = solve(&problem, &enough)
        .expect("within the limits")
        .expect("solvable");
    assert_eq!(
        replay(&problem, &moves),
        Ok(reference(&problem).expect("small").expect("solvable"))
    );
}

/// `p` with a sealed empty room of at least `cells` floor cells below it (the level's
/// last row is a wall row, which seals it): the floor grows past the sizes where the
/// engine stores box lists instead of bitsets and drops the player's side from its
/// distances, while the reachable states stay those of `p`.
fn with_sealed_room(p: &Problem, cells: usize) -> Problem {
    let inner = p.cols - 2;
    let extra = cells.div_ceil(inner) + 1;
    let mut walls = p.walls.clone();
    for r in 0..extra {
        for c in 0..p.cols {
            walls.push(r + 1 == extra || c == 0 || c + 1 == p.cols);
        }
    }
    Problem {
        rows: p.rows + extra,
        walls,
        ..p.clone()
    }
}

#[test]
fn levels_with_a_large_sealed_floor_match_the_reference() {
    let limits = within(1 << 28);
    let mut rng = Rng(0x0DDB_1A5E_5BAD_5EED);
    let mut cases = 0;
    while cases < 60 {
        let Some(small) = random_level(&mut rng) else {
            continue;
        };
        if small.boxes.len() > 4 {
            continue;
        }
        let Ok(expected) = reference(&small) else {
            continue;
        };
        cases += 1;
        let cells = if cases % 2 == 0 { 200 } else { 4200 };
        let problem = with_sealed_room(&small, cells);
        match (
            expected,
            solve(&problem, &limits).expect("within the limits"),
        ) {
            (None, None) => {}
            (Some(pushes), Some(moves)) => assert_eq!(replay(&problem, &moves), Ok(pushes)),
            (e, f) => panic!("reference {e:?}, search {f:?} on {small:?}"),
        }
    }
}

#[test]
fn gate_boxes_frozen_goals_and_closed_rooms_match_the_reference() {
    let levels = [
        // A room shut by a box on a goal that must move to let the player in.
        &[
            "#######", "#  #  #", "# $#  #", "#  *. #", "####@ #", "#######",
        ][..],
        // Two rooms, each shut by its own box on a goal.
        &[
            "#########",
            "#  # #  #",
            "# $# # $#",
            "#  *.@*.#",
            "#########",
        ][..],
        // A 2 x 2 block of boxes on goals (frozen from the start) beside the way.
        &["#######", "#**  .#", "#**$  #", "#  @  #", "#######"][..],
        // A frozen pair on goals that is also a wall the others must go round.
        &["########", "#  *   #", "# $*#. #", "#  @   #", "########"][..],
        // A room whose only door box cannot be pushed from outside: no solution.
        &["#######", "#  #. #", "# $*@ #", "#  ####", "#######"][..],
    ];
    match_the_reference(&levels);
}

/// A random level of two rooms split by a wall with one door, a box on a goal in the
/// door, boxes in the left room, their goals and the player in the right one: the door
/// box must move first and often come back (what the forced-push bound charges).
fn gated_level(rng: &mut Rng) -> Option<Problem> {
    let (rows, cols) = (5 + rng.below(3), 7 + rng.below(3));
    let wall = 2 + rng.below(cols - 5);
    let door = (1 + rng.below(rows - 2)) * cols + wall;
    let mut grid = vec![b'#'; rows * cols];
    for r in 1..rows - 1 {
        for c in 1..cols - 1 {
            if c != wall && rng.below(100) >= 8 {
                grid[r * cols + c] = b' ';
            }
        }
    }
    grid[door] = b'*';
    let side = |left: bool| -> Vec<usize> {
        (0..rows * cols)
            .filter(|&i| grid[i] == b' ' && (i % cols < wall) == left)
            .collect()
    };
    let (mut left, mut right) = (side(true), side(false));
    if right.is_empty() {
        return None;
    }
    grid[take(rng, &mut right)] = b'@';
    for _ in 0..1 + rng.below(2) {
        if left.is_empty() || right.is_empty() {
            break;
        }
        grid[take(rng, &mut left)] = b'$';
        grid[take(rng, &mut right)] = b'.';
    }
    let text: Vec<String> = grid
        .chunks(cols)
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect();
    Some(level(&text.iter().map(String::as_str).collect::<Vec<_>>()))
}

#[test]
fn the_refined_bound_never_exceeds_the_pushes_left_along_optimal_solutions() {
    // Rooms shut by boxes on goals that must move (the bound charges them 2).
    let rooms = [
        &[
            "#######", "#     #", "# $   #", "#   *##", "####.@#", "#######",
        ][..],
        &[
            "#######", "#     #", "#   $ #", "##*   #", "#@.####", "#######",
        ][..],
    ];
    // A room shut by a box on a goal that must move and come back in exactly two
    // pushes on every optimal solution (its goal is the cheapest for it, the room's box
    // has its goal inside): the bound charging it 2 is tight there, so charging it more
    // would pass the pushes left.
    let tight = [
        &[
            "#######", "#     #", "# $.  #", "#   *##", "####@ #", "#######",
        ][..],
        &[
            "#######", "#     #", "#  .$ #", "##*   #", "# @####", "#######",
        ][..],
    ];
    for rows in tight {
        let problem = level(rows);
        let limits = within(1 << 26);
        let pushes = reference(&problem).expect("small").expect("solvable");
        assert_eq!(start_bound(&problem, &limits), Ok(Some(3)), "{rows:?}");
        assert_eq!(pushes, 3, "{rows:?}");
    }
    for rows in rooms.into_iter().chain(tight) {
        let problem = level(rows);
        let pushes = reference(&problem).expect("small").expect("solvable");
        bound_within_pushes_left(&problem, pushes);
    }
    let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
    let mut gated = 0;
    while gated < 150 {
        let Some(problem) = gated_level(&mut rng) else {
            continue;
        };
        if let Ok(Some(pushes)) = reference(&problem) {
            gated += 1;
            bound_within_pushes_left(&problem, pushes);
        }
    }
    let (mut cases, mut positions) = (0, 0);
    while cases < 2000 {
        let Some(problem) = random_level(&mut rng) else {
            continue;
        };
        let Ok(Some(pushes)) = reference(&problem) else {
            continue;
        };
        cases += 1;
        positions += bound_within_pushes_left(&problem, pushes);
    }
    assert!(positions > 1000, "only {positions} positions");
}

/// A random level of Microban 153's corner: a dead-end column of goals fed from a room,
/// below its foot a corner goal no push can leave and a doorway goal beside it (some
/// goals at the column's foot too, a few inner walls), the boxes pulled out from the
/// goals at random or dropped on the room's floor: a box on the doorway must leave it
/// while the column is unfilled, and not into the corner (the `leaving` rule).
fn corner_level(rng: &mut Rng) -> Option<Problem> {
    let depth = 1 + rng.below(2);
    let (rows, cols) = (depth + 5, 6 + rng.below(2));
    let mut grid = vec![b'#'; rows * cols];
    for r in 1..=depth {
        grid[r * cols + 1] = b'.';
    }
    for r in depth + 1..rows - 1 {
        for c in 1..cols - 1 {
            let corner = r == rows - 2 && c <= 2;
            if !corner && (c <= 2 || rng.below(100) >= 10) {
                grid[r * cols + c] = b' ';
            }
        }
    }
    grid[(depth + 2) * cols + 1] = b'.';
    grid[(depth + 2) * cols + 2] = b'.';
    for c in 1..=2 {
        if rng.below(3) == 0 {
            grid[(depth + 1) * cols + c] = b'.';
        }
    }
    let mut floor: Vec<usize> = (0..rows * cols).filter(|&i| grid[i] == b' ').collect();
    if floor.len() < 8 {
        return None;
    }
    grid[take(rng, &mut floor)] = b'@';
    let text: Vec<String> = grid
        .chunks(cols)
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect();
    let mut problem = level(&text.iter().map(String::as_str).collect::<Vec<_>>());
    let count = problem.goals.len();
    if rng.below(3) == 0 {
        problem.boxes = (0..count).map(|_| take(rng, &mut floor)).collect();
    } else {
        problem.boxes = vec![0; count];
        scatter_by_pulls(rng, &mut problem, 400);
    }
    Some(problem)
}

#[test]
fn boxes_that_must_leave_their_goals_match_the_reference_and_keep_the_bound() {
    let limits = within(1 << 28);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut cases, mut solvable, mut positions) = (0, 0, 0);
    while cases < 3000 {
        let Some(problem) = corner_level(&mut rng) else {
            continue;
        };
        let Some(expected) = agrees_with_the_reference(&problem, &limits) else {
            continue;
        };
        cases += 1;
        if let Some(pushes) = expected {
            solvable += 1;
            positions += bound_within_pushes_left(&problem, pushes);
        }
    }
    assert!(solvable > 1500, "only {solvable} solvable cases");
    assert!(
        positions > 3000,
        "only {positions} positions in {solvable} solvable cases"
    );
}
