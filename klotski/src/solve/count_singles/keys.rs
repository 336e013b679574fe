//! The hash maps of the tables kept per map or pattern ([`super::remap`], [`super::steps`]):
//! their keys are a few machine words made by the search itself (no input reaches them
//! but through the box), looked up once or more per large layout a level expands, so they
//! are hashed by one multiply per word and a short finalizer rather than by the standard
//! library's SipHash.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hash map keyed by words of the search's own making, with [`WordHasher`].
pub(super) type WordMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// An odd multiplier with well-spread bits (the golden ratio's fraction).
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

/// Hashes each word by a multiply and a rotation, then mixes the high bits (the best
/// mixed) into the low ones the map's buckets are chosen by.
#[derive(Default, Clone, Copy)]
pub(super) struct WordHasher(u64);

impl Hasher for WordHasher {
    #[inline]
    fn finish(&self) -> u64 {
        // A multiply mixes bits upward only: shifts bring the high bits down (the
        // finalizer of MurmurHash3).
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        x ^= x >> 33;
        x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        x ^ x >> 33
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(26) ^ word).wrapping_mul(SPREAD);
    }

    #[inline]
    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }
}

#[cfg(test)]
mod tests {
    use std::hash::BuildHasher;

    use super::*;

    /// Keys that differ only in their high bits (a map of the free cells' indices moves
    /// the last cells' nibbles) still fall in many buckets: the low bits a map chooses
    /// buckets by depend on the high bits of the key.
    #[test]
    fn keys_differing_in_high_bits_spread_over_the_low_bits() {
        let build = BuildHasherDefault::<WordHasher>::default();
        for shift in [32u32, 48, 52] {
            let mut buckets = vec![false; 1 << 12];
            for key in 0..1u64 << 12 {
                buckets[(build.hash_one(key << shift) & 0xFFF) as usize] = true;
            }
            let used = buckets.iter().filter(|&&b| b).count();
            assert!(used > 1 << 11, "{shift}: {used} buckets of 4096");
            let wide = build.hash_one(u128::from(7u8) << 100) & 0xFFF;
            assert_ne!(wide, build.hash_one(u128::from(8u8) << 100) & 0xFFF);
        }
    }
}
