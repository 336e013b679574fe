//! The sweep's index of skeletons (see [`super`]): a hash table from a skeleton's key to
//! its place in the list.

/// A key no skeleton has (its two top bits are never used).
const NO_KEY: u64 = u64::MAX;

/// A hash table from skeleton keys to their places (open addressing, at most half full).
pub(super) struct Index {
    keys: Vec<u64>,
    places: Vec<u32>,
    shift: u32,
}

impl Index {
    /// An index of `keys` (distinct, none [`NO_KEY`]).
    pub(super) fn new(keys: &[u64]) -> Index {
        let bits = (keys.len().max(1) * 2)
            .next_power_of_two()
            .trailing_zeros()
            .max(1);
        let mut index = Index {
            keys: vec![NO_KEY; 1 << bits],
            places: vec![0; 1 << bits],
            shift: 64 - bits,
        };
        for (place, &key) in keys.iter().enumerate() {
            let mut i = index.slot(key);
            while index.keys[i] != NO_KEY {
                i = (i + 1) & (index.keys.len() - 1);
            }
            index.keys[i] = key;
            index.places[i] = place as u32;
        }
        index
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The place of `key` (a key of the index).
    #[inline]
    pub(super) fn get(&self, key: u64) -> u32 {
        let mut i = self.slot(key);
        loop {
            let k = self.keys[i];
            if k == key || k == NO_KEY {
                debug_assert!(k == key, "a skeleton not listed");
                return self.places[i];
            }
            i = (i + 1) & (self.keys.len() - 1);
        }
    }
}
