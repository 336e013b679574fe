//! The row tuples that hold seeds, walked in rank order without decoding each one.
//!
//! [`Space::seeds_of_rows`] decodes a tuple from its rank (a division per row) and adds
//! up each row's walls and cells; over every tuple of a space with walls that is most of
//! the setup (5x5 with at most 2 walls: 137.7 million tuples, of which 3.4 million have
//! no more walls than allowed and 0.97 million hold seeds). The walk here goes through
//! the tuples as a tree, a level per row in rank order (the exit row first, then the
//! others from the top), keeping each level's walls, taken cells and required cells
//! added up, and leaves out a whole subtree as soon as its rows so far hold more walls
//! than allowed: walls only add up, so every tuple below holds too many, and
//! [`Space::seeds_of_rows`] gives each of them 0. The others get the same product of
//! the columns' fits, from the same cells: the walk reports exactly the tuples with
//! seeds and their counts (a test compares it with [`Space::seeds_of_rows`]).

use super::space::Space;

/// One level of the walk: one row's placements, its walls and cells by placement.
struct Level {
    /// Per placement: its walls.
    walls: Vec<u32>,
    /// Per placement: its cells, column-major (bit `x * n + y` for the row `y`).
    taken: Vec<u64>,
    /// Per placement: the cells it requires covered, column-major.
    required: Vec<u64>,
    /// Tuples per placement of this level (the product of the later levels' sizes).
    block: u64,
}

/// The rows' running sums down the walk.
#[derive(Clone, Copy, Default)]
struct Sums {
    walls: u32,
    taken: u64,
    required: u64,
}

/// The walk of the row tuples of one space (see the module docs).
pub struct TupleWalk<'a> {
    space: &'a Space,
    levels: Vec<Level>,
}

impl<'a> TupleWalk<'a> {
    /// The walk of the row tuples of `space`.
    pub fn new(space: &'a Space) -> TupleWalk<'a> {
        let n = space.n;
        let rows = std::iter::once(space.exit_row).chain((0..n).filter(|&y| y != space.exit_row));
        let mut levels: Vec<Level> = rows
            .map(|y| {
                let table = space.table(y);
                let count = table.placements.len();
                Level {
                    walls: table.placements.iter().map(|p| p.walls).collect(),
                    taken: (0..count).map(|e| table.spread[e] << y).collect(),
                    required: (0..count).map(|e| table.require_spread(e) << y).collect(),
                    block: 1,
                }
            })
            .collect();
        let mut block = 1u64;
        for level in levels.iter_mut().rev() {
            level.block = block;
            block = block.saturating_mul(level.walls.len() as u64);
        }
        TupleWalk { space, levels }
    }

    /// Calls `f(tuple, seeds)` for every row tuple of rank in `first..end` that holds
    /// seeds, in rank order, with its seed count ([`Space::seeds_of_rows`]).
    pub fn for_each_seeded(&self, first: u64, end: u64, mut f: impl FnMut(u64, u64)) {
        if first < end {
            self.walk(0, 0, Sums::default(), (first, end), &mut f);
        }
    }

    /// The subtree of level `level` whose first tuple is `base`, the rows above summed
    /// in `sums`, clipped to `range`.
    fn walk<F: FnMut(u64, u64)>(
        &self,
        level: usize,
        base: u64,
        sums: Sums,
        range: (u64, u64),
        f: &mut F,
    ) {
        let here = &self.levels[level];
        let count = here.walls.len() as u64;
        let first = range.0.saturating_sub(base) / here.block;
        let end = (range.1 - base).div_ceil(here.block).min(count);
        let last = level + 1 == self.levels.len();
        for e in first as usize..end as usize {
            let walls = sums.walls + here.walls[e];
            if walls > self.space.max_walls {
                continue;
            }
            let next = Sums {
                walls,
                taken: sums.taken | here.taken[e],
                required: sums.required | here.required[e],
            };
            let at = base + e as u64 * here.block;
            if last {
                let seeds = self.seeds(&next);
                if seeds > 0 {
                    f(at, seeds);
                }
            } else {
                self.walk(level + 1, at, next, range, f);
            }
        }
    }

    /// The seeds of a whole row tuple: the product of its columns' fits.
    #[inline]
    fn seeds(&self, sums: &Sums) -> u64 {
        let n = self.space.n;
        let full = (1u64 << n) - 1;
        let mut product = 1u64;
        for x in 0..n {
            let taken = (sums.taken >> (x * n)) & full;
            let required = (sums.required >> (x * n)) & full;
            product *= self.space.fit_count((taken | required << n) as usize);
            if product == 0 {
                return 0;
            }
        }
        product
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk reports exactly the tuples [`Space::seeds_of_rows`] gives seeds, with the
    /// same counts, over any range (cut at odd places).
    #[test]
    fn the_walk_finds_each_seeded_tuple_and_its_seeds() {
        for (n, walls) in [(3, 0), (3, 2), (4, 0), (4, 1), (4, 2), (5, 0)] {
            let space = Space::new(n, walls).expect("space");
            let walk = TupleWalk::new(&space);
            let total = space.row_tuples();
            let want: Vec<(u64, u64)> = (0..total)
                .map(|t| (t, space.seeds_of_rows(space.row_tuple(t))))
                .filter(|&(_, seeds)| seeds > 0)
                .collect();
            assert!(want.len() > 1, "{n}x{n}, {walls} walls");
            let mut cuts = [0, 1, total / 7, total / 3 + 5, total / 2, total - 1, total]
                .map(|t| t.min(total))
                .to_vec();
            cuts.sort_unstable();
            cuts.dedup();
            let mut got = Vec::new();
            for pair in cuts.windows(2) {
                walk.for_each_seeded(pair[0], pair[1], |t, seeds| got.push((t, seeds)));
            }
            assert_eq!(got, want, "{n}x{n}, {walls} walls");
        }
    }
}
