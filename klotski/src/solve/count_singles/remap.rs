//! A large block's one-step move for a whole set of 1x1 placements at once (a large
//! layout at a time, [`super::skeleton`]): the placements it is open to are those with no
//! 1x1 block on the cells it newly covers (a union of per-cell sets, [`Remaps::on`]), and
//! each one's place after it is a byte of a table shared by every move that moves the
//! free cells' indices alike ([`Remaps::image`]), found by the move's key ([`key`]): which
//! indices of the free cells it covers and which it leaves free (a flat index of `2 f`
//! bits for a box of few free cells, no hash and no map made per move).
//!
//! **Why it is exact.** A move of one step reaches its anchor exactly when none of the
//! cells it newly covers holds a 1x1 block (the large blocks alone let it), and the place
//! after it depends only on each free cell's index after it (the move's map of
//! [`super::moved_index`]): the table of a map gives, for each placement clear of the
//! covered cells, the place the tables of [`super::Singles::place_of`] give. The key gives
//! the map: the free cells the move neither covers nor leaves are the same cells, in the
//! same order, before and after it, so the `n`-th index not covered goes to the `n`-th
//! index not left free ([`map_of`]).

use super::keys::WordMap;

use super::{Singles, SinglesWalker};

/// The most tables kept (per thread); past it, the places after further maps are made
/// from their maps, a placement at a time.
pub(super) const MOST_TABLES: usize = 1 << 15;

/// Whether the places after the moves of a box of `count` 1x1 blocks come from tables
/// kept per map, or from the map a placement at a time: tables with three (Lodzianka: about
/// even), not with two (Pelopones, 66 placements: the map's few nibbles and a read of
/// [`super::Singles::place_of`] cost less than a probe that misses the cache and the
/// table's read: -6% of CPU). Only the cost depends on it.
fn by_tables(count: usize) -> bool {
    count != 2
}

/// How the tables of [`Remaps`] are kept: none (each image made from its map), by the
/// move's key in a hash map, or by the key in a flat index (where the box has at most
/// [`DIRECT_FREE`] free cells: [`direct_slots`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kept {
    None,
    Hashed,
    Direct,
}

/// The most free cells for which the tables are found by their key in a flat index
/// (`4 << (2 f)` bytes a thread: 1 MiB for Lodzianka's 9); more, by a hash map.
const DIRECT_FREE: u32 = 10;

impl Kept {
    /// The tables kept for `singles`: by a flat index when it fits ([`direct_slots`]),
    /// else by a hash map.
    pub(super) fn of(singles: &Singles) -> Kept {
        match direct_slots(singles, Kept::Direct) {
            0 => Kept::Hashed,
            _ => Kept::Direct,
        }
    }
}

/// The slots of the flat index of the tables of `singles` kept as `kept` (0: none, the
/// tables found in the hash map).
fn direct_slots(singles: &Singles, kept: Kept) -> usize {
    let free = singles.low.count_ones();
    match kept == Kept::Direct && free <= DIRECT_FREE {
        true => 1 << (2 * free),
        false => 0,
    }
}

/// The tables of the places after a move, by the move's key ([`key`]: the indices of the
/// cells it covers among the free cells before it, and of those it leaves free among the
/// free cells after it).
pub(super) struct Remaps {
    /// Per free-cell index, the placements with a 1x1 block on it.
    on: Vec<u128>,
    /// Each table's first byte in `bytes`, by its key (when not `direct`).
    index: WordMap<u64, usize>,
    /// With [`Kept::Direct`]: 1 + each table's number, by its key (0: none yet).
    direct: Vec<u32>,
    /// The tables, `per` bytes each: the place after the move of each placement.
    bytes: Vec<u8>,
    per: usize,
    /// The free cells of a large layout.
    free: u32,
    /// The most tables kept ([`MOST_TABLES`], or none for tests).
    most: usize,
    /// Per anchor, while a block's moves are made: the placements where it may stand
    /// there, and those where it reaches it.
    open: [u128; 64],
    reach: [u128; 64],
    /// Per anchor, while a block's moves are made: the free-cell indices of the cells it
    /// newly covers there.
    covers: [u64; 64],
}

impl Remaps {
    /// The bytes the tables of `singles` take at most, kept as `kept` (charged to the
    /// budget).
    pub(super) fn most_bytes(singles: &Singles, kept: Kept) -> u64 {
        let direct = std::mem::size_of::<u32>() * direct_slots(singles, kept);
        MOST_TABLES as u64 * (singles.per + 32) + direct as u64
    }

    /// No table yet, for `singles` (at most 128 placements, the tables of places kept);
    /// with `kept` [`Kept::None`] or no tables for its blocks ([`by_tables`]), none will be
    /// (each image made from its map).
    pub(super) fn new(singles: &Singles, kept: Kept) -> Remaps {
        let mut on = vec![0u128; 64];
        for (p, &packed) in singles.unplace.iter().enumerate().take(128) {
            let mut each = packed;
            while each != 0 {
                on[each.trailing_zeros() as usize] |= 1 << p;
                each &= each - 1;
            }
        }
        let free = singles.low.count_ones();
        let most = match kept != Kept::None && by_tables(singles.count) {
            true => MOST_TABLES,
            false => 0,
        };
        Remaps {
            on,
            index: WordMap::default(),
            direct: match most {
                0 => Vec::new(),
                _ => vec![0; direct_slots(singles, kept)],
            },
            bytes: Vec::new(),
            per: singles.per as usize,
            free,
            most,
            open: [0; 64],
            reach: [0; 64],
            covers: [0; 64],
        }
    }

    /// Adds to `sets` (one per move of `walker`'s large layout) the places after each large
    /// block's move of the placements `level` it is open to: those where the block reaches
    /// the move's anchor by unit steps over anchors where it covers no 1x1 block (a
    /// fixpoint over the anchors it reaches without them, a set of placements each); only
    /// the sets of the moves into a large layout `wanted` (the others are left as they are).
    pub(super) fn large_moves(
        &mut self,
        walker: &SinglesWalker,
        level: u128,
        sets: &mut [u128],
        wanted: impl Fn(u64) -> bool,
    ) {
        let s = walker.singles;
        for m in &walker.movable {
            let moves = &walker.nexts[m.first..m.end];
            if !moves.iter().any(|n| wanted(n.0)) {
                continue;
            }
            let mask = s.shapes[m.class].mask;
            let region = m.reached | 1 << m.from;
            let mut each = m.reached;
            while each != 0 {
                let v = each.trailing_zeros() as usize;
                each &= each - 1;
                self.covers[v] = walker.indices(mask << v & walker.free);
                self.open[v] = level & !self.on(self.covers[v]);
                self.reach[v] = 0;
            }
            self.reach[usize::from(m.from)] = level;
            let mut changed = true;
            while changed {
                changed = false;
                let mut each = m.reached;
                while each != 0 {
                    let v = each.trailing_zeros() as usize;
                    each &= each - 1;
                    let (mut from, mut reach) = (s.frame.step(1 << v) & region, 0);
                    while from != 0 {
                        reach |= self.reach[from.trailing_zeros() as usize];
                        from &= from - 1;
                    }
                    reach &= self.open[v];
                    if reach != self.reach[v] {
                        self.reach[v] = reach;
                        changed = true;
                    }
                }
            }
            // The moves are in increasing order of their anchors.
            let mut each = m.reached;
            let moves = walker.nexts[m.first..m.end].iter();
            for (set, &(t, after, _, _)) in sets[m.first..m.end].iter_mut().zip(moves) {
                let v = each.trailing_zeros() as usize;
                each &= each - 1;
                if self.reach[v] != 0 && wanted(t) {
                    let left = mask << m.from & !(mask << v);
                    // The key only when there are tables to find by it.
                    let key = match self.most {
                        0 => 0,
                        _ => key(self.covers[v], left, after, self.free),
                    };
                    *set |= self.image(s, (key, (walker.free, after)), self.reach[v]);
                }
            }
        }
    }

    /// The placements with a 1x1 block on some free cell of index in `indices`.
    #[inline]
    pub(super) fn on(&self, mut indices: u64) -> u128 {
        let mut set = 0;
        while indices != 0 {
            set |= self.on[indices.trailing_zeros() as usize];
            indices &= indices - 1;
        }
        set
    }

    /// The places after the move of key `key` (its cells' free cells before and after
    /// it: `cells`; the key is not read when no table is kept) of the placements `set`
    /// (each clear of the cells the move covers).
    #[inline]
    pub(super) fn image(
        &mut self,
        singles: &Singles,
        (key, cells): (u64, (u64, u64)),
        mut set: u128,
    ) -> u128 {
        let at = match (self.most, self.direct.get(key as usize)) {
            (0, _) => None,
            (_, Some(&0)) => self.make(singles, key),
            (_, Some(&number)) => Some((number as usize - 1) * self.per),
            (_, None) => match self.index.get(&key) {
                Some(&at) => Some(at),
                None => self.make(singles, key),
            },
        };
        let mut image = 0u128;
        match at {
            Some(at) => {
                let table = &self.bytes[at..at + self.per];
                while set != 0 {
                    image |= 1 << table[set.trailing_zeros() as usize];
                    set &= set - 1;
                }
            }
            None => {
                let map = super::moved_index(cells.0, cells.1);
                while set != 0 {
                    image |= 1 << after(singles, map, set.trailing_zeros() as usize);
                    set &= set - 1;
                }
            }
        }
        image
    }

    /// Makes the table of `key`: its first byte; `None` once the most are kept.
    #[cold]
    fn make(&mut self, singles: &Singles, key: u64) -> Option<usize> {
        if self.tables() >= self.most {
            return None;
        }
        let at = self.bytes.len();
        let map = map_of(key, self.free);
        self.bytes
            .extend((0..self.per).map(|p| after(singles, map, p) as u8));
        match self.direct.get_mut(key as usize) {
            Some(number) => *number = (at / self.per + 1) as u32,
            None => {
                self.index.insert(key, at);
            }
        }
        Some(at)
    }

    /// The tables made.
    fn tables(&self) -> usize {
        self.bytes.len() / self.per.max(1)
    }
}

/// The key of a large block's move over a large layout of `free` free cells: the indices
/// among the free cells before it of the cells it covers (`covers`, as bits), and at bit
/// `free` on, the indices among the free cells after it (`after`) of the cells it leaves
/// (`left`). The free cells on neither list are the same cells in the same order before and
/// after, so the key gives the map of [`super::moved_index`] ([`map_of`]).
#[inline]
fn key(covers: u64, mut left: u64, after: u64, free: u32) -> u64 {
    let mut leaves = 0u64;
    while left != 0 {
        let cell = left & left.wrapping_neg();
        left &= left - 1;
        leaves |= 1 << (after & (cell - 1)).count_ones();
    }
    covers | leaves << free
}

/// The map of [`super::moved_index`] of the move of key `key` (of [`key`]) over `free`
/// free cells: the `n`-th index not covered before goes to the `n`-th index not left free
/// after (the indices covered: 0).
fn map_of(key: u64, free: u32) -> u64 {
    let all = (1u64 << free) - 1;
    let (mut before, mut after) = (all & !key, all & !(key >> free));
    let mut map = 0u64;
    while before != 0 {
        let (i, j) = (before.trailing_zeros(), after.trailing_zeros());
        before &= before - 1;
        after &= after - 1;
        map |= u64::from(j) << (4 * i);
    }
    map
}

/// The place after the move of map `map` of placement `p`.
#[inline]
fn after(singles: &Singles, map: u64, p: usize) -> u32 {
    super::place_after(singles, map, singles.unplace[p])
}
