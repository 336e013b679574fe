//! The first seed rank of every row tuple, kept sparse.
//!
//! A seed's rank is its row tuple's offset plus its rank among that tuple's seeds
//! ([`Space::column_rank`]). Most row tuples hold no seed (too many walls, a column no
//! placement fits), so a `u64` per tuple would be mostly repeats: 5x5 with at most two
//! walls has about 137 million tuples, 1.1 GB as one array. Here a bit per tuple says
//! which hold seeds, a count per 64 tuples says how many before them do, and only the
//! tuples that hold seeds keep their offset: a quarter of a byte per tuple, plus 8 bytes
//! per tuple with seeds.
//!
//! An empty tuple's offset is the next non-empty tuple's (it adds no seed), so the
//! offset of tuple `t` is the offset of the first non-empty tuple at or after `t`: entry
//! `before(t)` of the kept offsets, whose last entry is the total.
//!
//! Both passes (which tuples hold seeds, then how many each holds) walk the tuples with
//! [`TupleWalk`], which leaves out the tuples with too many walls a row at a time (95%
//! of 5x5's with at most one wall, 97.5% with two). Decoding and counting every tuple
//! was about 12% of the CPU time of `--sweep 5 --walls 1` (perf, one thread) and 20%
//! with two walls.

use super::space::Space;
use super::tuples::TupleWalk;
use super::SweepError;
use puzzle_frame::budget::Ledger;

/// Tuples per word of the bitmap.
const WORD: usize = 64;

/// The first seed rank of every row tuple, and the total (see the module docs).
#[derive(Debug)]
pub struct SeedOffsets {
    /// Bit `t % 64` of word `t / 64`: tuple `t` holds seeds.
    held: Vec<u64>,
    /// Per word: how many tuples of the earlier words hold seeds.
    before: Vec<u64>,
    /// The first seed rank of each tuple that holds seeds, in order, then the total.
    starts: Vec<u64>,
}

impl SeedOffsets {
    /// Counts the seeds of every row tuple of `space` on `threads` threads (each a run
    /// of tuples), charging what it keeps to `ledger`.
    pub fn new(space: &Space, ledger: &mut Ledger, threads: usize) -> Result<Self, SweepError> {
        let too_large = || SweepError::TooLarge {
            n: space.n,
            max_walls: space.max_walls,
        };
        let tuples = usize::try_from(space.row_tuples()).map_err(|_| too_large())?;
        // One word more than the tuples fill, so that the end (`tuples`) has a word.
        let words = tuples / WORD + 1;
        let mut held = ledger.vec("the seed offsets' bitmap", words, 0u64)?;
        let run = words.div_ceil(threads.max(1)).max(1);
        let walk = &TupleWalk::new(space);
        std::thread::scope(|scope| {
            for (k, part) in held.chunks_mut(run).enumerate() {
                scope.spawn(move || {
                    let first = k * run * WORD;
                    let end = (first + part.len() * WORD).min(tuples);
                    walk.for_each_seeded(first as u64, end as u64, |t, _| {
                        let at = t as usize - first;
                        part[at / WORD] |= 1 << (at % WORD);
                    });
                });
            }
        });
        let mut before = ledger.vec("the seed offsets' counts", words, 0u64)?;
        let mut kept = 0u64;
        for (count, word) in before.iter_mut().zip(&held) {
            *count = kept;
            kept += u64::from(word.count_ones());
        }
        let kept = usize::try_from(kept).map_err(|_| too_large())?;
        let mut starts = ledger.vec("the seed offsets", kept + 1, 0u64)?;
        Self::count(walk, tuples, &held, &before, &mut starts[..kept], run);
        let mut total = 0u64;
        for slot in starts.iter_mut() {
            total += std::mem::replace(slot, total);
        }
        Ok(SeedOffsets {
            held,
            before,
            starts,
        })
    }

    /// Each non-empty tuple's seed count into `counts` (the `tuples` tuples walked by
    /// `walk`), the words in runs of `run`, one thread a run.
    fn count(
        walk: &TupleWalk,
        tuples: usize,
        held: &[u64],
        before: &[u64],
        mut counts: &mut [u64],
        run: usize,
    ) {
        std::thread::scope(|scope| {
            for (k, words) in held.chunks(run).enumerate() {
                let first_word = k * run;
                let end = before.get(first_word + words.len()).copied();
                let len = end.map_or(counts.len(), |e| (e - before[first_word]) as usize);
                let (part, rest) = std::mem::take(&mut counts).split_at_mut(len);
                counts = rest;
                scope.spawn(move || {
                    // The walk reports the tuples the bitmap holds, in the same order.
                    let mut slots = part.iter_mut();
                    let first = first_word * WORD;
                    let end = (first + words.len() * WORD).min(tuples);
                    walk.for_each_seeded(first as u64, end as u64, |_, seeds| {
                        if let Some(slot) = slots.next() {
                            *slot = seeds;
                        }
                    });
                });
            }
        });
    }

    /// The rank of the first seed of row tuple `tuple` (for `tuple` = the number of
    /// tuples, the total).
    #[inline]
    pub fn start(&self, tuple: usize) -> u64 {
        let (word, bit) = (tuple / WORD, tuple % WORD);
        let below = self.held[word] & ((1u64 << bit) - 1);
        self.starts[self.before[word] as usize + below.count_ones() as usize]
    }

    /// How many seeds row tuple `tuple` holds.
    pub fn seeds(&self, tuple: usize) -> u64 {
        self.start(tuple + 1) - self.start(tuple)
    }

    /// How many seeds the space holds.
    pub fn total(&self) -> u64 {
        self.starts.last().copied().unwrap_or(0)
    }
}
