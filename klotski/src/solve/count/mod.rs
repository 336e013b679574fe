//! `--count` on boxes of many layouts: the search over ranks ([`super::ranked`]) run to
//! the end, by whole levels over its marks alone, each level split between the cores.
//!
//! **States.** As in the search over ranks: two bits per rank of the box's layouts, `0` not
//! reached, else `1 + level mod 3`; and one frontier bit per rank, set for the layouts of
//! the level expanded and of the level it makes. A level is not kept as a list: it is the
//! ranks with a frontier bit and its level's mark (the mark alone would also hold the
//! levels three, six, ... before it), found by reading the frontier word by word (64 ranks
//! a word), in rank order, so each unrank keeps most of the walk of the one before. A
//! layout's frontier bit is cleared once it is expanded, so each layout is expanded once.
//! So the memory is three eighths of a byte per layout (Lodzianka: 325 MB of marks and
//! 163 MB of frontier) and each thread's held-back neighbours (below), charged to the
//! budget before the search. `--max-states` bounds the layouts reached, as in the other
//! searches: past it, after a level, the case is given up.
//!
//! **The split.** A level's words are cut into chunks that the threads take in turn
//! (an atomic counter), each thread with its own expander. A neighbour not yet marked is
//! claimed with an atomic `or` of the next level's mark: the thread that finds its two bits
//! still `0` counts it, and every other thread `or`s the same bits. So each layout is
//! counted once, in the level after the first level that reaches it, whatever the threads'
//! order. The marks being read (the current level's) are never written during the level:
//! only unmarked entries are, with the next level's mark, which differs from it.
//!
//! **Far neighbours.** A neighbour whose rank is far from the layout expanded is not
//! claimed at once but held back (up to a million ranks a thread), then claimed region by
//! region of the marks (a counting sort by the ranks' high bits), so that the marks read
//! are near each other. Held back or not, every neighbour is claimed before the level
//! ends, by the same rule.
//!
//! **From below.** Once a level holds more than half of the layouts not yet reached, the
//! next level is made from below: each layout not yet reached looks at its neighbours
//! until one has the level's mark, and is then marked with the next (each thread writes
//! only the words of its own chunks, marks and frontier; the level's marks are only read).
//! A move can be undone, so a layout is one move from the level exactly when a layout of
//! the level is one move from it: the same next level as from above, found with fewer
//! neighbours looked at when the level is large. A neighbour with the level's mark is of
//! the level, not three levels before: a layout one move from level `d - 3` would have
//! been reached by level `d - 2`.
//!
//! **Exactness.** Breadth-first by whole levels from the start: a layout first reached
//! while level `d` is expanded is `d + 1` moves away, and every reachable layout is reached
//! (the search stops when a level reaches nothing new). So the count is the reachable
//! layouts and the last level is the most moves any of them needs. For the moves, the first
//! level holding a layout with the target on its goal is the fewest moves; of its goal
//! layouts the smallest rank is taken (the same whatever the threads' order and the way the
//! level was made), and the path is walked back over the marks as the search over ranks
//! does.
//!
//! **Progress.** A count of many layouts takes minutes: after a level, once ten seconds
//! have passed since the last line, a line on standard error gives the level, the layouts
//! reached and the time.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::ranked::{mark, Marks, Step};
use super::{Limit, Options, TooManyStates};
use crate::layouts::graph::Expander;

mod back;

pub(in crate::solve) use back::{farthest_layout, walk_back};

/// The layouts one move from a layout, by rank.
pub(super) trait Walker {
    /// Calls `found(rank, class, from, to)` for every layout one move from `rank`: its
    /// rank, and the class and anchors of the block that moves.
    fn neighbours(&mut self, rank: u64, found: impl FnMut(u64, usize, u8, u8));

    /// Whether `wanted` holds for some layout one move from `rank` (a walker may stop at
    /// the first).
    fn any_neighbour(&mut self, rank: u64, mut wanted: impl FnMut(u64) -> bool) -> bool {
        let mut any = false;
        self.neighbours(rank, |v, _, _, _| any = any || wanted(v));
        any
    }

    /// The target's anchor in the layout walked from last.
    fn target(&self) -> u8;
}

impl Walker for Expander<'_> {
    #[inline]
    fn neighbours(&mut self, rank: u64, found: impl FnMut(u64, usize, u8, u8)) {
        Expander::neighbours(self, rank, found);
    }

    fn target(&self) -> u8 {
        self.blocks
            .iter()
            .find(|b| b.0 == 0)
            .map_or(u8::MAX, |b| b.1)
    }
}

/// The most words of marks (32 ranks each) a thread takes at a time.
const CHUNK_WORDS: usize = 1 << 14;

/// A level is made from below once the level before it is more than this share of the
/// layouts not yet reached (`left / BELOW_SHARE`).
const BELOW_SHARE: u64 = 2;

/// The most threads a level is expanded on.
const MOST_THREADS: usize = 4;

/// A progress line on standard error after a level once this long has passed since the
/// last one (or the start): a count of many layouts takes minutes.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// The low bit of each two-bit mark of a word.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The ranks of the word of marks `x` whose mark is `m`, as a mask of their low bits.
#[inline]
fn marked(x: u64, m: u64) -> u64 {
    let differ = x ^ (m * LOW_BITS);
    !(differ | differ >> 1) & LOW_BITS
}

/// What one thread found in its chunks of a level: the layouts it claimed for the next
/// level, the least rank among them with the target on its goal, and the least rank of the
/// level it expanded.
#[derive(Clone, Copy, Default)]
pub(super) struct Claimed {
    pub new: usize,
    pub goal: Option<u64>,
    pub first: Option<u64>,
}

impl Claimed {
    /// What `self` and `other` claimed together.
    pub(super) fn with(self, other: Claimed) -> Claimed {
        let least = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Claimed {
            new: self.new + other.new,
            goal: least(self.goal, other.goal),
            first: least(self.first, other.first),
        }
    }
}

/// The search's state over the box: two bits of mark per rank, and one frontier bit per
/// rank (set for the layouts of the level being expanded and of the level it makes).
#[derive(Clone, Copy)]
struct State<'a> {
    marks: &'a [AtomicU64],
    frontier: &'a [AtomicU64],
}

impl State<'_> {
    /// The mark of rank `v`.
    #[inline]
    fn mark(&self, v: u64) -> u64 {
        self.marks[(v / 32) as usize].load(Ordering::Relaxed) >> (2 * (v % 32)) & 3
    }

    /// Claims `v` with the mark `next` unless it is marked already: counted in `claimed`
    /// when this thread is the one that marked it (which then sets its frontier bit), and
    /// taken as a goal layout when `goal`.
    #[inline]
    fn claim(&self, v: u64, (next, goal): (u64, bool), claimed: &mut Claimed) {
        let (word, shift) = ((v / 32) as usize, 2 * (v % 32));
        if self.marks[word].load(Ordering::Relaxed) >> shift & 3 != 0 {
            return;
        }
        let before = self.marks[word].fetch_or(next << shift, Ordering::Relaxed);
        if before >> shift & 3 == 0 {
            self.frontier[(v / 64) as usize].fetch_or(1 << (v % 64), Ordering::Relaxed);
            claimed.new += 1;
            if goal {
                claimed.goal = Some(claimed.goal.map_or(v, |g| g.min(v)));
            }
        }
    }
}

/// Neighbours this many ranks or more from the layout expanded are held back in [`Far`].
const NEAR: u64 = 256;

/// The flag of a held-back rank that is a goal layout.
const GOAL_FLAG: u64 = 1 << 63;

/// The ranks are held back by regions, `1 << REGION_BITS` of them over the box.
const REGION_BITS: u32 = 12;

/// The neighbours far from the layouts expanded, held back and claimed region by region
/// (a counting sort by their ranks' high bits): their marks are then read close to each
/// other, not one cache line and one page of the marks each. Nothing else changes: a
/// level's layouts are claimed by the end of the level, each once (see [`claim`]).
struct Far {
    ranks: Vec<u64>,
    sorted: Vec<u64>,
    starts: Vec<usize>,
    shift: u32,
}

impl Far {
    /// Bytes one thread's held-back ranks take, at most, for `layouts` layouts.
    fn bytes(layouts: u64) -> u64 {
        16 * Far::capacity(layouts) as u64 + (8 << REGION_BITS)
    }

    /// The most ranks held back at a time.
    fn capacity(layouts: u64) -> usize {
        (layouts / 64).clamp(64, 1 << 20) as usize
    }

    fn new(layouts: u64) -> Far {
        let bits = 64 - layouts.leading_zeros();
        Far {
            ranks: Vec::with_capacity(Far::capacity(layouts)),
            sorted: Vec::new(),
            starts: vec![0; (1 << REGION_BITS) + 1],
            shift: bits.saturating_sub(REGION_BITS),
        }
    }

    /// Holds back `v` (a goal layout when `goal`), claiming all once full.
    #[inline]
    fn push(&mut self, v: u64, goal: bool, state: State, next: u64, claimed: &mut Claimed) {
        self.ranks.push(v | if goal { GOAL_FLAG } else { 0 });
        if self.ranks.len() == self.ranks.capacity() {
            self.flush(state, next, claimed);
        }
    }

    /// Claims every rank held back, region by region.
    fn flush(&mut self, state: State, next: u64, claimed: &mut Claimed) {
        let region = |r: u64| ((r & !GOAL_FLAG) >> self.shift) as usize;
        self.starts.fill(0);
        for &r in &self.ranks {
            self.starts[region(r) + 1] += 1;
        }
        for i in 1..self.starts.len() {
            self.starts[i] += self.starts[i - 1];
        }
        self.sorted.resize(self.ranks.len(), 0);
        for &r in &self.ranks {
            let at = &mut self.starts[region(r)];
            self.sorted[*at] = r;
            *at += 1;
        }
        for &r in &self.sorted {
            state.claim(r & !GOAL_FLAG, (next, r & GOAL_FLAG != 0), claimed);
        }
        self.ranks.clear();
    }
}

/// The frontier words `words` expanded: the ranks of the frontier in them marked `now`
/// (the others are the next level's, claimed during this one), their neighbours not yet
/// marked claimed with `next` (those far away held back in `far`), and their frontier bits
/// cleared, so that each layout is expanded once.
fn expand(
    expander: &mut impl Walker,
    (state, far): (State, &mut Far),
    words: std::ops::Range<usize>,
    (now, next): (u64, u64),
    goal: u8,
) -> Claimed {
    let mut claimed = Claimed::default();
    for w in words {
        let mut here = state.frontier[w].load(Ordering::Relaxed);
        let mut done = 0u64;
        while here != 0 {
            let i = here.trailing_zeros();
            here &= here - 1;
            let u = (w as u64) * 64 + u64::from(i);
            if state.mark(u) != now {
                continue;
            }
            done |= 1 << i;
            claimed.first.get_or_insert(u);
            expander.neighbours(u, |v, k, _, to| {
                let at_goal = k == 0 && to == goal;
                if v.abs_diff(u) < NEAR {
                    state.claim(v, (next, at_goal), &mut claimed);
                } else {
                    far.push(v, at_goal, state, next, &mut claimed);
                }
            });
        }
        if done != 0 {
            // Other threads may set bits of this word (the next level's) meanwhile.
            state.frontier[w].fetch_and(!done, Ordering::Relaxed);
        }
    }
    claimed
}

/// The frontier words `words` (of `layouts` ranks) looked at from below: each rank not yet
/// marked that has a neighbour marked `now` is claimed with `next`, and the words' frontier
/// bits become the ranks claimed (only this thread writes them in a level from below).
fn expand_up(
    walker: &mut impl Walker,
    state: State,
    words: std::ops::Range<usize>,
    (now, next): (u64, u64),
    (goal, layouts): (u8, u64),
) -> Claimed {
    let mut claimed = Claimed::default();
    for fw in words {
        // The level's ranks in this word: its frontier bits (see `levels`).
        let level = state.frontier[fw].load(Ordering::Relaxed);
        if level != 0 && claimed.first.is_none() {
            claimed.first = Some((fw as u64) * 64 + u64::from(level.trailing_zeros()));
        }
        let mut claimed_bits = 0u64;
        for half in 0..2u32 {
            let w = 2 * fw + half as usize;
            let Some(word) = state.marks.get(w) else {
                break;
            };
            let first = (w as u64) * 32;
            let mut here = marked(word.load(Ordering::Relaxed), 0);
            if layouts - first < 32 {
                // The last word's marks past the last rank are not layouts.
                here &= (1u64 << (2 * (layouts - first))) - 1;
            }
            let mut new = 0u64;
            while here != 0 {
                let i = here.trailing_zeros();
                here &= here - 1;
                let u = first + u64::from(i / 2);
                if walker.any_neighbour(u, |v| state.mark(v) == now) {
                    new |= next << i;
                    claimed_bits |= 1 << (32 * half + i / 2);
                    claimed.new += 1;
                    if walker.target() == goal && claimed.goal.is_none() {
                        claimed.goal = Some(u);
                    }
                }
            }
            if new != 0 {
                // Only this thread writes this word's marks in a level from below.
                word.fetch_or(new, Ordering::Relaxed);
            }
        }
        state.frontier[fw].store(claimed_bits, Ordering::Relaxed);
    }
    claimed
}

/// One level (the ranks marked `mark(level)` in the frontier) expanded on `threads`
/// threads, each taking chunks of `chunk` frontier words: what they claimed together.
fn level<W: Walker>(
    walker: &(impl Fn() -> W + Sync),
    state: State,
    (level, up): (usize, bool),
    (goal, layouts): (u8, u64),
    (threads, chunk): (usize, usize),
) -> Claimed {
    let taken = AtomicUsize::new(0);
    let words = state.frontier.len();
    let chunks = words.div_ceil(chunk);
    let (now, next) = (mark(level), mark(level + 1));
    let work = || {
        let mut expander = walker();
        let mut claimed = Claimed::default();
        let mut far = Far::new(layouts);
        loop {
            let c = taken.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                far.flush(state, next, &mut claimed);
                return claimed;
            }
            let words = c * chunk..((c + 1) * chunk).min(words);
            let found = match up {
                true => expand_up(&mut expander, state, words, (now, next), (goal, layouts)),
                false => expand(&mut expander, (state, &mut far), words, (now, next), goal),
            };
            claimed = claimed.with(found);
        }
    };
    on_threads(threads, work)
}

/// `work()` run on `threads` threads: what they claimed together.
pub(super) fn on_threads(threads: usize, work: impl Fn() -> Claimed + Sync) -> Claimed {
    if threads == 1 {
        return work();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(&work)).collect();
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

/// How the levels are made: from above (each layout of the level expanded), or from below
/// (each layout not yet reached looks for a neighbour in the level) once the level is more
/// than half of the layouts left (`Auto`), or always from below (`Below`, for tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Way {
    Auto,
    Below,
    /// As `Auto`, but with 1x1 blocks a large layout at a time whatever its placements'
    /// number (at most 128; for tests).
    Large,
}

/// Breadth-first by whole levels over `space` from its start to the end, over the marks
/// alone, on the cores, each thread with its own `walker()` (two threads at least once a
/// level is more than one chunk, so that small boxes in tests are split too): every layout
/// reachable, the farthest level, and the first goal layout (the least rank of the first
/// level holding one) to walk back from.
pub(super) fn levels<W: Walker>(
    space: &Space,
    walker: impl Fn() -> W + Sync,
    (options, way): (&Options, Way),
) -> Result<(Marks, Reached), Limit> {
    let (start, goal) = (space.start, space.goal);
    let words = space.layouts.div_ceil(32);
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get().min(MOST_THREADS));
    let frontier_words = space.layouts.div_ceil(64);
    let held = cores.max(2) as u64 * Far::bytes(space.layouts);
    let bytes = (words + frontier_words) * 8 + space.tables + held;
    options.budget.check("the positions' marks", bytes)?;
    let marks: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
    let frontier: Vec<AtomicU64> = (0..frontier_words).map(|_| AtomicU64::new(0)).collect();
    marks[(start / 32) as usize].fetch_or(mark(0) << (2 * (start % 32)), Ordering::Relaxed);
    frontier[(start / 64) as usize].fetch_or(1 << (start % 64), Ordering::Relaxed);
    let state = State {
        marks: &marks,
        frontier: &frontier,
    };
    // Chunks of at most CHUNK_WORDS frontier words, and some dozens per thread.
    let chunk = (frontier.len() / (16 * cores)).clamp(1, CHUNK_WORDS);
    let threads = if frontier.len() > chunk {
        cores.max(2)
    } else {
        1
    };
    let reached = run_levels(space, options, |depth, left, level_size| {
        // From below once the level is a large share of what is left to reach.
        let up = way == Way::Below || level_size as u64 > left / BELOW_SHARE;
        let split = (threads, chunk);
        let claimed = level(&walker, state, (depth, up), (goal, space.layouts), split);
        (claimed, if up { "from below" } else { "from above" })
    })?;
    let marks = Marks(marks.into_iter().map(AtomicU64::into_inner).collect());
    Ok((marks, reached))
}

/// What a search by levels to the end found, but its marks: the layout the moves end at
/// and its level, the layouts reached, the farthest level, and the least rank of the last
/// level with whether the count showed its progress.
pub(super) struct Reached {
    pub end: Option<(u64, usize, Option<Step>)>,
    pub visited: usize,
    pub farthest: usize,
    pub last: Option<(u64, bool)>,
}

/// Breadth-first by whole levels over `space` from its start (marked before) to the end:
/// `one(depth, left, size)` makes the level after level `depth` (of `size` layouts, with
/// `left` layouts not yet reached) and says what it claimed and how it was made; a
/// progress line every [`PROGRESS_EVERY`], and the case given up past `--max-states`.
pub(super) fn run_levels(
    space: &Space,
    options: &Options,
    mut one: impl FnMut(usize, u64, usize) -> (Claimed, &'static str),
) -> Result<Reached, Limit> {
    let mut end = space.start_at_goal.then_some((space.start, 0, None));
    let (mut depth, mut visited) = (0usize, 1usize);
    let started = Instant::now();
    let mut shown = started;
    let mut level_size = 1usize;
    let last = loop {
        let left = space.layouts - visited as u64;
        let (claimed, way) = one(depth, left, level_size);
        if claimed.new == 0 {
            break claimed.first;
        }
        level_size = claimed.new;
        visited += claimed.new;
        if visited > options.max_states {
            return Err(Limit::Other(TooManyStates(options.max_states)));
        }
        depth += 1;
        if shown.elapsed() >= PROGRESS_EVERY {
            shown = Instant::now();
            let seconds = started.elapsed().as_secs_f64();
            eprintln!("count: level {depth} ({way}), {visited} layouts, {seconds:.1} s");
        }
        if end.is_none() {
            end = claimed.goal.map(|g| (g, depth, None));
        }
    };
    Ok(Reached {
        end,
        visited,
        farthest: depth,
        last: last.map(|rank| (rank, shown != started)),
    })
}

/// The mark (`0` not reached, else `1 + level mod 3`) of each rank, however kept.
pub(super) trait MarkOf {
    /// The mark of `rank`.
    fn mark_of(&self, rank: u64) -> u64;
}

impl MarkOf for Marks {
    fn mark_of(&self, rank: u64) -> u64 {
        self.get(rank)
    }
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
