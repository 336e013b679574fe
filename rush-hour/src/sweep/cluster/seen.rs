//! The box path's record of the places a walk has reached: a bit a place (the box's
//! [`super::super::dense`] places), not a board number a place. A large cluster fills
//! under 1% of its box (6x6: 2^16 boards in about 9 M places), so with a `u32` a place
//! almost every move read a memory line of its own from a box of 36 MB or more, at the
//! machine's rate of random reads from memory; a bit a place packs 512 places in a line,
//! and the same box takes 1.1 MB (within the level 2 cache).
//!
//! The moves are listed as the places they reach during the walk; once the walk is over,
//! [`Seen::number`] turns each place into the number of its board (only when the cluster
//! has a solved board: nothing reads the moves of the others). The numbering goes
//! through a rank: the words with a bit set are listed as they are first touched, each
//! word's *base* is the bits set in the words listed before it, and a place's rank is its
//! word's base plus the bits set below it in its word. Every reached place has a rank of
//! its own, below the count of boards, so `order[rank]` (the number of the board there,
//! written from each board's place) gives the number. Both are reads of arrays of a bit
//! and a half a place and a `u32` a board, mostly in cache. The numbers are the walk's
//! own (the order boards were first reached), so the lists and every search on them are
//! the same as with a number a place.
//!
//! Between walks every bit is 0: ending a walk clears the words it touched.
//!
//! Measured (6x6 chunks alone, one thread, 3 interleaved rounds at load 8-9, medians of
//! each chunk's CPU, outputs `cmp`-identical): chunk 221 6.44 -> 5.10 s, 400 3.93 ->
//! 3.65 s, 650 4.13 -> 4.20 s; the three 14.50 -> 12.95 s (-10.7%). The bits for every
//! box (no numbered box) made chunk 650 slower (4.91 s): its boxes are mostly small, in
//! cache as `u32`, where numbering after the walk is only more work. A threshold of
//! 2^18 or 2^23 places instead of 2^20: 13.23 and 13.14 s. Chunk 207 (whose clusters
//! in boxes of more than 2^26 places took the hashed path, with the limit now 2^30):
//! 31.2 -> 26.6 s CPU, peak 474 -> 322 MB (one run each, load 9). Three more sets of
//! rounds over chunks 100-700 (load 5-10): -6.0%, 0% and -8.0%, so about -7% in all;
//! chunk 221 gains 17-21% in every set, the others swing by up to 15% with the load.

use super::super::SweepError;
use super::boxed::grow_to;
use puzzle_frame::budget::Ledger;

/// The places reached by the current walk, and what turns them into board numbers.
pub(super) struct Seen {
    /// The most places of a box numbered at its places, not marked here (the tests
    /// lower it to take this path on small spaces).
    pub(super) numbered_box: u64,
    /// Bit `p % 64` of word `p / 64`: place `p` reached.
    pub(super) bits: Vec<u64>,
    /// The words with a bit set, in the order first touched (the first `touched_len`).
    pub(super) touched: Vec<u32>,
    /// How many of `touched` are this walk's.
    pub(super) touched_len: usize,
    /// Whether the current walk marks its places here.
    pub(super) active: bool,
    /// Per touched word: the bits set in the words touched before it.
    base: Vec<u32>,
    /// Per rank: the number of the board whose place has that rank.
    order: Vec<u32>,
}

impl Seen {
    /// No place reached; boxes of more than `numbered_box` places marked here.
    pub(super) fn new(numbered_box: u64) -> Seen {
        Seen {
            numbered_box,
            bits: Vec::new(),
            touched: Vec::new(),
            touched_len: 0,
            active: false,
            base: Vec::new(),
            order: Vec::new(),
        }
    }

    /// Grows the bits to cover `size` places (charged to `ledger`; never shrunk): whether
    /// the budget allows it.
    pub(super) fn room(&mut self, size: u64, ledger: &mut Ledger) -> bool {
        let words = size.div_ceil(64) as usize;
        if self.bits.len() < words {
            let more = words - self.bits.len();
            if ledger.take::<u64>("a cluster's box", more).is_err() {
                return false;
            }
            if ledger.take::<u32>("a cluster's box", more).is_err() {
                ledger.give_back::<u64>(more);
                return false;
            }
            self.bits.resize(words, 0);
            self.base.resize(words, 0);
        }
        true
    }

    /// Grows `touched` and the rank order to hold `boards` (to their whole capacity).
    pub(super) fn lists(&mut self, boards: usize, ledger: &mut Ledger) -> Result<(), SweepError> {
        grow_to(ledger, &mut self.touched, boards, "a cluster's box")?;
        grow_to(ledger, &mut self.order, boards, "a cluster's box")
    }

    /// The rank of reached place `at` (module docs); the bases must be set.
    #[inline(always)]
    fn rank(bits: &[u64], base: &[u32], at: u32) -> usize {
        let word = (at >> 6) as usize;
        let below = bits[word] & ((1u64 << (at & 63)) - 1);
        base[word] as usize + below.count_ones() as usize
    }

    /// Turns the places in `moves` into the numbers of the boards there, the boards'
    /// places being `places` (board `i` at `places(i)`, `count` boards, each place of
    /// `moves` one of them).
    pub(super) fn number(
        &mut self,
        count: usize,
        places: impl Fn(usize) -> u32,
        moves: &mut [u32],
    ) -> Result<(), SweepError> {
        let (bits, base, order) = (&self.bits[..], &mut self.base[..], &mut self.order[..]);
        let mut below = 0u32;
        for &word in &self.touched[..self.touched_len] {
            base[word as usize] = below;
            below += bits[word as usize].count_ones();
        }
        if below as usize != count {
            return Err(SweepError::Internal("a board the box bits missed"));
        }
        for i in 0..count {
            order[Seen::rank(bits, base, places(i))] = i as u32;
        }
        for to in moves {
            *to = order[Seen::rank(bits, base, *to)];
        }
        Ok(())
    }

    /// Ends the walk: every bit back to 0 (only the touched words had any).
    pub(super) fn clear(&mut self) {
        for &word in &self.touched[..self.touched_len] {
            self.bits[word as usize] = 0;
        }
        self.touched_len = 0;
        self.active = false;
    }
}
