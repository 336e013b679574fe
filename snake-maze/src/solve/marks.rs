//! The two stores of visited positions over the shape index (see [`super::shaped`]): a
//! dense bitset over every index, or a hash table over the runs of indices reached.
//!
//! Both keep, per position, whether it was reached and, with paths, a tag: the turn of the
//! tail block the move into it dropped, enough to walk back.

use puzzle_frame::budget::{Ledger, OverBudget};

/// An unsigned word for list entries: `u32` when the values fit, else `u64`.
pub(crate) trait Word: Copy + Ord {
    /// The word holding `value` (which fits).
    fn wrap(value: u64) -> Self;
    /// The value held.
    fn get(self) -> u64;
}

impl Word for u32 {
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
    /// True when expanding a layer in index order pays for sorting it: the store is too
    /// large for the caches and an ordered sweep misses less.
    const SWEEP: bool;
    /// Marks `index` with `tag`: true when it was not marked before.
    fn mark(&mut self, index: u64, tag: u8, ledger: &mut Ledger) -> Result<bool, OverBudget>;
    /// The tag of a marked position.
    fn tag(&self, index: u64) -> u8;
    /// The positions marked.
    fn len(&self) -> u64;
}

/// A bit per index, and with `TAGS` (paths) two tag bits per index.
pub(crate) struct DenseMarks<const TAGS: bool> {
    seen: Vec<u64>,
    tags: Vec<u64>,
    len: u64,
}

impl<const TAGS: bool> DenseMarks<TAGS> {
    /// A store for `indices` indices, charged to `ledger`.
    pub fn new(indices: u64, ledger: &mut Ledger) -> Result<DenseMarks<TAGS>, OverBudget> {
        let tags = TAGS;
        let what = "the bitset of visited positions";
        let words = usize::try_from(indices.div_ceil(64)).unwrap_or(usize::MAX);
        // The whole store is checked first, so that nothing is allocated when it cannot fit.
        let total = dense_bytes(indices, tags);
        ledger.allocate(what, total)?;
        ledger.release(total);
        Ok(DenseMarks {
            seen: ledger.vec(what, words, 0)?,
            tags: ledger.vec(what, if tags { 2 * words } else { 0 }, 0)?,
            len: 0,
        })
    }
}

/// The bytes a [`DenseMarks`] of `indices` needs, with tags or not.
pub(crate) fn dense_bytes(indices: u64, tags: bool) -> u64 {
    indices.div_ceil(64) * 8 * (1 + 2 * u64::from(tags))
}

impl<const TAGS: bool> Marks for DenseMarks<TAGS> {
    const SWEEP: bool = false;
    #[inline]
    fn mark(&mut self, index: u64, tag: u8, _: &mut Ledger) -> Result<bool, OverBudget> {
        let word = &mut self.seen[(index / 64) as usize];
        let bit = 1 << (index % 64);
        if *word & bit != 0 {
            return Ok(false);
        }
        *word |= bit;
        self.len += 1;
        if TAGS {
            self.tags[(index / 32) as usize] |= u64::from(tag & 3) << (2 * (index % 32));
        }
        Ok(true)
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

/// Consecutive runs hashed together to neighbouring slots: `1 << GROUP_BITS` of them.
const GROUP_BITS: u32 = 4;

/// The home slot of `key` (a run number plus one) in a table of `64 - shift` bits: the
/// group of neighbouring runs hashed, the run's place in its group kept.
#[inline]
fn home(key: u64, shift: u32) -> usize {
    let run = key - 1;
    let group = (run >> GROUP_BITS).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift;
    let low = (1 << GROUP_BITS) - 1;
    (group & !low | run & low) as usize
}

/// Open addressing with linear probing over the runs of `64 * B` consecutive indices
/// reached: a slot of `W` words holds the run's number plus one (0 when empty), `B` words
/// of a bit per index and, when `W = 1 + 3B` (paths), two tag bits per index. Neighbouring
/// indices differ in the tail's last turns, so a search fills runs, and a layer swept in
/// index order visits a run many times in a row. Groups of 16 neighbouring runs hash to
/// 16 neighbouring slots (see [`home`]), so that the sweep's moves walk through the table
/// as they walk through a bitset: on the cut-off 20 x 20 lairs explored in full this runs
/// at about half the bitset's speed, where random slots per run ran at a third and a slot
/// per index at a tenth.
/// [`HashedRuns`] and [`HashedRunsTagged`] are the two shapes used.
pub(crate) struct HashedMarks<const B: usize, const W: usize> {
    slots: Vec<[u64; W]>,
    /// `64 - log2(slots.len())`: the hash's high bits pick the slot.
    shift: u32,
    /// Runs held.
    runs: u64,
    len: u64,
}

impl<const B: usize, const W: usize> HashedMarks<B, W> {
    const WHAT: &'static str = "the hash table of visited positions";
    const RUN: u64 = 64 * B as u64;
    const TAGS: bool = W == 1 + 3 * B;

    /// An empty table, charged to `ledger`.
    pub fn new(ledger: &mut Ledger) -> Result<HashedMarks<B, W>, OverBudget> {
        let size = 1usize << 10;
        Ok(HashedMarks {
            slots: ledger.vec(Self::WHAT, size, [0; W])?,
            shift: 64 - size.trailing_zeros(),
            runs: 0,
            len: 0,
        })
    }

    /// The slot holding run `key` (a run number plus one), or the empty slot where it
    /// would go.
    #[inline]
    fn find(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = home(key, self.shift);
        loop {
            let held = self.slots[slot][0];
            if held == 0 || held == key {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self, ledger: &mut Ledger) -> Result<(), OverBudget> {
        let size = self.slots.len() * 2;
        let mut slots = ledger.vec(Self::WHAT, size, [0; W])?;
        let shift = self.shift - 1;
        let mask = size - 1;
        for held in &self.slots {
            if held[0] != 0 {
                let mut slot = home(held[0], shift);
                while slots[slot][0] != 0 {
                    slot = (slot + 1) & mask;
                }
                slots[slot] = *held;
            }
        }
        ledger.release((self.slots.len() * std::mem::size_of::<[u64; W]>()) as u64);
        self.slots = slots;
        self.shift = shift;
        Ok(())
    }
}

impl<const B: usize, const W: usize> Marks for HashedMarks<B, W> {
    const SWEEP: bool = true;

    #[inline]
    fn mark(&mut self, index: u64, tag: u8, ledger: &mut Ledger) -> Result<bool, OverBudget> {
        let key = index / Self::RUN + 1;
        let mut slot = self.find(key);
        if self.slots[slot][0] == 0 {
            if (self.runs + 1) * 2 > self.slots.len() as u64 {
                self.grow(ledger)?;
                slot = self.find(key);
            }
            self.slots[slot][0] = key;
            self.runs += 1;
        }
        let at = (index % Self::RUN) as usize;
        let run = &mut self.slots[slot];
        let bit = 1 << (at % 64);
        if run[1 + at / 64] & bit != 0 {
            return Ok(false);
        }
        run[1 + at / 64] |= bit;
        if Self::TAGS {
            run[1 + B + at / 32] |= u64::from(tag & 3) << (2 * (at % 32));
        }
        self.len += 1;
        Ok(true)
    }

    fn tag(&self, index: u64) -> u8 {
        let run = &self.slots[self.find(index / Self::RUN + 1)];
        let at = (index % Self::RUN) as usize;
        if Self::TAGS {
            (run[1 + B + at / 32] >> (2 * (at % 32)) & 3) as u8
        } else {
            0
        }
    }

    fn len(&self) -> u64 {
        self.len
    }
}

/// Runs of 128 indices, no tags.
pub(crate) type HashedRuns = HashedMarks<2, 3>;
/// Runs of 128 indices with their tags.
pub(crate) type HashedRunsTagged = HashedMarks<2, 7>;

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_frame::budget::MemoryBudget;

    /// The same marks on both stores give the same answers.
    #[test]
    fn both_stores_keep_the_same_marks() {
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 30));
        let mut dense = DenseMarks::<true>::new(100_000, &mut ledger).unwrap();
        let mut hashed = HashedRunsTagged::new(&mut ledger).unwrap();
        let mut narrow = HashedMarks::<1, 4>::new(&mut ledger).unwrap();
        let mut x = 12345u64;
        let mut fresh = 0;
        for step in 0..60_000u64 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let index = (x >> 33) % 100_000;
            let tag = (x >> 20) as u8 % 3;
            let a = dense.mark(index, tag, &mut ledger).unwrap();
            let b = hashed.mark(index, tag, &mut ledger).unwrap();
            let c = narrow.mark(index, tag, &mut ledger).unwrap();
            assert_eq!((a, a), (b, c), "step {step}");
            if a {
                fresh += 1;
                assert_eq!((dense.tag(index), hashed.tag(index)), (tag, tag));
                assert_eq!(narrow.tag(index), tag);
            }
        }
        assert!(fresh > 30_000 && fresh < 60_000, "{fresh}");
        assert_eq!(dense.len(), hashed.len());
    }
}
