//! One bit per seed, shared by the workers: set when the seed's cluster has been explored,
//! so that no start finds the cluster again. Every cluster lies within one row signature
//! and one worker owns each signature, so no two workers touch one seed's bit.

use super::SweepError;
use puzzle_frame::budget::Ledger;
use std::sync::atomic::{AtomicU64, Ordering};

/// The marks of every seed.
pub struct Marks {
    words: Vec<AtomicU64>,
}

impl Marks {
    /// No seed marked, for `seeds` seeds.
    pub fn new(seeds: u64, ledger: &mut Ledger) -> Result<Marks, SweepError> {
        let len = usize::try_from(seeds.div_ceil(64))
            .map_err(|_| SweepError::Internal("too many seeds"))?;
        ledger.take::<u64>("the seed marks", len)?;
        Ok(Marks {
            words: (0..len).map(|_| AtomicU64::new(0)).collect(),
        })
    }

    /// Marks seed `rank`.
    #[inline]
    pub fn set(&self, rank: u64) {
        if let Some(word) = self.words.get((rank / 64) as usize) {
            word.fetch_or(1 << (rank % 64), Ordering::Relaxed);
        }
    }

    /// Whether seed `rank` is marked.
    #[inline]
    pub fn get(&self, rank: u64) -> bool {
        self.words
            .get((rank / 64) as usize)
            .is_some_and(|w| w.load(Ordering::Relaxed) >> (rank % 64) & 1 == 1)
    }
}
