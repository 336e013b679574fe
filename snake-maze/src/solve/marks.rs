//! The two stores of visited positions over the shape index (see [`super::shaped`]): a
//! dense bitset over every index, or a hash table over the indices reached.
//!
//! Both keep, per position, whether it is *settled* (its distance is final) or *pending*
//! (reached by a move that raises the estimate, waiting in the next layer), and with paths
//! a tag: the turn of the tail block the move into it dropped, enough to walk back.

use super::memory::{charged_vec, Ledger};
use grid_common::budget::OverBudget;

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
/// `(index + 1) << 3 | pending << 2 | tag`, or 0 when empty; indices below 2^61.
pub(crate) struct HashedMarks {
    slots: Vec<u64>,
    /// `64 - log2(slots.len())`: the hash's high bits pick the slot.
    shift: u32,
    len: u64,
}

const PENDING: u64 = 1 << 2;
/// The largest index a [`HashedMarks`] holds, exclusive.
pub(crate) const HASHED_INDEX_LIMIT: u64 = 1 << 61;

impl HashedMarks {
    const WHAT: &'static str = "the hash table of visited positions";

    /// An empty table, charged to `ledger`.
    pub fn new(ledger: &mut Ledger) -> Result<HashedMarks, OverBudget> {
        let size = 1 << 12;
        Ok(HashedMarks {
            slots: charged_vec(ledger, HashedMarks::WHAT, size, 0)?,
            shift: 64 - size.trailing_zeros(),
            len: 0,
        })
    }

    /// The slot holding `index`, or the empty slot where it would go.
    #[inline]
    fn find(&self, index: u64) -> usize {
        let key = index + 1;
        let mask = self.slots.len() - 1;
        let mut slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            let held = self.slots[slot];
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
        self.slots[slot] = value;
        self.len += 1;
        Ok(())
    }

    #[cold]
    fn grow(&mut self, ledger: &mut Ledger) -> Result<(), OverBudget> {
        let size = self.slots.len() * 2;
        let mut slots = charged_vec(ledger, HashedMarks::WHAT, size, 0u64)?;
        let shift = self.shift - 1;
        let mask = size - 1;
        for &held in &self.slots {
            if held != 0 {
                let mut slot = ((held >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize;
                while slots[slot] != 0 {
                    slot = (slot + 1) & mask;
                }
                slots[slot] = held;
            }
        }
        ledger.release(self.slots.len() as u64 * 8);
        self.slots = slots;
        self.shift = shift;
        Ok(())
    }
}

impl Marks for HashedMarks {
    #[inline]
    fn reach_now(&mut self, index: u64, tag: u8, ledger: &mut Ledger) -> Result<bool, OverBudget> {
        let slot = self.find(index);
        let held = self.slots[slot];
        let value = (index + 1) << 3 | u64::from(tag & 3);
        if held == 0 {
            self.insert(slot, index, value, ledger)?;
        } else if held & PENDING != 0 {
            self.slots[slot] = value;
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
        if self.slots[slot] != 0 {
            return Ok(false);
        }
        let value = (index + 1) << 3 | PENDING | u64::from(tag & 3);
        self.insert(slot, index, value, ledger)?;
        Ok(true)
    }

    #[inline]
    fn take_pending(&mut self, index: u64) -> bool {
        let slot = self.find(index);
        let held = self.slots[slot];
        self.slots[slot] = held & !PENDING;
        held & PENDING != 0
    }

    fn tag(&self, index: u64) -> u8 {
        (self.slots[self.find(index)] & 3) as u8
    }

    fn len(&self) -> u64 {
        self.len
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
        let mut hashed = HashedMarks::new(&mut ledger).unwrap();
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
