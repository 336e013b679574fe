//! Dense ranks of layouts: an automaton over the box's cells in reading order.
//!
//! **Layouts as words.** Read a layout's cells in reading order, skipping the cells
//! already covered by a block read earlier. The first cell not yet read is either empty
//! or the *first cell* (in reading order) of a block: a block that covered it and began
//! earlier would have been read already. So a layout is one word over the letters
//! `0` (an empty cell) and `k + 1` (a block of class `k` whose first cell is here), and
//! every word that places each class's blocks inside the box without overlap is one
//! layout. Blocks of one class are interchangeable, so the word names the class only.
//!
//! **The automaton.** The state before a letter is the set of cells not yet read
//! (`undecided`) and how many blocks of each class remain: two prefixes that end in the
//! same state have the same completions. Each state is a node; each node stores, per
//! letter, the child node and the number of layouts that begin with a smaller letter at
//! this node (`base`). A layout's rank is the sum of the bases along its word, so the
//! ranks are `0..N`, in the order of the words: dense, with no table of layouts. Unranking
//! walks down taking at each node the last letter whose base is at most what is left.
//!
//! **Walking from the middle.** A rank walk can start at any cell the walk of a known
//! layout read as a letter, from the node, base sum and undecided set stored there
//! ([`Steps`]): a move that changes no cell before that one changes no letter before it.
//! And it can stop early: past the last cell a move changes, both layouts have placed the
//! same blocks and left the same cells undecided, so they are in the same state, at the
//! same node, and the rest of the known layout's rank (its rank less its base sum there)
//! is the rest of the new one's.

use puzzle_frame::budget::MemoryBudget;

use crate::solve::layout::Shape;
use crate::solve::Limit;

use super::memo::Memo;

/// The letter of an empty cell (in a layout's `letter_at` table; a block of class `k`
/// beginning at a cell is letter `k + 1`).
pub(crate) const EMPTY: u8 = 0;
/// A letter a node has no layout after.
const NONE: u64 = u64::MAX;
/// The node every complete word ends in.
const END: u32 = 0;
/// Each cell alone (`cover_at` where no block begins).
pub(crate) const ALONE: [u64; 64] = {
    let mut cells = [0u64; 64];
    let mut p = 0;
    while p < 64 {
        cells[p] = 1 << p;
        p += 1;
    }
    cells
};

/// One node's entry for one letter.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The layouts that begin with a smaller letter at the node, or `NONE`.
    base: u64,
    /// The child's row: its node number times the number of letters.
    next: u32,
    /// The child's node number.
    child: u32,
}

/// The automaton of one box and one multiset of blocks.
pub(crate) struct Ranker {
    /// Letters: 1 (empty) + one per class.
    letters: usize,
    /// Per node (a row of `letters` entries) and letter: the base and the child.
    table: Vec<Entry>,
    /// Per letter: the cells it covers, shifted so that its first cell is bit 0.
    cells: Vec<u64>,
    /// Per node: how many layouts complete it.
    totals: Vec<u64>,
    /// The root node's row.
    root: u32,
    /// How many layouts there are.
    total: u64,
    /// Per class: the bit offset of its first cell from its anchor.
    first_offset: Vec<u32>,
    /// Every cell of the box.
    board: u64,
}

/// What the rank walk of one layout saw at each cell it read as a letter.
pub(crate) struct Steps {
    /// The row of the node before the letter at this cell.
    pub node: [u32; 64],
    /// The sum of bases before the letter at this cell.
    pub prefix: [u64; 64],
    /// The cells not yet read before the letter at this cell.
    pub undecided: [u64; 64],
    /// The ranks whose walks read the same letters up to this cell (included):
    /// `low[p]..high[p]`.
    low: [u64; 64],
    high: [u64; 64],
    /// The cells read, in order, and how many (0: no walk yet).
    read: [u8; 64],
    reads: usize,
    /// How many blocks the walk had placed before each read (by its index in `read`).
    placed: [u8; 64],
}

impl Default for Steps {
    fn default() -> Steps {
        Steps {
            node: [0; 64],
            prefix: [0; 64],
            undecided: [0; 64],
            low: [0; 64],
            high: [0; 64],
            read: [0; 64],
            reads: 0,
            placed: [0; 64],
        }
    }
}

/// Building the automaton: memo of states and the tables under construction.
struct Builder<'a> {
    shapes: &'a [Shape],
    sizes: Vec<u32>,
    from_first: Vec<u64>,
    first_offset: Vec<u32>,
    letters: usize,
    /// Per class, what one block of it adds to the number of the blocks left (the product
    /// of the counts plus one of the classes before it): the blocks left,
    /// `sum(remaining[k] * strides[k])`, one number per multiset, different for
    /// different ones (mixed radix).
    strides: Vec<u64>,
    memo: Memo,
    base: Vec<u64>,
    child: Vec<u32>,
    totals: Vec<u64>,
    budget: MemoryBudget,
    /// The most layouts wanted: a node completed more ways stops the build.
    most: u64,
}

/// Why a build stopped: a limit, or more layouts than wanted.
enum Stop {
    Limit(Limit),
    More,
}

impl From<Limit> for Stop {
    fn from(limit: Limit) -> Stop {
        Stop::Limit(limit)
    }
}

impl From<puzzle_frame::budget::OverBudget> for Stop {
    fn from(over: puzzle_frame::budget::OverBudget) -> Stop {
        Stop::Limit(over.into())
    }
}

/// Bytes one node takes while the automaton is built (tables and memo entry).
fn node_bytes(letters: usize, classes: usize) -> u64 {
    (letters * 12 + 64 + classes) as u64
}

impl Builder<'_> {
    /// The node of state (`undecided`, `remaining`) and how many layouts complete it
    /// (`left`: the number of `remaining`, [`Builder::strides`]).
    /// Stops with [`Stop::More`] as soon as some node's count (so far) passes `most`: every
    /// completion of a node is one of the root's after the word that led there, so the
    /// root's count would pass it too.
    fn node(
        &mut self,
        undecided: u64,
        remaining: &mut [u8],
        left: u64,
    ) -> Result<(u32, u64), Stop> {
        if undecided == 0 {
            return Ok((END, 1));
        }
        let need: u64 = remaining
            .iter()
            .zip(&self.sizes)
            .map(|(&n, &s)| u64::from(n) * u64::from(s))
            .sum();
        let free = u64::from(undecided.count_ones());
        if need > free {
            return Ok((END, 0));
        }
        if let Some(&found) = self.memo.get(&(undecided, left)) {
            return Ok(found);
        }
        let p = undecided.trailing_zeros();
        let mut bases = vec![NONE; self.letters];
        let mut children = vec![END; self.letters];
        let mut sum = 0u64;
        if need < free {
            let (child, n) = self.node(undecided & (undecided - 1), remaining, left)?;
            if n > 0 {
                bases[0] = sum;
                children[0] = child;
                sum = sum.saturating_add(n);
            }
            if sum > self.most {
                return Err(Stop::More);
            }
        }
        for k in 0..self.shapes.len() {
            if remaining[k] == 0 || p < self.first_offset[k] {
                continue;
            }
            let anchor = p - self.first_offset[k];
            let cells = self.from_first[k] << p;
            if self.shapes[k].anchors >> anchor & 1 == 0 || cells & !undecided != 0 {
                continue;
            }
            remaining[k] -= 1;
            let got = self.node(undecided & !cells, remaining, left - self.strides[k]);
            remaining[k] += 1;
            let (child, n) = got?;
            if n > 0 {
                bases[k + 1] = sum;
                children[k + 1] = child;
                sum = sum.saturating_add(n);
            }
            if sum > self.most {
                return Err(Stop::More);
            }
        }
        let id = if sum == 0 {
            END
        } else {
            let nodes = self.child.len() / self.letters;
            if nodes % 1024 == 0 {
                let bytes = (nodes as u64 + 1024)
                    .saturating_mul(node_bytes(self.letters, self.shapes.len()) * 2);
                self.budget.check("the layouts' rank tables", bytes)?;
            }
            self.base.extend_from_slice(&bases);
            self.child.extend_from_slice(&children);
            self.totals.push(sum);
            u32::try_from(nodes)
                .map_err(|_| Stop::Limit(Limit::Memory(too_many_states(self.budget))))?
        };
        self.memo.insert((undecided, left), (id, sum));
        Ok((id, sum))
    }
}

/// The refusal of an automaton whose states cannot be numbered (more than `u32` nodes, or
/// multisets of blocks past a `u64`).
fn too_many_states(budget: MemoryBudget) -> puzzle_frame::budget::OverBudget {
    puzzle_frame::budget::OverBudget {
        what: "the layouts' rank tables".to_string(),
        needed: u64::MAX,
        budget: budget.bytes(),
    }
}

/// Each class's stride in the number of a multiset of blocks left ([`Builder::strides`])
/// and the number of `counts`, or `None` past a `u64` (never for blocks that fit in a box of
/// 64 cells: the product of the counts plus one is at most 2 to the blocks).
fn strides(counts: &[u8]) -> Option<(Vec<u64>, u64)> {
    let mut strides = Vec::with_capacity(counts.len());
    let (mut stride, mut number) = (1u64, 0u64);
    for &count in counts {
        strides.push(stride);
        number = number.checked_add(stride.checked_mul(u64::from(count))?)?;
        stride = stride.checked_mul(u64::from(count) + 1)?;
    }
    Some((strides, number))
}

impl Ranker {
    /// The automaton of a box of cells `board` holding `counts[k]` blocks of `shapes[k]`.
    /// Its tables are charged to `budget`.
    pub(crate) fn new(
        board: u64,
        shapes: &[Shape],
        counts: &[usize],
        budget: MemoryBudget,
    ) -> Result<Ranker, Limit> {
        match Ranker::at_most(board, shapes, counts, budget, u64::MAX) {
            Ok(ranker) => Ok(ranker.expect("no count passes u64::MAX")),
            Err(limit) => Err(limit),
        }
    }

    /// [`Ranker::new`], or `Ok(None)` when there are more than `most` layouts: the build
    /// stops as soon as some node is completed more than `most` ways (exact: the root's
    /// count is at least any node's).
    pub(crate) fn at_most(
        board: u64,
        shapes: &[Shape],
        counts: &[usize],
        budget: MemoryBudget,
        most: u64,
    ) -> Result<Option<Ranker>, Limit> {
        let letters = shapes.len() + 1;
        let first_offset: Vec<u32> = shapes.iter().map(|s| s.mask.trailing_zeros()).collect();
        let from_first = shapes
            .iter()
            .zip(&first_offset)
            .map(|(s, &f)| s.mask >> f)
            .collect();
        // A block has a cell and the box at most 64: more than 64 blocks of a class never fit.
        let mut remaining: Vec<u8> = counts.iter().map(|&n| n.min(65) as u8).collect();
        let Some((strides, left)) = strides(&remaining) else {
            return Err(Limit::Memory(too_many_states(budget)));
        };
        let mut builder = Builder {
            shapes,
            strides,
            sizes: shapes.iter().map(|s| s.mask.count_ones()).collect(),
            from_first,
            first_offset,
            letters,
            memo: Memo::default(),
            // Node 0 is the end of every word; its row is never read.
            base: vec![NONE; letters],
            child: vec![END; letters],
            totals: vec![1],
            budget,
            most,
        };
        let (root, total) = match builder.node(board, &mut remaining, left) {
            Ok(found) => found,
            Err(Stop::More) => return Ok(None),
            Err(Stop::Limit(limit)) => return Err(limit),
        };
        let row = |node: u32| node * letters as u32;
        let table = builder
            .base
            .iter()
            .zip(&builder.child)
            .map(|(&base, &child)| Entry {
                base,
                next: row(child),
                child,
            })
            .collect();
        let mut cells = vec![1u64];
        cells.extend(&builder.from_first);
        Ok(Some(Ranker {
            letters,
            table,
            cells,
            totals: builder.totals,
            root: row(root),
            total,
            first_offset: builder.first_offset,
            board,
        }))
    }

    /// How many layouts there are.
    pub(crate) fn total(&self) -> u64 {
        self.total
    }

    /// The bytes the tables hold.
    pub(crate) fn bytes(&self) -> u64 {
        (self.table.len() * std::mem::size_of::<Entry>() + self.totals.len() * 8) as u64
    }

    /// The bit offset of class `k`'s first cell from its anchor.
    pub(crate) fn first_offset(&self, k: usize) -> u32 {
        self.first_offset[k]
    }

    /// The rank of a layout given per cell by `letter_at` (the letter of the block whose
    /// first cell is there, or [`EMPTY`]) and `cover_at` (the cells that letter covers
    /// from there: the cell alone where no block begins): walked from cell `at` of the walk
    /// of the layout of rank `known` recorded in `steps`, up to the first cell at or past
    /// `stop` that the walk reads (the two layouts agree from there on).
    #[inline]
    pub(crate) fn rank_from(
        &self,
        steps: &Steps,
        known: u64,
        (at, stop): (u32, u32),
        letter_at: &[u8; 64],
        cover_at: &[u64; 64],
    ) -> u64 {
        let a = at as usize;
        let (mut row, mut rank, mut undecided) =
            (steps.node[a] as usize, steps.prefix[a], steps.undecided[a]);
        while undecided != 0 {
            // Below 64 (`undecided` is not empty); the mask only spares a bounds check.
            let p = undecided.trailing_zeros() as usize & 63;
            if p as u32 >= stop {
                debug_assert_eq!(row as u32, steps.node[p]);
                return rank + (known - steps.prefix[p]);
            }
            undecided &= !cover_at[p];
            let entry = self.table[row + letter_at[p] as usize];
            debug_assert!(entry.base != NONE, "a layout the automaton does not hold");
            rank += entry.base;
            row = entry.next as usize;
        }
        rank
    }

    /// The rank of the layout whose blocks are `blocks` (class and anchor each; they
    /// must be a layout of the automaton's box and multiset: no overlap, every block).
    pub(crate) fn rank_of(&self, blocks: &[(usize, u8)]) -> u64 {
        let mut letter_at = [EMPTY; 64];
        for &(k, anchor) in blocks {
            letter_at[(u32::from(anchor) + self.first_offset[k]) as usize] = k as u8 + 1;
        }
        self.rank_of_letters(&letter_at)
    }

    /// The rank of the layout given per cell by `letter_at` (the letter of the block whose
    /// first cell is there, or [`EMPTY`]; a layout of the automaton's box and multiset).
    #[inline]
    pub(crate) fn rank_of_letters(&self, letter_at: &[u8; 64]) -> u64 {
        let (mut row, mut rank, mut undecided) = (self.root as usize, 0u64, self.board);
        while undecided != 0 {
            let p = undecided.trailing_zeros();
            let letter = letter_at[p as usize] as usize;
            undecided &= !(self.cells[letter] << p);
            let entry = self.table[row + letter];
            rank += entry.base;
            row = entry.next as usize;
        }
        rank
    }

    /// The cells letter `letter` covers when read at cell `p`.
    #[inline]
    pub(crate) fn cover(&self, letter: usize, p: u32) -> u64 {
        self.cells[letter] << p
    }

    /// The layout of rank `rank` (below [`Ranker::total`]): fills `letter_at` and
    /// `cover_at` (every cell, as [`Ranker::rank_from`] reads them), `steps` (at each cell
    /// read: the row of its node, the base sum, the undecided cells) and `blocks` (each
    /// block's class and anchor in reading order of its first cell).
    ///
    /// The tables must hold the last layout unranked with `steps` (or be fresh: `steps`
    /// new, `letter_at` empty, `cover_at` each cell alone, `blocks` empty): the walk keeps
    /// the letters the last walk read as far as `rank` reads the same (its rank lies in
    /// the range of ranks that do) and walks on from there.
    pub(crate) fn unrank(
        &self,
        rank: u64,
        steps: &mut Steps,
        (letter_at, cover_at): (&mut [u8; 64], &mut [u64; 64]),
        blocks: &mut Vec<(usize, u8)>,
    ) {
        let mut kept = 0;
        while kept < steps.reads {
            let p = usize::from(steps.read[kept]);
            if rank < steps.low[p] || rank >= steps.high[p] {
                break;
            }
            kept += 1;
        }
        if kept == steps.reads && kept > 0 {
            return;
        }
        for &p in &steps.read[kept..steps.reads] {
            letter_at[usize::from(p)] = EMPTY;
            cover_at[usize::from(p)] = 1 << p;
        }
        let (mut row, mut prefix, mut undecided) = if kept == 0 {
            blocks.clear();
            (self.root as usize, 0u64, self.board)
        } else {
            let p = usize::from(steps.read[kept]);
            blocks.truncate(usize::from(steps.placed[kept]));
            (steps.node[p] as usize, steps.prefix[p], steps.undecided[p])
        };
        steps.reads = kept;
        while undecided != 0 {
            let p = undecided.trailing_zeros();
            let at = p as usize;
            steps.node[at] = row as u32;
            steps.prefix[at] = prefix;
            steps.undecided[at] = undecided;
            steps.read[steps.reads] = p as u8;
            steps.placed[steps.reads] = blocks.len() as u8;
            steps.reads += 1;
            let entries = &self.table[row..row + self.letters];
            let left = rank - prefix;
            // Valid letters have increasing bases (invalid ones `NONE`): the letter is the
            // last whose base is at most what is left.
            let mut letter = 0;
            for (c, e) in entries.iter().enumerate().skip(1) {
                if e.base <= left {
                    letter = c;
                }
            }
            let entry = entries[letter];
            prefix += entry.base;
            steps.low[at] = prefix;
            steps.high[at] = prefix + self.totals[entry.child as usize];
            row = entry.next as usize;
            undecided &= !(self.cells[letter] << p);
            if letter > 0 {
                letter_at[at] = letter as u8;
                cover_at[at] = self.cells[letter] << p;
                blocks.push((letter - 1, (p - self.first_offset[letter - 1]) as u8));
            }
        }
    }

    /// Calls `found` with the rank of each layout with the block of class 0 (the target,
    /// one block) at `anchor`, in increasing order.
    pub(crate) fn with_target_at(&self, anchor: u8, found: &mut impl FnMut(u64)) {
        let first = u32::from(anchor) + self.first_offset[0];
        if self.total > 0 {
            self.collect((self.root, 0, self.board), first, false, found);
        }
    }

    /// Depth-first over the words below `node` whose class-0 letter stands at cell `first`
    /// (`placed`: it was read already).
    fn collect(&self, at: (u32, u64, u64), first: u32, placed: bool, found: &mut impl FnMut(u64)) {
        let (node, prefix, undecided) = at;
        if undecided == 0 {
            found(prefix);
            return;
        }
        let p = undecided.trailing_zeros();
        if p > first && !placed {
            // Another block covered the target's cell. (Only a shortcut: the target could
            // not be read anywhere else, and every word reads it once.)
            return;
        }
        let row = node as usize;
        for letter in 0..self.letters {
            let Entry { base, next, .. } = self.table[row + letter];
            if base == NONE || (letter == 1) != (p == first) {
                continue;
            }
            let undecided_next = undecided & !(self.cells[letter] << p);
            let child = (next, prefix + base, undecided_next);
            self.collect(child, first, placed || letter == 1, found);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::Pieces;
    use puzzle_frame::rng::Rng;

    /// On random boxes: a build held to the exact count of layouts is the whole automaton,
    /// and one held to a layout fewer (or a random number fewer) stops with none.
    #[test]
    fn a_build_stops_exactly_when_the_layouts_pass_the_most_wanted() {
        let mut rng = Rng::new(33);
        let budget = MemoryBudget::default();
        let mut checked = 0;
        while checked < 300 {
            let case = crate::testkit::random_case(&mut rng, 5, 5, 8, 4);
            let pieces = Pieces::of_case(&case);
            let (frame, shapes) = pieces.tables();
            let counts = pieces.counts();
            let Ok(whole) = Ranker::new(frame.board, &shapes, &counts, budget) else {
                continue;
            };
            let n = whole.total();
            let at = |most| Ranker::at_most(frame.board, &shapes, &counts, budget, most).unwrap();
            let exact = at(n).expect("held to its own count");
            assert_eq!(
                (exact.total(), exact.bytes()),
                (n, whole.bytes()),
                "\n{case}"
            );
            if n > 0 {
                assert!(
                    at(n - 1).is_none(),
                    "{n} layouts, one fewer wanted:\n{case}"
                );
                assert!(at(rng.below(n as usize) as u64).is_none(), "\n{case}");
            }
            checked += 1;
        }
    }
}
