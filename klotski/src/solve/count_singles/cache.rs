//! The large ranks of a large layout's moves, kept from its first expansion for the later
//! ones ([`super::skeleton`]): a large layout is expanded at several levels (its
//! placements are reached at several levels), and each time its blocks' moves need the
//! large rank they lead to, a walk of the automaton each ([`crate::layouts::rank`]). The
//! cache keeps those ranks (a `u32` each) in the order [`crate::layouts::graph::Expander`]
//! makes the moves, so a later expansion slides the blocks again (cheap) but walks no rank.
//!
//! **Why it is exact.** A large layout's moves and the ranks they lead to are a function
//! of the large layout alone (the 1x1 blocks and the marks play no part), and
//! [`crate::layouts::graph::Expander::slides`] lists them in the order
//! [`crate::layouts::graph::Expander::moves`] does: the `i`-th rank kept is the `i`-th
//! move's. A large layout with no entry (not expanded yet, or the cache full) has its
//! ranks walked as before. A large layout is expanded by one thread in a level, and its
//! entry is published (a release store) only after its ranks are written.
//!
//! **Memory.** Per large layout a `u32` (1 + its first rank's place, 0: none), and the
//! ranks in segments of [`SEGMENT`] made when first written to, at most as many ranks as
//! the budget left allows (charged in full before the search starts).

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Ranks per segment (4 MiB).
const SEGMENT: usize = 1 << 20;

/// The large ranks of each cached large layout's moves.
pub(super) struct Neighbours {
    /// Per large layout: 1 + the place of its first move's rank, or 0 when not cached.
    first: Vec<AtomicU32>,
    /// The ranks, [`SEGMENT`] a segment.
    segments: Vec<OnceLock<Box<[AtomicU32]>>>,
    /// The most ranks kept.
    most: usize,
    /// The ranks kept so far (or claimed past `most`).
    used: AtomicUsize,
}

impl Neighbours {
    /// The bytes the cache of `large` large layouts takes with at most `ranks` ranks.
    pub(super) fn bytes(large: u64, ranks: u64) -> u64 {
        large
            .saturating_mul(4)
            .saturating_add(ranks.div_ceil(SEGMENT as u64) * SEGMENT as u64 * 4)
    }

    /// The most ranks a cache of `large` large layouts may keep within `bytes`; `None`
    /// when no cache fits (or the large ranks or the places do not fit in a `u32`).
    pub(super) fn most_within(large: u64, bytes: u64) -> Option<u64> {
        if large > u64::from(u32::MAX) {
            return None;
        }
        let left = bytes.checked_sub(large * 4)?;
        let segments = (left / (SEGMENT as u64 * 4)).min(u64::from(u32::MAX) / SEGMENT as u64);
        (segments > 0).then_some(segments * SEGMENT as u64)
    }

    /// An empty cache of `large` large layouts of at most `most` ranks.
    pub(super) fn new(large: u64, most: usize) -> Neighbours {
        let most = most.min(u32::MAX as usize - 1);
        Neighbours {
            first: (0..large).map(|_| AtomicU32::new(0)).collect(),
            segments: (0..most.div_ceil(SEGMENT))
                .map(|_| OnceLock::new())
                .collect(),
            most,
            used: AtomicUsize::new(0),
        }
    }

    /// The place of the first rank of `large`'s moves, when they are kept.
    #[inline]
    pub(super) fn of(&self, large: u64) -> Option<usize> {
        let first = self.first.get(large as usize)?.load(Ordering::Acquire);
        (first != 0).then(|| first as usize - 1)
    }

    /// The rank kept at `at` (a place given by [`Neighbours::of`] and after it).
    #[inline]
    pub(super) fn rank(&self, at: usize) -> u64 {
        let segment = self.segments[at / SEGMENT].get();
        segment.map_or(0, |s| u64::from(s[at % SEGMENT].load(Ordering::Relaxed)))
    }

    /// Keeps `ranks`, the large ranks of `large`'s moves in order, when there is room.
    pub(super) fn keep(&self, large: u64, ranks: impl ExactSizeIterator<Item = u64>) {
        let n = ranks.len();
        let Some(first) = self.first.get(large as usize) else {
            return;
        };
        if n == 0 || self.used.load(Ordering::Relaxed) >= self.most {
            return;
        }
        let at = self.used.fetch_add(n, Ordering::Relaxed);
        if at + n > self.most {
            return;
        }
        for (i, rank) in ranks.enumerate() {
            let segment = self.segments[(at + i) / SEGMENT]
                .get_or_init(|| (0..SEGMENT).map(|_| AtomicU32::new(0)).collect());
            segment[(at + i) % SEGMENT].store(rank as u32, Ordering::Relaxed);
        }
        first.store(at as u32 + 1, Ordering::Release);
    }
}
