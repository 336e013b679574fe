//! The census of the sweep's block sets (a 2x2 target, 1x2, 2x1 and 1x1 blocks) in boxes of
//! at most [`MAX_CELLS`] cells, over a dedicated encoding: what `--sweep` counts with.
//!
//! **Skeletons and singles.** A layout is its *skeleton* (the target's anchor and the
//! anchors of the 1x2 and 2x1 blocks) and the set of cells of its 1x1 blocks. Every
//! skeleton of a block set leaves the same number `F` of cells uncovered, and the `s`
//! singles take any `s` of them, so each skeleton has `C(F, s)` layouts. The skeletons are
//! listed once (a depth-first placement; a hash table from a skeleton's key, its anchors as
//! bits of one `u64`, to its place in the list), and a layout's rank is
//! `skeleton * C(F, s) + r`, where `r` is the colex rank of the singles among the
//! skeleton's uncovered cells (the sum, over the singles in increasing order, of
//! `C(uncovered cells below it, its place among the singles + 1)`): ranks `0..N`, dense.
//! A move of a single keeps the skeleton, and its rank is the colex rank of the packed
//! singles with two bits flipped (the single's place among the uncovered cells before and
//! after); the cells a single reaches are the connected parts of the empty cells beside
//! it, found once per layout. A move of another block changes one anchor of the key, and
//! the new skeleton is one table lookup. No automaton walk, no unrank chain.
//!
//! **One of each mirror pair numbered.** When the census is mirror symmetric
//! (`layouts::mirror`), the mirror image of a skeleton is a skeleton, and the list puts
//! first one skeleton of each mirror pair (and every skeleton that is its own mirror),
//! then the others: only the first ones' layouts are numbered, about half. A layout of an
//! unnumbered skeleton is never marked or queued; a move to it is taken as a move to its
//! mirror image (the mirror skeleton, the singles' cells mirrored: four byte lookups),
//! with the mirror label, which is what the census of both would record (a layout and its
//! mirror have the same distance, and their groups are each other's mirror groups). It
//! is counted with the numbered layout it mirrors. A skeleton that is its own mirror
//! keeps both layouts of each pair, the one not queued marked with the mirror label.
//!
//! **The census** is that of [`super::graph`] (the same breadth-first sweeps from all goal
//! layouts, the same union-find over labels, the same mirror rule, the same reasons it is
//! exact): only the numbering of the layouts differs, and nothing counted depends on it.
//! The hardest layouts kept are the first in the automaton's order (`super::rank`: the
//! order of the layouts' words), found by comparing their words, so `--sweep` prints the
//! same layout as the general census would.
//!
//! **`--hardest`** takes it too ([`hardest_census`]) for a case whose target is a 2x2 block
//! and whose other blocks are 1x2, 2x1 and 1x1 blocks, in a box of at most [`MAX_CELLS`]
//! cells: its classes come in the order their shapes first appear, so the census runs on
//! the same blocks as the sweep's classes and orders the hardest layouts by the words in
//! the case's own letters (the automaton's order for the case), then gives them back in the
//! case's classes: the same figures and layouts as [`Pieces::census`].
//!
//! The encoding is in `space`; this module holds the census over it.

mod bits;
mod index;
mod space;

use puzzle_frame::budget::MemoryBudget;

use super::graph::{Census, Hardest};
use super::marks::{find, Marks};
use super::Pieces;
use crate::solve::Limit;
use space::{Flat, Space};

/// The most cells of a box counted here: a skeleton's key holds two sets of anchors (a bit
/// a cell each) and the target's anchor (6 bits).
pub const MAX_CELLS: usize = 28;

/// True when `pieces` are a block set of the sweep (`super::sweep::shapes`) in a box of at
/// most [`MAX_CELLS`] cells.
pub fn fits(pieces: &Pieces) -> bool {
    pieces.rows * pieces.cols <= MAX_CELLS && pieces.shapes == super::sweep::shapes()
}

/// The breadth-first sweeps over the sweep's encoding: their marks (as in `super::graph`)
/// and the layouts' space.
struct Sweeps<'a> {
    space: &'a Space,
    marks: Marks,
}

impl Sweeps<'_> {
    /// Layout `l` of rank `v`, not yet visited, reached with `label`: queued, and its
    /// mirror marked with the mirror label (or counted so, when it has no rank).
    #[inline]
    fn discover(&mut self, v: u64, l: Flat, label: u32) {
        self.marks.mark(v, label);
        self.marks.queue.push(v as u32);
        if self.space.symmetric(l) {
            let w = self.space.mirror_rank(l);
            if w != v {
                self.marks.mark_mirror(w, label);
            }
        } else if self.space.mirror.is_some() {
            self.marks.count_mirror();
        }
    }

    /// The root of the group of label `label` and of its mirror group.
    #[inline]
    fn roots(&mut self, label: u32, mirrored: bool) -> (u32, u32) {
        let root = find(&mut self.marks.parent, label);
        if mirrored {
            let image = self.marks.pair[root as usize];
            (root, find(&mut self.marks.parent, image))
        } else {
            (root, root)
        }
    }

    /// Expands the queue from `head` to its end, level by level, joining labels that meet.
    fn run(&mut self, mut head: usize) {
        let space = self.space;
        let mirrored = space.mirror.is_some();
        self.marks.begin(head);
        while head < self.marks.queue.len() {
            self.marks.at(head);
            let u = u64::from(self.marks.queue[head]);
            let label = self.marks.label[u as usize];
            // The roots of `u`'s group and of its mirror group: a move to a layout that
            // has no rank reaches its mirror image, in the mirror group.
            let mut roots = self.roots(label, mirrored);
            space.neighbours(u, |v, l, flipped| {
                if !self.marks.is_visited(v) {
                    self.discover(v, l, if flipped { roots.1 } else { roots.0 });
                } else {
                    self.marks.meet_flipped(v, &mut roots, flipped, mirrored);
                }
            });
            head += 1;
        }
    }
}

/// The census of `pieces` (a block set that [`fits`]), keeping the first `keep` hardest
/// layouts in the automaton's order; everything that grows with the number of layouts is
/// charged to `budget` first. The same figures as [`Pieces::census`].
pub fn census(pieces: &Pieces, keep: usize, budget: MemoryBudget) -> Result<Census, Limit> {
    census_lettered(pieces, [1, 2, 3, 4], keep, budget)
}

/// The census `--hardest` takes for `pieces` whose target is a 2x2 block and whose other
/// blocks are 1x2, 2x1 and 1x1 blocks, in any order of their classes, in a box of at most
/// [`MAX_CELLS`] cells: the census of the same blocks as the sweep's classes (with their
/// names), the hardest layouts ordered by the words of `pieces`' own classes (so the first
/// `keep` are those of [`Pieces::census`]) and given back in `pieces`' classes. `None`
/// for other pieces.
pub fn hardest_census(
    pieces: &Pieces,
    keep: usize,
    budget: MemoryBudget,
) -> Option<Result<Census, Limit>> {
    let sorted = |cells: &[grid_common::Pos]| {
        let mut cells = cells.to_vec();
        cells.sort_unstable_by_key(|p| (p.row, p.col));
        cells
    };
    let shapes = super::sweep::shapes();
    // For each of the sweep's classes, the class of `pieces` of its shape.
    let mut classes = [None; 4];
    for (k, cells) in pieces.shapes.iter().enumerate() {
        let j = shapes.iter().position(|s| *s == sorted(cells))?;
        if (j == 0) != (k == 0) || classes[j].is_some() {
            return None;
        }
        classes[j] = Some(k);
    }
    let swept = Pieces {
        shapes,
        names: classes
            .iter()
            .map(|c| c.map_or_else(Vec::new, |k| pieces.names[k].clone()))
            .collect(),
        ..pieces.clone()
    };
    if !fits(&swept) {
        return None;
    }
    let letters = classes.map(|c| c.map_or(0, |k| k as u8 + 1));
    let mut census = census_lettered(&swept, letters, keep, budget);
    if let Ok(Census {
        hardest: Some(hardest),
        ..
    }) = &mut census
    {
        for (k, _) in hardest.layouts.iter_mut().flatten() {
            *k = classes[*k].unwrap_or(*k);
        }
    }
    Some(census)
}

/// [`census`], class `k`'s letter in the words that order the hardest layouts being
/// `letters[k]`.
fn census_lettered(
    pieces: &Pieces,
    letters: [u8; 4],
    keep: usize,
    budget: MemoryBudget,
) -> Result<Census, Limit> {
    let mut space = Space::new(pieces, budget)?;
    space.letters = letters;
    let n = space.numbered();
    let mut sweeps = Sweeps {
        space: &space,
        marks: Marks::charged(n, space.bytes(), budget)?,
    };
    // Levels in the order they were found: sorting them by rank costs more than the
    // locality it brings here (the moves' ranks are table reads, not walks).
    sweeps.marks.sorted = false;
    seed_goals(&mut sweeps, pieces.goal_anchor());
    sweeps.run(0);
    let solvable = sweeps.marks.queue.len() as u64 + sweeps.marks.mirrored;
    let hardest = (solvable > 0).then(|| hardest_level(&sweeps, keep));
    for start in 0..n {
        if sweeps.marks.is_visited(start) {
            continue;
        }
        let label = sweeps.marks.new_label();
        let l = space.layout(start);
        if space.mirror.is_some() && space.mirror_of(l) != l {
            let other = sweeps.marks.new_label();
            sweeps.marks.pair[label as usize] = other;
            sweeps.marks.pair[other as usize] = label;
        }
        let head = sweeps.marks.queue.len();
        sweeps.discover(start, l, label);
        sweeps.run(head);
    }
    Ok(Census {
        layouts: space.total(),
        groups: sweeps.marks.groups(),
        solvable,
        hardest,
    })
}

/// Queues every goal layout (the target at `goal`; one of each mirror pair, the other
/// marked with it or counted so), each its own label, paired with its mirror's.
fn seed_goals(sweeps: &mut Sweeps, goal: u8) {
    let space = sweeps.space;
    let per = space.per;
    let goals: Vec<u64> = (0..space.numbered() / per.max(1))
        .filter(|&i| space.anchors(space.keys[i as usize], 0) == 1 << goal)
        .flat_map(|i| i * per..(i + 1) * per)
        .collect();
    // In increasing order: each goal's label found by a binary search.
    let ids: Vec<u32> = goals.iter().map(|_| sweeps.marks.new_label()).collect();
    let id_of = |rank: u64| goals.binary_search(&rank).map(|i| ids[i]);
    for (&rank, &id) in goals.iter().zip(&ids) {
        let l = space.layout(rank);
        if space.mirror.is_some() && !space.symmetric(l) {
            // Its mirror has no rank: a label of its own, paired.
            let other = sweeps.marks.new_label();
            sweeps.marks.pair[id as usize] = other;
            sweeps.marks.pair[other as usize] = id;
            sweeps.marks.mark(rank, id);
            sweeps.marks.queue.push(rank as u32);
            sweeps.marks.count_mirror();
            continue;
        }
        let image = space.mirror_rank(l);
        // The image of a goal layout is a goal layout.
        sweeps.marks.pair[id as usize] = id_of(image).unwrap_or(id);
        if image >= rank {
            sweeps.marks.mark(rank, id);
            sweeps.marks.queue.push(rank as u32);
            if image != rank {
                sweeps.marks.mark_mirror(image, id);
            }
        }
    }
}

/// The hardest level's figures: its queued layouts and their mirrors, the first `keep` of
/// them in the automaton's order.
fn hardest_level(sweeps: &Sweeps, keep: usize) -> Hardest {
    let space = sweeps.space;
    let last = &sweeps.marks.queue[sweeps.marks.level_start..];
    let mut flats: Vec<Flat> = last.iter().map(|&r| space.layout(u64::from(r))).collect();
    if space.mirror.is_some() {
        for i in 0..last.len() {
            let image = space.mirror_of(flats[i]);
            if image != flats[i] {
                flats.push(image);
            }
        }
    }
    let count = flats.len() as u64;
    debug_assert_eq!(count, last.len() as u64 + sweeps.marks.level_mirrored);
    let mut layouts = Vec::new();
    if keep > 0 {
        let mut words: Vec<(u128, Flat)> = flats.iter().map(|&l| (space.word(l), l)).collect();
        words.sort_unstable_by_key(|&(word, _)| word);
        layouts = words
            .iter()
            .take(keep)
            .map(|&(_, l)| space.blocks(l))
            .collect();
    }
    Hardest {
        moves: sweeps.marks.level,
        count,
        layouts,
    }
}
