//! The visited set: an open-addressing hash table of packed positions.
//!
//! Each slot holds a key (`W` words); an empty slot's first word is `u64::MAX`, which no
//! key has (a key word holds ten 6-bit anchors: its top four bits are always zero).
//! Linear probing; the table doubles before it is half full. One array of keys means one
//! cache miss per probe, which is what the search's time goes to on large boxes.

/// The first word of an empty slot.
const EMPTY: u64 = u64::MAX;

/// A hash set of `[u64; W]` keys.
pub(super) struct Table<const W: usize> {
    keys: Vec<[u64; W]>,
    len: usize,
    shift: u32,
}

/// The bytes one slot takes.
pub(super) const fn slot_bytes<const W: usize>() -> u64 {
    (8 * W) as u64
}

impl<const W: usize> Table<W> {
    /// An empty table of `capacity` slots (a power of two, at least 2).
    pub fn with_capacity(capacity: usize) -> Table<W> {
        debug_assert!(capacity.is_power_of_two() && capacity >= 2);
        let mut empty = [0; W];
        empty[0] = EMPTY;
        Table {
            keys: vec![empty; capacity],
            len: 0,
            shift: 64 - capacity.trailing_zeros(),
        }
    }

    /// Slots in the table.
    pub fn capacity(&self) -> usize {
        self.keys.len()
    }

    /// True when one more key would make the table more than half full.
    pub fn is_full(&self) -> bool {
        2 * (self.len + 1) > self.capacity()
    }

    #[inline]
    fn home(&self, key: &[u64; W]) -> usize {
        let mut h = 0x243F_6A88_85A3_08D3u64;
        for &w in key {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
        (h.wrapping_mul(0xBF58_476D_1CE4_E5B9) >> self.shift) as usize
    }

    /// The slot holding `key` (`Ok`), or the empty slot where it would go (`Err`).
    #[inline]
    pub fn find(&self, key: &[u64; W]) -> Result<usize, usize> {
        let mask = self.capacity() - 1;
        let mut slot = self.home(key);
        loop {
            let here = &self.keys[slot];
            if here[0] == EMPTY {
                return Err(slot);
            }
            if here == key {
                return Ok(slot);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Puts `key` in `slot`, the empty slot [`Table::find`] gave for it. The caller grows
    /// the table first when [`Table::is_full`].
    #[inline]
    pub fn put(&mut self, slot: usize, key: [u64; W]) {
        debug_assert!(key[0] != EMPTY && self.keys[slot][0] == EMPTY);
        self.keys[slot] = key;
        self.len += 1;
    }

    /// Inserts `key` (never one whose first word is `u64::MAX`) unless present; true when
    /// it was new. The caller grows the table first when [`Table::is_full`].
    #[inline]
    pub fn insert(&mut self, key: [u64; W]) -> bool {
        debug_assert!(key[0] != EMPTY);
        let mask = self.capacity() - 1;
        let mut slot = self.home(&key);
        loop {
            let here = &mut self.keys[slot];
            if here[0] == EMPTY {
                *here = key;
                self.len += 1;
                return true;
            }
            if *here == key {
                return false;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The same keys in a table twice the size.
    pub fn grown(self) -> Table<W> {
        let mut bigger = Table::with_capacity(self.capacity() * 2);
        for key in self.keys.iter().filter(|k| k[0] != EMPTY) {
            bigger.insert(*key);
        }
        bigger
    }
}
