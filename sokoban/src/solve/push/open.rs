//! The open list of the A* search: stacks of state ids bucketed by the estimate
//! `f = pushes + bound` and, within a bucket, by the bound (least first, so that among
//! equally promising states the one nearest the goal goes first).

use puzzle_frame::budget::{Ledger, OverBudget};

/// States waiting to be expanded.
pub(super) struct Open {
    buckets: Vec<Vec<Vec<u32>>>,
    lowest: usize,
}

impl Open {
    /// An empty list.
    pub fn new() -> Open {
        Open {
            buckets: Vec::new(),
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
        }
        let bucket = &mut self.buckets[estimate];
        while bucket.len() <= bound {
            ledger.push(bucket, Vec::new(), "the open list")?;
        }
        ledger.push(&mut bucket[bound], id, "the open list")?;
        self.lowest = self.lowest.min(estimate);
        Ok(())
    }

    /// Takes a state of the least estimate (with its estimate), if any is left.
    pub fn pop(&mut self) -> Option<(usize, u32)> {
        while self.lowest < self.buckets.len() {
            let estimate = self.lowest;
            for stack in &mut self.buckets[estimate] {
                if let Some(id) = stack.pop() {
                    return Some((estimate, id));
                }
            }
            self.lowest += 1;
        }
        None
    }
}
