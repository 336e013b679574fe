//! The search over shape indices, for bodies whose index fits in 61 bits (up to 30 blocks
//! on the largest lair), with either store of [`super::marks`].
//!
//! A position is the head's cell and the body's shape: the direction from the head to the
//! second block, then for each further block a turn (straight on, clockwise or
//! counter-clockwise) relative to the previous direction (a block never doubles back onto
//! the block two before it, so there are only three). A lair of `c` cells holds at most
//! `c * 4 * 3^(L-2)` positions; a position's index is `(head * 4 + first) * 3^(L-2) + shape`,
//! the shape's turns base-3 digits with the second block's most significant. A move computes
//! the new shape as `turn * 3^(L-3) + shape / 3` (the tail's turn drops out: that digit is
//! the tag that lets the path be walked back).

use super::marks::{Marks, Word};
use super::tables::{covered, directions, Board, APPLY, NONE, TURN};
use super::{Found, Limit, TooManyStates};
use crate::case::{Case, Move};
use grid_common::Dir;
use itertools::Itertools;
use puzzle_frame::budget::{Ledger, OverBudget};

/// The largest shape table (entries) built; past it, the covered neighbours are computed.
const MASK_TABLE_MAX: u64 = 1 << 20;

/// The sizes of the shape encoding for one case.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shapes {
    /// Number of turn digits: `L - 2`.
    turns: usize,
    /// `3^turns`.
    shapes: u64,
    /// `3^(turns - 1)`, the weight of the most significant turn (1 without turns).
    top: u64,
    /// Bits that hold a shape in a list entry, `(head * 4 + first) << shape_bits | shape`.
    shape_bits: u32,
    /// `cells * 4 * 3^turns`: the number of indices.
    pub indices: u64,
    /// Bits that hold a list entry.
    entry_bits: u32,
    /// True when a list entry fits in 32 bits.
    pub small_entries: bool,
}

impl Shapes {
    /// The encoding for `case`, or `None` when an index or a list entry would not fit in
    /// 61 bits.
    pub fn new(case: &Case) -> Option<Shapes> {
        let cells = (case.rows() * case.cols()) as u64;
        let turns = case.body.len().checked_sub(2)?;
        let shapes = 3u64.checked_pow(u32::try_from(turns).ok()?)?;
        let bits = |n: u64| u64::BITS - n.saturating_sub(1).leading_zeros();
        let shape_bits = bits(shapes);
        let entry_bits = shape_bits + bits(cells * 4);
        if entry_bits > 61 {
            return None;
        }
        Some(Shapes {
            turns,
            shapes,
            top: if turns > 0 { shapes / 3 } else { 1 },
            shape_bits,
            entry_bits,
            indices: cells * 4 * shapes,
            small_entries: entry_bits <= 32,
        })
    }
}

/// One search: the case's tables, the store, and the lists of positions to expand.
struct Search<'a, M, E> {
    /// [`Board::next`].
    next_cell: &'a [u32],
    /// [`Board::closer`].
    closer: &'a [u8],
    s: Shapes,
    marks: &'a mut M,
    ledger: &'a mut Ledger,
    /// The covered-neighbour mask of each `(first, shape)`, when small enough to tabulate.
    table: Vec<u8>,
    guided: bool,
    max_states: u64,
    /// Positions reached at the current layer's distance by moves that lower the estimate.
    stack: Vec<E>,
    /// Positions for the next layer.
    next: Vec<E>,
}

const LISTS: &str = "the lists of positions to expand";

impl<M: Marks, E: Word> Search<'_, M, E> {
    /// Expands `entry`; the index of (1,1)'s position when a move reaches it.
    #[inline(always)]
    fn expand(&mut self, entry: u64) -> Result<Option<u64>, Limit> {
        let s = self.s;
        let hd = entry >> s.shape_bits;
        let shape = entry & ((1 << s.shape_bits) - 1);
        let cell = (hd >> 2) as usize;
        let first = (hd & 3) as usize;
        let mask = match self.table.get((first as u64 * s.shapes + shape) as usize) {
            Some(&m) => m,
            None => covered(first, shape, s.turns),
        };
        let closer = self.closer[cell];
        let kept = shape / 3;
        let dropped = (shape % 3) as u8;
        let step = |m: usize, to: u32| {
            let new_first = Dir::opposite_index(m);
            let turn = TURN[new_first][first];
            let (new_shape, tag) = if s.turns > 0 {
                (turn as u64 * s.top + kept, dropped)
            } else {
                (0, turn as u8)
            };
            let new_hd = u64::from(to) * 4 + new_first as u64;
            (new_hd, new_shape, tag)
        };
        for m in 0..4 {
            let to = self.next_cell[cell * 4 + m];
            if mask & (1 << m) != 0 || to == NONE {
                continue;
            }
            let (new_hd, new_shape, tag) = step(m, to);
            let index = new_hd * s.shapes + new_shape;
            if !self.marks.mark(index, tag, self.ledger)? {
                continue;
            }
            if self.marks.len() > self.max_states {
                return Err(Limit::Other(TooManyStates {
                    max_states: self.max_states,
                }));
            }
            if to == 0 {
                return Ok(Some(index));
            }
            let list = if self.guided && closer & (1 << m) != 0 {
                &mut self.stack
            } else {
                &mut self.next
            };
            self.ledger
                .push(list, E::wrap(new_hd << s.shape_bits | new_shape), LISTS)?;
        }
        Ok(None)
    }
}

/// The fewest moves for `case` (the head not on (1,1), and with a way there when `guided`),
/// with the moves when `want_moves`. `guided`: layers by the estimate (see the module docs
/// of [`super`]); otherwise plain breadth-first layers.
///
/// Not inlined (one call a case), so that its loop, the search's hot spot, is compiled on
/// its own rather than with whatever its caller holds.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(crate) fn search<M: Marks, E: Word>(
    case: &Case,
    board: &Board,
    s: Shapes,
    marks: &mut M,
    ledger: &mut Ledger,
    guided: bool,
    want_moves: bool,
    max_states: u64,
) -> Result<Found, Limit> {
    let table_len = s.shapes * 4;
    let table = if table_len <= MASK_TABLE_MAX {
        ledger.allocate("the table of body shapes", table_len)?;
        (0..table_len)
            .map(|i| covered((i / s.shapes) as usize, i % s.shapes, s.turns))
            .collect()
    } else {
        Vec::new()
    };
    let dirs = directions(case);
    let shape = dirs
        .iter()
        .tuple_windows()
        .fold(0u64, |shape, (&a, &b)| shape * 3 + TURN[a][b] as u64);
    let head = case.stone.index(case.body[0]) as u64;
    let start_hd = head * 4 + dirs[0] as u64;
    let start = start_hd * s.shapes + shape;
    marks.mark(start, 0, ledger)?;
    let mut search = Search {
        next_cell: &board.next,
        closer: &board.closer,
        s,
        marks,
        ledger,
        table,
        guided,
        max_states,
        stack: Vec::<E>::new(),
        next: Vec::<E>::new(),
    };
    let mut incoming: Vec<E> = Vec::new();
    search.ledger.push(
        &mut incoming,
        E::wrap(start_hd << s.shape_bits | shape),
        LISTS,
    )?;
    let base = if guided {
        board.distance[head as usize] as usize
    } else {
        0
    };
    let mut layer = 0;
    while !incoming.is_empty() {
        for entry in incoming.iter().map(|e| e.get()) {
            let mut goal = search.expand(entry)?;
            while goal.is_none() {
                let Some(entry) = search.stack.pop() else {
                    break;
                };
                goal = search.expand(entry.get())?;
            }
            if let Some(goal) = goal {
                // Guided: every position of layer k has estimate plus distance `base + 2k`,
                // and (1,1)'s estimate is 0. Plain: the goal is one move past layer k.
                let steps = if guided { base + 2 * layer } else { layer + 1 };
                let moves = want_moves.then(|| walk_back(search.marks, board, s, start, goal));
                return Ok(Found {
                    steps: Some(steps),
                    moves,
                    states: search.marks.len(),
                });
            }
        }
        std::mem::swap(&mut incoming, &mut search.next);
        search.next.clear();
        if M::SWEEP {
            // In index order, the moves of a layer sweep the store instead of jumping about.
            // The emptied list is the sort's scratch space.
            radix_sort(&mut incoming, &mut search.next, s.entry_bits, search.ledger)?;
        }
        layer += 1;
    }
    Ok(Found {
        steps: None,
        moves: None,
        states: search.marks.len(),
    })
}

/// Lists shorter than this are sorted by comparison.
const RADIX_MIN: usize = 1 << 10;

/// Sorts `list` (entries of `bits` bits), with `scratch` (emptied, grown to `list`'s length
/// within the budget) to move entries through: a least-significant-digit radix sort, a few
/// passes over the list where a comparison sort takes a log of its length.
fn radix_sort<E: Word>(
    list: &mut Vec<E>,
    scratch: &mut Vec<E>,
    bits: u32,
    ledger: &mut Ledger,
) -> Result<(), OverBudget> {
    let n = list.len();
    if n < RADIX_MIN {
        list.sort_unstable();
        return Ok(());
    }
    let passes = bits.div_ceil(RADIX_BITS);
    let digit = bits.div_ceil(passes);
    let buckets = 1usize << digit;
    let mask = (buckets - 1) as u64;
    scratch.clear();
    if scratch.capacity() < n {
        ledger.grow(scratch, n - scratch.capacity(), LISTS)?;
    }
    scratch.resize(n, E::wrap(0));
    let counted = buckets * passes as usize;
    let counts_bytes = (counted * std::mem::size_of::<usize>()) as u64;
    let mut counts = ledger.vec("the counts of a radix sort", counted, 0usize)?;
    for e in list.iter() {
        let v = e.get();
        for (p, count) in counts.chunks_exact_mut(buckets).enumerate() {
            count[(v >> (p as u32 * digit) & mask) as usize] += 1;
        }
    }
    for (p, count) in counts.chunks_exact_mut(buckets).enumerate() {
        if count.contains(&n) {
            continue; // every entry has the same digit: the pass would change nothing
        }
        let mut at = 0;
        for c in count.iter_mut() {
            let here = *c;
            *c = at;
            at += here;
        }
        let shift = p as u32 * digit;
        for &e in list.iter() {
            let b = (e.get() >> shift & mask) as usize;
            scratch[count[b]] = e;
            count[b] += 1;
        }
        std::mem::swap(list, scratch);
    }
    scratch.clear();
    ledger.release(counts_bytes);
    Ok(())
}

/// Bits of a radix sort's digit, at most.
const RADIX_BITS: u32 = 11;

/// The moves from `start` to `goal`, walked back with the tags.
fn walk_back<M: Marks>(marks: &M, board: &Board, s: Shapes, start: u64, goal: u64) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut index = goal;
    // A path is no longer than the number of positions; the bound guards against a bad tag.
    while index != start && (moves.len() as u64) < marks.len() {
        let hd = index / s.shapes;
        let shape = index % s.shapes;
        let cell = (hd >> 2) as usize;
        let first = (hd & 3) as usize;
        moves.push(Move::from_index(Dir::opposite_index(first)));
        let dropped = u64::from(marks.tag(index));
        let from = board.next[cell * 4 + first];
        if from == NONE {
            break; // not reached from a valid start; a replay of the moves would say so
        }
        let (old_first, old_shape) = if s.turns > 0 {
            (
                APPLY[(shape / s.top) as usize][first],
                (shape % s.top) * 3 + dropped,
            )
        } else {
            (APPLY[dropped as usize][first], 0)
        };
        index = (u64::from(from) * 4 + old_first as u64) * s.shapes + old_shape;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_frame::budget::MemoryBudget;

    /// The radix sort orders lists as a comparison sort does, for every width of entry,
    /// short lists and long, entries sharing digits or not.
    #[test]
    fn the_radix_sort_agrees_with_a_comparison_sort() {
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 30));
        let mut x = 7u64;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            x >> 3
        };
        for (len, bits) in [(10, 5), (3000, 9), (5000, 24), (20_000, 27), (4096, 32)] {
            let mut list: Vec<u32> = (0..len)
                .map(|_| (next() & ((1u64 << bits) - 1)) as u32)
                .collect();
            let mut expected = list.clone();
            expected.sort_unstable();
            let mut scratch = Vec::new();
            radix_sort(&mut list, &mut scratch, bits, &mut ledger).unwrap();
            assert_eq!(list, expected, "{len} entries of {bits} bits");
            assert!(scratch.is_empty());
        }
        for (len, bits) in [(3000, 40), (20_000, 61)] {
            // The high bits alike: the passes over them change nothing and are skipped.
            let mut list: Vec<u64> = (0..len)
                .map(|_| next() & ((1u64 << 20) - 1) | 1 << (bits - 1))
                .collect();
            let mut expected = list.clone();
            expected.sort_unstable();
            let mut scratch = vec![5; 17];
            radix_sort(&mut list, &mut scratch, bits, &mut ledger).unwrap();
            assert_eq!(list, expected, "{len} entries of {bits} bits");
        }
    }

    /// The sort's scratch space and counts are charged: under a budget too small for them,
    /// the sort is refused.
    #[test]
    fn the_radix_sort_keeps_to_the_budget() {
        let mut list: Vec<u64> = (0..50_000u64).rev().collect();
        let mut ledger = Ledger::new(MemoryBudget::new(100_000));
        let mut scratch = Vec::new();
        assert!(radix_sort(&mut list, &mut scratch, 16, &mut ledger).is_err());
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 20));
        radix_sort(&mut list, &mut scratch, 16, &mut ledger).unwrap();
        assert!(list.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(ledger.used(), scratch.capacity() as u64 * 8);
    }
}
