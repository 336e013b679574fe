//! The brute-force reference: a breadth-first search over the literal list of body cells.
//!
//! No encoding, no tables, no estimate: a position is the `Vec<Pos>` of the body, head
//! first, and the visited set is a `HashSet` of them. Obviously right, slow; for tests.

use crate::case::{Case, Move};
use grid_common::Pos;
use std::collections::{HashSet, VecDeque};

/// What the reference found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// The fewest moves for the head to reach (1,1), or `None`.
    pub steps: Option<usize>,
    /// The positions seen (the start included); when `steps` is `None`, every reachable one.
    pub seen: usize,
}

/// The body after the head moves in `dir`, or `None` when the move is not allowed: the head
/// must stay in the lair, off the stones and off every cell the body holds before the move
/// (the tail's included).
pub fn step(case: &Case, body: &[Pos], dir: Move) -> Option<Vec<Pos>> {
    let head = *body.first()?;
    let to = case.stone.step(head, dir)?;
    if case.stone[to] || body.contains(&to) {
        return None;
    }
    let mut moved = vec![to];
    moved.extend_from_slice(&body[..body.len() - 1]);
    Some(moved)
}

/// The fewest moves for the head to reach (1,1), `None` when it cannot.
pub fn count(case: &Case) -> Option<usize> {
    search(case, usize::MAX).and_then(|r| r.steps)
}

/// Breadth-first search over bodies; `None` when more than `limit` positions were seen.
pub fn search(case: &Case, limit: usize) -> Option<Reference> {
    let goal = Pos::new(0, 0);
    if case.body.first() == Some(&goal) {
        return Some(Reference {
            steps: Some(0),
            seen: 1,
        });
    }
    let mut seen: HashSet<Vec<Pos>> = HashSet::new();
    let mut queue: VecDeque<(Vec<Pos>, usize)> = VecDeque::new();
    seen.insert(case.body.clone());
    queue.push_back((case.body.clone(), 0));
    while let Some((body, dist)) = queue.pop_front() {
        for dir in Move::ALL {
            let Some(next) = step(case, &body, dir) else {
                continue;
            };
            if seen.contains(&next) {
                continue;
            }
            if next[0] == goal {
                return Some(Reference {
                    steps: Some(dist + 1),
                    seen: seen.len() + 1,
                });
            }
            seen.insert(next.clone());
            if seen.len() > limit {
                return None;
            }
            queue.push_back((next, dist + 1));
        }
    }
    Some(Reference {
        steps: None,
        seen: seen.len(),
    })
}
