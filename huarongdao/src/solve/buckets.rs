//! The bucket queue: a monotone priority queue for small integer priorities, within a
//! memory budget.

/// Marks an empty slot.
const NONE: u32 = u32::MAX;

/// A monotone priority queue: a ring of buckets indexed by priority, with a bitmap of the
/// non-empty ones. Priorities pushed must lie in `current..current + span` (it grows if not).
///
/// The item last pushed at the current priority waits in `top` instead of its bucket: it
/// would be the next one popped (a bucket is a stack), so an A* whose best child keeps the
/// priority hands it straight back without touching the ring. The order of the pops is
/// exactly that of the ring alone.
///
/// Its memory is counted as it grows: an item that would take it past its budget is
/// dropped and [`Buckets::over_budget`] set, after which its pops mean nothing.
#[derive(Clone, Debug)]
pub(super) struct Buckets {
    buckets: Vec<Vec<u32>>,
    bits: Vec<u64>,
    current: u32,
    /// Counts the item in `top` too.
    len: usize,
    /// The logical top of the current bucket (`NONE` when it is in the ring or absent).
    top: u32,
    /// The bytes the ring holds (its buckets' headers and capacities, the bitmap).
    held: usize,
    /// The most bytes it may hold.
    pub limit: usize,
    /// An item was dropped: the queue would have outgrown its budget.
    pub over_budget: bool,
    /// The bytes it would have grown by when it was refused.
    pub refused: usize,
}

impl Default for Buckets {
    fn default() -> Buckets {
        Buckets {
            buckets: Vec::new(),
            bits: Vec::new(),
            current: 0,
            len: 0,
            top: NONE,
            held: 0,
            limit: usize::MAX,
            over_budget: false,
            refused: 0,
        }
    }
}

impl Buckets {
    /// An empty queue that holds at most `limit` bytes.
    pub fn with_limit(limit: usize) -> Buckets {
        Buckets {
            limit,
            ..Buckets::default()
        }
    }

    /// The bytes the queue holds.
    pub fn held(&self) -> usize {
        self.held
    }

    /// Refuses to grow by `bytes`.
    #[cold]
    fn refuse(&mut self, bytes: usize) {
        self.over_budget = true;
        self.refused = self.refused.max(bytes);
    }

    /// Makes room for priorities `span` apart.
    pub fn reserve_span(&mut self, span: usize) {
        let size = span.next_power_of_two().max(64);
        if size > self.buckets.len() {
            let base = self.current;
            self.rebuild(size, base);
        }
    }

    /// Moves every item into a ring of `size` buckets starting at priority `base` (every
    /// item's priority must lie in `base..base + size`).
    fn rebuild(&mut self, size: usize, base: u32) {
        let moving = self.len.saturating_mul(std::mem::size_of::<(u32, u32)>());
        if self.held.saturating_add(moving) > self.limit {
            self.refuse(moving);
            return;
        }
        let mut items = Vec::with_capacity(self.len);
        while let Some(item) = self.pop_with_priority() {
            items.push(item);
        }
        if size != self.buckets.len() {
            let ring = size.saturating_mul(std::mem::size_of::<Vec<u32>>() + 1);
            if ring > self.limit {
                self.refuse(ring);
                return;
            }
            self.buckets = Vec::new();
            self.buckets = vec![Vec::new(); size];
            self.bits = vec![0; size / 64];
            self.held = ring;
        }
        self.current = base;
        for (priority, item) in items {
            self.insert(priority, item);
        }
    }

    /// Empties the queue (keeping its memory).
    pub fn clear(&mut self) {
        for (w, word) in self.bits.iter_mut().enumerate() {
            let mut rest = *word;
            while rest != 0 {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.buckets[w * 64 + bit].clear();
            }
            *word = 0;
        }
        self.len = 0;
        self.top = NONE;
    }

    /// Adds `item` at `priority`.
    #[inline(always)]
    pub fn push(&mut self, priority: u32, item: u32) {
        if self.len == 0 {
            self.current = priority;
        }
        if priority == self.current && !self.buckets.is_empty() {
            // The new top of the current bucket; the old one goes under it.
            let under = std::mem::replace(&mut self.top, item);
            self.len += 1;
            if under != NONE {
                self.len -= 1;
                self.insert(priority, under);
            }
            return;
        }
        let ahead = priority.wrapping_sub(self.current) as usize;
        if ahead < self.buckets.len() {
            self.insert(priority, item);
        } else {
            self.push_far(priority, item);
        }
    }

    #[cold]
    fn push_far(&mut self, priority: u32, item: u32) {
        // With a consistent heuristic the priorities stay within the ring (only the start
        // states may come in any order); stay correct whatever comes.
        let low = self.current.min(priority);
        let high = self.max_priority().max(priority);
        let span = (high - low) as usize + 1;
        if low < self.current || span > self.buckets.len() {
            let size = span.next_power_of_two().max(self.buckets.len()).max(64);
            self.rebuild(size, low);
        }
        if self.buckets.is_empty() {
            return; // Over the budget: the ring could not be made.
        }
        self.insert(priority, item);
    }

    /// The largest priority the ring can hold without growing.
    fn max_priority(&self) -> u32 {
        self.current
            .saturating_add(self.buckets.len().saturating_sub(1) as u32)
    }

    #[inline(always)]
    fn insert(&mut self, priority: u32, item: u32) {
        let slot = priority as usize & (self.buckets.len() - 1);
        let bucket = &mut self.buckets[slot];
        if bucket.len() == bucket.capacity() {
            if let Err(bytes) = grow(bucket, &mut self.held, self.limit) {
                self.refuse(bytes);
                return;
            }
        }
        bucket.push(item);
        self.bits[slot / 64] |= 1 << (slot % 64);
        self.len += 1;
    }

    /// Takes out an item of the least priority.
    #[inline]
    pub fn pop(&mut self) -> Option<u32> {
        self.pop_with_priority().map(|(_, item)| item)
    }

    /// Takes out an item of the least priority, with its priority.
    #[inline]
    pub fn pop_with_priority(&mut self) -> Option<(u32, u32)> {
        if self.top != NONE {
            let item = std::mem::replace(&mut self.top, NONE);
            self.len -= 1;
            return Some((self.current, item));
        }
        // Most other pops come from the current bucket: that path is inlined.
        let slot = self.current as usize & self.buckets.len().wrapping_sub(1);
        if let Some(bucket) = self.buckets.get_mut(slot) {
            if let Some(item) = bucket.pop() {
                if bucket.is_empty() {
                    self.bits[slot / 64] &= !(1 << (slot % 64));
                }
                self.len -= 1;
                return Some((self.current, item));
            }
        }
        self.pop_further()
    }

    /// A pop from a bucket after the current one (the current one is empty).
    #[inline(never)]
    fn pop_further(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        let span = self.buckets.len();
        let start = self.current as usize & (span - 1);
        let words = self.bits.len();
        let mut w = start / 64;
        let mut word = self.bits[w] & (u64::MAX << (start % 64));
        let mut steps = 0;
        while word == 0 {
            w = (w + 1) % words;
            word = self.bits[w];
            steps += 1;
            if steps > words {
                // Wrapped to the start word: look at its low bits.
                break;
            }
        }
        let slot = w * 64 + word.trailing_zeros() as usize;
        let ahead = slot.wrapping_sub(start) & (span - 1);
        self.current += ahead as u32;
        let item = self.buckets[slot].pop()?;
        if self.buckets[slot].is_empty() {
            self.bits[slot / 64] &= !(1 << (slot % 64));
        }
        self.len -= 1;
        Some((self.current, item))
    }
}

/// Doubles the capacity of `bucket` (at least 16 items) when the queue's bytes, `held` now,
/// stay within `limit`; else `Err(the bytes it would grow by)`.
#[cold]
#[inline(never)]
fn grow(bucket: &mut Vec<u32>, held: &mut usize, limit: usize) -> Result<(), usize> {
    *held += super::blank::grow_vec(bucket, 16, *held, limit)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pushes `count` items over 50 priorities, then pops them all: how many came out.
    fn fill_and_drain(queue: &mut Buckets, count: u32) -> usize {
        for i in 0..count {
            queue.push(i % 50, i);
        }
        let mut popped = 0;
        let mut last = 0;
        while let Some((priority, _)) = queue.pop_with_priority() {
            assert!(priority >= last, "monotone");
            last = priority;
            popped += 1;
        }
        popped
    }

    #[test]
    fn the_queue_grows_only_within_its_limit() {
        let mut roomy = Buckets::with_limit(1 << 20);
        roomy.reserve_span(64);
        assert_eq!(fill_and_drain(&mut roomy, 10_000), 10_000);
        assert!(!roomy.over_budget);
        let mut tight = Buckets::with_limit(8 << 10);
        tight.reserve_span(64);
        assert!(!tight.over_budget, "the ring itself fits");
        let popped = fill_and_drain(&mut tight, 10_000);
        assert!(tight.over_budget);
        assert!(tight.held() <= 8 << 10, "{}", tight.held());
        assert!(popped < 10_000 && popped > 0, "{popped}");
        let mut no_room = Buckets::with_limit(100);
        no_room.reserve_span(64);
        assert!(
            no_room.over_budget,
            "a ring of 64 buckets does not fit in 100 bytes"
        );
        assert_eq!(fill_and_drain(&mut no_room, 100), 0);
    }
}
