//! The 1x1 blocks' moves for a whole set of placements at once (a large layout at a time,
//! [`super::skeleton`]): per pattern of the free cells (which free cell is next to which,
//! by their indices), a table of each placement's neighbours by a 1x1 block's move, as a
//! set of placements of the same large layout.
//!
//! **Why it is exact.** A 1x1 block slides by unit steps over the free cells not holding
//! another 1x1 block, so where it goes depends only on the free cells' adjacency and on
//! the placement; the places of the free cells' index sets are the same for every large
//! layout ([`super::Singles::place_of`]). Large layouts of one pattern have the same
//! table, and the table is made by the same flood fill over the free cells' indices.

use super::keys::WordMap;

use super::floods::Floods;
use super::{Singles, SinglesWalker};

/// Whether the 1x1 moves of a box of `count` 1x1 blocks are made by [`Floods`] instead of
/// tables: with two (Pelopones, 66 placements: 82% of its large layouts were past the
/// tables' cap), not with three (Lodzianka, 84: most have a table, and floods cost about
/// as much). Only the cost depends on it.
fn by_floods(count: usize) -> bool {
    count == 2
}

/// The most patterns kept (per thread); a large layout of a pattern not kept has its 1x1
/// blocks' moves walked a placement at a time.
const MOST_PATTERNS: usize = 1 << 15;

/// The tables of the 1x1 blocks' moves, by pattern of the free cells.
pub(super) struct SingleMoves {
    /// Each table's first set in `sets`, by pattern.
    index: WordMap<u128, usize>,
    /// The tables, `per` sets each: the placements one 1x1 move from each placement.
    sets: Vec<u128>,
    per: usize,
    /// The most tables kept ([`MOST_PATTERNS`], or none for tests).
    most: usize,
    /// The moves made with no table instead, by flood fills (kept tables only).
    floods: Option<Floods>,
}

impl SingleMoves {
    /// The bytes the tables take at most, per thread (charged to the budget).
    pub(super) fn most_bytes(per: u64) -> u64 {
        MOST_PATTERNS as u64 * (per * 16 + 48)
    }

    /// No table yet, for `singles`' placements (none made, by [`Floods`] instead, when
    /// [`by_floods`] holds); with `kept` false, none will be (every large layout's 1x1
    /// moves walked a placement at a time).
    pub(super) fn new(singles: &Singles, kept: bool) -> SingleMoves {
        let free = singles.low.count_ones();
        SingleMoves {
            index: WordMap::default(),
            sets: Vec::new(),
            per: singles.per as usize,
            most: if kept { MOST_PATTERNS } else { 0 },
            floods: match kept && by_floods(singles.count) {
                true => Floods::new(free),
                false => None,
            },
        }
    }

    /// The placements one 1x1 block's move from those of `level`, in the large layout
    /// `walker` has loaded; `None` when its pattern has no table and no more are kept.
    pub(super) fn of(&mut self, walker: &SinglesWalker, level: u128) -> Option<u128> {
        if let Some(floods) = &mut self.floods {
            return Some(floods.single_moves(walker, level));
        }
        let (key, next) = pattern(walker);
        let at = match self.index.get(&key) {
            Some(&at) => at,
            None if self.index.len() < self.most => self.make(walker, key, &next),
            None => return None,
        };
        let table = &self.sets[at..at + self.per];
        let (mut each, mut own) = (level, 0u128);
        while each != 0 {
            own |= table[each.trailing_zeros() as usize];
            each &= each - 1;
        }
        Some(own)
    }

    /// Makes the table of pattern `key`, whose free cells' neighbours are `next` (by
    /// index): its first set.
    #[cold]
    fn make(&mut self, walker: &SinglesWalker, key: u128, next: &[u64; 16]) -> usize {
        let s = walker.singles;
        let at = self.sets.len();
        for &packed in &s.unplace[..self.per] {
            let empty = s.low & !packed;
            let mut set = 0u128;
            let mut each = packed;
            while each != 0 {
                let from = each & each.wrapping_neg();
                each &= each - 1;
                let mut reached = from;
                loop {
                    let mut grown = reached;
                    let mut cells = reached;
                    while cells != 0 {
                        grown |= next[cells.trailing_zeros() as usize] & empty;
                        cells &= cells - 1;
                    }
                    if grown == reached {
                        break;
                    }
                    reached = grown;
                }
                let mut targets = reached & !from;
                while targets != 0 {
                    let to = targets & targets.wrapping_neg();
                    targets &= targets - 1;
                    set |= 1 << s.place_of[(packed ^ from ^ to) as usize];
                }
            }
            self.sets.push(set);
        }
        self.index.insert(key, at);
        at
    }
}

/// The pattern of the free cells of the large layout `walker` has loaded: bit `i` when
/// the `i`-th free cell's right neighbour is free (the `i + 1`-th), and four bits from
/// `16 + 4 i`: how many free cells on from it its neighbour below is (0: not free); and
/// each free cell's free neighbours, by index.
fn pattern(walker: &SinglesWalker) -> (u128, [u64; 16]) {
    let s = walker.singles;
    let (free, cols) = (walker.free, s.frame.cols);
    let mut key = 0u128;
    let mut next = [0u64; 16];
    for (i, &cell) in walker.free_bit.iter().enumerate().take(16) {
        if s.frame.step(cell) & cell << 1 & free != 0 {
            key |= 1 << i;
            next[i] |= 1 << (i + 1);
            next[i + 1] |= 1 << i;
        }
        if cols < 64 && cell << cols & free != 0 {
            let j = usize::from(walker.index_of[(cell << cols).trailing_zeros() as usize]);
            key |= ((j - i) as u128 & 15) << (16 + 4 * i);
            next[i] |= 1 << j;
            next[j] |= 1 << i;
        }
    }
    (key, next)
}
