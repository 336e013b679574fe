//! The two stores of visited positions over the shape index (see [`super::shaped`]): a
//! dense bitset over every index, or a hash table over the indices reached.
//!
//! Both keep, per position, whether it is *settled* (its distance is final) or *pending*
//! (reached by a move that raises the estimate, waiting in the next layer), and with paths
//! a tag: the turn of the tail block the move into it dropped, enough to walk back.

use super::memory::{charged_vec, Ledger};
use grid_common::budget::OverBudget;

/// An unsigned word for lists and hash slots: `u32` when the values fit, else `u64`.
pub(crate) trait Word: Copy + Ord {
    /// The largest value the word holds.
    const MAX: u64;
    /// The word holding `value` (which fits).
    fn wrap(value: u64) -> Self;
    /// The value held.
    fn get(self) -> u64;
}

impl Word for u32 {
    const MAX: u64 = u32::MAX as u64;
    #[inline]
    fn wrap(value: u64) -> u32 {
        value as u32
    }
    #[inline]
    fn get(self) -> u64 {
        u64::from(self)
    }
}

impl Word for u64 {
    const MAX: u64 = u64::MAX;
    #[inline]
    fn wrap(value: u64) -> u64 {
        value
    }
    #[inline]
    fn get(self) -> u64 {
        self
    }
}

/// A store of visited positions, by index.
pub(crate) trait Marks {
    /// Reached at the current layer's distance: true (and settled with `tag`) unless it
    /// was settled before; a pending position is settled now.
    fn reach_now(&mut self, index: u64, tag: u8, ledger: &mut Ledger) -> Result<bool, OverBudget>;
    /// Reached for the next layer: true (and pending with `tag`) unless it was seen before.
    fn reach_later(&mut self, index: u64, tag: u8, ledger: &mut Ledger)
        -> Result<bool, OverBudget>;
    /// Settles a pending position: true when it was pending.
    fn take_pending(&mut self, index: u64) -> bool;
    /// The tag of a settled position.
    fn tag(&self, index: u64) -> u8;
    /// The positions seen (settled or pending).
    fn len(&self) -> u64;
    /// Starts loading what [`Marks::reach_now`] for `index` will read, so that the loads
    /// of several moves overlap.
    #[inline]
    fn prefetch(&self, _index: u64) {}
}

/// Bits per index: seen, pending (guided searches only), and two tag bits (with paths only).
pub(crate) struct DenseMarks {
    seen: Vec<u64>,
    pending: Vec<u64>,
    tags: Vec<u64>,
    len: u64,
}

impl DenseMarks {
    /// The bytes a store of `indices` needs.
    pub fn bytes(indices: u64, pending: bool, tags: bool) -> u64 {
        let words = indices.div_ceil(64);
        words * 8 * (1 + u64::from(pending) + 2 * u64::from(tags))
    }

    /// A store for `indices` indices, charged to `ledger`.
    pub fn new(
        indices: u64,
        pending: bool,
        tags: bool,
        ledger: &mut Ledger,
    ) -> Result<DenseMarks, OverBudget> {
        let what = "the bitset of visited positions";
        let words = usize::try_from(indices.div_ceil(64)).unwrap_or(usize::MAX);
        let total = DenseMarks::bytes(indices, pending, tags);
        ledger.allocate(what, total)?;
        ledger.release(total);
        Ok(DenseMarks {
            seen: charged_vec(ledger, what, words, 0)?,
            pending: charged_vec(ledger, what, if pending { words } else { 0 }, 0)?,
            tags: charged_vec(ledger, what, if tags { 2 * words } else { 0 }, 0)?,
            len: 0,
        })
    }

    #[inline]
    fn set_tag(&mut self, index: u64, tag: u8) {
        if let Some(word) = self.tags.get_mut((index / 32) as usize) {
            let shift = 2 * (index % 32);
            *word = *word & !(3 << shift) | u64::from(tag & 3) << shift;
        }
    }
}

#[inline]
fn bit(words: &[u64], index: u64) -> bool {
    words[(index / 64) as usize] >> (index % 64) & 1 != 0
}

#[inline]
fn set(words: &mut [u64], index: u64) {
    words[(index / 64) as usize] |= 1 << (index % 64);
}

#[inline]
fn clear(words: &mut [u64], index: u64) {
    words[(index / 64) as usize] &= !(1 << (index % 64));
}

impl Marks for DenseMarks {
    #[inline]
    fn reach_now(&mut self, index: u64, tag: u8, _: &mut Ledger) -> Result<bool, OverBudget> {
        if !bit(&self.seen, index) {
            set(&mut self.seen, index);
            self.len += 1;
        } else if self.pending.is_empty() || !bit(&self.pending, index) {
            return Ok(false);
        } else {
            clear(&mut self.pending, index);
        }
        self.set_tag(index, tag);
        Ok(true)
    }

    #[inline]
    fn reach_later(&mut self, index: u64, tag: u8, _: &mut Ledger) -> Result<bool, OverBudget> {
        if bit(&self.seen, index) {
            return Ok(false);
        }
        set(&mut self.seen, index);
        set(&mut self.pending, index);
        self.len += 1;
        self.set_tag(index, tag);
        Ok(true)
    }

    #[inline]
    fn take_pending(&mut self, index: u64) -> bool {
        if self.pending.is_empty() || !bit(&self.pending, index) {
            return false;
        }
        clear(&mut self.pending, index);
        true
    }

    fn tag(&self, index: u64) -> u8 {
        self.tags
            .get((index / 32) as usize)
            .map_or(0, |w| (w >> (2 * (index % 32)) & 3) as u8)
    }

    fn len(&self) -> u64 {
        self.len
    }
}

/// Open addressing with linear probing over the indices reached. A slot holds
/// `(index + 1) << 3 | pending << 2 | tag`, or 0 when empty, in a `u32` when every index of
/// the case fits (below 2^29), else a `u64` (below 2^61).
pub(crate) struct HashedMarks<S> {
    slots: Vec<S>,
    /// `64 - log2(slots.len())`: the hash's high bits pick the slot.
    shift: u32,
    len: u64,
}

const PENDING: u64 = 1 << 2;
/// The largest index a [`HashedMarks`] holds, exclusive.
pub(crate) const HASHED_INDEX_LIMIT: u64 = 1 << 61;

/// The home slot of `key` (an index plus one) in a table of `64 - shift` bits.
#[inline]
fn home(key: u64, shift: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

impl<S: Word> HashedMarks<S> {
    const WHAT: &'static str = "the hash table of visited positions";

    /// True when every index below `indices` fits a slot of `S`.
    pub fn fits(indices: u64) -> bool {
        indices < HASHED_INDEX_LIMIT && (indices << 3) < S::MAX
    }

    /// An empty table, charged to `ledger`.
    pub fn new(ledger: &mut Ledger) -> Result<HashedMarks<S>, OverBudget> {
        let size = 1usize << 12;
        Ok(HashedMarks {
            slots: charged_vec(ledger, Self::WHAT, size, S::wrap(0))?,
            shift: 64 - size.trailing_zeros(),
            len: 0,
        })
    }

    /// The slot holding `index`, or the empty slot where it would go.
    #[inline]
    fn find(&self, index: u64) -> usize {
        let key = index + 1;
        let mask = self.slots.len() - 1;
        let mut slot = home(key, self.shift);
        loop {
            let held = self.slots[slot].get();
            if held == 0 || held >> 3 == key {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Puts `value` in the empty slot for `index`, growing the table first when it would
    /// pass half full.
    #[inline]
    fn insert(
        &mut self,
        mut slot: usize,
        index: u64,
        value: u64,
        ledger: &mut Ledger,
    ) -> Result<(), OverBudget> {
        if (self.len + 1) * 2 > self.slots.len() as u64 {
            self.grow(ledger)?;
            slot = self.find(index);
        }
        self.slots[slot] = S::wrap(value);
        self.len += 1;
        Ok(())
    }

    #[cold]
    fn grow(&mut self, ledger: &mut Ledger) -> Result<(), OverBudget> {
        let size = self.slots.len() * 2;
        let mut slots = charged_vec(ledger, Self::WHAT, size, S::wrap(0))?;
        let shift = self.shift - 1;
        let mask = size - 1;
        for &held in &self.slots {
            if held.get() != 0 {
                let mut slot = home(held.get() >> 3, shift);
                while slots[slot].get() != 0 {
                    slot = (slot + 1) & mask;
                }
                slots[slot] = held;
            }
        }
        ledger.release((self.slots.len() * std::mem::size_of::<S>()) as u64);
        self.slots = slots;
        self.shift = shift;
        Ok(())
    }
}

impl<S: Word> Marks for HashedMarks<S> {
    #[inline]
    fn reach_now(&mut self, index: u64, tag: u8, ledger: &mut Ledger) -> Result<bool, OverBudget> {
        let slot = self.find(index);
        let held = self.slots[slot].get();
        let value = (index + 1) << 3 | u64::from(tag & 3);
        if held == 0 {
            self.insert(slot, index, value, ledger)?;
        } else if held & PENDING != 0 {
            self.slots[slot] = S::wrap(value);
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    #[inline]
    fn reach_later(
        &mut self,
        index: u64,
        tag: u8,
        ledger: &mut Ledger,
    ) -> Result<bool, OverBudget> {
        let slot = self.find(index);
        if self.slots[slot].get() != 0 {
            return Ok(false);
        }
        let value = (index + 1) << 3 | PENDING | u64::from(tag & 3);
        self.insert(slot, index, value, ledger)?;
        Ok(true)
    }

    #[inline]
    fn take_pending(&mut self, index: u64) -> bool {
        let slot = self.find(index);
        let held = self.slots[slot].get();
        self.slots[slot] = S::wrap(held & !PENDING);
        held & PENDING != 0
    }

    fn tag(&self, index: u64) -> u8 {
        (self.slots[self.find(index)].get() & 3) as u8
    }

    fn len(&self) -> u64 {
        self.len
    }

    #[inline]
    fn prefetch(&self, index: u64) {
        std::hint::black_box(self.slots[home(index + 1, self.shift)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_common::budget::MemoryBudget;

    /// The same operations on both stores give the same answers.
    #[test]
    fn both_stores_keep_the_same_marks() {
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 30));
        let mut dense = DenseMarks::new(100_000, true, true, &mut ledger).unwrap();
        let mut hashed = HashedMarks::<u32>::new(&mut ledger).unwrap();
        let mut x = 12345u64;
        for step in 0..60_000u64 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let index = (x >> 33) % 100_000;
            let tag = (x >> 20) as u8 % 3;
            let (a, b) = match step % 3 {
                0 => (
                    dense.reach_now(index, tag, &mut ledger).unwrap(),
                    hashed.reach_now(index, tag, &mut ledger).unwrap(),
                ),
                1 => (
                    dense.reach_later(index, tag, &mut ledger).unwrap(),
                    hashed.reach_later(index, tag, &mut ledger).unwrap(),
                ),
                _ => (dense.take_pending(index), hashed.take_pending(index)),
            };
            assert_eq!(a, b, "step {step}");
            if a && step % 3 != 2 {
                assert_eq!(dense.tag(index), tag);
                assert_eq!(hashed.tag(index), tag);
            }
        }
        assert_eq!(dense.len(), hashed.len());
    }
}
