//! The sweep's dedicated encoding (see [`super`]): skeletons listed and indexed by a hash
//! table, singles by their colex rank among a skeleton's uncovered cells.

use puzzle_frame::budget::MemoryBudget;

use super::super::graph::Blocks;
use super::super::mirror::Mirror;
use super::super::Pieces;
use crate::solve::layout::{Frame, Shape};
use crate::solve::Limit;

use super::bits::{bytes, Bytes, BELOW, CHOOSE};
use super::index::Index;

/// The most uncovered cells for which the colex ranks are a table (`2^F` entries).
const TABLED: u32 = 16;

/// Bytes a skeleton takes: its key and cells, its mirror, two hash slots.
const SKELETON_BYTES: u64 = 8 + 8 + 4 + 2 * 12;
/// One layout: its skeleton's place in the list and its singles' cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Flat {
    skeleton: u32,
    singles: u64,
}

/// The layouts of one block set: the skeletons, their index and the colex rank.
pub(super) struct Space {
    frame: Frame,
    shapes: Vec<Shape>,
    cells: u32,
    /// How many singles (`s`).
    singles: u32,
    /// `C(F, s)`: the layouts of one skeleton.
    pub(super) per: u64,
    /// The same, as the `u32` it fits in (the layouts' ranks are `u32`).
    per32: u32,
    pub(super) keys: Vec<u64>,
    /// Per skeleton: the cells its blocks cover.
    covered: Vec<u64>,
    /// Per skeleton: for each byte of the box, how many uncovered cells lie in the bytes
    /// before it (a byte each).
    before: Vec<u32>,
    /// With at most [`TABLED`] uncovered cells: the colex rank of each packed set of
    /// singles, and the packed set of each rank.
    colex: Vec<u32>,
    uncolex: Vec<u32>,
    bytes: &'static Bytes,
    index: Index,
    /// The skeletons whose layouts are numbered: the first `numbered` of the list (see
    /// [`Space::new`]).
    numbered: u32,
    /// With a mirror: per skeleton its mirror's place, and per byte of the box and value
    /// the mirror image of the cells it holds.
    pub(super) mirror: Option<(Vec<u32>, Vec<[u64; 256]>)>,
    /// Each class's letter in the words that order the hardest layouts (see
    /// [`Space::word`]).
    pub(super) letters: [u8; 4],
}

/// The bit offset of class `k`'s anchors in a skeleton's key (class 0: the target's anchor
/// as a number from bit `2 * cells`).
fn key_offset(k: usize, cells: u32) -> u32 {
    match k {
        1 => 0,
        2 => cells,
        _ => 2 * cells,
    }
}

impl Space {
    /// The skeletons of `pieces` (a block set that [`fits`]), charged to `budget`.
    pub(super) fn new(pieces: &Pieces, budget: MemoryBudget) -> Result<Space, Limit> {
        let (frame, shapes) = pieces.tables();
        let counts = pieces.counts();
        let cells = (pieces.rows * pieces.cols) as u32;
        let covering = 4 + 2 * (counts[1] + counts[2]) as u32;
        let free = cells.saturating_sub(covering);
        let singles = counts[3] as u32;
        let per = if singles <= free && covering <= cells {
            CHOOSE[free as usize][singles as usize]
        } else {
            0
        };
        let mut space = Space {
            frame,
            shapes,
            cells,
            singles,
            per,
            per32: per as u32,
            keys: Vec::new(),
            covered: Vec::new(),
            before: Vec::new(),
            colex: Vec::new(),
            uncolex: Vec::new(),
            bytes: bytes(),
            index: Index::new(&[]),
            numbered: 0,
            mirror: None,
            letters: [1, 2, 3, 4],
        };
        if per > 0 {
            let mut left = [counts[0], counts[1], counts[2]];
            space.grow(0, &mut left, 0, (0, 0), budget)?;
        }
        if per > 0 && free <= TABLED {
            budget.check(
                "the layouts' rank tables",
                space.bytes() + (4 << free) + 4 * per,
            )?;
            space.colex = (0..1u64 << free)
                .map(|packed| Space::colex_of(packed) as u32)
                .collect();
            space.uncolex = vec![0; per as usize];
            for packed in 0..1u32 << free {
                if packed.count_ones() == singles {
                    space.uncolex[space.colex[packed as usize] as usize] = packed;
                }
            }
        }
        space.number(Mirror::of(pieces).as_ref());
        space.before = (space.covered.iter())
            .map(|&covered| {
                let free = space.frame.board & !covered;
                (0..4).fold(0u32, |before, j| {
                    let below = (free & ((1u64 << (8 * j)) - 1)).count_ones();
                    before | below << (8 * j)
                })
            })
            .collect();
        space.index = Index::new(&space.keys);
        Ok(space)
    }

    /// Numbers the skeletons: with a `mirror`, one of each mirror pair of skeletons first
    /// (the one listed first, and each skeleton that is its own mirror), then the others,
    /// whose layouts are the mirror images of the first ones' and get no rank of their own
    /// in the census; without one, every skeleton.
    fn number(&mut self, mirror: Option<&Mirror>) {
        let count = self.keys.len() as u32;
        self.numbered = count;
        let Some(mirror) = mirror else { return };
        let index = Index::new(&self.keys);
        let images: Vec<u32> = (self.keys.iter())
            .map(|&key| index.get(self.mirror_key(mirror, key)))
            .collect();
        let first = |s: u32| images[s as usize] >= s;
        let order: Vec<u32> = ((0..count).filter(|&s| first(s)))
            .chain((0..count).filter(|&s| !first(s)))
            .collect();
        let mut place = vec![0u32; order.len()];
        for (new, &old) in order.iter().enumerate() {
            place[old as usize] = new as u32;
        }
        self.numbered = (0..count).filter(|&s| first(s)).count() as u32;
        self.keys = order.iter().map(|&s| self.keys[s as usize]).collect();
        self.covered = order.iter().map(|&s| self.covered[s as usize]).collect();
        let images = (order.iter())
            .map(|&s| place[images[s as usize] as usize])
            .collect();
        let bytes = (0..self.cells.div_ceil(8))
            .map(|j| {
                let mut table = [0u64; 256];
                for (value, image) in table.iter_mut().enumerate() {
                    for bit in (0..8).filter(|&b| value >> b & 1 == 1) {
                        let cell = 8 * j + bit;
                        if cell < self.cells {
                            *image |= 1 << mirror.anchor(3, cell as u8);
                        }
                    }
                }
                table
            })
            .collect();
        self.mirror = Some((images, bytes));
    }

    /// Lists every skeleton that places `left[k]` more blocks of class `k` (k < 3), the
    /// next of class `k` at an anchor from `from` on, beside `(covered, key)`.
    fn grow(
        &mut self,
        k: usize,
        left: &mut [usize; 3],
        from: u32,
        (covered, key): (u64, u64),
        budget: MemoryBudget,
    ) -> Result<(), Limit> {
        if k == 3 {
            if self.keys.len() % 4096 == 0 {
                let bytes = (self.keys.len() as u64 + 4096) * SKELETON_BYTES;
                budget.check("the layouts' rank tables", bytes)?;
            }
            self.keys.push(key);
            self.covered.push(covered);
            return Ok(());
        }
        if left[k] == 0 {
            return self.grow(k + 1, left, 0, (covered, key), budget);
        }
        let mut anchors = self.shapes[k].anchors & !((1u64 << from) - 1);
        while anchors != 0 {
            let a = anchors.trailing_zeros();
            anchors &= anchors - 1;
            let cells = self.shapes[k].mask << a;
            if cells & covered != 0 {
                continue;
            }
            let bit = if k == 0 {
                u64::from(a) << key_offset(0, self.cells)
            } else {
                1 << (a + key_offset(k, self.cells))
            };
            left[k] -= 1;
            let grown = self.grow(k, left, a + 1, (covered | cells, key | bit), budget);
            left[k] += 1;
            grown?;
        }
        Ok(())
    }

    /// How many layouts there are.
    pub(super) fn total(&self) -> u64 {
        self.keys.len() as u64 * self.per
    }

    /// How many layouts are numbered: ranks `0..numbered()`, one layout of each mirror
    /// pair (with a mirror). The layouts of the other skeletons have ranks past these
    /// ([`Space::rank`] and [`Space::layout`] take them), which the census never marks.
    pub(super) fn numbered(&self) -> u64 {
        u64::from(self.numbered) * self.per
    }

    /// True when the skeleton of `l` is its own mirror (then its layouts come in mirror
    /// pairs of its own, both numbered).
    #[inline]
    pub(super) fn symmetric(&self, l: Flat) -> bool {
        self.mirror
            .as_ref()
            .is_some_and(|(images, _)| images[l.skeleton as usize] == l.skeleton)
    }

    /// The bytes the tables hold.
    pub(super) fn bytes(&self) -> u64 {
        self.keys.len() as u64 * SKELETON_BYTES + 4 * (self.colex.len() + self.uncolex.len()) as u64
    }

    /// The key's anchors of class `k` (k = 1, 2: a bit an anchor), or the target's anchor
    /// as one bit (k = 0).
    #[inline]
    pub(super) fn anchors(&self, key: u64, k: usize) -> u64 {
        let field = key >> key_offset(k, self.cells);
        if k == 0 {
            1 << field
        } else {
            field & ((1 << self.cells) - 1)
        }
    }

    /// The key with class `k`'s anchor `from` moved to `to`.
    #[inline]
    fn moved_key(&self, key: u64, k: usize, from: u32, to: u32) -> u64 {
        let o = key_offset(k, self.cells);
        if k == 0 {
            (key & ((1 << o) - 1)) | u64::from(to) << o
        } else {
            key ^ (1 << (from + o)) ^ (1 << (to + o))
        }
    }

    /// The key of the mirror image of the skeleton `key`.
    fn mirror_key(&self, mirror: &Mirror, key: u64) -> u64 {
        let mut image = 0;
        for k in 0..3 {
            let mut anchors = self.anchors(key, k);
            while anchors != 0 {
                let a = anchors.trailing_zeros();
                anchors &= anchors - 1;
                let b = u32::from(mirror.anchor(k, a as u8));
                let o = key_offset(k, self.cells);
                image |= if k == 0 {
                    u64::from(b) << o
                } else {
                    1 << (b + o)
                };
            }
        }
        image
    }

    /// The colex rank of a packed set of singles (bit `i`: the `i`-th uncovered cell).
    #[inline]
    fn colex_of(packed: u64) -> u64 {
        let (mut m, mut i, mut r) = (packed, 1, 0);
        while m != 0 {
            r += CHOOSE[m.trailing_zeros() as usize & 31][i & 31];
            i += 1;
            m &= m - 1;
        }
        r
    }

    /// The cells of the box that skeleton `skeleton` leaves uncovered.
    #[inline]
    fn free(&self, skeleton: u32) -> u64 {
        self.frame.board & !self.covered[skeleton as usize]
    }

    /// The singles of `l` packed among its skeleton's uncovered cells (bit `i`: the
    /// `i`-th uncovered cell in reading order).
    #[inline]
    fn packed(&self, l: Flat) -> u64 {
        let (free, before) = (self.free(l.skeleton), self.before[l.skeleton as usize]);
        let mut packed = 0u64;
        for j in 0..4 {
            let (f, s) = ((free >> (8 * j)) as u8, (l.singles >> (8 * j)) as u8);
            let bits = self.bytes.extract[usize::from(f)][usize::from(s)];
            packed |= u64::from(bits) << (before >> (8 * j) & 0xff);
        }
        packed
    }

    /// The rank of `l`.
    #[inline]
    pub(super) fn rank(&self, l: Flat) -> u64 {
        let packed = self.packed(l);
        let r = match self.colex.get(packed as usize) {
            Some(&r) => u64::from(r),
            None => Space::colex_of(packed),
        };
        u64::from(l.skeleton) * self.per + r
    }

    /// The layout of rank `rank` (below [`Space::total`]).
    #[inline]
    pub(super) fn layout(&self, rank: u64) -> Flat {
        self.unrank(rank).0
    }

    /// The layout of rank `rank` and its singles packed among its skeleton's uncovered
    /// cells.
    #[inline]
    fn unrank(&self, rank: u64) -> (Flat, u64) {
        // Ranks are below 2^32 (the census's marks hold them as `u32`).
        let (skeleton, r) = ((rank as u32) / self.per32, (rank as u32) % self.per32);
        let packed = match self.uncolex.get(r as usize) {
            Some(&packed) => u64::from(packed),
            None => {
                // Colex unrank: the top single is at the highest place `c` with C(c, i) <= r.
                let mut r = u64::from(r);
                let (mut packed, mut c) = (0u64, self.free(skeleton).count_ones());
                for i in (1..=self.singles as usize).rev() {
                    c -= 1;
                    while CHOOSE[c as usize & 31][i & 31] > r {
                        c -= 1;
                    }
                    r -= CHOOSE[c as usize & 31][i & 31];
                    packed |= 1 << c;
                }
                packed
            }
        };
        let (free, before) = (self.free(skeleton), self.before[skeleton as usize]);
        let mut singles = 0u64;
        for j in 0..4 {
            let f = (free >> (8 * j)) as u8;
            let bits = (packed >> (before >> (8 * j) & 0xff)) as u8;
            singles |= u64::from(self.bytes.deposit[usize::from(f)][usize::from(bits)]) << (8 * j);
        }
        (Flat { skeleton, singles }, packed)
    }

    /// The mirror image of `l` (`l` itself without a mirror).
    #[inline]
    pub(super) fn mirror_of(&self, l: Flat) -> Flat {
        let Some((images, bytes)) = &self.mirror else {
            return l;
        };
        let singles = (bytes.iter().enumerate()).fold(0, |singles, (j, table)| {
            singles | table[(l.singles >> (8 * j)) as usize & 0xff]
        });
        Flat {
            skeleton: images[l.skeleton as usize],
            singles,
        }
    }

    /// The rank of the mirror image of `l` (with a mirror), maybe past the numbered ones.
    #[inline]
    pub(super) fn mirror_rank(&self, l: Flat) -> u64 {
        self.rank(self.mirror_of(l))
    }

    /// The place of the uncovered cell `cell` among the uncovered cells `free` of a
    /// skeleton whose counts before each byte are `before`.
    #[inline]
    fn place(free: u64, before: u32, cell: u32) -> u32 {
        let j = cell / 8;
        let byte = (free >> (8 * j)) as u8;
        (before >> (8 * j) & 0xff) + u32::from(BELOW[usize::from(byte)][cell as usize % 8])
    }

    /// Calls `found` with the rank and the layout of every layout one move from the
    /// layout of rank `rank` (a numbered rank), or when that layout's skeleton is not
    /// numbered, of its mirror image (and `true`). A single's move keeps the skeleton: its
    /// rank is that of the packed singles with two bits flipped (the single's place before
    /// and after).
    #[inline]
    pub(super) fn neighbours(&self, rank: u64, mut found: impl FnMut(u64, Flat, bool)) {
        let (l, packed) = self.unrank(rank);
        let key = self.keys[l.skeleton as usize];
        let occupied = self.covered[l.skeleton as usize] | l.singles;
        // A block none of whose cells is beside an empty cell cannot move.
        let beside = self.frame.step(self.frame.board & !occupied);
        for k in 0..3 {
            let mut anchors = self.anchors(key, k);
            while anchors != 0 {
                let a = anchors.trailing_zeros();
                anchors &= anchors - 1;
                if self.shapes[k].mask << a & beside == 0 {
                    continue;
                }
                let mut to = self.frame.slide(&self.shapes[k], a as u8, occupied) & !(1 << a);
                while to != 0 {
                    let b = to.trailing_zeros();
                    to &= to - 1;
                    let skeleton = self.index.get(self.moved_key(key, k, a, b));
                    let next = Flat { skeleton, ..l };
                    let flipped = skeleton >= self.numbered;
                    let next = if flipped { self.mirror_of(next) } else { next };
                    found(self.rank(next), next, flipped);
                }
            }
        }
        let (free, before) = (self.free(l.skeleton), self.before[l.skeleton as usize]);
        let first = u64::from(l.skeleton) * self.per;
        if l.singles & beside == 0 {
            return;
        }
        // A single moves to any empty cell of the empty cells' connected parts beside it
        // (through its own cell, which its move leaves empty).
        let empty = self.frame.board & !occupied;
        let (mut parts, mut n, mut rest) = ([0u64; 32], 0, empty);
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let next = (part | self.frame.step(part)) & empty;
                if next == part {
                    break;
                }
                part = next;
            }
            parts[n & 31] = part;
            n += 1;
            rest &= !part;
        }
        let mut singles = l.singles & beside;
        while singles != 0 {
            let a = singles.trailing_zeros();
            singles &= singles - 1;
            let around = self.frame.step(1 << a);
            let mut to = (parts[..n.min(32)].iter())
                .filter(|&&part| part & around != 0)
                .fold(0, |to, part| to | part);
            let from = packed ^ 1 << Space::place(free, before, a);
            while to != 0 {
                let b = to.trailing_zeros();
                to &= to - 1;
                let next = Flat {
                    singles: l.singles ^ (1 << a) ^ (1 << b),
                    ..l
                };
                let moved = from ^ 1 << Space::place(free, before, b);
                let v = match self.colex.get(moved as usize) {
                    Some(&r) => first + u64::from(r),
                    None => self.rank(next),
                };
                found(v, next, false);
            }
        }
    }

    /// The blocks of `l`, each class and anchor, in reading order of their first cells
    /// (every class's first cell is its anchor).
    pub(super) fn blocks(&self, l: Flat) -> Blocks {
        let key = self.keys[l.skeleton as usize];
        let mut blocks = Vec::new();
        for k in 0..4 {
            let mut anchors = if k == 3 {
                l.singles
            } else {
                self.anchors(key, k)
            };
            while anchors != 0 {
                blocks.push((k, anchors.trailing_zeros() as u8));
                anchors &= anchors - 1;
            }
        }
        blocks.sort_unstable_by_key(|&(_, a)| a);
        blocks
    }

    /// The word of `l` in the automaton's alphabet (`layouts::rank`; class `k`'s letter
    /// is `letters[k]`, `k + 1` unless the classes are those of another order), three bits
    /// a letter: the layouts' words have one length, so their order is that of the
    /// automaton's ranks.
    pub(super) fn word(&self, l: Flat) -> u128 {
        let mut class_at = [0u8; 64];
        for (k, a) in self.blocks(l) {
            class_at[usize::from(a)] = k as u8 + 1;
        }
        let (mut undecided, mut word) = (self.frame.board, 0u128);
        while undecided != 0 {
            let p = undecided.trailing_zeros();
            let (letter, covers) = match usize::from(class_at[p as usize]) {
                0 => (0, 1 << p),
                k => (self.letters[k - 1], self.shapes[k - 1].mask << p),
            };
            word = word << 3 | u128::from(letter);
            undecided &= !covers;
        }
        word
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::layouts::mirror::Mirror;
    use crate::layouts::rank::Ranker;
    use crate::layouts::sweep;

    /// Every layout of the small sweep sets: rank and layout undo each other, the mirror
    /// rank names the mirrored blocks, one of each mirror pair is numbered, and the words
    /// order the layouts as the automaton's ranks do.
    #[test]
    fn ranks_mirrors_and_words_agree_with_the_automaton() {
        let budget = MemoryBudget::default();
        let mut checked = 0;
        for (rows, cols) in [(2, 3), (3, 3), (3, 4), (4, 3), (2, 5), (4, 4)] {
            for set in sweep::block_sets(rows, cols) {
                let pieces = sweep::pieces(rows, cols, &set);
                let space = Space::new(&pieces, budget).unwrap();
                let (frame, shapes) = pieces.tables();
                let ranker = Ranker::new(frame.board, &shapes, &pieces.counts(), budget).unwrap();
                assert_eq!(space.total(), ranker.total(), "{set:?}");
                if space.total() > 20_000 {
                    continue;
                }
                let mirror = Mirror::of(&pieces);
                let mut by_word = Vec::new();
                for r in 0..space.total() {
                    let l = space.layout(r);
                    assert_eq!(space.rank(l), r, "{set:?}");
                    let blocks = space.blocks(l);
                    if let Some(mirror) = &mirror {
                        let mut image: Blocks = blocks
                            .iter()
                            .map(|&(k, a)| (k, mirror.anchor(k, a)))
                            .collect();
                        image.sort_unstable_by_key(|&(_, a)| a);
                        let w = space.mirror_rank(l);
                        assert_eq!(space.blocks(space.layout(w)), image);
                        // One of each mirror pair numbered; a skeleton that is its own
                        // mirror numbered with both of each pair.
                        let numbered = space.numbered();
                        assert!(r < numbered || w < numbered, "{set:?}");
                        assert_eq!(space.symmetric(l), r / space.per == w / space.per);
                        if space.symmetric(l) {
                            assert!(r < numbered && w < numbered, "{set:?}");
                        }
                    } else {
                        assert_eq!(space.numbered(), space.total());
                    }
                    by_word.push((space.word(l), ranker.rank_of(&blocks)));
                }
                by_word.sort_unstable();
                let ranks: Vec<u64> = by_word.iter().map(|&(_, rank)| rank).collect();
                assert!(ranks.iter().copied().eq(0..space.total()), "{set:?}");
                checked += ranks.len();
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
