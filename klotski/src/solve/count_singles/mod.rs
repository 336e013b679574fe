//! `--count` on boxes of many layouts with 1x1 blocks (other than the target): the same
//! breadth-first search by levels over marks ([`super::count`]), over a rank that sets the
//! 1x1 blocks apart.
//!
//! **The rank.** Take the 1x1 blocks out: the other blocks ("large") have their layouts and
//! their automaton ([`crate::layouts`]), with far fewer layouts than the whole box. Every
//! layout of the large blocks leaves the same number `f` of cells free, and the `s` 1x1
//! blocks stand on any `s` of them: each layout of the box is one pair (large layout, set
//! of `s` of its free cells), and each such pair is one layout. So `rank = large rank *
//! C(f, s) + c`, where `c` is the set's place among the `s`-subsets of the free cells in
//! the combinatorial number system (`sum C(i_j, j)` over the free-cell indices `i_1 < ..
//! < i_s` of the blocks), is dense: every number below `layouts of the large blocks *
//! C(f, s)` is one layout.
//!
//! **Why it is cheaper.** A move of a 1x1 block keeps the large rank: the new rank is a few
//! table reads away (each free cell's index, binomials), and its mark is in the same few
//! bytes as the layout's own. The layouts are read in rank order, so one large layout is
//! unranked once for all its 1x1 placements of a level, and its blocks' moves (the large
//! rank after each, by the automaton) are walked once too: a layout's large moves are
//! those of its large layout that its 1x1 blocks do not stop (a flood fill with them in
//! the way reaches some of the anchors reached without them), each rank a table read.
//!
//! **Exactness.** Only the numbering changes: the moves are the same (a large block slides
//! over the cells free of large blocks and of 1x1 blocks; a 1x1 block over the free
//! cells), so the levels, the count and the farthest level are those of any other
//! numbering of the layouts. A unit test checks that the numbering is a bijection.

use puzzle_frame::budget::MemoryBudget;

use super::count::{self, Walker};

mod cache;
mod cells;
mod floods;
mod keys;
mod remap;
mod skeleton;
mod steps;
use cache::Neighbours;
use cells::{moved_index, nth_bit, place_after};

use super::layout::{Frame, Layout, Shape};
use super::ranked::{anchors, name_moves, Outcome};
use super::{Limit, Options, Reach};
use crate::case::Case;
use crate::layouts::graph::Expander;
use crate::layouts::rank::Ranker;
use crate::layouts::Pieces;

/// `C(n, k)` for `n` up to 64 and `k` up to 64.
struct Binomials([[u64; 65]; 65]);

impl Binomials {
    fn new() -> Binomials {
        let mut c = [[0u64; 65]; 65];
        for n in 0..65 {
            c[n][0] = 1;
            for k in 1..=n {
                c[n][k] = c[n - 1][k - 1].saturating_add(c[n - 1][k]);
            }
        }
        Binomials(c)
    }
}

/// The box's layouts numbered with the 1x1 blocks apart.
struct Singles {
    ranker: Ranker,
    frame: Frame,
    /// The shapes of the large blocks' classes (the target's first).
    shapes: Vec<Shape>,
    /// The 1x1 shape.
    single: Shape,
    /// How many 1x1 blocks.
    count: usize,
    /// The placements of the 1x1 blocks per layout of the large blocks: `C(f, count)`.
    per: u64,
    binomials: Binomials,
    /// The cells' indices among the free cells (bit `i`: the `i`-th free cell) of each
    /// place, when there are at most [`TABLED`] places.
    unplace: Vec<u64>,
    /// The place of each set of the free cells' indices (bit `i`: the `i`-th free cell)
    /// of `count` of them, when there are at most [`INDEXED`] free cells.
    place_of: Vec<u32>,
    /// The first `f` bits: the free cells' indices.
    low: u64,
}

/// The most places of the 1x1 blocks for which their cells are a table.
const TABLED: u64 = 1 << 16;

/// The most free cells for which the places of the 1x1 blocks' index sets are a table
/// (and each move's new indices of the free cells are kept).
const INDEXED: usize = 16;

impl Singles {
    /// The numbering of `case`'s layouts with its 1x1 blocks apart (the large blocks'
    /// automaton within `budget`), and each block's class in it (the large blocks' classes,
    /// then the 1x1 blocks'); `None` when it has no 1x1 block but perhaps the target, or
    /// the automaton does not fit.
    fn of(case: &Case, budget: MemoryBudget) -> Option<(Singles, Vec<usize>)> {
        let pieces = Pieces::of_case(case);
        let one_cell = |k: &usize| pieces.shapes[*k].len() == 1;
        let single_class = (1..pieces.shapes.len()).find(one_cell)?;
        let layout = Layout::new(case);
        let full_classes = pieces.block_classes(case);
        let first_single = full_classes.iter().position(|&k| k == single_class)?;
        let large = super::bound::without(case, &layout, &[layout.block_class[first_single]])?;
        let large_pieces = Pieces::of_case(&large);
        let (frame, shapes) = large_pieces.tables();
        let ranker = Ranker::new(frame.board, &shapes, &large_pieces.counts(), budget).ok()?;
        let count = pieces.counts()[single_class];
        let covered: usize = large.blocks.iter().map(|b| b.cells.len()).sum();
        let free = (case.rows * case.cols).saturating_sub(covered).min(64);
        let binomials = Binomials::new();
        let per = binomials.0[free][count.min(64)];
        let large_classes = large_pieces.block_classes(&large);
        let mut next_large = large_classes.iter();
        let classes = full_classes
            .iter()
            .map(|&k| match k == single_class {
                true => Some(shapes.len()),
                false => next_large.next().copied(),
            })
            .collect::<Option<_>>()?;
        let singles = Singles {
            ranker,
            frame,
            single: Shape::new(case.rows, case.cols, &pieces.shapes[single_class]),
            shapes,
            count,
            per,
            binomials,
            unplace: Vec::new(),
            place_of: Vec::new(),
            low: if free == 0 {
                0
            } else {
                u64::MAX >> (64 - free)
            },
        };
        let mut singles = singles;
        if per <= TABLED {
            singles.unplace = (0..per).map(|p| singles.cells(singles.low, p)).collect();
        }
        if free <= INDEXED && !singles.unplace.is_empty() {
            let mut place_of = vec![0u32; 1 << free];
            for (p, &packed) in singles.unplace.iter().enumerate() {
                place_of[packed as usize] = p as u32;
            }
            singles.place_of = place_of;
        }
        Some((singles, classes))
    }
    /// The rank of the layout of the large blocks `large` (class and anchor each) with the
    /// 1x1 blocks on the cells `singles`.
    fn rank_of(&self, large: &[(usize, u8)], singles: u64) -> u64 {
        let occupied = large
            .iter()
            .fold(0u64, |o, &(k, a)| o | self.shapes[k].mask << a);
        self.ranker.rank_of(large) * self.per + self.place(self.frame.board & !occupied, singles)
    }

    /// The rank of the layout with the blocks of `classes` at `anchors`.
    fn rank_of_case(&self, classes: &[usize], anchors: &[u8]) -> u64 {
        let single = self.shapes.len();
        let at = |large: bool| {
            classes
                .iter()
                .zip(anchors)
                .filter(move |(&k, _)| (k == single) != large)
        };
        let large_blocks: Vec<(usize, u8)> = at(true).map(|(&k, &a)| (k, a)).collect();
        let single_cells = at(false).fold(0u64, |c, (_, &a)| c | 1 << a);
        self.rank_of(&large_blocks, single_cells)
    }

    /// The place of the cells `singles` among the `count`-subsets of `free`.
    #[inline]
    fn place(&self, free: u64, mut singles: u64) -> u64 {
        let mut place = 0;
        let mut j = 1;
        while singles != 0 {
            let p = singles.trailing_zeros();
            singles &= singles - 1;
            let below = (free & ((1u64 << p) - 1)).count_ones() as usize;
            place += self.binomials.0[below][j];
            j += 1;
        }
        place
    }

    /// The indices among the free cells of the 1x1 blocks' cells at `place`.
    #[inline]
    fn packed(&self, place: u64) -> u64 {
        match self.unplace.get(place as usize) {
            Some(&packed) => packed,
            None => self.cells(self.low, place),
        }
    }

    /// The cells of the subset of `free` at `place` (the inverse of [`Singles::place`]).
    #[inline]
    fn cells(&self, free: u64, mut place: u64) -> u64 {
        let mut cells = 0u64;
        let mut top = free.count_ones() as usize;
        for j in (1..=self.count).rev() {
            // The largest index below `top` whose C(index, j) fits in what is left.
            let mut index = top - 1;
            while self.binomials.0[index][j] > place {
                index -= 1;
            }
            place -= self.binomials.0[index][j];
            cells |= nth_bit(free, index);
            top = index;
        }
        cells
    }
}

/// One thread's walk over the layouts of [`Singles`], with the large layout it walks in
/// (its blocks' moves, made once for all its 1x1 placements).
struct SinglesWalker<'a> {
    singles: &'a Singles,
    expander: Expander<'a>,
    /// The large rank loaded (`u64::MAX`: none yet).
    large: u64,
    /// The cells its blocks cover, and the others.
    occupied: u64,
    free: u64,
    /// Each free cell's bit, by its index among the free cells.
    free_bit: Vec<u64>,
    /// Each free cell's index among the free cells.
    index_of: [u8; 64],
    /// The large blocks that can move (with no 1x1 block in the way).
    movable: Vec<Movable>,
    /// Per move (a block's reached anchors in increasing order): the large rank after it,
    /// the cells it leaves free, the cells it newly covers, and the anchor it ends at.
    nexts: Vec<(u64, u64, u64, u8)>,
    /// Per move, with [`Singles::place_of`]: each free cell's index among the free cells
    /// after it (bit 4 `i` to 4 `i` + 3: the `i`-th free cell's; the cells it covers: any).
    moved_index: Vec<u64>,
    /// Whether the places after a move come from the tables (only worth their making per
    /// large layout when many placements of it are expanded at once).
    tabled: bool,
    /// Whether [`SinglesWalker::each_move`] leaves out the large blocks' moves (made for
    /// whole sets of placements by [`remap::Remaps`]).
    large_by_sets: bool,
    /// The large ranks of the large layouts' moves kept from their first expansion.
    cache: Option<&'a Neighbours>,
}

/// A large block that can move when no 1x1 block is in the way.
struct Movable {
    class: usize,
    from: u8,
    /// The anchors it reaches.
    reached: u64,
    /// Its moves in `nexts`.
    first: usize,
    end: usize,
    /// Whether some anchor it reaches is more than one step away (else a move is barred by
    /// the 1x1 blocks exactly when one stands on the cells it newly covers).
    far: bool,
}

impl<'a> SinglesWalker<'a> {
    fn new(singles: &'a Singles) -> SinglesWalker<'a> {
        SinglesWalker {
            singles,
            expander: Expander::new(&singles.ranker, &singles.frame, &singles.shapes),
            large: u64::MAX,
            occupied: 0,
            free: 0,
            free_bit: Vec::new(),
            index_of: [0; 64],
            movable: Vec::new(),
            nexts: Vec::new(),
            moved_index: Vec::new(),
            tabled: false,
            large_by_sets: false,
            cache: None,
        }
    }

    /// Loads the large layout `large` and its blocks' moves.
    fn load(&mut self, large: u64) {
        let s = self.singles;
        self.large = large;
        self.expander.load(large);
        self.occupied = self.expander.occupied;
        self.free = s.frame.board & !self.occupied;
        self.free_bit.clear();
        let mut free = self.free;
        while free != 0 {
            self.index_of[free.trailing_zeros() as usize] = self.free_bit.len() as u8;
            self.free_bit.push(free & free.wrapping_neg());
            free &= free - 1;
        }
        self.movable.clear();
        self.nexts.clear();
        let (movable, nexts, free) = (&mut self.movable, &mut self.nexts, self.free);
        let mut push = |next: u64, k: usize, from: u8, to: u8| {
            let mask = s.shapes[k].mask;
            let first = nexts.len();
            match movable.last_mut() {
                Some(last) if last.from == from && last.class == k => last.reached |= 1 << to,
                _ => movable.push(Movable {
                    class: k,
                    from,
                    reached: 1 << to,
                    first,
                    end: first,
                    far: false,
                }),
            }
            if let Some(last) = movable.last_mut() {
                last.end += 1;
                last.far |= s.frame.step(1 << from) >> to & 1 == 0;
            }
            let covered = mask << to & !(mask << from);
            nexts.push((next, (free | mask << from) & !(mask << to), covered, to));
        };
        // The large ranks after the moves: kept from an earlier expansion, or walked (and
        // kept when there is room).
        match self.cache.and_then(|c| Some((c, c.of(large)?))) {
            Some((cache, first)) => {
                let mut at = first;
                self.expander.slides(|k, from, to| {
                    push(cache.rank(at), k, from, to);
                    at += 1;
                });
            }
            None => {
                self.expander.moves(large, push);
                if let Some(cache) = self.cache {
                    cache.keep(large, self.nexts.iter().map(|n| n.0));
                }
            }
        }
        self.moved_index.clear();
        // With the large moves made by sets, their maps are made only for moves some
        // placement makes.
        if self.tabled && !self.large_by_sets {
            for &(_, after, _, _) in &self.nexts {
                self.moved_index.push(moved_index(self.free, after));
            }
        }
    }
}

impl SinglesWalker<'_> {
    /// The walker with the places after a move by the tables, when the box has them.
    fn tabled(mut self) -> Self {
        self.tabled = !self.singles.place_of.is_empty();
        self
    }

    /// Calls `found(rank, class, from, to)` for the layouts one move from `rank` (those of
    /// the 1x1 blocks' moves first) until it returns true; whether it did.
    #[inline]
    fn walk(&mut self, rank: u64, mut found: impl FnMut(u64, usize, u8, u8) -> bool) -> bool {
        let s = self.singles;
        let (large, place) = (rank / s.per, rank % s.per);
        if large != self.large {
            self.load(large);
        }
        let base = large * s.per;
        let single = s.shapes.len();
        self.each_move(place, |by, place, from, to| match by {
            None => found(base + place, single, from, to),
            Some((m, j)) => {
                let next = self.nexts[j].0;
                found(next * s.per + place, self.movable[m].class, from, to)
            }
        })
    }

    /// Calls `found(by, place, from, to)` for the layouts one move from the large layout
    /// loaded with the 1x1 blocks at `place` (those of the 1x1 blocks' moves first) until
    /// it returns true; whether it did. `by` is `None` for a 1x1 block's move (the large
    /// layout stays), else the large block's index in `movable` and the move's in `nexts`
    /// (the large rank after it); `place` is the 1x1 blocks' place after the move.
    #[inline]
    fn each_move(
        &self,
        place: u64,
        mut found: impl FnMut(Option<(usize, usize)>, u64, u8, u8) -> bool,
    ) -> bool {
        let s = self.singles;
        let packed = s.packed(place);
        let mut cells = 0u64;
        let mut each = packed;
        while each != 0 {
            cells |= self.free_bit[each.trailing_zeros() as usize];
            each &= each - 1;
        }
        // The place after a move: by the tables, or from the cells.
        let indexed = self.tabled;
        let single_place = |moved: u64, from: u8, to: u8| match indexed {
            true => {
                let index = |cell: u8| 1u64 << self.index_of[usize::from(cell)];
                u64::from(s.place_of[(packed ^ index(from) ^ index(to)) as usize])
            }
            false => self.place(moved),
        };
        let large_place = |j: usize| match indexed {
            true => u64::from(place_after(s, self.moved_index[j], packed)),
            false => s.place(self.nexts[j].1, cells),
        };
        // The 1x1 blocks' moves: the large rank stays.
        let all = self.occupied | cells;
        let mut each = cells;
        while each != 0 {
            let from = each.trailing_zeros() as u8;
            each &= each - 1;
            let mut targets = s.frame.slide(&s.single, from, all) & !(1u64 << from);
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let moved = cells ^ (1u64 << from) ^ (1u64 << to);
                if found(None, single_place(moved, from, to), from, to) {
                    return true;
                }
            }
        }
        // The large blocks' moves, the 1x1 blocks standing in their way: the anchors
        // reached now are some of those reached without them.
        for (i, m) in self.movable.iter().enumerate() {
            let (k, from) = (m.class, m.from);
            if self.large_by_sets {
                break;
            }
            if !m.far {
                for j in m.first..m.end {
                    let (_, _, covered, to) = self.nexts[j];
                    if covered & cells == 0 && found(Some((i, j)), large_place(j), from, to) {
                        return true;
                    }
                }
                continue;
            }
            let mut targets = s.frame.slide(&s.shapes[k], from, all) & !(1u64 << from);
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let j = m.first + (m.reached & ((1u64 << to) - 1)).count_ones() as usize;
                if found(Some((i, j)), large_place(j), from, to as u8) {
                    return true;
                }
            }
        }
        false
    }

    /// The free-cell indices of `cells` (free in the large layout loaded), as bits.
    #[inline]
    fn indices(&self, mut cells: u64) -> u64 {
        let mut indices = 0;
        while cells != 0 {
            indices |= 1 << self.index_of[cells.trailing_zeros() as usize];
            cells &= cells - 1;
        }
        indices
    }

    /// The place of the 1x1 blocks on `cells` among the free cells of the large layout
    /// loaded ([`Singles::place`] by the cells' indices).
    #[inline]
    fn place(&self, mut cells: u64) -> u64 {
        let mut place = 0;
        let mut j = 1;
        while cells != 0 {
            let index = self.index_of[cells.trailing_zeros() as usize];
            cells &= cells - 1;
            place += self.singles.binomials.0[usize::from(index)][j];
            j += 1;
        }
        place
    }
}

impl Walker for SinglesWalker<'_> {
    #[inline]
    fn neighbours(&mut self, rank: u64, mut found: impl FnMut(u64, usize, u8, u8)) {
        self.walk(rank, |v, k, from, to| {
            found(v, k, from, to);
            false
        });
    }

    #[inline]
    fn any_neighbour(&mut self, rank: u64, mut wanted: impl FnMut(u64) -> bool) -> bool {
        self.walk(rank, |v, _, _, _| wanted(v))
    }

    fn target(&self) -> u8 {
        self.expander.target()
    }
}

/// Searches `case` to the end over the rank with its 1x1 blocks apart when it has some
/// (other than the target), its layouts number at least `from` and fit (the large blocks'
/// automaton within a quarter of the budget, marks within half of it); `None` leaves it to
/// the other searches.
pub(super) fn search(
    case: &Case,
    options: &Options,
    (from, way): (u64, count::Way),
) -> Result<Option<Outcome>, Limit> {
    let quarter = MemoryBudget::new(options.budget.bytes() / 4);
    let Some((singles, classes)) = Singles::of(case, quarter) else {
        return Ok(None);
    };
    let Some(n) = singles.ranker.total().checked_mul(singles.per) else {
        return Ok(None);
    };
    // Two bits of mark and one frontier bit per layout.
    if n < from || n == 0 || n / 8 * 3 > options.budget.bytes() / 2 {
        return Ok(None);
    }
    let anchors = anchors(case);
    let start = singles.rank_of_case(&classes, &anchors);
    let goal = Pieces::of_case(case).goal_anchor();
    let space = count::Space {
        layouts: n,
        tables: singles.ranker.bytes(),
        start,
        start_at_goal: anchors[case.target] == goal,
        goal,
    };
    let walker = || SinglesWalker::new(&singles);
    let fewest = match way {
        count::Way::Auto => skeleton::FEWEST_PLACES,
        count::Way::Large => 0,
        count::Way::Below => u64::MAX,
    };
    let by_large = (fewest..=skeleton::MOST_PLACES).contains(&singles.per)
        && skeleton::Sets::bytes(singles.ranker.total()) <= options.budget.bytes() / 2;
    let (marks, reached): (Box<dyn count::MarkOf>, _) = match by_large {
        true => {
            let (sets, reached) = skeleton::levels(
                &singles,
                &space,
                (options, remap::Kept::of(&singles), u64::MAX),
            )?;
            (Box::new(sets), reached)
        }
        false => {
            let (marks, reached) = count::levels(&space, walker, (options, way))?;
            (Box::new(marks), reached)
        }
    };
    let blocks = (case, &classes[..], &anchors[..]);
    count::farthest_layout(&mut walker(), (&*marks, &reached), blocks);
    let moves = reached.end.map(|(end, level, _)| {
        let steps = count::walk_back(&mut walker(), &*marks, end, level);
        name_moves(case, &classes, anchors.clone(), &steps)
    });
    Ok(Some(Outcome {
        moves,
        reach: Some(Reach {
            positions: reached.visited,
            farthest: reached.farthest,
        }),
    }))
}

#[cfg(test)]
mod tests;
