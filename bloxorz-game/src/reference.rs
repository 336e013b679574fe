//! The brute-force reference: FORMAT.md's six steps applied literally to the whole
//! literal state, searched with a hash map.
//!
//! A state is what the rules talk about, nothing encoded: the whole block as the sorted
//! list of the cells under it, or the selected cube's cell and the other cube's cell;
//! and one flag per bridge cell. Both keys are edges: an arrow costs one, space costs
//! nothing (it swaps the two cubes' roles), so the search is a 0-1 breadth-first search
//! (a deque: free edges to the front). It does not assume that the selection is
//! irrelevant: it searches it.

use crate::case::{Case, Tile};
use grid_common::{Dir, Pos};
use std::collections::{HashMap, VecDeque};

/// The block or the cubes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Body {
    /// The whole block: one cell (standing) or two (lying), sorted.
    Block(Vec<Pos>),
    /// Two cubes: the selected one's cell, then the other's.
    Cubes(Pos, Pos),
}

/// The literal state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    body: Body,
    /// One flag per bridge cell, in the order of [`Case::bridges`].
    present: Vec<bool>,
}

/// A cell one step from `p` in `dir`, with signed coordinates (it may leave the board).
fn step(p: (i64, i64), dir: Dir) -> (i64, i64) {
    let (dr, dc) = dir.delta();
    (p.0 + dr as i64, p.1 + dc as i64)
}

/// The board cell at signed coordinates, if it is on the board.
fn cell(case: &Case, p: (i64, i64)) -> Option<Pos> {
    let (r, c) = (usize::try_from(p.0).ok()?, usize::try_from(p.1).ok()?);
    let pos = Pos::new(r, c);
    case.tiles().contains(pos).then_some(pos)
}

fn signed(p: Pos) -> (i64, i64) {
    (p.row as i64, p.col as i64)
}

/// The cells under the block after it rolls in `dir` (signed, unsorted).
fn rolled(cells: &[Pos], dir: Dir) -> Vec<(i64, i64)> {
    match *cells {
        [p] => {
            let near = step(signed(p), dir);
            vec![near, step(near, dir)]
        }
        [a, b] => {
            let along = (a.row == b.row) != dir.is_vertical();
            if along {
                // Stands up on the cell beyond the end it rolls over.
                let (a, b) = (signed(a), signed(b));
                let far = if step(a, dir) == b { b } else { a };
                vec![step(far, dir)]
            } else {
                vec![step(signed(a), dir), step(signed(b), dir)]
            }
        }
        _ => Vec::new(),
    }
}

/// The state after one arrow press, or `None` when the block or cube falls.
fn press(case: &Case, state: &State, dir: Dir) -> Option<State> {
    let mut present = state.present.clone();
    let is_present = |present: &[bool], p: Pos| match case.bridge_bit(p) {
        Some(bit) => present[bit],
        None => true,
    };
    // 1. Landing.
    let arrived: Vec<(i64, i64)> = match &state.body {
        Body::Block(cells) => rolled(cells, dir),
        Body::Cubes(selected, _) => vec![step(signed(*selected), dir)],
    };
    let mut cells = Vec::new();
    for p in arrived {
        let pos = cell(case, p)?;
        if case.tile(pos) == Tile::Void || !is_present(&present, pos) {
            return None;
        }
        cells.push(pos);
    }
    cells.sort();
    let whole_standing = matches!(state.body, Body::Block(_)) && cells.len() == 1;
    if whole_standing && case.tile(cells[0]) == Tile::Orange {
        return None;
    }
    // 2. Switches, in reading order (the cells are sorted).
    for &pos in &cells {
        let pressed = match case.tile(pos) {
            Tile::Soft => true,
            Tile::Heavy => whole_standing,
            _ => false,
        };
        if pressed {
            let switch = case.switch_at(pos)?;
            for &(effect, target) in &switch.actions {
                let bit = case.bridge_bit(target)?;
                present[bit] = effect.apply(present[bit]);
            }
        }
    }
    let mut body = match &state.body {
        Body::Block(_) => Body::Block(cells.clone()),
        Body::Cubes(_, other) => Body::Cubes(cells[0], *other),
    };
    // 3. Splitter.
    if whole_standing && case.tile(cells[0]) == Tile::Splitter {
        let [first, second] = case.splitter_at(cells[0])?.targets;
        for t in [first, second] {
            if !is_present(&present, t) {
                return None;
            }
        }
        body = Body::Cubes(first, second);
    }
    // 4. Nothing more is checked under anything. 5. Merge.
    if let Body::Cubes(a, b) = body {
        if a.is_adjacent(b) {
            let mut both = vec![a, b];
            both.sort();
            body = Body::Block(both);
        }
    }
    Some(State { body, present })
}

/// True when the whole block stands on the exit.
fn solved(case: &Case, state: &State) -> bool {
    state.body == Body::Block(vec![case.exit()])
}

/// The fewest arrow presses that solve the level, or `None`.
pub fn count(case: &Case) -> Option<usize> {
    let present = (0..case.bridges().len())
        .map(|bit| case.start_bridges() >> bit & 1 == 1)
        .collect();
    let start = State {
        body: Body::Block(vec![case.start()]),
        present,
    };
    let mut distance: HashMap<State, usize> = HashMap::new();
    let mut deque = VecDeque::new();
    distance.insert(start.clone(), 0);
    deque.push_back((start, 0));
    while let Some((state, d)) = deque.pop_front() {
        if distance.get(&state).is_some_and(|&best| best < d) {
            continue;
        }
        if solved(case, &state) {
            return Some(d);
        }
        let mut edges: Vec<(State, usize)> = Vec::new();
        if let Body::Cubes(selected, other) = &state.body {
            let swapped = State {
                body: Body::Cubes(*other, *selected),
                present: state.present.clone(),
            };
            edges.push((swapped, 0));
        }
        for dir in Dir::ALL {
            if let Some(next) = press(case, &state, dir) {
                edges.push((next, 1));
            }
        }
        for (next, cost) in edges {
            let nd = d + cost;
            if distance.get(&next).map_or(true, |&best| nd < best) {
                distance.insert(next.clone(), nd);
                if cost == 0 {
                    deque.push_front((next, nd));
                } else {
                    deque.push_back((next, nd));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Effect;
    use crate::parse::parse_all;

    fn level(text: &str) -> Case {
        parse_all(text.as_bytes())
            .expect("the level parses")
            .remove(0)
    }

    #[test]
    fn rolls_and_the_rules_by_hand() {
        assert_eq!(count(&level("1 5\nX..O.\n")), Some(2));
        assert_eq!(count(&level("1 4\nX.O.\n")), None);
        // Standing on E is a fall; lying over it is fine.
        assert_eq!(count(&level("1 7\nX..E..O\n")), None);
        assert_eq!(count(&level("1 5\nX.E.O\n")), None);
        assert_eq!(count(&level("1 6\nXE.O..\n")), Some(2));
        // A bridge that a soft switch under the lying block brings.
        let bridge = "1 7\nX.Sb..O\nswitch 0 2: on 0 3\n";
        assert_eq!(count(&level(bridge)), Some(4));
        assert_eq!(count(&level(&bridge.replace("on", "off"))), None);
        assert!(Effect::Toggle.apply(false));
    }
}
