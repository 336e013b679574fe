//! What the push-engine tests share: a brute-force reference (a 0-1 breadth-first search
//! over the literal state: the sorted box cells, the player's cell, counting pushes), an
//! independent replay of LURD answers, random levels and XSB rows as problems.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};

use puzzle_frame::budget::MemoryBudget;
use sokoban::solve::push::{solve, start_bound, Limits, Problem};

/// The four steps in LURD order as (row, column) deltas.
pub const STEPS: [(isize, isize); 4] = [(0, -1), (-1, 0), (0, 1), (1, 0)];

/// The cell one step from `cell` in direction `dir`, if it is floor.
pub fn step(p: &Problem, cell: usize, dir: usize) -> Option<usize> {
    let (r, c) = ((cell / p.cols) as isize, (cell % p.cols) as isize);
    let (r, c) = (r + STEPS[dir].0, c + STEPS[dir].1);
    if r < 0 || c < 0 || r >= p.rows as isize || c >= p.cols as isize {
        return None;
    }
    let next = r as usize * p.cols + c as usize;
    (!p.walls[next]).then_some(next)
}

/// The most states the reference may store before the case is skipped.
pub const REFERENCE_STATES: usize = 60_000;

/// The fewest pushes, by a 0-1 BFS over (sorted boxes, player); `Err` past
/// [`REFERENCE_STATES`].
pub fn reference(p: &Problem) -> Result<Option<usize>, ()> {
    reference_within(p, REFERENCE_STATES)
}

/// [`reference`], `Err` past `most` states.
pub fn reference_within(p: &Problem, most: usize) -> Result<Option<usize>, ()> {
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
        if best.len() > most {
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
pub fn replay(p: &Problem, moves: &[u8]) -> Result<usize, String> {
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
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Takes a random cell out of `floor`.
pub fn take(rng: &mut Rng, floor: &mut Vec<usize>) -> usize {
    let i = rng.below(floor.len());
    floor.swap_remove(i)
}

/// A random level: a walled grid, random inner walls, boxes, goals (sometimes more goals
/// than boxes, some under boxes) and the player on distinct floor cells.
pub fn random_level(rng: &mut Rng) -> Option<Problem> {
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
        scatter_by_pulls(rng, &mut problem, 60);
    }
    Some(problem)
}

/// Puts the boxes on goals and walks the player backwards at random (fewer than `steps`
/// steps), pulling a box behind it half of the time: the level stays solvable.
pub fn scatter_by_pulls(rng: &mut Rng, p: &mut Problem, steps: usize) {
    if p.goals[..p.boxes.len()].contains(&p.player) {
        return;
    }
    let count = p.boxes.len();
    p.boxes.copy_from_slice(&p.goals[..count]);
    for _ in 0..rng.below(steps) {
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
pub fn within(bytes: u64) -> Limits {
    Limits {
        max_states: u64::MAX,
        budget: MemoryBudget::new(bytes),
    }
}

/// A level from XSB rows (outside cells are walls only where the rows say `#`; the
/// rows here are closed by walls).
pub fn level(rows: &[&str]) -> Problem {
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

/// Solves `problem` and checks the answer against the reference, replaying the moves
/// (panics on a disagreement); the fewest pushes (`None`: no solution), or `None` when
/// the level is too large for the reference.
pub fn agrees_with_the_reference(problem: &Problem, limits: &Limits) -> Option<Option<usize>> {
    let expected = reference(problem).ok()?;
    let found = solve(problem, limits).expect("within the limits");
    match (expected, found) {
        (None, None) => {}
        (Some(pushes), Some(moves)) => {
            assert_eq!(replay(problem, &moves), Ok(pushes), "{problem:?}");
        }
        (e, f) => panic!("reference {e:?}, search {f:?} on {problem:?}"),
    }
    Some(expected)
}

/// Solves each level (XSB rows) and checks it against the reference, replaying the moves.
pub fn match_the_reference(levels: &[&[&str]]) {
    let limits = within(1 << 26);
    for &rows in levels {
        let problem = level(rows);
        let expected = reference_within(&problem, 4 * REFERENCE_STATES).expect("a small level");
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

/// The positions after each push of `moves` (a legal solution of `p`), in order.
pub fn positions_after_pushes(p: &Problem, moves: &[u8]) -> Vec<Problem> {
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

/// Holds the engine's refined bound against the pushes left at the start of `problem`
/// (solvable in `pushes`) and after each push of the engine's solution; the positions
/// checked.
pub fn bound_within_pushes_left(problem: &Problem, pushes: usize) -> usize {
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
