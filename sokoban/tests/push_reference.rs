//! The push search against a brute-force reference: a 0-1 breadth-first search over the
//! literal state (the sorted box cells, the player's cell) counting pushes, on many random
//! small levels; every answer is replayed.

use std::collections::{HashMap, VecDeque};

use puzzle_frame::budget::MemoryBudget;
use sokoban::solve::push::{solve, start_bound, Limits, Problem};

/// The four steps in LURD order as (row, column) deltas.
const STEPS: [(isize, isize); 4] = [(0, -1), (-1, 0), (0, 1), (1, 0)];

/// The cell one step from `cell` in direction `dir`, if it is floor.
fn step(p: &Problem, cell: usize, dir: usize) -> Option<usize> {
    let (r, c) = ((cell / p.cols) as isize, (cell % p.cols) as isize);
    let (r, c) = (r + STEPS[dir].0, c + STEPS[dir].1);
    if r < 0 || c < 0 || r >= p.rows as isize || c >= p.cols as isize {
        return None;
    }
    let next = r as usize * p.cols + c as usize;
    (!p.walls[next]).then_some(next)
}

/// The most states the reference may store before the case is skipped.
const REFERENCE_STATES: usize = 60_000;

/// The fewest pushes, by a 0-1 BFS over (sorted boxes, player); `Err` past
/// [`REFERENCE_STATES`].
fn reference(p: &Problem) -> Result<Option<usize>, ()> {
    let solved = |boxes: &[usize]| boxes.iter().all(|b| p.goals.contains(b));
    let mut start = p.boxes.clone();
    start.sort_unstable();
    let mut best: HashMap<(Vec<usize>, usize), usize> = HashMap::new();
    let mut deque = VecDeque::new();
    best.insert((start.clone(), p.player), 0);
    deque.push_back((start, p.player, 0));
    while let Some((boxes, player, pushes)) = deque.pop_front() {
        if best[&(boxes.clone(), player)] < pushes {
            continue;
        }
        if solved(&boxes) {
            return Ok(Some(pushes));
        }
        if best.len() > REFERENCE_STATES {
            return Err(());
        }
        for dir in 0..4 {
            let Some(next) = step(p, player, dir) else {
                continue;
            };
            let (state, cost) = match boxes.iter().position(|&b| b == next) {
                None => ((boxes.clone(), next), pushes),
                Some(i) => {
                    let Some(to) = step(p, next, dir) else {
                        continue;
                    };
                    if boxes.contains(&to) {
                        continue;
                    }
                    let mut moved = boxes.clone();
                    moved[i] = to;
                    moved.sort_unstable();
                    ((moved, next), pushes + 1)
                }
            };
            if best.get(&state).map_or(true, |&old| cost < old) {
                best.insert(state.clone(), cost);
                if cost == pushes {
                    deque.push_front((state.0, state.1, cost));
                } else {
                    deque.push_back((state.0, state.1, cost));
                }
            }
        }
    }
    Ok(None)
}

/// Plays `moves`; the number of pushes when every move is legal, its case matches what it
/// does, and every box ends on a goal.
fn replay(p: &Problem, moves: &[u8]) -> Result<usize, String> {
    let mut boxes = p.boxes.clone();
    let mut player = p.player;
    let mut pushes = 0;
    for (k, &m) in moves.iter().enumerate() {
        let dir = b"lurd"
            .iter()
            .position(|&c| c == m.to_ascii_lowercase())
            .ok_or(format!("move {k}: bad letter"))?;
        let next = step(p, player, dir).ok_or(format!("move {k}: into a wall"))?;
        match boxes.iter().position(|&b| b == next) {
            Some(i) => {
                if m.is_ascii_lowercase() {
                    return Err(format!("move {k}: a walk into a box"));
                }
                let to = step(p, next, dir).ok_or(format!("move {k}: box into a wall"))?;
                if boxes.contains(&to) {
                    return Err(format!("move {k}: box into a box"));
                }
                boxes[i] = to;
                pushes += 1;
            }
            None if m.is_ascii_uppercase() => return Err(format!("move {k}: a push of nothing")),
            None => {}
        }
        player = next;
    }
    if boxes.iter().all(|b| p.goals.contains(b)) {
        Ok(pushes)
    } else {
        Err("not solved".into())
    }
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Takes a random cell out of `floor`.
fn take(rng: &mut Rng, floor: &mut Vec<usize>) -> usize {
    let i = rng.below(floor.len());
    floor.swap_remove(i)
}

/// A random level: a walled grid, random inner walls, boxes, goals (sometimes more goals
/// than boxes, some under boxes) and the player on distinct floor cells.
fn random_level(rng: &mut Rng) -> Option<Problem> {
    let rows = 4 + rng.below(4);
    let cols = 4 + rng.below(5);
    let density = rng.below(35);
    let mut walls = vec![true; rows * cols];
    for r in 1..rows - 1 {
        for c in 1..cols - 1 {
            walls[r * cols + c] = rng.below(100) < density;
        }
    }
    let mut floor: Vec<usize> = (0..rows * cols).filter(|&i| !walls[i]).collect();
    let boxes_wanted = 1 + rng.below(5);
    let goals_wanted = boxes_wanted + usize::from(rng.below(5) == 0);
    if floor.len() < boxes_wanted + 2 {
        return None;
    }
    let player = take(rng, &mut floor);
    let boxes: Vec<usize> = (0..boxes_wanted).map(|_| take(rng, &mut floor)).collect();
    let mut goals = Vec::new();
    for _ in 0..goals_wanted {
        if !boxes.is_empty() && rng.below(6) == 0 {
            let b = boxes[rng.below(boxes.len())];
            if !goals.contains(&b) {
                goals.push(b);
                continue;
            }
        }
        if floor.is_empty() {
            return None;
        }
        goals.push(take(rng, &mut floor));
    }
    let mut problem = Problem {
        rows,
        cols,
        walls,
        goals,
        boxes,
        player,
    };
    if rng.below(4) != 0 {
        scatter_by_pulls(rng, &mut problem);
    }
    Some(problem)
}

/// Puts the boxes on goals and walks the player backwards at random, pulling a box
/// behind it half of the time: the level stays solvable.
fn scatter_by_pulls(rng: &mut Rng, p: &mut Problem) {
    if p.goals[..p.boxes.len()].contains(&p.player) {
        return;
    }
    let count = p.boxes.len();
    p.boxes.copy_from_slice(&p.goals[..count]);
    for _ in 0..rng.below(60) {
        let dir = rng.below(4);
        let Some(next) = step(p, p.player, dir) else {
            continue;
        };
        if p.boxes.contains(&next) {
            continue;
        }
        let behind = step(p, p.player, (dir + 2) % 4);
        let pulled = behind.and_then(|b| p.boxes.iter().position(|&x| x == b));
        if let (Some(i), true) = (pulled, rng.below(2) == 0) {
            p.boxes[i] = p.player;
        }
        p.player = next;
    }
}

/// No limit on the states, `bytes` of memory.
fn within(bytes: u64) -> Limits {
    Limits {
        max_states: u64::MAX,
        budget: MemoryBudget::new(bytes),
    }
}

#[test]
fn push_counts_match_the_reference_and_every_answer_replays() {
    let limits = within(1 << 28);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut cases, mut solvable) = (0, 0);
    while cases < 2000 {
        let Some(problem) = random_level(&mut rng) else {
            continue;
        };
        let Ok(expected) = reference(&problem) else {
            continue;
        };
        cases += 1;
        let found = solve(&problem, &limits).expect("within the limits");
        match (expected, found) {
            (None, None) => {}
            (Some(pushes), Some(moves)) => {
                solvable += 1;
                assert_eq!(replay(&problem, &moves), Ok(pushes), "{problem:?}");
            }
            (e, f) => panic!("reference {e:?}, search {f:?} on {problem:?}"),
        }
    }
    assert!(solvable > 1000, "only {solvable} solvable cases");
}

/// A level from XSB rows (outside cells are walls only where the rows say `#`; the
/// rows here are closed by walls).
fn level(rows: &[&str]) -> Problem {
    let cols = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let mut p = Problem {
        rows: rows.len(),
        cols,
        walls: vec![true; rows.len() * cols],
        goals: vec![],
        boxes: vec![],
        player: 0,
    };
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.bytes().enumerate() {
            let cell = r * cols + c;
            p.walls[cell] = ch == b'#';
            match ch {
                b'.' => p.goals.push(cell),
                b'$' => p.boxes.push(cell),
                b'*' => {
                    p.goals.push(cell);
                    p.boxes.push(cell);
                }
                b'@' => p.player = cell,
                b'+' => {
                    p.goals.push(cell);
                    p.player = cell;
                }
                _ => {}
            }
        }
    }
    p
}

/// Solves each level (XSB rows) and checks it against the reference, replaying the moves.
fn match_the_reference(levels: &[&[&str]]) {
    let limits = within(1 << 26);
    for &rows in levels {
        let problem = level(rows);
        let expected = reference(&problem).expect("a small level");
        let found = solve(&problem, &limits).expect("within the limits");
        match (expected, found) {
            (None, None) => {}
            (Some(pushes), Some(moves)) => {
                assert_eq!(replay(&problem, &moves), Ok(pushes), "{rows:?}")
            }
            (e, f) => panic!("reference {e:?}, search {f:?} on {rows:?}"),
        }
    }
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

/// The positions after each push of `moves` (a legal solution of `p`), in order.
fn positions_after_pushes(p: &Problem, moves: &[u8]) -> Vec<Problem> {
    let mut at = p.clone();
    let mut positions = Vec::new();
    for &m in moves {
        let dir = b"lurd"
            .iter()
            .position(|&c| c == m.to_ascii_lowercase())
            .expect("a LURD letter");
        let next = step(&at, at.player, dir).expect("a legal move");
        if let Some(i) = at.boxes.iter().position(|&b| b == next) {
            at.boxes[i] = step(&at, next, dir).expect("a legal push");
            at.boxes.sort_unstable();
            at.player = next;
            positions.push(at.clone());
        } else {
            at.player = next;
        }
    }
    positions
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

/// Holds the engine's refined bound against the pushes left at the start of `problem`
/// (solvable in `pushes`) and after each push of the engine's solution; the positions
/// checked.
fn bound_within_pushes_left(problem: &Problem, pushes: usize) -> usize {
    let limits = Limits {
        max_states: u64::MAX,
        budget: MemoryBudget::new(1 << 28),
    };
    let bound = start_bound(problem, &limits).expect("within the limits");
    assert!(
        bound.is_some_and(|b| b as usize <= pushes),
        "{bound:?} > {pushes} on {problem:?}"
    );
    let moves = solve(problem, &limits)
        .expect("within the limits")
        .expect("solvable");
    let positions = positions_after_pushes(problem, &moves);
    for (k, position) in positions.iter().enumerate() {
        let left = pushes - k - 1;
        let bound = start_bound(position, &limits).expect("within the limits");
        assert!(
            bound.is_some_and(|b| b as usize <= left),
            "{bound:?} > {left} on {position:?}"
        );
    }
    positions.len()
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
    for rows in rooms {
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
