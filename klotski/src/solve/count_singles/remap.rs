//! A large block's one-step move for a whole set of 1x1 placements at once (a large
//! layout at a time, [`super::skeleton`]): the placements it is open to are those with no
//! 1x1 block on the cells it newly covers (a union of per-cell sets, [`Remaps::on`]), and
//! each one's place after it is a byte of a table shared by every move that moves the
//! free cells' indices alike ([`Remaps::image`]).
//!
//! **Why it is exact.** A move of one step reaches its anchor exactly when none of the
//! cells it newly covers holds a 1x1 block (the large blocks alone let it), and the place
//! after it depends only on each free cell's index after it (the move's map of
//! [`super::moved_index`]): the table of a map gives, for each placement clear of the
//! covered cells, the place the tables of [`super::Singles::place_of`] give.

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

/// The tables of the places after a move, by the move's map of the free cells' indices.
pub(super) struct Remaps {
    /// Per free-cell index, the placements with a 1x1 block on it.
    on: Vec<u128>,
    /// Each table's first byte in `bytes`, by its map.
    index: WordMap<u64, usize>,
    /// The tables, `per` bytes each: the place after the move of each placement.
    bytes: Vec<u8>,
    per: usize,
    /// The most tables kept ([`MOST_TABLES`], or none for tests).
    most: usize,
    /// Per anchor, while a block's moves are made: the placements where it may stand
    /// there, and those where it reaches it.
    open: [u128; 64],
    reach: [u128; 64],
}

impl Remaps {
    /// The bytes the tables take at most (charged to the budget).
    pub(super) fn most_bytes(per: u64) -> u64 {
        MOST_TABLES as u64 * (per + 32)
    }

    /// No table yet, for `singles` (at most 128 placements, the tables of places kept);
    /// with `kept` false or no tables for its blocks ([`by_tables`]), none will be (each
    /// image made from its map).
    pub(super) fn new(singles: &Singles, kept: bool) -> Remaps {
        let mut on = vec![0u128; 64];
        for (p, &packed) in singles.unplace.iter().enumerate().take(128) {
            let mut each = packed;
            while each != 0 {
                on[each.trailing_zeros() as usize] |= 1 << p;
                each &= each - 1;
            }
        }
        Remaps {
            on,
            index: WordMap::default(),
            bytes: Vec::new(),
            per: singles.per as usize,
            most: if kept && by_tables(singles.count) {
                MOST_TABLES
            } else {
                0
            },
            open: [0; 64],
            reach: [0; 64],
        }
    }

    /// Adds to `sets` (one per move of `walker`'s large layout) the places after each large
    /// block's move of the placements `level` it is open to: those where the block reaches
    /// the move's anchor by unit steps over anchors where it covers no 1x1 block (a
    /// fixpoint over the anchors it reaches without them, a set of placements each).
    pub(super) fn large_moves(&mut self, walker: &SinglesWalker, level: u128, sets: &mut [u128]) {
        let s = walker.singles;
        for m in &walker.movable {
            let mask = s.shapes[m.class].mask;
            let region = m.reached | 1 << m.from;
            let mut each = m.reached;
            while each != 0 {
                let v = each.trailing_zeros() as usize;
                each &= each - 1;
                self.open[v] = level & !self.on(walker.indices(mask << v & walker.free));
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
            for (set, &(_, after, _, _)) in sets[m.first..m.end].iter_mut().zip(moves) {
                let v = each.trailing_zeros() as usize;
                each &= each - 1;
                if self.reach[v] != 0 {
                    let map = super::moved_index(walker.free, after);
                    *set |= self.image(s, map, self.reach[v]);
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

    /// The places after the move of map `map` of the placements `set` (each clear of the
    /// cells the move covers).
    #[inline]
    pub(super) fn image(&mut self, singles: &Singles, map: u64, mut set: u128) -> u128 {
        let at = match self.most {
            0 => None,
            _ => match self.index.get(&map) {
                Some(&at) => Some(at),
                None => self.make(singles, map),
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
                while set != 0 {
                    image |= 1 << after(singles, map, set.trailing_zeros() as usize);
                    set &= set - 1;
                }
            }
        }
        image
    }

    /// Makes the table of `map`: its first byte; `None` once the most are kept.
    #[cold]
    fn make(&mut self, singles: &Singles, map: u64) -> Option<usize> {
        if self.index.len() >= self.most {
            return None;
        }
        let at = self.bytes.len();
        self.bytes
            .extend((0..self.per).map(|p| after(singles, map, p) as u8));
        self.index.insert(map, at);
        Some(at)
    }
}

/// The place after the move of map `map` of placement `p`.
#[inline]
fn after(singles: &Singles, map: u64, p: usize) -> u32 {
    super::place_after(singles, map, singles.unplace[p])
}
