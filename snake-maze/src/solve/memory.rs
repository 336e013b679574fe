//! The memory budget of one search: every store is charged before it is allocated or grown.

use puzzle_frame::budget::{MemoryBudget, OverBudget};

/// The bytes a search holds, against its budget.
#[derive(Debug)]
pub(crate) struct Ledger {
    budget: MemoryBudget,
    used: u64,
}

impl Ledger {
    /// An empty ledger under `budget`.
    pub fn new(budget: MemoryBudget) -> Ledger {
        Ledger { budget, used: 0 }
    }

    /// The bytes charged so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Charges `bytes` more for `what`, unless that passes the budget.
    pub fn allocate(&mut self, what: &str, bytes: u64) -> Result<(), OverBudget> {
        let total = self.used.saturating_add(bytes);
        self.budget.check(what, total)?;
        self.used = total;
        Ok(())
    }

    /// Gives back `bytes`.
    pub fn release(&mut self, bytes: u64) {
        self.used = self.used.saturating_sub(bytes);
    }

    /// Pushes `item`, growing `list` (to twice its capacity) only when the budget allows.
    #[inline]
    pub fn push<T>(&mut self, list: &mut Vec<T>, item: T, what: &str) -> Result<(), OverBudget> {
        if list.len() == list.capacity() {
            self.grow(list, 1, what)?;
        }
        list.push(item);
        Ok(())
    }

    /// Makes room for `more` items in `list`, doubling its capacity at least, when the budget
    /// allows.
    #[cold]
    pub fn grow<T>(
        &mut self,
        list: &mut Vec<T>,
        more: usize,
        what: &str,
    ) -> Result<(), OverBudget> {
        let size = std::mem::size_of::<T>() as u64;
        let old = list.capacity();
        let new = old
            .saturating_mul(2)
            .max(old + more)
            .max(1024 / size.max(1) as usize);
        self.allocate(what, (new - old) as u64 * size)?;
        list.reserve_exact(new - list.len());
        // The allocator may round up; charge what it really holds.
        self.used += (list.capacity() - new) as u64 * size;
        Ok(())
    }
}

/// A `Vec` of `len` copies of `value`, charged to `ledger` first.
pub(crate) fn charged_vec<T: Clone>(
    ledger: &mut Ledger,
    what: &str,
    len: usize,
    value: T,
) -> Result<Vec<T>, OverBudget> {
    let bytes = (len as u64).saturating_mul(std::mem::size_of::<T>() as u64);
    ledger.allocate(what, bytes)?;
    Ok(vec![value; len])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_past_the_budget_is_refused_before_it_happens() {
        let mut ledger = Ledger::new(MemoryBudget::new(10_000));
        let mut list: Vec<u64> = Vec::new();
        let mut pushed = 0;
        while ledger.push(&mut list, 7, "the list").is_ok() {
            pushed += 1;
        }
        assert!(list.capacity() * 8 <= 10_000, "{}", list.capacity());
        assert_eq!(list.len(), pushed);
        assert_eq!(ledger.used(), list.capacity() as u64 * 8);
        let e = charged_vec(&mut ledger, "a table", 10_000, 0u8).unwrap_err();
        assert_eq!(e.what, "a table");
    }
}
