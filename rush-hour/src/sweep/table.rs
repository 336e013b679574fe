//! The index of one cluster's boards: open addressing from a packed board to its place in
//! the cluster's list, cleared in constant time (a generation stamp) and sized to the
//! cluster (it starts small and doubles), so that the many tiny clusters stay in cache.

use super::space::State;
use super::SweepError;
use puzzle_frame::budget::Ledger;

/// One slot: a board, the generation that wrote it, its index.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    stamp: u32,
    index: u32,
}

/// Board to index, for one cluster at a time.
pub struct Index {
    slots: Vec<Slot>,
    mask: usize,
    stamp: u32,
    len: usize,
}

/// The smallest table (slots).
const SMALLEST: usize = 256;

#[inline]
fn hash(key: u64) -> u64 {
    let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^ (h >> 29)
}

impl Index {
    /// An empty index.
    pub fn new(ledger: &mut Ledger) -> Result<Index, SweepError> {
        let slots = ledger.vec("a cluster's index", SMALLEST, Slot::default())?;
        Ok(Index {
            slots,
            mask: SMALLEST - 1,
            stamp: 1,
            len: 0,
        })
    }

    /// Forgets every board.
    pub fn clear(&mut self) {
        self.len = 0;
        self.mask = SMALLEST - 1;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| s.stamp = 0);
            self.stamp = 1;
        }
    }

    /// The index of `key`, if present.
    #[inline]
    pub fn get(&self, key: State) -> Option<u32> {
        let mut at = hash(key) as usize & self.mask;
        loop {
            let slot = &self.slots[at];
            if slot.stamp != self.stamp {
                return None;
            }
            if slot.key == key {
                return Some(slot.index);
            }
            at = (at + 1) & self.mask;
        }
    }

    /// Adds `key` with `index` unless present; its index, and whether it was added. `all`
    /// lists every board added so far (index order), to rebuild the table when it grows.
    #[inline]
    pub fn insert(
        &mut self,
        key: State,
        index: u32,
        all: &[State],
        ledger: &mut Ledger,
    ) -> Result<(u32, bool), SweepError> {
        if (self.len + 1) * 2 > self.mask + 1 {
            self.grow(all, ledger)?;
        }
        let mut at = hash(key) as usize & self.mask;
        loop {
            let slot = &mut self.slots[at];
            if slot.stamp != self.stamp {
                *slot = Slot {
                    key,
                    stamp: self.stamp,
                    index,
                };
                self.len += 1;
                return Ok((index, true));
            }
            if slot.key == key {
                return Ok((slot.index, false));
            }
            at = (at + 1) & self.mask;
        }
    }

    fn grow(&mut self, all: &[State], ledger: &mut Ledger) -> Result<(), SweepError> {
        let size = (self.mask + 1) * 2;
        if size > self.slots.len() {
            let more = size - self.slots.len();
            ledger.take::<Slot>("a cluster's index", more)?;
            self.slots.resize(size, Slot::default());
        }
        self.clear();
        self.mask = size - 1;
        for (i, &key) in all.iter().enumerate() {
            let mut at = hash(key) as usize & self.mask;
            while self.slots[at].stamp == self.stamp {
                at = (at + 1) & self.mask;
            }
            self.slots[at] = Slot {
                key,
                stamp: self.stamp,
                index: i as u32,
            };
            self.len += 1;
        }
        Ok(())
    }
}
