//! `--count` with 1x1 blocks, a large layout ("skeleton") at a time: the breadth-first
//! search by whole levels of [`super::super::count`], over the rank with the 1x1 blocks
//! apart ([`super`]), with the marks of one large layout's 1x1 placements kept together as
//! bitsets, and a level made a large layout at a time.
//!
//! **States.** Per large layout, three bitsets over its placements of the 1x1 blocks
//! (their `C(f, s)` places, at most [`MOST_PLACES`]): the low and high bits of each
//! placement's mark (`0` not reached, else `1 + level mod 3`, as in the other searches
//! over marks) and the frontier (the layouts of the level expanded and of the level it
//! makes). Two words each, six words a large layout in all (Lodzianka: 15.5 million
//! large layouts, 743 MB).
//!
//! **A level.** Each large layout whose frontier holds placements of the level (frontier
//! and the level's mark) is unranked once, its large blocks' moves walked once; then the
//! level's placements give their neighbours as bits, for the whole set at once: the 1x1
//! blocks' moves into the large layout's own set (a table per pattern of its free cells,
//! [`super::steps`]; with two 1x1 blocks, no table but a flood fill per free cell a block
//! stands on, [`super::floods`]), each large block's move into that move's set (the places after it,
//! over the free cells of the large layout it leads to: [`super::remap`]). Without those
//! tables (a box of more than 16 free cells, or past their caps) each placement's moves
//! are walked one placement at a time, into the same sets. Those sets are claimed whole,
//! one per large layout reached, not one layout at a time: the placements not yet marked
//! are marked with the next level's mark and set in the frontier, and the level's
//! placements leave the frontier (each layout is expanded once).
//!
//! **The split.** The large layouts are cut into chunks the threads take in turn. A claim
//! reads both planes and sets the not yet marked bits in the plane the next mark sets
//! first (the low plane for marks 1 and 3, the high for 2) with an atomic `or`: the
//! thread whose `or` found a bit still clear claimed it (counts it, then sets the other
//! plane for mark 3, and the frontier bit). Every claim of a level uses the same mark, so
//! each layout is claimed once. A placement half marked (mark 3's low bit set first) reads
//! as mark 1, never as the level's mark 2, so the level read is never one being claimed.
//!
//! **Held claims.** The sets a large layout's large moves reach are not claimed at once:
//! a thread holds back up to [`HELD`] of them (from one large layout or more), reads the
//! marks of all their large layouts, drops the bits already marked, and only then claims
//! the rest (an atomic `or` waits for every read before it, so reads between two of them
//! cannot overlap; reads with none between can). A chunk's held claims are all made
//! before the chunk ends, so before the level ends, each by the rule of [`Sets::claim`]:
//! the bits dropped early are marked already (a mark is never cleared), and the others
//! are claimed as before, so the next level holds the same layouts, the same goal ones
//! among them, whatever the order of the claims.
//!
//! **Tables kept.** Each thread's tables of [`Remaps`] and [`SingleMoves`] are kept from
//! one level to the next (one per thread slot, each taken by one thread in a level), not
//! made again each level: a table is a function of its map or pattern alone (what the
//! tables hold never depends on the level or on the marks), and a large layout with no
//! table (past their caps) has its moves made a placement at a time, to the same sets.
//! So only the cost changes (Lodzianka, levels 0 to 23: the 1x1 tables made fall from
//! 720 thousand to 65 thousand; the large layouts left to the placement-at-a-time walk
//! rise from 353 to 476 thousand of 8.8 million).
//!
//! **Full large layouts.** A bit per large layout is set once every one of its placements
//! is marked (by the claim that marks the last of them, or finds them all marked); a mark
//! is never cleared, so a large layout with its bit set stays full. A claim into a full
//! large layout wins nothing, so the sets of the moves that lead into one are not made
//! nor claimed, and a large layout whose own set is full and whose moves all lead into full
//! ones is not expanded at all (its level's placements still leave the frontier): the
//! claims left out would all have won nothing, so the levels are the same. A bit not yet
//! set (two threads each completing a large layout) only leaves a move to be made. The
//! first rank of the level (for the farthest layout) is noted before the skip. Lodzianka
//! (a probe, stop 44): 25% of the large moves of its 102.9 million expansions lead into a
//! full large layout, and 4.4 million expansions (4%) have every move and their own set
//! full; its whole count takes about 14% less CPU.
//!
//! **Ranks kept.** A large layout is expanded at several levels (Lodzianka: about 100
//! million expansions of 15.5 million large layouts); the large ranks its blocks' moves
//! lead to are walked through the automaton at the first and kept ([`Neighbours`], a
//! `u32` each, as much as the budget left holds), and later expansions read them. They
//! depend on the large layout alone, so the moves are the same.
//!
//! **Exactness.** Only the grouping changes: a level's neighbours are the same layouts as
//! one layout at a time, each claimed by the same rule (the first level that reaches it),
//! so the count, the farthest level, the first goal level and its least goal rank are the
//! same. The moves are walked back over the marks as in the other searches.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::cache::Neighbours;
use super::remap::{Kept, Remaps};
use super::steps::SingleMoves;
use super::{Singles, SinglesWalker};
use crate::solve::count::{self, Claimed, MarkOf, Reached, Space};
use crate::solve::ranked::mark;
use crate::solve::{Limit, Options};

/// The most placements of the 1x1 blocks per large layout (two words a bitset).
pub(super) const MOST_PLACES: u64 = 128;

/// By default, large layouts of fewer placements are left to the search a layout at a
/// time: a level then holds few placements of each (`box-5x5-count`, 36 placements:
/// 3.4 a large layout expanded, 14% more CPU this way). Pelopones, 66 placements, takes
/// this way since the tables are kept from level to level: 191 s of CPU a layout at a
/// time, 146 s this way, for 1.1 GB of memory against 0.5 GB (48 bytes a large layout
/// against 3 bits a layout); Lodzianka, 84: 15 or more a large layout expanded, much
/// less CPU. Only the cost depends on it: both ways give the same levels.
pub(super) const FEWEST_PLACES: u64 = 64;

/// Words per large layout: the low plane of the marks, the high plane, the frontier.
const WORDS: usize = 6;
const LOW: usize = 0;
const HIGH: usize = 2;
const FRONTIER: usize = 4;

/// The most large layouts a thread takes at a time.
const CHUNK: usize = 1 << 12;

/// The most threads a level is expanded on.
const MOST_THREADS: usize = 4;

/// The marks and the frontier of every large layout's placements, and which large
/// layouts hold placements of the level expanded and of the level it makes (a bit each,
/// by the level's parity).
pub(super) struct Sets {
    words: Vec<AtomicU64>,
    per: u64,
    holds: [Vec<AtomicU64>; 2],
    /// A bit per large layout: set once all its placements are marked (see "Full large
    /// layouts").
    full: Vec<AtomicU64>,
    /// Every placement's bit.
    all: u128,
}

/// Every bit of a bitset when `bit` is 1, none when 0.
#[inline]
fn all_if(bit: u64) -> u128 {
    0u128.wrapping_sub(u128::from(bit & 1))
}

impl Sets {
    /// The bytes the sets of `large` large layouts take.
    pub(super) fn bytes(large: u64) -> u64 {
        large.saturating_mul(8 * WORDS as u64) + large.div_ceil(64) * 24
    }

    /// The sets of `large` large layouts of `per` placements, none reached.
    fn new(large: u64, per: u64) -> Sets {
        let zeros = |n: u64| (0..n).map(|_| AtomicU64::new(0)).collect::<Vec<_>>();
        Sets {
            words: zeros(large * WORDS as u64),
            per,
            holds: [zeros(large.div_ceil(64)), zeros(large.div_ceil(64))],
            full: zeros(large.div_ceil(64)),
            all: u128::MAX >> (128 - per.clamp(1, 128)),
        }
    }

    /// The bitset `plane` of large layout `s`.
    #[inline]
    fn get(&self, s: usize, plane: usize) -> u128 {
        let w = &self.words[WORDS * s + plane..WORDS * s + plane + 2];
        u128::from(w[0].load(Ordering::Relaxed)) | u128::from(w[1].load(Ordering::Relaxed)) << 64
    }

    /// Sets `bits` in the bitset `plane` of `s`: the bits of `bits` that were set before.
    #[inline]
    fn or(&self, s: usize, plane: usize, bits: u128) -> u128 {
        let w = &self.words[WORDS * s + plane..WORDS * s + plane + 2];
        let (low, high) = (bits as u64, (bits >> 64) as u64);
        let before_low = if low != 0 {
            w[0].fetch_or(low, Ordering::Relaxed) & low
        } else {
            0
        };
        let before_high = if high != 0 {
            w[1].fetch_or(high, Ordering::Relaxed) & high
        } else {
            0
        };
        u128::from(before_low) | u128::from(before_high) << 64
    }

    /// Clears `bits` in the frontier of `s`.
    #[inline]
    fn leave(&self, s: usize, bits: u128) {
        let w = &self.words[WORDS * s + FRONTIER..WORDS * s + FRONTIER + 2];
        let (low, high) = (bits as u64, (bits >> 64) as u64);
        if low != 0 {
            w[0].fetch_and(!low, Ordering::Relaxed);
        }
        if high != 0 {
            w[1].fetch_and(!high, Ordering::Relaxed);
        }
    }

    /// The placements of `s` in the level marked `now`: in the frontier, with that mark.
    #[inline]
    fn level(&self, s: usize, now: u64) -> u128 {
        let frontier = self.get(s, FRONTIER);
        if frontier == 0 {
            return 0;
        }
        let (low, high) = (self.get(s, LOW), self.get(s, HIGH));
        frontier & !(low ^ all_if(now)) & !(high ^ all_if(now >> 1))
    }

    /// Claims the placements `bits` of `s` not yet marked with the mark `next` (of level
    /// `depth`): those this thread claimed (marked, set in the frontier, and `s` noted
    /// in the level's large layouts).
    #[inline]
    fn claim(&self, s: usize, bits: u128, (next, depth): (u64, usize)) -> u128 {
        let marked = self.get(s, LOW) | self.get(s, HIGH);
        let bits = bits & !marked;
        if bits == 0 {
            return 0;
        }
        let first = if next & 1 == 1 { LOW } else { HIGH };
        let won = bits & !self.or(s, first, bits);
        if (marked | bits) & self.all == self.all {
            // Every placement is marked now: those read marked, and the others by this
            // `or` (won here or by another thread's claim).
            self.full[s / 64].fetch_or(1 << (s % 64), Ordering::Relaxed);
        }
        if won != 0 {
            if next == 3 {
                self.or(s, HIGH, won);
            }
            self.or(s, FRONTIER, won);
            self.holds[depth % 2][s / 64].fetch_or(1 << (s % 64), Ordering::Relaxed);
        }
        won
    }
}

impl Sets {
    /// Whether every placement of `s` is marked (false: perhaps not yet).
    #[inline]
    fn is_full(&self, s: usize) -> bool {
        self.full[s / 64].load(Ordering::Relaxed) >> (s % 64) & 1 == 1
    }
}

impl MarkOf for Sets {
    fn mark_of(&self, rank: u64) -> u64 {
        let (s, i) = ((rank / self.per) as usize, rank % self.per);
        let bit = |plane| (self.get(s, plane) >> i) as u64 & 1;
        bit(LOW) | bit(HIGH) << 1
    }
}

/// The large layouts noted in the words `words` of the level `depth`'s large layouts
/// expanded: the placements of each in the level (see [`Sets::level`]) leave the frontier,
/// and their neighbours not yet marked are claimed with the next level's mark, a set per
/// large layout reached (`sets` holds one per move).
fn expand(
    (walker, remaps, steps): (&mut SinglesWalker, &mut Remaps, &mut SingleMoves),
    (marks, sets, held): (&Sets, &mut Vec<u128>, &mut Vec<Held>),
    words: std::ops::Range<usize>,
    depth: usize,
    goal: u8,
) -> Claimed {
    let per = walker.singles.per;
    let (now, next) = (mark(depth), (mark(depth + 1), depth + 1));
    let mut claimed = Claimed::default();
    let skeletons = words.flat_map(|w| {
        let mut bits = marks.holds[depth % 2][w].swap(0, Ordering::Relaxed);
        std::iter::from_fn(move || {
            let i = bits.trailing_zeros();
            bits &= bits.wrapping_sub(1);
            (i < 64).then_some(w * 64 + i as usize)
        })
    });
    for s in skeletons {
        let level = marks.level(s, now);
        if level == 0 {
            continue;
        }
        claimed
            .first
            .get_or_insert(s as u64 * per + u64::from(level.trailing_zeros()));
        walker.load(s as u64);
        // Moves into full large layouts claim nothing (see "Full large layouts").
        let own_full = marks.is_full(s);
        if own_full && walker.nexts.iter().all(|n| marks.is_full(n.0 as usize)) {
            marks.leave(s, level);
            continue;
        }
        sets.clear();
        sets.resize(walker.nexts.len(), 0);
        // The 1x1 blocks' moves by the table of the free cells' pattern, or a placement
        // at a time (with the large blocks' moves when those are not made by sets).
        let by_table = match (walker.large_by_sets, own_full) {
            (true, true) => Some(0),
            (true, false) => steps.of(walker, level),
            (false, _) => None,
        };
        let mut own = by_table.unwrap_or(0);
        let mut each = if by_table.is_some() { 0 } else { level };
        while each != 0 {
            let place = each.trailing_zeros();
            each &= each - 1;
            walker.each_move(u64::from(place), |by, place, _, _| {
                match by {
                    None => own |= 1 << place,
                    Some((_, j)) => sets[j] |= 1 << place,
                }
                false
            });
        }
        if walker.large_by_sets {
            // The large blocks' moves, for the whole level's placements at once.
            remaps.large_moves(walker, level, sets, |t| !marks.is_full(t as usize));
        }
        marks.leave(s, level);
        // A 1x1 block's move leaves the target where it is: no goal layout is first
        // reached by it.
        claimed.new += marks.claim(s, own, next).count_ones() as usize;
        for m in &walker.movable {
            for (j, &set) in sets.iter().enumerate().take(m.end).skip(m.first) {
                let (t, _, _, to) = walker.nexts[j];
                if set != 0 && !marks.is_full(t as usize) {
                    let at_goal = m.class == 0 && to == goal;
                    held.push(Held {
                        large: t,
                        set,
                        at_goal,
                    });
                }
            }
        }
        if held.len() >= HELD {
            claim_held(marks, held, (next, per), &mut claimed);
        }
    }
    claim_held(marks, held, (next, per), &mut claimed);
    claimed
}

/// The most claims of large moves held back before they are made (see [`Held`]).
const HELD: usize = 64;

/// A claim of a large move's set, held back: the large layout it reaches, the placements,
/// and whether they have the target on its goal.
struct Held {
    large: u64,
    set: u128,
    at_goal: bool,
}

/// The claims `held` made, then cleared: first each reached large layout's marks read (the
/// sets already marked are dropped), all of them before any is written, so that their
/// reads from memory overlap (an atomic `or` waits for every read before it); then the
/// rest claimed as one at a time. Held back or not, each set is claimed within the level,
/// by the same rule ([`Sets::claim`]), so the level's layouts are the same.
fn claim_held(
    marks: &Sets,
    held: &mut Vec<Held>,
    (next, per): ((u64, usize), u64),
    claimed: &mut Claimed,
) {
    for h in held.iter_mut() {
        let s = h.large as usize;
        h.set &= !(marks.get(s, LOW) | marks.get(s, HIGH));
    }
    for h in held.iter().filter(|h| h.set != 0) {
        let won = marks.claim(h.large as usize, h.set, next);
        claimed.new += won.count_ones() as usize;
        if won != 0 && h.at_goal {
            let least = h.large * per + u64::from(won.trailing_zeros());
            claimed.goal = Some(claimed.goal.map_or(least, |g| g.min(least)));
        }
    }
    held.clear();
}

/// Breadth-first by whole levels over `space` (numbered by `singles`, at most
/// [`MOST_PLACES`] placements per large layout) to the end, a large layout at a time, on
/// the cores (two threads at least once there is more than one chunk): the marks, and
/// what was reached. `kept` says how the tables of [`Remaps`] are found ([`Kept`]); with
/// [`Kept::None`] no table of [`Remaps`] or [`SingleMoves`] is kept (for tests: the moves
/// made from their maps, the 1x1 moves a placement at a time).
/// The large ranks of the large layouts' moves are kept ([`Neighbours`]), at most `cached`
/// of them and as many as the budget left allows.
pub(super) fn levels(
    singles: &Singles,
    space: &Space,
    (options, kept, cached): (&Options, Kept, u64),
) -> Result<(Sets, Reached), Limit> {
    let large = singles.ranker.total();
    let charged = Sets::bytes(large)
        + space.tables
        + MOST_THREADS as u64
            * (Remaps::most_bytes(singles, kept) + SingleMoves::most_bytes(singles.per));
    options.budget.check("the positions' marks", charged)?;
    let left = options.budget.bytes().saturating_sub(charged);
    let cache = Neighbours::most_within(large, left)
        .map(|most| most.min(cached))
        .filter(|&most| most > 0)
        .map(|most| (most, Neighbours::new(large, most as usize)));
    if let Some((most, _)) = &cache {
        let bytes = charged + Neighbours::bytes(large, *most);
        options.budget.check("the moves' large ranks kept", bytes)?;
    }
    let cache = cache.map(|(_, cache)| cache);
    let marks = Sets::new(large, singles.per);
    let (start, at) = (
        (space.start / singles.per) as usize,
        space.start % singles.per,
    );
    marks.or(start, LOW, 1 << at);
    marks.or(start, FRONTIER, 1 << at);
    marks.holds[0][start / 64].fetch_or(1 << (start % 64), Ordering::Relaxed);
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get().min(MOST_THREADS));
    let words = marks.holds[0].len();
    let chunk = (words / (16 * cores)).clamp(1, CHUNK / 64);
    let chunks = words.div_ceil(chunk);
    let threads = if chunks > 1 { cores.max(2) } else { 1 };
    // Each thread's tables, kept from one level to the next (see "Tables kept").
    let tables: Vec<Mutex<(Remaps, SingleMoves)>> = (0..threads)
        .map(|_| {
            Mutex::new((
                Remaps::new(singles, kept),
                SingleMoves::new(singles, kept != Kept::None),
            ))
        })
        .collect();
    let reached = count::run_levels(space, options, |depth, _, _| {
        let (taken, slots) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let work = || {
            let mut walker = SinglesWalker::new(singles).tabled();
            walker.large_by_sets = walker.tabled;
            walker.cache = cache.as_ref();
            let slot = slots.fetch_add(1, Ordering::Relaxed) % tables.len();
            let mut mine = tables[slot].lock().unwrap_or_else(PoisonError::into_inner);
            let (remaps, steps) = &mut *mine;
            let (mut sets, mut held) = (Vec::new(), Vec::with_capacity(2 * HELD));
            let mut claimed = Claimed::default();
            loop {
                let c = taken.fetch_add(1, Ordering::Relaxed);
                if c >= chunks {
                    return claimed;
                }
                let words = c * chunk..((c + 1) * chunk).min(words);
                let on = (&marks, &mut sets, &mut held);
                let by = (&mut walker, &mut *remaps, &mut *steps);
                let found = expand(by, on, words, depth, space.goal);
                claimed = claimed.with(found);
            }
        };
        let claimed = count::on_threads(threads, work);
        (claimed, "from above, by large layouts")
    })?;
    Ok((marks, reached))
}
