//! The open list of the A* search: stacks of state ids bucketed by the estimate
//! `f = pushes + bound` and, within a bucket, by the bound (least first, so that among
//! equally promising states the one nearest the goal goes first).

use puzzle_frame::budget::{Ledger, OverBudget};

/// States waiting to be expanded.
pub(super) struct Open {
    buckets: Vec<Vec<Vec<u32>>>,
    /// Per estimate, no stack below this bound holds a state.
    lowest_bound: Vec<usize>,
    lowest: usize,
}

impl Open {
    /// An empty list.
    pub fn new() -> Open {
        Open {
            buckets: Vec::new(),
            lowest_bound: Vec::new(),
            lowest: 0,
        }
    }

    /// Adds state `id` with estimate `estimate` and bound `bound` (`bound <= estimate`).
    pub fn push(
        &mut self,
        estimate: usize,
        bound: usize,
        id: u32,
        ledger: &mut Ledger,
    ) -> Result<(), OverBudget> {
        while self.buckets.len() <= estimate {
            ledger.push(&mut self.buckets, Vec::new(), "the open list")?;
            ledger.push(&mut self.lowest_bound, 0, "the open list")?;
        }
        let bucket = &mut self.buckets[estimate];
        while bucket.len() <= bound {
            ledger.push(bucket, Vec::new(), "the open list")?;
        }
        ledger.push(&mut bucket[bound], id, "the open list")?;
        self.lowest = self.lowest.min(estimate);
        self.lowest_bound[estimate] = self.lowest_bound[estimate].min(bound);
        Ok(())
    }

    /// Takes a state of the least estimate (with its estimate), if any is left.
    pub fn pop(&mut self) -> Option<(usize, u32)> {
        while self.lowest < self.buckets.len() {
            let estimate = self.lowest;
            let bucket = &mut self.buckets[estimate];
            let bound = &mut self.lowest_bound[estimate];
            while *bound < bucket.len() {
                if let Some(id) = bucket[*bound].pop() {
                    return Some((estimate, id));
                }
                *bound += 1;
            }
            self.lowest += 1;
        }
        None
    }
}
