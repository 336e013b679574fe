//! The memo of the rank automaton's builder (`rank.rs`): a hash map keyed by two words.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The hasher of the builder's memo: its keys are two words (a state), hashed by a
/// multiply and rotate per word (the default hasher, keyed against floods, is several
/// times slower, and these keys come from the box, not from a user's choice of them).
#[derive(Default)]
pub(super) struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(26) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The memo of the builder: per state (the cells not yet read, and the blocks left as one
/// number, `Builder::strides` in `rank.rs`), its node and how many layouts complete it.
pub(super) type Memo = HashMap<(u64, u64), (u32, u64), BuildHasherDefault<StateHasher>>;
