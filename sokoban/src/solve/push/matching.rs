//! The lower bound: a minimum-cost perfect matching of boxes to distinct goals on push
//! distances (the Hungarian method with potentials, O(boxes² · goals)).
//!
//! Every box must end on its own goal, and a box needs at least its push distance to the
//! goal it ends on, pushes of different boxes being different pushes: so the cheapest
//! assignment never exceeds the pushes left (admissible). One push moves one box one cell,
//! which changes its distance to any goal by at most one, so the bound drops by at most one
//! per push (consistent): A* never has to reopen an expanded state.

use super::board::{Board, UNREACHABLE};

/// A cost that marks a box-goal pair that cannot be matched.
const FORBIDDEN: i64 = 1 << 32;

/// The scratch space of the matching, reused from state to state.
pub(super) struct Matcher {
    cost: Vec<i64>,
    row_potential: Vec<i64>,
    column_potential: Vec<i64>,
    owner: Vec<usize>,
    way: Vec<usize>,
    slack: Vec<i64>,
    used: Vec<bool>,
}

impl Matcher {
    /// Scratch space for up to `boxes` boxes and `goals` goals.
    pub fn new(boxes: usize, goals: usize) -> Matcher {
        Matcher {
            cost: vec![0; boxes * goals],
            row_potential: vec![0; boxes + 1],
            column_potential: vec![0; goals + 1],
            owner: vec![0; goals + 1],
            way: vec![0; goals + 1],
            slack: vec![0; goals + 1],
            used: vec![false; goals + 1],
        }
    }

    /// The cost of the cheapest assignment of `boxes` (floor cells) to distinct goals, or
    /// `None` when no assignment puts every box on a goal it can reach.
    pub fn bound(&mut self, board: &Board, boxes: &[u16], player: u16) -> Option<u32> {
        let (n, m) = (boxes.len(), board.goals.len());
        if n > m {
            return None;
        }
        for (i, &b) in boxes.iter().enumerate() {
            for g in 0..m {
                let d = board.push_distance(g, b, player);
                self.cost[i * m + g] = if d == UNREACHABLE {
                    FORBIDDEN
                } else {
                    i64::from(d)
                };
            }
        }
        let total = self.assign(n, m);
        (total < FORBIDDEN).then_some(total as u32)
    }

    /// The Hungarian method on the first `n` rows of `cost` (`n <= m`), 1-based inside.
    fn assign(&mut self, n: usize, m: usize) -> i64 {
        self.row_potential[..=n].fill(0);
        self.column_potential[..=m].fill(0);
        self.owner[..=m].fill(0);
        for row in 1..=n {
            self.owner[0] = row;
            let mut column = 0;
            self.slack[..=m].fill(i64::MAX);
            self.used[..=m].fill(false);
            loop {
                self.used[column] = true;
                let current = self.owner[column];
                let mut delta = i64::MAX;
                let mut next = 0;
                for j in 1..=m {
                    if self.used[j] {
                        continue;
                    }
                    let reduced = self.cost[(current - 1) * m + (j - 1)]
                        - self.row_potential[current]
                        - self.column_potential[j];
                    if reduced < self.slack[j] {
                        self.slack[j] = reduced;
                        self.way[j] = column;
                    }
                    if self.slack[j] < delta {
                        delta = self.slack[j];
                        next = j;
                    }
                }
                for j in 0..=m {
                    if self.used[j] {
                        self.row_potential[self.owner[j]] += delta;
                        self.column_potential[j] -= delta;
                    } else {
                        self.slack[j] -= delta;
                    }
                }
                column = next;
                if self.owner[column] == 0 {
                    break;
                }
            }
            while column != 0 {
                let previous = self.way[column];
                self.owner[column] = self.owner[previous];
                column = previous;
            }
        }
        (1..=m)
            .filter(|&j| self.owner[j] != 0)
            .map(|j| self.cost[(self.owner[j] - 1) * m + (j - 1)])
            .sum()
    }
}
