//! The fast solver: a breadth-first search over snake positions.
//!
//! A position is the head's cell and the body's shape: the direction from the head to the
//! second block, then for each further block a turn (straight on, clockwise or counter-clockwise)
//! relative to the previous direction (a block never doubles back onto the block two before
//! it, so there are only three). So a lair of `c` cells holds at most `c * 4 * 3^(L-2)` positions, and a position
//! has a dense index `(head * 4 + first direction) * 3^(L-2) + turns`.
//!
//! Two stores:
//! - **dense**: one bit per index (two with `--path`, holding the turn of the block that the
//!   move dropped, enough to walk back), one frontier list per BFS level, and a table of which
//!   of the head's neighbours the body covers, per shape. The turns are base-3 digits, the
//!   second block's most significant, so a move computes the new shape as
//!   `turn * 3^(L-3) + shape / 3`. Used when it fits in memory.
//! - **hashed**: each visited position packed into 64-bit words (head cell, then two bits per
//!   absolute direction), kept in an arena in discovery order (the arena is the queue) with an
//!   open-addressing hash table over it; with `--path`, a parent index per position. Any body
//!   length works; memory grows with the positions actually reached.
//!
//! A state budget bounds both: past `max_states` stored positions the search gives up.

use crate::parse::Case;
use grid_common::{Dir, Pos};
use std::fmt;

/// The default state budget: positions stored per case before the solver gives up.
/// The dense store needs no memory beyond its bitset and frontiers; the hashed store takes
/// about 20 bytes per position (24 with `--path`, more for bodies over 24 blocks), so the
/// default caps it near 1.2 to 1.5 GB.
pub const DEFAULT_MAX_STATES: u64 = 60_000_000;

/// The largest dense store that `Store::Auto` allocates, in bytes.
pub const DENSE_AUTO_BYTES: u64 = 128 << 20;

/// The largest shape table (entries) built; past it, the covered neighbours are computed.
const MASK_TABLE_MAX: u64 = 1 << 20;

/// No neighbour (off the lair or a stone).
const NONE: u32 = u32::MAX;

/// Direction index tables (`Up`, `Down`, `Left`, `Right`, as in [`Dir`]).
const OPP: [usize; 4] = [1, 0, 3, 2];
/// `APPLY[turn][dir]`: `dir` turned straight on (0), clockwise (1), counter-clockwise (2).
const APPLY: [[usize; 4]; 3] = [[0, 1, 2, 3], [3, 2, 0, 1], [2, 3, 1, 0]];
/// `TURN[prev][next]`: the turn from `prev` to `next` (`next` never opposite to `prev`; 0 then).
const TURN: [[usize; 4]; 4] = [[0, 0, 2, 1], [0, 0, 1, 2], [1, 2, 0, 0], [2, 1, 0, 0]];
const DR: [i32; 4] = [-1, 1, 0, 0];
const DC: [i32; 4] = [0, 0, -1, 1];

/// Which state store to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Store {
    /// Dense when it needs at most [`DENSE_AUTO_BYTES`], hashed otherwise.
    Auto,
    /// Dense whenever its indices fit in 32 bits (hashed otherwise).
    Dense,
    /// Always hashed.
    Hashed,
}

/// How to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Give up after storing this many positions in one case.
    pub max_states: u64,
    /// Also find the moves (costs a second bit per dense index, or a parent per hashed position).
    pub path: bool,
    /// The state store.
    pub store: Store,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_states: DEFAULT_MAX_STATES,
            path: false,
            store: Store::Auto,
        }
    }
}

/// The answer for one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The fewest moves for the head to reach (1,1), or `None` when it cannot.
    pub steps: Option<usize>,
    /// The head's moves, when asked for and reachable.
    pub path: Option<Vec<Dir>>,
    /// Positions stored (the start included).
    pub states: u64,
    /// The store used: [`Store::Dense`] or [`Store::Hashed`].
    pub store: Store,
}

/// The search stored `max_states` positions without settling the case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitReached {
    /// The budget that was reached.
    pub max_states: u64,
}

impl fmt::Display for LimitReached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "gave up after storing {} snake positions without settling the case",
            self.max_states
        )
    }
}

impl std::error::Error for LimitReached {}

/// The sizes the encodings need.
struct Layout {
    cols: usize,
    cells: usize,
    /// Number of turn digits: `L - 2`.
    turns: usize,
    /// `3^turns`, when it fits.
    shapes: Option<u64>,
    /// `cells * 4 * 3^turns`, when it fits.
    dense_len: Option<u64>,
    /// Bits that hold a shape (`0..3^turns`) in a dense frontier entry.
    shape_bits: u32,
    /// True when a dense frontier entry, `(head * 4 + first) << shape_bits | shape`, fits
    /// 32 bits (and so does the dense index).
    dense_fits: bool,
}

impl Layout {
    fn new(case: &Case) -> Layout {
        let cells = case.rows() * case.cols();
        let turns = case.body.len().saturating_sub(2);
        let shapes = u32::try_from(turns).ok().and_then(|t| 3u64.checked_pow(t));
        let dense_len = shapes.and_then(|s| s.checked_mul(cells as u64 * 4));
        let bits = |n: u64| u64::BITS - n.saturating_sub(1).leading_zeros();
        let shape_bits = shapes.map_or(u32::MAX, bits);
        let dense_fits = shape_bits.saturating_add(bits(cells as u64 * 4)) <= 32;
        Layout {
            cols: case.cols(),
            cells,
            turns,
            shapes,
            dense_len,
            shape_bits,
            dense_fits,
        }
    }

    fn cell(&self, p: Pos) -> usize {
        p.row * self.cols + p.col
    }
}

/// Which store `options` picks for `case`.
pub fn choose_store(case: &Case, options: &Options) -> Store {
    let layout = Layout::new(case);
    let Some(len) = layout.dense_len.filter(|_| layout.dense_fits) else {
        return Store::Hashed;
    };
    match options.store {
        Store::Hashed => Store::Hashed,
        Store::Dense => Store::Dense,
        Store::Auto => {
            let bits = if options.path { 2 } else { 1 };
            if len * bits <= DENSE_AUTO_BYTES * 8 {
                Store::Dense
            } else {
                Store::Hashed
            }
        }
    }
}

/// The fewest moves for the head to reach (1,1) (and the moves, if asked), or
/// [`LimitReached`] when the state budget runs out first.
pub fn solve(case: &Case, options: &Options) -> Result<Solution, LimitReached> {
    let store = choose_store(case, options);
    let Some(&head) = case.body.first() else {
        return Ok(Solution {
            steps: None,
            path: None,
            states: 0,
            store,
        });
    };
    if head == Pos::new(0, 0) {
        return Ok(Solution {
            steps: Some(0),
            path: options.path.then(Vec::new),
            states: 1,
            store,
        });
    }
    let found = match (store, options.path) {
        (Store::Dense, false) => dense::<Bits>(case, options.max_states, false),
        (Store::Dense, true) => dense::<Tags>(case, options.max_states, true),
        _ => hashed(case, options.max_states, options.path),
    }?;
    Ok(Solution {
        steps: found.steps,
        path: found.path,
        states: found.states,
        store,
    })
}

/// What a search found: the distance and the moves to the goal (when reached and asked),
/// and the positions stored.
struct Found {
    steps: Option<usize>,
    path: Option<Vec<Dir>>,
    states: u64,
}

/// For each cell and direction, the neighbouring open cell, or [`NONE`].
fn neighbours(case: &Case) -> Vec<u32> {
    let layout = Layout::new(case);
    let mut table = vec![NONE; layout.cells * 4];
    for p in case.stone.positions() {
        for (d, q) in case.stone.neighbours(p) {
            if !case.stone[q] {
                table[layout.cell(p) * 4 + d.index()] = layout.cell(q) as u32;
            }
        }
    }
    table
}

/// The absolute directions from each block to the next, head first.
fn directions(body: &[Pos]) -> Vec<usize> {
    body.windows(2)
        .map(|w| Dir::between(w[0], w[1]).map_or(0, Dir::index))
        .collect()
}

/// The directions from the head whose neighbouring cell the body covers, as a bit mask:
/// `first` is the direction to the second block, `shape` holds `turns` turn digits in base 3,
/// the one after `first` most significant.
fn covered(first: usize, shape: u64, turns: usize) -> u8 {
    let mut dir = first;
    let (mut r, mut c) = (DR[dir], DC[dir]);
    let mut mask = 1u8 << dir;
    let mut weight = (0..turns.saturating_sub(1)).fold(1u64, |w, _| w * 3);
    for _ in 0..turns {
        dir = APPLY[(shape / weight % 3) as usize][dir];
        weight /= 3;
        r += DR[dir];
        c += DC[dir];
        if r.abs() + c.abs() == 1 {
            mask |= 1 << direction_of(r, c);
        }
    }
    mask
}

/// The direction of a unit offset.
fn direction_of(r: i32, c: i32) -> usize {
    match (r, c) {
        (-1, _) => 0,
        (1, _) => 1,
        (_, -1) => 2,
        _ => 3,
    }
}

/// A dense visited store.
trait Marks {
    fn with_len(len: usize) -> Self;
    /// Marks `index` with `tag` (0..3); true when it was not marked before.
    fn mark(&mut self, index: usize, tag: usize) -> bool;
    /// The tag of a marked index.
    fn tag(&self, index: usize) -> usize;
}

/// One bit per index.
struct Bits(Vec<u64>);

impl Marks for Bits {
    fn with_len(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }

    #[inline]
    fn mark(&mut self, index: usize, _tag: usize) -> bool {
        let word = &mut self.0[index / 64];
        let bit = 1u64 << (index % 64);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    fn tag(&self, _index: usize) -> usize {
        0
    }
}

/// Two bits per index: 0 unvisited, else the tag plus one.
struct Tags(Vec<u64>);

impl Marks for Tags {
    fn with_len(len: usize) -> Tags {
        Tags(vec![0; len.div_ceil(32)])
    }

    #[inline]
    fn mark(&mut self, index: usize, tag: usize) -> bool {
        let word = &mut self.0[index / 32];
        let shift = 2 * (index % 32);
        let new = (*word >> shift) & 3 == 0;
        if new {
            *word |= ((tag as u64 & 3) + 1) << shift;
        }
        new
    }

    fn tag(&self, index: usize) -> usize {
        (((self.0[index / 32] >> (2 * (index % 32))) & 3) as usize).saturating_sub(1)
    }
}

/// Breadth-first search with the dense store (the caller checked `Layout::dense_fits`).
/// With `path`, `M` must keep tags ([`Tags`]).
fn dense<M: Marks>(case: &Case, max_states: u64, path: bool) -> Result<Found, LimitReached> {
    let layout = Layout::new(case);
    let (Some(shapes), Some(len), true) = (layout.shapes, layout.dense_len, layout.dense_fits)
    else {
        return hashed(case, max_states, path);
    };
    let turns = layout.turns;
    let shapes = shapes as u32;
    // 3^(turns-1): the weight of the turn at the second block, the most significant digit.
    let top = if turns > 0 { shapes / 3 } else { 1 };
    let nbr = neighbours(case);
    let table: Option<Vec<u8>> = (u64::from(shapes) * 4 <= MASK_TABLE_MAX).then(|| {
        (0..4 * shapes)
            .map(|i| covered((i / shapes) as usize, u64::from(i % shapes), turns))
            .collect()
    });

    let dirs = directions(&case.body);
    let mut shape = 0u32;
    for i in 1..dirs.len() {
        shape = shape * 3 + TURN[dirs[i - 1]][dirs[i]] as u32;
    }
    let head = layout.cell(case.body[0]) as u32;
    let start = (head * 4 + dirs[0] as u32) * shapes + shape;

    let mut marks = M::with_len(len as usize);
    marks.mark(start as usize, 0);
    let mut states = 1u64;
    // Frontier entries hold (head * 4 + first direction) << shape_bits | shape, so that
    // taking a position apart needs no division.
    let shape_bits = layout.shape_bits;
    let shape_mask = 1u32.checked_shl(shape_bits).map_or(u32::MAX, |v| v - 1);
    let mut frontier: Vec<u32> = vec![(head * 4 + dirs[0] as u32) << shape_bits | shape];
    let mut next = Vec::new();
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        for &entry in &frontier {
            let hd = entry >> shape_bits;
            let shape = entry & shape_mask;
            let cell = (hd >> 2) as usize;
            let first = (hd & 3) as usize;
            let mask = match &table {
                Some(t) => t[(first as u32 * shapes + shape) as usize],
                None => covered(first, u64::from(shape), turns),
            };
            // A move shifts the turns one place down, dropping the tail's, and puts the turn
            // at the old head on top: division by the constant 3 only.
            let kept = shape / 3;
            let dropped = (shape % 3) as usize;
            for m in 0..4 {
                if mask & (1 << m) != 0 {
                    continue;
                }
                let to = nbr[cell * 4 + m];
                if to == NONE {
                    continue;
                }
                let new_first = OPP[m];
                let turn = TURN[new_first][first];
                let (new_shape, tag) = if turns > 0 {
                    (turn as u32 * top + kept, dropped)
                } else {
                    (0, turn)
                };
                let new_hd = to * 4 + new_first as u32;
                let new = new_hd * shapes + new_shape;
                if marks.mark(new as usize, tag) {
                    states += 1;
                    if states > max_states {
                        return Err(LimitReached { max_states });
                    }
                    if to == 0 {
                        let path = path
                            .then(|| dense_path(&marks, &layout, &nbr, start, new, shapes, top));
                        return Ok(Found {
                            steps: Some(depth),
                            path,
                            states,
                        });
                    }
                    next.push(new_hd << shape_bits | new_shape);
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
    }
    Ok(Found {
        steps: None,
        path: None,
        states,
    })
}

/// Walks back from `goal` to `start` with the tags.
fn dense_path<M: Marks>(
    marks: &M,
    layout: &Layout,
    nbr: &[u32],
    start: u32,
    goal: u32,
    shapes: u32,
    top: u32,
) -> Vec<Dir> {
    let mut moves = Vec::new();
    let mut index = goal;
    // The path is no longer than the number of positions; the bound guards against a bad tag.
    while index != start && moves.len() <= layout.cells * 4 * shapes as usize {
        let hd = index / shapes;
        let shape = index % shapes;
        let cell = (hd >> 2) as usize;
        let first = (hd & 3) as usize;
        moves.push(Dir::from_index(OPP[first]));
        let dropped = marks.tag(index as usize);
        let from = nbr[cell * 4 + first];
        if from == NONE {
            break; // not reached from a valid start; the replay check would catch it
        }
        let (old_first, old_shape) = if layout.turns > 0 {
            (
                APPLY[(shape / top) as usize][first],
                (shape % top) * 3 + dropped as u32,
            )
        } else {
            (APPLY[dropped][first], 0)
        };
        index = (from * 4 + old_first as u32) * shapes + old_shape;
    }
    moves.reverse();
    moves
}

/// Visited positions packed in words, in discovery order, with a hash table over them.
struct Arena {
    words: usize,
    data: Vec<u64>,
    /// Open addressing over the positions, linear probing, a power-of-two length: each slot
    /// holds a position's index, or [`NONE`]. Four bytes a slot keep the table small (a
    /// fingerprint beside the index would spare some key reads but double the table).
    table: Vec<u32>,
    len: usize,
}

impl Arena {
    fn new(words: usize) -> Arena {
        Arena {
            words,
            data: Vec::new(),
            table: vec![NONE; 1024],
            len: 0,
        }
    }

    fn get(&self, index: usize) -> &[u64] {
        &self.data[index * self.words..(index + 1) * self.words]
    }

    fn hash(key: &[u64]) -> u64 {
        // Each word folded in, then MurmurHash3's 64-bit finaliser.
        let mut h = 0u64;
        for &w in key {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31);
        }
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }

    /// True when position `index` is `key`.
    fn holds(&self, index: usize, key: &[u64]) -> bool {
        match key {
            [word] => self.data[index] == *word,
            _ => self.get(index) == key,
        }
    }

    /// Adds `key` unless present; its index when it is new.
    fn insert(&mut self, key: &[u64]) -> Option<usize> {
        if (self.len + 1) * 2 > self.table.len() {
            self.grow();
        }
        let mask = self.table.len() - 1;
        let mut slot = Arena::hash(key) as usize & mask;
        loop {
            let at = self.table[slot];
            if at == NONE {
                break;
            }
            if self.holds(at as usize, key) {
                return None;
            }
            slot = (slot + 1) & mask;
        }
        self.table[slot] = self.len as u32;
        self.data.extend_from_slice(key);
        self.len += 1;
        Some(self.len - 1)
    }

    fn grow(&mut self) {
        let size = self.table.len() * 2;
        let mask = size - 1;
        // Free the old table first: the peak is the new table, not both.
        self.table = Vec::new();
        let mut table = vec![NONE; size];
        for index in 0..self.len {
            let mut slot = Arena::hash(self.get(index)) as usize & mask;
            while table[slot] != NONE {
                slot = (slot + 1) & mask;
            }
            table[slot] = index as u32;
        }
        self.table = table;
    }
}

/// Bits of the head cell in a packed position (cells < 2^16).
const HEAD_BITS: usize = 16;

fn pack(key: &mut [u64], head: usize, dirs: impl Iterator<Item = usize>) {
    key.fill(0);
    key[0] = head as u64;
    for (j, d) in dirs.enumerate() {
        let bit = HEAD_BITS + 2 * j;
        key[bit / 64] |= (d as u64) << (bit % 64);
    }
}

fn unpack(key: &[u64], dirs: &mut [usize]) -> usize {
    for (j, d) in dirs.iter_mut().enumerate() {
        let bit = HEAD_BITS + 2 * j;
        *d = ((key[bit / 64] >> (bit % 64)) & 3) as usize;
    }
    (key[0] & ((1 << HEAD_BITS) - 1)) as usize
}

/// Breadth-first search with the hashed store; parents kept only when `path` is asked.
fn hashed(case: &Case, max_states: u64, path: bool) -> Result<Found, LimitReached> {
    let layout = Layout::new(case);
    let nbr = neighbours(case);
    let n = case.body.len() - 1;
    let words = (HEAD_BITS + 2 * n).div_ceil(64);
    let mut arena = Arena::new(words);
    let mut key = vec![0u64; words];
    let mut dirs = directions(&case.body);
    pack(&mut key, layout.cell(case.body[0]), dirs.iter().copied());
    arena.insert(&key);
    let mut parents: Vec<u32> = if path { vec![NONE] } else { Vec::new() };
    // The budget also bounds the u32 indices.
    let max_states = max_states.min(u64::from(NONE - 1));
    let (mut lo, mut hi) = (0, 1);
    let mut depth = 0;
    while lo < hi {
        depth += 1;
        for index in lo..hi {
            let cell = unpack(arena.get(index), &mut dirs);
            let mut mask = 1u8 << dirs[0];
            let (mut r, mut c) = (0, 0);
            for &d in &dirs {
                r += DR[d];
                c += DC[d];
                if r.abs() + c.abs() == 1 {
                    mask |= 1 << direction_of(r, c);
                }
            }
            for m in 0..4 {
                if mask & (1 << m) != 0 {
                    continue;
                }
                let to = nbr[cell * 4 + m];
                if to == NONE {
                    continue;
                }
                let moved = std::iter::once(OPP[m]).chain(dirs[..n - 1].iter().copied());
                pack(&mut key, to as usize, moved);
                if let Some(new) = arena.insert(&key) {
                    if new as u64 >= max_states {
                        return Err(LimitReached { max_states });
                    }
                    if path {
                        parents.push(index as u32);
                    }
                    if to == 0 {
                        return Ok(Found {
                            steps: Some(depth),
                            path: path.then(|| hashed_path(&arena, &parents, new)),
                            states: new as u64 + 1,
                        });
                    }
                }
            }
        }
        lo = hi;
        hi = arena.len;
    }
    Ok(Found {
        steps: None,
        path: None,
        states: arena.len as u64,
    })
}

/// The moves to position `goal`, from the parents.
fn hashed_path(arena: &Arena, parents: &[u32], goal: usize) -> Vec<Dir> {
    let mut moves = Vec::new();
    let mut first = [0usize; 1];
    let mut index = goal;
    while let Some(&parent) = parents.get(index).filter(|&&p| p != NONE) {
        let key = arena.get(index);
        unpack(key, &mut first);
        moves.push(Dir::from_index(OPP[first[0]]));
        index = parent as usize;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_tables_agree_with_dir() {
        for d in Dir::ALL {
            let i = d.index();
            assert_eq!(OPP[i], d.opposite().index());
            assert_eq!(APPLY[0][i], i);
            assert_eq!(APPLY[1][i], d.clockwise().index());
            assert_eq!(APPLY[2][i], d.counter_clockwise().index());
            for t in 0..3 {
                assert_eq!(TURN[i][APPLY[t][i]], t);
            }
            assert_eq!((DR[i] as isize, DC[i] as isize), d.delta());
            assert_eq!(direction_of(DR[i], DC[i]), i);
        }
    }
}
