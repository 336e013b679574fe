//! The brute-force reference: a plain search over the literal state, for tests only.
//!
//! A state is the set of the boxes' positions and the player's position, as they are; a
//! step is one move of the player, a walk or a push, checked against the walls and the
//! boxes as the rules say. Each state keeps its cost as the pair (pushes, moves), compared
//! pushes first, in a hash map; a priority queue hands out the cheapest state next
//! (Dijkstra's search: every step costs at least one move, so costs only grow). Slow and
//! plainly right.

use crate::case::Case;
use crate::solve::Cost;
use grid_common::{Dir, Pos};
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap};

/// A literal state: the boxes and the player.
type State = (BTreeSet<Pos>, Pos);

/// The cheapest solution's cost, (pushes, moves) compared pushes first; `None` when none.
pub fn optimum(case: &Case) -> Option<Cost> {
    let b = &case.board;
    let floor = |p: Pos| !b.walls[p.row * b.cols + p.col];
    let goals: BTreeSet<Pos> = b.goals.iter().map(|&g| b.pos(g)).collect();
    let start: State = (b.boxes.iter().map(|&x| b.pos(x)).collect(), b.pos(b.player));
    let mut best: HashMap<State, (usize, usize)> = HashMap::new();
    let mut queue = BinaryHeap::new();
    best.insert(start.clone(), (0, 0));
    queue.push(Reverse(((0, 0), start)));
    while let Some(Reverse((cost, (boxes, player)))) = queue.pop() {
        if best.get(&(boxes.clone(), player)) != Some(&cost) {
            continue;
        }
        if boxes.is_subset(&goals) {
            return Some(Cost {
                pushes: cost.0,
                moves: cost.1,
            });
        }
        for dir in Dir::ALL {
            let Some(next) = player.step(dir, b.rows, b.cols).filter(|&p| floor(p)) else {
                continue;
            };
            let mut after = boxes.clone();
            let mut pushes = cost.0;
            if boxes.contains(&next) {
                let Some(beyond) = next.step(dir, b.rows, b.cols) else {
                    continue;
                };
                if !floor(beyond) || boxes.contains(&beyond) {
                    continue;
                }
                after.remove(&next);
                after.insert(beyond);
                pushes += 1;
            }
            let new_cost = (pushes, cost.1 + 1);
            let state = (after, next);
            if best.get(&state).map_or(true, |&old| new_cost < old) {
                best.insert(state.clone(), new_cost);
                queue.push(Reverse((new_cost, state)));
            }
        }
    }
    None
}

/// The fewest pushes, `None` when the case cannot be solved.
pub fn count(case: &Case) -> Option<usize> {
    optimum(case).map(|cost| cost.pushes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Format;
    use crate::parse::parse_all;

    #[test]
    fn the_statement_sample() {
        let input = include_bytes!("../tests/cases/sample.in");
        let cases = parse_all(input, Format::Poj).unwrap();
        let found: Vec<Option<(usize, usize)>> = cases
            .iter()
            .map(|c| optimum(c).map(|c| (c.pushes, c.moves)))
            .collect();
        assert_eq!(found, [Some((5, 5)), None, Some((6, 28)), Some((3, 19))]);
    }
}
