//! The relaxed puzzle's distances ([`super::bound`]) found over packed keys, level by level
//! with sorted lists, instead of over dense ranks.
//!
//! **Keys.** A relaxed layout is its anchors in [`Layout`]'s slot order (the target, then
//! each class's anchors in increasing order), packed six bits an anchor into one `u64`
//! ([`pack`]); with at most [`MOST_SLOTS`] slots a key has at most 54 bits, and an entry is
//! the key shifted left by eight bits with the layout's distance in the low byte. A move is
//! a bitboard flood fill on the unpacked anchors (no automaton walk), and the neighbour's
//! key is the layout's key changed in place ([`neighbours`]): the moved block's field, or
//! its class's fields put back in increasing order (the keys [`Layout::moves`] would pack).
//!
//! **Levels.** Level 0 is every relaxed layout with the target on its goal (from the
//! automaton). Level `d + 1` is every layout one move from level `d` that is in neither
//! level `d - 1` nor level `d`: a move can be undone, so a layout one move from level `d`
//! is `d - 1`, `d` or `d + 1` moves from the goal, and it is in one of the three; level
//! `d + 1` holds exactly the layouts `d + 1` moves away, as a breadth-first search's would.
//! The neighbours of a run of level `d` are gathered in buckets by their keys' top bits,
//! each made distinct (a small open-addressed set: a layout is one move from several) and
//! sorted, and those found in level `d - 1` or `d` (a merge of sorted
//! lists) dropped; each bucket's survivors from every run and thread, merged without
//! repeats (the buckets split between the threads), make level `d + 1`, sorted. The seeds
//! are unranked on the threads too.
//!
//! **Lookups.** At the end every entry is sorted by key (gathered by the keys' top bits,
//! each group sorted on its thread), and an index gives, for each value of a key's top
//! [`INDEX_BITS`] bits at most, where its entries begin; a position's bound is the distance
//! of its projection's key, found by binary search among the entries of its top bits
//! ([`UNREACHABLE`] when the key is in no level: the levels hold every layout that reaches
//! the goal).
//!
//! Every key is checked against the rank table on random small boxes (the tests below).

use super::bound::{on_threads, MOST_THREADS, SPLIT_FROM, UNREACHABLE};
use super::layout::{pack, unpack, Layout};
use crate::case::Case;
use crate::layouts::graph::Expander;
use crate::layouts::rank::Ranker;
use puzzle_frame::budget::{Ledger, MemoryBudget, OverBudget};

/// What the budget's refusals name.
const WHAT: &str = "the relaxed puzzle's distances";

/// The most bytes [`Keyed::new`] holds at once for `n` relaxed layouts and an index on
/// `index_bits` top bits: the entries (`n`), and at the most either one level's buckets
/// (`n`) and each thread's run and set ([`MOST_HASHED`]), or the final sort's copy (`n`) and its groups' bounds, or
/// the index. Checked first, so a table that cannot fit is refused before any work; every
/// charge made on the way stays within it (tested).
fn most_bytes(n: u64, index_bits: u32) -> u64 {
    let groups = 2 * 8 * ((1u64 << BUCKET_BITS) + 1);
    n.saturating_mul(8 * 3)
        .saturating_add((MOST_THREADS * (RUN + 2 * MOST_HASHED)) as u64 * 8)
        .saturating_add((4u64 << index_bits) + groups)
}

/// The top bits of a key the lookup index is taken on, for `n` relaxed layouts and keys
/// of `bits` bits.
fn index_bits(n: u64, bits: u32) -> u32 {
    (u64::BITS - n.leading_zeros()).min(INDEX_BITS).min(bits)
}

/// The most slots a relaxed layout may have to be keyed here (six bits each, and a byte for
/// the distance, in 64 bits).
pub(super) const MOST_SLOTS: usize = 9;

/// The neighbours gathered before they are sorted (a run of a level).
const RUN: usize = 1 << 22;

/// Keys are sorted in buckets by their top this many bits.
const BUCKET_BITS: u32 = 14;

/// A bucket of at most this many keys is made distinct through a set before it is sorted
/// (a larger one, rare, is sorted with its repeats): each thread's set holds at most
/// `2 * MOST_HASHED` keys (a power of two, twice the keys at least).
const MOST_HASHED: usize = 1 << 18;

/// The most top bits of a key the lookup index is taken on.
const INDEX_BITS: u32 = 22;

/// Every relaxed layout that reaches the goal, by key, with its distance.
pub(super) struct Keyed {
    /// `key << 8 | distance`, sorted.
    entries: Vec<u64>,
    /// `starts[t]..starts[t + 1]`: the entries whose key's top bits (`key >> shift`) are `t`.
    starts: Vec<u32>,
    /// The shift that leaves a key's top bits for `starts`.
    shift: u32,
}

impl Keyed {
    /// The distances of the relaxed puzzle `relaxed` (its automaton `ranker`), or `None`
    /// when it has more than [`MOST_SLOTS`] blocks, its entries and buffers do not fit in
    /// `budget` (the table over ranks, smaller, may), or some distance would not fit in a
    /// byte. With `split`, every level is split between two threads (for the tests).
    pub fn new(
        relaxed: &Case,
        ranker: &Ranker,
        (budget, split): (MemoryBudget, bool),
    ) -> Option<Keyed> {
        let layout = Layout::new(relaxed);
        if layout.slots() > MOST_SLOTS {
            return None;
        }
        let n = ranker.total();
        let bits = 6 * layout.slots() as u32;
        let index_bits = index_bits(n, bits);
        // Checked before any work: everything charged below stays within it ([`most_bytes`]).
        budget.check(WHAT, most_bytes(n, index_bits)).ok()?;
        let threads = if split {
            2
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get().min(MOST_THREADS))
        };
        let mut entries = seeds(relaxed, &layout, ranker, (threads, split));
        entries.sort_unstable();
        entries.dedup();
        // Every level's entries: at most the relaxed layouts.
        entries.reserve_exact((n as usize).saturating_sub(entries.len()));
        // The entries; and while the levels are found, one level's buckets (at most `n`
        // keys) and each thread's run and set.
        let mut ledger = Ledger::new(budget);
        ledger.take::<u64>(WHAT, entries.capacity()).ok()?;
        let buffers = n as usize + MOST_THREADS * (RUN + 2 * MOST_HASHED);
        ledger.take::<u64>(WHAT, buffers).ok()?;
        for e in &mut entries {
            *e <<= 8;
        }
        // Keys go to buckets by their top bits, each small enough to sort in the cache.
        let shift = bits.saturating_sub(BUCKET_BITS);
        let buckets: Vec<usize> = (0..1usize << (bits - shift)).collect();
        let (mut before, mut at) = (0, 0);
        let mut level = 0u64;
        while at < entries.len() {
            if level + 1 >= u64::from(UNREACHABLE) {
                return None;
            }
            let (previous, current) = (&entries[before..at], &entries[at..]);
            let runs = if current.len() < SPLIT_FROM && !split {
                1
            } else {
                threads
            };
            let expand = |part: &[u64]| expand(&layout, part, (previous, current), shift);
            let parts = on_threads(current, runs, expand);
            level += 1;
            before = at;
            at = entries.len();
            // Each bucket's keys from every part, merged, one run of buckets per thread.
            let merge = |buckets: &[usize]| merged(&parts, buckets, level);
            for run in on_threads(&buckets, runs, merge) {
                entries.extend_from_slice(&run);
            }
            // The levels are disjoint: they never hold more than the relaxed layouts.
            debug_assert!(entries.len() as u64 <= n, "level {level} repeats a layout");
        }
        ledger.give_back::<u64>(buffers);
        let entries = by_key(entries, (bits, shift), threads, &mut ledger).ok()?;
        let shift = bits - index_bits;
        let mut starts = ledger.vec(WHAT, (1usize << index_bits) + 1, 0u32).ok()?;
        for &e in &entries {
            starts[(e >> 8 >> shift) as usize + 1] += 1;
        }
        for t in 1..starts.len() {
            starts[t] += starts[t - 1];
        }
        let keyed = Keyed {
            entries,
            starts,
            shift,
        };
        // Every buffer given back: what is left charged is what the table keeps.
        debug_assert_eq!(ledger.used(), keyed.bytes(), "the relaxed table's ledger");
        Some(keyed)
    }

    /// The distance of the relaxed layout whose slots stand at `anchors` ([`UNREACHABLE`]
    /// when it never reaches the goal).
    #[inline]
    pub fn of(&self, anchors: &[u8]) -> u8 {
        let key = pack::<1>(anchors)[0];
        let top = (key >> self.shift) as usize;
        let (lo, hi) = (self.starts[top] as usize, self.starts[top + 1] as usize);
        let run = &self.entries[lo..hi];
        let at = run.partition_point(|&e| e >> 8 < key);
        match run.get(at) {
            Some(&e) if e >> 8 == key => (e & 0xff) as u8,
            _ => UNREACHABLE,
        }
    }

    /// The bytes the entries and their index hold.
    pub fn bytes(&self) -> u64 {
        self.entries.len() as u64 * 8 + self.starts.len() as u64 * 4
    }
}

/// The layouts one move from those of `part` (entries) in neither `previous` nor `current`
/// (the levels before and of `part`), in buckets by their top bits (`key >> shift`), each
/// sorted and without repeats.
fn expand(
    layout: &Layout,
    part: &[u64],
    (previous, current): (&[u64], &[u64]),
    shift: u32,
) -> Vec<Vec<u64>> {
    let buckets = 1usize << (6 * layout.slots() as u32 - shift);
    let mut run: Vec<Vec<u64>> = vec![Vec::new(); buckets];
    let mut next: Vec<Vec<u64>> = vec![Vec::new(); buckets];
    let mut anchors = [0u8; MOST_SLOTS];
    let slots = layout.slots();
    let mut table = Vec::new();
    let mut from = 0;
    while from < part.len() {
        let mut gathered = 0;
        while from < part.len() && gathered < RUN {
            let key = part[from] >> 8;
            unpack(&[key], &mut anchors[..slots]);
            neighbours(layout, key, &anchors[..slots], |key| {
                run[(key >> shift) as usize].push(key);
                gathered += 1;
            });
            from += 1;
        }
        for (b, keys) in run.iter_mut().enumerate() {
            if keys.is_empty() {
                continue;
            }
            if keys.len() <= MOST_HASHED {
                distinct(keys, &mut table);
                keys.sort_unstable();
            } else {
                keys.sort_unstable();
                keys.dedup();
            }
            let low = (b as u64) << shift << 8;
            let previous = &previous[previous.partition_point(|&e| e < low)..];
            let current = &current[current.partition_point(|&e| e < low)..];
            next[b].extend(new_keys(keys, current, previous));
            keys.clear();
        }
    }
    for keys in &mut next {
        keys.sort_unstable();
        keys.dedup();
    }
    next
}

/// Keeps the first of each key of `keys` (in order), through an open-addressed set in
/// `table` (a buffer, twice the keys at least): a bucket's keys repeat several times over
/// (a layout is one move from many), and sorting only the distinct ones is cheaper.
fn distinct(keys: &mut Vec<u64>, table: &mut Vec<u64>) {
    // Never a key (they have at most 54 bits).
    const FREE: u64 = u64::MAX;
    let size = (2 * keys.len()).next_power_of_two();
    table.clear();
    table.resize(size, FREE);
    let shift = u64::BITS - size.trailing_zeros();
    let mask = size - 1;
    let mut kept = 0;
    for i in 0..keys.len() {
        let key = keys[i];
        // Fibonacci hashing: the product's top bits.
        let mut at = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> shift) as usize;
        loop {
            let slot = table[at];
            if slot == key {
                break;
            }
            if slot == FREE {
                table[at] = key;
                keys[kept] = key;
                kept += 1;
                break;
            }
            at = (at + 1) & mask;
        }
    }
    keys.truncate(kept);
}

/// The keys of `keys` (sorted) in neither `current` nor `previous` (entries, sorted by key).
fn new_keys<'a>(
    keys: &'a [u64],
    current: &'a [u64],
    previous: &'a [u64],
) -> impl Iterator<Item = u64> + 'a {
    let (mut i, mut j) = (0, 0);
    keys.iter().copied().filter(move |&k| {
        while i < previous.len() && previous[i] >> 8 < k {
            i += 1;
        }
        while j < current.len() && current[j] >> 8 < k {
            j += 1;
        }
        let seen = |list: &[u64], at: usize| list.get(at).is_some_and(|&e| e >> 8 == k);
        !seen(previous, i) && !seen(current, j)
    })
}

/// Calls `found` with the key of each layout one move from the one of key `key` (its slots
/// at `anchors`): the key changed in place, the moved slot's field for a class of one block,
/// the class's fields rebuilt in increasing order for a class of more.
#[inline]
fn neighbours(layout: &Layout, key: u64, anchors: &[u8], mut found: impl FnMut(u64)) {
    let occupied = layout.occupied(anchors);
    for (slot, &at) in anchors.iter().enumerate() {
        let mut targets = layout.reachable(slot, at, occupied) & !(1u64 << at);
        if targets == 0 {
            continue;
        }
        let class = layout.slot_class[slot];
        let (lo, hi) = (layout.class_slots[class], layout.class_slots[class + 1]);
        // The key without the class's fields, and the class's other anchors packed.
        let base = key & !(((1u64 << (6 * (hi - lo))) - 1) << (6 * lo));
        let mut others = 0u64;
        for j in (lo..hi).rev().filter(|&j| j != slot) {
            others = others << 6 | u64::from(anchors[j]);
        }
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            // The other anchors below `to` keep their fields; `to` follows, then the rest.
            let below = anchors[lo..hi]
                .iter()
                .enumerate()
                .filter(|&(j, &a)| lo + j != slot && a < to)
                .count() as u32;
            let low = others & ((1u64 << (6 * below)) - 1);
            let high = (others >> (6 * below)) << (6 * below + 6);
            found(base | (low | u64::from(to) << (6 * below) | high) << (6 * lo));
        }
    }
}

/// The keys of every relaxed layout with the target on its goal (unsorted), unranked on
/// `threads` threads when they are many (with `split`, always).
fn seeds(
    relaxed: &Case,
    layout: &Layout,
    ranker: &Ranker,
    (threads, split): (usize, bool),
) -> Vec<u64> {
    let pieces = crate::layouts::Pieces::of_case(relaxed);
    let (frame, shapes) = pieces.tables();
    let mut ranks = Vec::new();
    ranker.with_target_at(pieces.goal_anchor(), &mut |rank| ranks.push(rank));
    let keys = |part: &[u64]| {
        let mut expander = Expander::new(ranker, &frame, &shapes);
        let mut anchors = vec![0u8; layout.slots()];
        let mut keys = Vec::with_capacity(part.len());
        for &rank in part {
            expander.load(rank);
            slot_anchors(layout, &expander.blocks, &mut anchors);
            keys.push(pack::<1>(&anchors)[0]);
        }
        keys
    };
    let runs = if ranks.len() < SPLIT_FROM && !split {
        1
    } else {
        threads
    };
    on_threads(&ranks, runs, keys).concat()
}

/// The anchors, in `layout`'s slot order, of the layout whose blocks are `blocks` (class and
/// anchor each, the automaton's classes: those of `layout`, both numbered in the order the
/// shapes first appear).
fn slot_anchors(layout: &Layout, blocks: &[(usize, u8)], anchors: &mut [u8]) {
    let mut filled = layout.class_slots.clone();
    for &(k, a) in blocks {
        anchors[filled[k]] = a;
        filled[k] += 1;
    }
    for k in 0..layout.shapes.len() {
        anchors[layout.class_slots[k]..layout.class_slots[k + 1]].sort_unstable();
    }
}

/// The entries of level `level` in `buckets`: each bucket's keys from every part (each
/// sorted, without repeats, and in none of the levels before) merged without repeats, the
/// buckets in order.
fn merged(parts: &[Vec<Vec<u64>>], buckets: &[usize], level: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut keys = Vec::new();
    for &b in buckets {
        keys.clear();
        for part in parts {
            keys.extend_from_slice(&part[b]);
        }
        if parts.len() > 1 {
            keys.sort_unstable();
            keys.dedup();
        }
        out.extend(keys.iter().map(|k| k << 8 | level));
    }
    out
}

/// `entries` (keys of `bits` bits shifted left by eight, each key once, charged to `ledger`
/// as `entries.capacity()` items) sorted: gathered by their keys' top bits (`key >> shift`),
/// then each group sorted, the groups split between `threads` threads. The sorted copy and
/// the groups' bounds are charged to `ledger` as they are made, the entries given back once
/// copied.
fn by_key(
    entries: Vec<u64>,
    (bits, shift): (u32, u32),
    threads: usize,
    ledger: &mut Ledger,
) -> Result<Vec<u64>, OverBudget> {
    let groups = 1usize << (bits - shift);
    let group = |e: u64| (e >> 8 >> shift) as usize;
    let mut starts = ledger.vec(WHAT, groups + 1, 0usize)?;
    for &e in &entries {
        starts[group(e) + 1] += 1;
    }
    for g in 1..=groups {
        starts[g] += starts[g - 1];
    }
    let mut sorted = ledger.vec(WHAT, entries.len(), 0u64)?;
    let mut at = ledger.vec(WHAT, groups + 1, 0usize)?;
    at.copy_from_slice(&starts);
    for &e in &entries {
        let g = group(e);
        sorted[at[g]] = e;
        at[g] += 1;
    }
    ledger.give_back::<u64>(entries.capacity());
    drop(entries);
    ledger.give_back::<usize>(at.len());
    drop(at);
    // Each thread sorts the groups of one run of about the same number of entries.
    let per = sorted.len().div_ceil(threads.max(1)).max(1);
    let mut rest: &mut [u64] = &mut sorted;
    let mut runs: Vec<(&mut [u64], &[usize])> = Vec::new();
    let mut first = 0;
    while first < groups {
        let mut last = first + 1;
        while last < groups && starts[last] - starts[first] < per {
            last += 1;
        }
        let (run, tail) = rest.split_at_mut(starts[last] - starts[first]);
        runs.push((run, &starts[first..=last]));
        rest = tail;
        first = last;
    }
    let sort = |(run, bounds): (&mut [u64], &[usize])| {
        for w in bounds.windows(2) {
            run[w[0] - bounds[0]..w[1] - bounds[0]].sort_unstable();
        }
    };
    std::thread::scope(|scope| {
        for run in runs {
            scope.spawn(move || sort(run));
        }
    });
    ledger.give_back::<usize>(starts.len());
    Ok(sorted)
}

#[cfg(test)]
mod tests;
