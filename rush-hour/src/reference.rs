//! The brute-force reference: a plain breadth-first search over positions.
//!
//! No padding, no marks, no offsets: a state is the piece's [`Pos`], a move is
//! [`Grid::step`](grid_common::Grid::step) checked against the walls, and the distances
//! live in a hash map. Slow and obviously right.

use crate::case::{Case, Cell};
use grid_common::{Dir, Pos};
use std::collections::{HashMap, VecDeque};

/// The fewest moves from the start to the goal, or `None` when it cannot be reached.
pub fn count(case: &Case) -> Option<usize> {
    let mut distance: HashMap<Pos, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    distance.insert(case.start(), 0);
    queue.push_back(case.start());
    while let Some(here) = queue.pop_front() {
        let moves = distance[&here];
        if here == case.goal() {
            return Some(moves);
        }
        for dir in Dir::ALL {
            let Some(next) = case.grid().step(here, dir) else {
                continue;
            };
            if case.grid()[next] == Cell::Floor && !distance.contains_key(&next) {
                distance.insert(next, moves + 1);
                queue.push_back(next);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_all;

    #[test]
    fn by_hand() {
        let cases = parse_all(b"3 3\nP#G\n.#.\n...\n1 3\nP#G\n1 2\nGP\n").unwrap();
        let counts: Vec<Option<usize>> = cases.iter().map(count).collect();
        assert_eq!(counts, [Some(6), None, Some(1)]);
    }
}
