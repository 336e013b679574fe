//! The memory budget every binary runs under (`--max-memory SIZE`).
//!
//! Whatever grows with the input (boards, distance tables, visited sets, queues) is checked
//! against the budget before it is allocated or grown; past it, the solver returns
//! [`OverBudget`] and the binary stops with exit code 1 and a message naming the case and
//! the budget, after the earlier answers. No input makes the process abort.
//!
//! **One budget for the process.** The budget covers everything the process holds at once:
//! the input, the solver's tables, the moves found, the film `--show` draws and the
//! `--html` page. The answer loop ([`crate::answer`]) keeps the process's own ledger (the
//! input, the page) and gives each part the rest: a [`MemoryBudget`] can carry bytes
//! already `held` elsewhere ([`MemoryBudget::without`]), which its checks add to what they
//! are asked for, so that a message still names the `--max-memory` budget and the total
//! the process would need.

use std::fmt;

/// The default budget: 2 GiB.
pub const DEFAULT_BYTES: u64 = 2 << 30;

/// A memory budget in bytes, less what the process already holds elsewhere.
///
/// ```
/// use puzzle_frame::budget::MemoryBudget;
///
/// let whole = MemoryBudget::parse("1M")?; // --max-memory 1M
/// // What a solver gets when the process already holds 1000 bytes of input.
/// let solver = whole.without(1000);
/// assert_eq!((solver.bytes(), solver.total()), ((1 << 20) - 1000, 1 << 20));
/// assert!(solver.check_items::<u32>("the distance table", 1000).is_ok());
/// // A refusal names the whole budget and what the process would hold in all.
/// let over = solver.check("the visited set", 2 << 20).unwrap_err();
/// assert_eq!((over.needed, over.budget), ((2 << 20) + 1000, 1 << 20));
/// assert_eq!(
///     over.to_string(),
///     "the visited set would need 2.0 MiB, over the memory budget of 1.0 MiB \
///      (raise it with --max-memory SIZE)"
/// );
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryBudget {
    /// The whole budget (`--max-memory`).
    bytes: u64,
    /// What the process holds besides the holder of this budget (the input, the page).
    held: u64,
}

impl Default for MemoryBudget {
    fn default() -> MemoryBudget {
        MemoryBudget::new(DEFAULT_BYTES)
    }
}

/// A search or a table would need more memory than the budget allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// What needed the memory (`the visited set`).
    pub what: String,
    /// The bytes it would need.
    pub needed: u64,
    /// The budget, in bytes.
    pub budget: u64,
}

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} would need {}, over the memory budget of {} (raise it with --max-memory SIZE)",
            self.what,
            format_size(self.needed),
            format_size(self.budget)
        )
    }
}

impl std::error::Error for OverBudget {}

impl MemoryBudget {
    /// A budget of `bytes`.
    pub const fn new(bytes: u64) -> MemoryBudget {
        MemoryBudget { bytes, held: 0 }
    }

    /// The bytes left to the holder of this budget: the whole budget less what is held
    /// elsewhere.
    pub const fn bytes(self) -> u64 {
        self.bytes.saturating_sub(self.held)
    }

    /// The whole budget (`--max-memory`), which messages name.
    pub const fn total(self) -> u64 {
        self.bytes
    }

    /// The bytes held elsewhere, which every check adds.
    pub const fn held(self) -> u64 {
        self.held
    }

    /// This budget less `bytes` more held elsewhere (the input, the page, a solver's
    /// tables while a film is drawn).
    pub const fn without(self, bytes: u64) -> MemoryBudget {
        MemoryBudget {
            bytes: self.bytes,
            held: self.held.saturating_add(bytes),
        }
    }

    /// A size such as `1000`, `64K`, `512M` or `2G` (binary multiples; a trailing `B` or
    /// `iB` is accepted).
    pub fn parse(text: &str) -> Result<MemoryBudget, String> {
        let bad = || format!("invalid size '{text}' (a number of bytes, or with K, M or G)");
        let t = text.trim();
        let t = t
            .strip_suffix("iB")
            .or_else(|| t.strip_suffix('B'))
            .unwrap_or(t);
        let (digits, shift) = match t.char_indices().last() {
            Some((i, 'K' | 'k')) => (&t[..i], 10),
            Some((i, 'M' | 'm')) => (&t[..i], 20),
            Some((i, 'G' | 'g')) => (&t[..i], 30),
            Some((i, 'T' | 't')) => (&t[..i], 40),
            _ => (t, 0),
        };
        let n: u64 = digits.parse().map_err(|_| bad())?;
        let bytes = n.checked_mul(1 << shift).ok_or_else(bad)?;
        if bytes == 0 {
            return Err(format!(
                "invalid size '{text}' (the budget must be more than 0 bytes)"
            ));
        }
        Ok(MemoryBudget::new(bytes))
    }

    /// Ok when `bytes` for `what` fit in the budget beside what is held elsewhere.
    pub fn check(self, what: &str, bytes: u64) -> Result<(), OverBudget> {
        if bytes <= self.bytes() && self.held <= self.bytes {
            Ok(())
        } else {
            Err(self.refuse(what, bytes))
        }
    }

    /// The error for `bytes` of `what` that do not fit: the process's total (`bytes` and
    /// what is held elsewhere) against the whole budget.
    pub fn refuse(self, what: &str, bytes: u64) -> OverBudget {
        OverBudget {
            what: what.to_string(),
            needed: bytes.saturating_add(self.held),
            budget: self.bytes,
        }
    }

    /// [`MemoryBudget::check`] for `count` items of `T`, the product saturating.
    pub fn check_items<T>(self, what: &str, count: usize) -> Result<(), OverBudget> {
        let bytes = (count as u64).saturating_mul(std::mem::size_of::<T>() as u64);
        self.check(what, bytes)
    }
}

/// The bytes one solve holds, against its budget: every table, list and queue is charged
/// here before it is allocated or grown, and given back when it is dropped early.
///
/// ```
/// use puzzle_frame::budget::{Ledger, MemoryBudget, OverBudget};
///
/// let mut ledger = Ledger::new(MemoryBudget::new(64 << 10));
/// // A table, charged before it is made.
/// let mut distance = ledger.vec("the distance table", 4096, u32::MAX)?;
/// distance[0] = 0;
/// // A queue that grows only while the budget allows it to.
/// let mut queue: Vec<u32> = Vec::new();
/// ledger.push(&mut queue, 0, "the queue")?;
/// assert_eq!(ledger.used(), (4096 + queue.capacity() as u64) * 4);
/// // Past the budget: nothing is allocated, and the error says what and the budget.
/// let over = ledger.vec("the visited set", 1 << 20, false).unwrap_err();
/// assert_eq!((over.what.as_str(), over.budget), ("the visited set", 64 << 10));
/// // What is left for whoever holds memory beside this solve (a film, a page).
/// assert_eq!(ledger.remainder().held(), ledger.used());
/// # Ok::<(), OverBudget>(())
/// ```
#[derive(Debug)]
pub struct Ledger {
    budget: MemoryBudget,
    used: u64,
}

impl Ledger {
    /// An empty ledger under `budget`.
    pub fn new(budget: MemoryBudget) -> Ledger {
        Ledger { budget, used: 0 }
    }

    /// The budget the ledger is held to.
    pub fn budget(&self) -> MemoryBudget {
        self.budget
    }

    /// The bytes charged so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// The budget less what this ledger holds: what is left for the next holder.
    pub fn remainder(&self) -> MemoryBudget {
        self.budget.without(self.used)
    }

    /// Charges `bytes` more for `what`, unless the total passes the budget (the error names
    /// `what` and the total).
    pub fn allocate(&mut self, what: &str, bytes: u64) -> Result<(), OverBudget> {
        let total = self.used.saturating_add(bytes);
        self.budget.check(what, total)?;
        self.used = total;
        Ok(())
    }

    /// Gives back `bytes` charged before.
    pub fn release(&mut self, bytes: u64) {
        self.used = self.used.saturating_sub(bytes);
    }

    /// Charges `count` items of `T` for `what`.
    pub fn take<T>(&mut self, what: &str, count: usize) -> Result<(), OverBudget> {
        self.allocate(what, bytes_of::<T>(count))
    }

    /// Gives back `count` items of `T` taken before.
    pub fn give_back<T>(&mut self, count: usize) {
        self.release(bytes_of::<T>(count));
    }

    /// A vector of `len` copies of `fill`, charged first.
    pub fn vec<T: Clone>(&mut self, what: &str, len: usize, fill: T) -> Result<Vec<T>, OverBudget> {
        self.take::<T>(what, len)?;
        Ok(vec![fill; len])
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

    /// Resizes `list` to `len` items, new ones `fill`, growing it (charged, at least
    /// doubling its capacity) only when the budget allows.
    pub fn resize<T: Clone>(
        &mut self,
        list: &mut Vec<T>,
        len: usize,
        fill: T,
        what: &str,
    ) -> Result<(), OverBudget> {
        if len > list.capacity() {
            self.grow(list, len - list.capacity(), what)?;
        }
        list.resize(len, fill);
        Ok(())
    }

    /// Makes room for `more` items in `list`, at least doubling its capacity, when the
    /// budget allows; charges what the allocator really holds.
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
            .max(old.saturating_add(more))
            .max(1024 / size.max(1) as usize);
        self.allocate(what, (new - old) as u64 * size)?;
        list.reserve_exact(new - list.len());
        // The allocator may round up; charge what it really holds.
        self.used += (list.capacity() - new) as u64 * size;
        Ok(())
    }
}

/// The bytes of `count` items of `T`, saturating.
fn bytes_of<T>(count: usize) -> u64 {
    (count as u64).saturating_mul(std::mem::size_of::<T>() as u64)
}

/// A byte count for people: `512 B`, `1.5 KiB`, `2.0 GiB`.
pub fn format_size(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_binary_suffixes() {
        assert_eq!(MemoryBudget::parse("1000").map(|b| b.bytes()), Ok(1000));
        assert_eq!(MemoryBudget::parse("64K").map(|b| b.bytes()), Ok(64 << 10));
        assert_eq!(
            MemoryBudget::parse("512M").map(|b| b.bytes()),
            Ok(512 << 20)
        );
        assert_eq!(MemoryBudget::parse("2GiB").map(|b| b.bytes()), Ok(2 << 30));
        assert!(MemoryBudget::parse("x").is_err());
        assert!(MemoryBudget::parse("0").is_err());
        assert!(MemoryBudget::parse("99999999999T").is_err());
        assert!(MemoryBudget::parse("-1M").is_err());
    }

    #[test]
    fn check_names_what_and_the_budget() {
        let budget = MemoryBudget::new(1 << 20);
        assert!(budget.check("t", 1 << 20).is_ok());
        let e = budget.check_items::<u64>("the table", 1 << 20).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the table would need 8.0 MiB, over the memory budget of 1.0 MiB (raise it with --max-memory SIZE)"
        );
        assert!(budget.check_items::<u64>("x", usize::MAX).is_err());
    }

    #[test]
    fn what_is_held_elsewhere_counts_and_the_message_names_the_whole_budget() {
        let budget = MemoryBudget::new(1 << 20).without(1000);
        assert_eq!(
            (budget.bytes(), budget.total(), budget.held()),
            ((1 << 20) - 1000, 1 << 20, 1000)
        );
        assert!(budget.check("t", (1 << 20) - 1000).is_ok());
        let e = budget.check("the table", (1 << 20) - 999).unwrap_err();
        assert_eq!((e.needed, e.budget), ((1 << 20) + 1, 1 << 20));
        let mut ledger = Ledger::new(budget.without(24));
        assert!(ledger.allocate("x", (1 << 20) - 1024).is_ok());
        assert!(ledger.allocate("y", 1).is_err());
        assert_eq!(MemoryBudget::new(10).without(20).bytes(), 0);
        assert!(MemoryBudget::new(10).without(20).check("z", 0).is_err());
    }

    #[test]
    fn the_ledger_refuses_growth_past_the_budget_before_it_happens() {
        let mut ledger = Ledger::new(MemoryBudget::new(10_000));
        let mut list: Vec<u64> = Vec::new();
        let mut pushed = 0;
        while ledger.push(&mut list, 7, "the list").is_ok() {
            pushed += 1;
        }
        assert!(list.capacity() * 8 <= 10_000, "{}", list.capacity());
        assert_eq!(list.len(), pushed);
        assert_eq!(ledger.used(), list.capacity() as u64 * 8);
        let e = ledger.vec("a table", 10_000, 0u8).unwrap_err();
        assert_eq!((e.what.as_str(), e.budget), ("a table", 10_000));
        ledger.give_back::<u64>(list.capacity());
        assert_eq!(ledger.used(), 0);
        assert!(ledger.vec("a table", 10_000, 0u8).is_ok());
        assert!(ledger.take::<u64>("a lot", usize::MAX).is_err());
        assert_eq!(ledger.used(), 10_000);
    }

    #[test]
    fn resize_fills_charges_what_it_holds_and_refuses_past_the_budget() {
        let mut ledger = Ledger::new(MemoryBudget::new(10_000));
        let mut list: Vec<u32> = vec![];
        ledger.resize(&mut list, 100, 9, "the list").unwrap();
        assert_eq!(list, vec![9; 100]);
        assert_eq!(ledger.used(), list.capacity() as u64 * 4);
        ledger.resize(&mut list, 50, 0, "the list").unwrap();
        assert_eq!(list.len(), 50);
        assert_eq!(ledger.used(), list.capacity() as u64 * 4);
        let e = ledger.resize(&mut list, 2_600, 1, "the list").unwrap_err();
        assert_eq!((e.what.as_str(), e.budget), ("the list", 10_000));
        assert_eq!(list.len(), 50, "nothing grows past the budget");
    }
}
