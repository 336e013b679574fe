//! `--count` on boxes of many layouts: the search over ranks ([`super::ranked`]) run to
//! the end, by whole levels over its marks alone, each level split between the cores.
//!
//! **States.** As in the search over ranks: two bits per rank of the box's layouts, `0` not
//! reached, else `1 + level mod 3`, and nothing else that grows with the positions. A level
//! is not kept as a list: it is the ranks whose mark is its level's, found by reading the
//! marks word by word (32 ranks a word), in rank order, so each unrank keeps most of the
//! walk of the one before. So the memory is the marks (a quarter of a byte per layout),
//! charged to the budget before the search, and `--max-states` does not bound this search
//! (it stores no positions, only their marks).
//!
//! **The split.** A level's words are cut into chunks that the threads take in turn
//! (an atomic counter), each thread with its own expander. A neighbour not yet marked is
//! claimed with an atomic `or` of the next level's mark: the thread that finds its two bits
//! still `0` counts it, and every other thread `or`s the same bits. So each layout is
//! counted once, in the level after the first level that reaches it, whatever the threads'
//! order. The marks being read (the current level's) are never written during the level:
//! only unmarked entries are, with the next level's mark, which differs from it.
//!
//! **Exactness.** Breadth-first by whole levels from the start: a layout first reached
//! while level `d` is expanded is `d + 1` moves away, and every reachable layout is reached
//! (the search stops when a level reaches nothing new). So the count is the reachable
//! layouts and the last level is the most moves any of them needs. For the moves, the first
//! level holding a layout with the target on its goal is the fewest moves; of its goal
//! layouts the smallest rank is taken (the same whatever the threads' order), and the path
//! is walked back over the marks as the search over ranks does.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::ranked::{mark, Found, Marks, Step};
use super::{Limit, Options};
use crate::layouts::graph::Expander;

/// The layouts one move from a layout, by rank.
pub(super) trait Walker {
    /// Calls `found(rank, class, from, to)` for every layout one move from `rank`: its
    /// rank, and the class and anchors of the block that moves.
    fn neighbours(&mut self, rank: u64, found: impl FnMut(u64, usize, u8, u8));
}

impl Walker for Expander<'_> {
    #[inline]
    fn neighbours(&mut self, rank: u64, found: impl FnMut(u64, usize, u8, u8)) {
        Expander::neighbours(self, rank, found);
    }
}

/// The most words of marks (32 ranks each) a thread takes at a time.
const CHUNK_WORDS: usize = 1 << 14;

/// The most threads a level is expanded on.
const MOST_THREADS: usize = 4;

/// The low bit of each two-bit mark of a word.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The ranks of the word of marks `x` whose mark is `m`, as a mask of their low bits.
#[inline]
fn marked(x: u64, m: u64) -> u64 {
    let differ = x ^ (m * LOW_BITS);
    !(differ | differ >> 1) & LOW_BITS
}

/// What one thread found in its chunks of a level: the layouts it claimed for the next
/// level, and the least rank among them with the target on its goal.
#[derive(Clone, Copy, Default)]
struct Claimed {
    new: usize,
    goal: Option<u64>,
}

impl Claimed {
    /// What `self` and `other` claimed together.
    fn with(self, other: Claimed) -> Claimed {
        let goal = match (self.goal, other.goal) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Claimed {
            new: self.new + other.new,
            goal,
        }
    }
}

/// The words of marks `words` (of `marks`) expanded: the ranks marked `now` in them, their
/// neighbours not yet marked claimed with `next`.
fn expand(
    expander: &mut impl Walker,
    marks: &[AtomicU64],
    words: std::ops::Range<usize>,
    (now, next): (u64, u64),
    goal: u8,
) -> Claimed {
    let mut claimed = Claimed::default();
    for w in words {
        let mut here = marked(marks[w].load(Ordering::Relaxed), now);
        while here != 0 {
            let u = (w as u64) * 32 + u64::from(here.trailing_zeros() / 2);
            here &= here - 1;
            expander.neighbours(u, |v, k, _, to| {
                let (word, shift) = ((v / 32) as usize, 2 * (v % 32));
                if marks[word].load(Ordering::Relaxed) >> shift & 3 != 0 {
                    return;
                }
                let before = marks[word].fetch_or(next << shift, Ordering::Relaxed);
                if before >> shift & 3 == 0 {
                    claimed.new += 1;
                    if k == 0 && to == goal {
                        claimed.goal = Some(claimed.goal.map_or(v, |g| g.min(v)));
                    }
                }
            });
        }
    }
    claimed
}

/// One level (the ranks marked `mark(level)`) expanded on `threads` threads, each taking
/// chunks of `chunk` words: what they claimed together.
fn level<W: Walker>(
    walker: &(impl Fn() -> W + Sync),
    marks: &[AtomicU64],
    level: usize,
    goal: u8,
    (threads, chunk): (usize, usize),
) -> Claimed {
    let taken = AtomicUsize::new(0);
    let chunks = marks.len().div_ceil(chunk);
    let work = || {
        let mut expander = walker();
        let mut claimed = Claimed::default();
        loop {
            let c = taken.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                return claimed;
            }
            let words = c * chunk..((c + 1) * chunk).min(marks.len());
            let found = expand(
                &mut expander,
                marks,
                words,
                (mark(level), mark(level + 1)),
                goal,
            );
            claimed = claimed.with(found);
        }
    };
    if threads == 1 {
        return work();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .fold(Claimed::default(), Claimed::with)
    })
}

/// The box to search: its layouts, the bytes its tables hold, the start's rank, whether the
/// start has the target on its goal, and the goal's anchor.
pub(super) struct Space {
    pub layouts: u64,
    pub tables: u64,
    pub start: u64,
    pub start_at_goal: bool,
    pub goal: u8,
}

/// Breadth-first by whole levels over `space` from its start to the end, over the marks
/// alone, on the cores, each thread with its own `walker()` (two threads at least once a
/// level is more than one chunk, so that small boxes in tests are split too): every layout
/// reachable, the farthest level, and the first goal layout (the least rank of the first
/// level holding one) to walk back from.
pub(super) fn levels<W: Walker>(
    space: &Space,
    walker: impl Fn() -> W + Sync,
    options: &Options,
) -> Result<Found, Limit> {
    let (start, goal) = (space.start, space.goal);
    let words = space.layouts.div_ceil(32);
    options
        .budget
        .check("the positions' marks", words * 8 + space.tables)?;
    let marks: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
    marks[(start / 32) as usize].fetch_or(mark(0) << (2 * (start % 32)), Ordering::Relaxed);
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get().min(MOST_THREADS));
    // Chunks of at most CHUNK_WORDS, and some dozens per thread.
    let chunk = (marks.len() / (16 * cores)).clamp(1, CHUNK_WORDS);
    let threads = if marks.len() > chunk { cores.max(2) } else { 1 };
    let mut end = space.start_at_goal.then_some((start, 0, None));
    let (mut depth, mut visited) = (0usize, 1usize);
    loop {
        let claimed = level(&walker, &marks, depth, goal, (threads, chunk));
        if claimed.new == 0 {
            break;
        }
        visited += claimed.new;
        depth += 1;
        if end.is_none() {
            end = claimed.goal.map(|g| (g, depth, None));
        }
    }
    Ok(Found {
        marks: Marks(marks.into_iter().map(AtomicU64::into_inner).collect()),
        end,
        visited,
        farthest: depth,
    })
}

/// The moves (class, from, to) from the start to `end` at `level`, each step back to a
/// neighbour marked one level lower.
pub(super) fn walk_back(
    walker: &mut impl Walker,
    marks: &Marks,
    end: u64,
    level: usize,
) -> Vec<Step> {
    let mut steps = Vec::with_capacity(level);
    let mut at = end;
    for below in (0..level).rev() {
        let mut back = None;
        walker.neighbours(at, |w, k, from, to| {
            if back.is_none() && marks.get(w) == mark(below) {
                back = Some((w, k, to, from));
            }
        });
        let Some((w, k, from, to)) = back else { break };
        steps.push((k, from, to));
        at = w;
    }
    steps.reverse();
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mask of the ranks of a word with a given mark, against a plain reading of each.
    #[test]
    fn marked_finds_each_rank_with_the_mark() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            x = x.rotate_left(7).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ 0x94D0_49BB_1331_11EB;
            for m in 0..4 {
                let plain = (0..32)
                    .filter(|i| x >> (2 * i) & 3 == m)
                    .fold(0u64, |a, i| a | 1 << (2 * i));
                assert_eq!(marked(x, m), plain, "{x:#x} {m}");
            }
        }
    }
}
