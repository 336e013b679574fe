//! The visited set: an open-addressing hash table of packed positions.
//!
//! Each slot holds a key (`W` words) and the position's index in the search's list plus
//! one (0 marks an empty slot). Linear probing; the table doubles before it is half full.

/// A hash set of `[u64; W]` keys, each with its index in the search's list of positions.
pub(super) struct Table<const W: usize> {
    keys: Vec<[u64; W]>,
    ids: Vec<u32>,
    len: usize,
    shift: u32,
}

/// The bytes one slot takes.
pub(super) const fn slot_bytes<const W: usize>() -> u64 {
    (8 * W + 4) as u64
}

impl<const W: usize> Table<W> {
    /// An empty table of `capacity` slots (a power of two, at least 2).
    pub fn with_capacity(capacity: usize) -> Table<W> {
        debug_assert!(capacity.is_power_of_two() && capacity >= 2);
        Table {
            keys: vec![[0; W]; capacity],
            ids: vec![0; capacity],
            len: 0,
            shift: 64 - capacity.trailing_zeros(),
        }
    }

    /// Slots in the table.
    pub fn capacity(&self) -> usize {
        self.ids.len()
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

    /// Inserts `key` with index `id` unless present; true when it was new.
    /// The caller grows the table first when [`Table::is_full`].
    #[inline]
    pub fn insert(&mut self, key: [u64; W], id: u32) -> bool {
        let mask = self.capacity() - 1;
        let mut slot = self.home(&key);
        loop {
            if self.ids[slot] == 0 {
                self.keys[slot] = key;
                self.ids[slot] = id + 1;
                self.len += 1;
                return true;
            }
            if self.keys[slot] == key {
                return false;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The same keys in a table twice the size.
    pub fn grown(self) -> Table<W> {
        let mut bigger = Table::with_capacity(self.capacity() * 2);
        for (key, &id) in self.keys.iter().zip(&self.ids) {
            if id != 0 {
                bigger.insert(*key, id - 1);
            }
        }
        bigger
    }
}
