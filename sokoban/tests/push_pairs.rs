//! The pair penalties against the brute-force reference: with two boxes and two goals
//! the matching plus the pair's penalty is the exact fewest pushes (the table's search of
//! that one goal set is the whole answer), and an unsolvable pair is found dead; with more
//! boxes in narrow rooms (where several pairs have penalties, and pairs sharing a box
//! must not both count) the answers match the reference and the penalised bound stays
//! within the pushes left along the solution.

mod push_common;

use sokoban::solve::push::{solve, start_bound, Problem};

use push_common::*;

/// A random level of `boxes` boxes and as many goals in a narrow room (one to three
/// rows), where the boxes get in each other's way; two in three scattered from the goals
/// by pulls (solvable).
fn narrow_level(rng: &mut Rng, boxes: usize) -> Option<Problem> {
    let (rows, cols) = (3 + rng.below(3), 5 + rng.below(6));
    let density = 5 + rng.below(20);
    let mut grid: Vec<Vec<u8>> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let edge = r == 0 || c == 0 || r + 1 == rows || c + 1 == cols;
                    match edge || rng.below(100) < density {
                        true => b'#',
                        false => b' ',
                    }
                })
                .collect()
        })
        .collect();
    let mut floor: Vec<usize> = (0..rows * cols)
        .filter(|&i| grid[i / cols][i % cols] == b' ')
        .collect();
    if floor.len() < 2 * boxes + 1 {
        return None;
    }
    let marks = [vec![b'@'], vec![b'$'; boxes], vec![b'.'; boxes]].concat();
    for mark in marks {
        let cell = take(rng, &mut floor);
        grid[cell / cols][cell % cols] = mark;
    }
    let text: Vec<String> = grid
        .iter()
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect();
    let mut problem = level(&text.iter().map(String::as_str).collect::<Vec<_>>());
    if rng.below(3) != 0 {
        scatter_by_pulls(rng, &mut problem, 2000);
    }
    Some(problem)
}

#[test]
fn two_boxes_on_two_goals_have_the_exact_bound_and_dead_pairs_no_solution() {
    let limits = within(1 << 26);
    let mut rng = Rng(0x1F12_3BB5_159A_55E5);
    let (mut solvable, mut unsolvable, mut apart, mut dead) = (0, 0, 0, 0);
    while solvable < 1000 || apart < 60 || dead < 40 {
        let Some(problem) = narrow_level(&mut rng, 2) else {
            continue;
        };
        let Ok(pushes) = reference(&problem) else {
            continue;
        };
        let bound = start_bound(&problem, &limits).expect("within the limits");
        assert_eq!(bound.map(|b| b as usize), pushes, "{problem:?}");
        // What the boxes need each alone, in the cheaper order.
        let one = |b: usize, g: usize| {
            let mut alone = problem.clone();
            alone.boxes = vec![problem.boxes[b]];
            alone.goals = vec![problem.goals[g]];
            reference(&alone).ok().flatten()
        };
        let sum = |x: Option<usize>, y: Option<usize>| x.zip(y).map(|(x, y)| x + y);
        let lone = [sum(one(0, 0), one(1, 1)), sum(one(0, 1), one(1, 0))]
            .into_iter()
            .flatten()
            .min();
        match pushes {
            Some(pushes) => {
                solvable += 1;
                let moves = solve(&problem, &limits)
                    .expect("within the limits")
                    .expect("solvable");
                assert_eq!(replay(&problem, &moves), Ok(pushes), "{problem:?}");
                // The boxes interfere: only the penalty makes the bound exact.
                apart += usize::from(lone.is_some_and(|lone| lone < pushes));
            }
            None => {
                unsolvable += 1;
                // Each box reaches a goal alone, but not both together.
                dead += usize::from(lone.is_some());
            }
        }
    }
    assert!(unsolvable > 100, "only {unsolvable} unsolvable levels");
}

#[test]
fn boxes_in_narrow_rooms_match_the_reference_and_the_bound_stays_within_the_pushes_left() {
    let limits = within(1 << 26);
    let mut rng = Rng(0x7A3D_1C44_90EE_2B67);
    let (mut solvable, mut positions) = (0, 0);
    while solvable < 600 {
        let boxes = 3 + rng.below(3);
        let Some(problem) = narrow_level(&mut rng, boxes) else {
            continue;
        };
        let Some(Some(pushes)) = agrees_with_the_reference(&problem, &limits) else {
            continue;
        };
        solvable += 1;
        positions += bound_within_pushes_left(&problem, pushes);
    }
    assert!(positions > 1000, "only {positions} positions");
}
