//! The push search on symmetric levels (walls and goals mapped onto themselves by a turn
//! or a mirror of the grid), where it stores one position per symmetry class and turns
//! the stored pushes back into real ones: against the brute-force reference, every answer
//! replayed.

mod push_common;

use sokoban::solve::push::Problem;

use push_common::*;

/// The image of `(row, col)` under map `k` of a `rows` x `cols` grid: 0 the identity, 1
/// the left-right mirror, 2 the top-bottom mirror, 3 the half turn, 4 the transpose, 5
/// the other diagonal, 6 and 7 the quarter turns (4 to 7 only on square grids).
fn image(k: usize, rows: usize, cols: usize, (r, c): (usize, usize)) -> (usize, usize) {
    let (last_r, last_c) = (rows - 1, cols - 1);
    match k {
        0 => (r, c),
        1 => (r, last_c - c),
        2 => (last_r - r, c),
        3 => (last_r - r, last_c - c),
        4 => (c, r),
        5 => (last_c - c, last_r - r),
        6 => (c, last_r - r),
        _ => (last_c - c, r),
    }
}

/// A random level whose walls and goals are unchanged by a random group of the grid's
/// turns and mirrors (one mirror, the half turn, the two mirrors, or all eight maps of a
/// square grid): walls and goals are closed under the group; the boxes start on goals and
/// the player walks back pulling them (solvable), or the boxes lie anywhere.
fn symmetric_level(rng: &mut Rng) -> Option<Problem> {
    let square = rng.below(3) == 0;
    let rows = 5 + rng.below(3);
    let cols = if square { rows } else { 4 + rng.below(5) };
    let group: &[usize] = match (square, rng.below(4)) {
        (true, 0) => &[0, 4],
        (true, _) => &[0, 1, 2, 3, 4, 5, 6, 7],
        (false, 0) => &[0, 1],
        (false, 1) => &[0, 2],
        (false, 2) => &[0, 3],
        (false, _) => &[0, 1, 2, 3],
    };
    let orbit = |cell: usize| -> Vec<usize> {
        group
            .iter()
            .map(|&k| image(k, rows, cols, (cell / cols, cell % cols)))
            .map(|(r, c)| r * cols + c)
            .collect()
    };
    let density = rng.below(30) / group.len();
    let mut walls = vec![true; rows * cols];
    for r in 1..rows - 1 {
        for c in 1..cols - 1 {
            walls[r * cols + c] = rng.below(100) < density;
        }
    }
    let closed: Vec<bool> = (0..rows * cols)
        .map(|cell| orbit(cell).iter().any(|&i| walls[i]))
        .collect();
    let mut floor: Vec<usize> = (0..rows * cols).filter(|&i| !closed[i]).collect();
    let mut goals = Vec::new();
    let wanted = 1 + rng.below(4);
    while goals.len() < wanted && !floor.is_empty() {
        for cell in orbit(take(rng, &mut floor)) {
            if !goals.contains(&cell) {
                goals.push(cell);
            }
        }
    }
    floor.retain(|cell| !goals.contains(cell));
    let boxes_count = goals.len() - usize::from(goals.len() > 1 && rng.below(5) == 0);
    if goals.len() > 6 || floor.len() < boxes_count + 1 {
        return None;
    }
    let mut problem = Problem {
        rows,
        cols,
        walls: closed,
        boxes: goals[..boxes_count].to_vec(),
        goals,
        player: take(rng, &mut floor),
    };
    if rng.below(3) == 0 {
        problem.boxes = (0..boxes_count).map(|_| take(rng, &mut floor)).collect();
    } else {
        scatter_by_pulls(rng, &mut problem, 200);
    }
    Some(problem)
}

#[test]
fn symmetric_levels_match_the_reference_and_every_answer_replays() {
    let limits = within(1 << 28);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut cases, mut solvable, mut long) = (0, 0, 0);
    while long < 300 {
        let Some(problem) = symmetric_level(&mut rng) else {
            continue;
        };
        let Some(expected) = agrees_with_the_reference(&problem, &limits) else {
            continue;
        };
        cases += 1;
        solvable += usize::from(expected.is_some());
        long += usize::from(expected.is_some_and(|pushes| pushes >= 4));
    }
    assert!(solvable > 1000, "only {solvable} solvable of {cases} cases");
}

#[test]
fn levels_with_mirrors_and_turns_match_the_reference() {
    let levels = [
        // Microban 93's shape, shrunk to two rooms, each shut by a box on a goal.
        &[
            "#########",
            "#   #   #",
            "# $ # $ #",
            "#  *.*  #",
            "###.@.###",
            "#########",
        ][..],
        &[
            "#######", "#.   .#", "# $ $ #", "#  @  #", "# $ $ #", "#.   .#", "#######",
        ][..],
        &["#####", "#. .#", "# @ #", "#. .#", "#####"][..],
    ];
    match_the_reference(&levels);
}
