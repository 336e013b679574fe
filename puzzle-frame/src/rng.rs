//! A small deterministic random generator (SplitMix64) for generating instances.
//!
//! Not for cryptography; good enough to spread random boards, and the same seed always
//! gives the same instances on every machine.

/// SplitMix64.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p && p > 0.0
    }

    /// A random element of a non-empty slice.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Damages an input with `edits` random edits, each one of: cut the input short, insert a
    /// piece of `noise`, replace a byte with a piece, or remove a byte. For robustness tests:
    /// whatever comes out, a parser must answer or report an error, never panic.
    pub fn damage(&mut self, bytes: &mut Vec<u8>, noise: &[&[u8]], edits: usize) {
        for _ in 0..edits {
            let at = self.below(bytes.len() + 1);
            let piece = self.choose(noise);
            match self.below(4) {
                0 => bytes.truncate(at),
                1 => {
                    bytes.splice(at..at, piece.iter().copied());
                }
                2 if at < bytes.len() => {
                    bytes.splice(at..=at, piece.iter().copied());
                }
                _ if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => {}
            }
        }
    }

    /// Shuffles a slice (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            let x = a.range(3, 7);
            assert_eq!(x, b.range(3, 7));
            seen[x - 3] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert!(!a.chance(0.0));
        assert!(a.chance(1.0));
        let mut damaged = b"hello".to_vec();
        a.damage(&mut damaged, &[b"XY"], 0);
        assert_eq!(damaged, b"hello");
        // One edit is a cut, an insertion, a replacement or a removal; all four happen.
        let mut seen = [false; 4];
        for _ in 0..200 {
            let mut bytes = b"hello".to_vec();
            a.damage(&mut bytes, &[b"XY"], 1);
            let text = String::from_utf8(bytes).unwrap();
            let kind = if "hello".starts_with(&text) {
                0
            } else if text.len() == 7 && text.replacen("XY", "", 1) == "hello" {
                1
            } else if text.len() == 6 && text.contains("XY") {
                2
            } else if text.len() == 4 {
                3
            } else {
                panic!("{text:?} is no single edit of \"hello\"")
            };
            seen[kind] = true;
        }
        assert_eq!(seen, [true; 4]);
        let mut v: Vec<u32> = (0..10).collect();
        a.shuffle(&mut v);
        v.sort_unstable();
        assert_eq!(v, (0..10).collect::<Vec<_>>());
    }
}
