//! The box path of [`Explorer`]: a cluster's boards numbered through the places of its
//! box ([`super::super::dense`]) instead of a hashed index, each move read from [`Steps`](super::super::steps::Steps)
//! (the placement reached, how far the place moves, the cells it changes). The lists are
//! written by index into slices grown beforehand (room for [`most_moves`] more boards and
//! moves before each board, and one more move for the still steps), with the counts in
//! locals. Both searches branch on whether a board is new (about one move in seven) and
//! do nothing more for the others. Each line's steps come padded with *still* steps
//! (rank 0: the board's own place, numbered already, so never a new board); the move
//! written for one is overwritten by the next, as the count goes on only for the real
//! ones, so the lists and the searches are the same as without them.
//!
//! Two ways to tell which places a walk has reached, chosen by the box's size: a box of
//! at most [`NUMBERED_BOX`] places holds at each place the number of the board there (a
//! `u32`: 4 MiB at most, mostly in cache); a larger one a bit a place ([`super::seen`]),
//! where the moves are listed as the places they reach and numbered once the walk is
//! over. Both number the boards in the order first reached, so the lists are the same.
//!
//! The numbered box is never cleared: a walk numbers a board `base + number` at its
//! place, where `base` (kept in the box's last slot, past every place) is above every
//! value the earlier walks wrote, so a place holding less than `base` has no board of this walk.
//! Ending a walk moves `base` past its numbers ([`Explorer::clear_box`]); the box is
//! filled with 0 only when `base` would pass `u32::MAX` (once in about 2^32 boards). So
//! each walk reads the same boards as new as with a cleared box, and numbers them the
//! same. Where clearing wrote every board's place again (a cache line fetched from
//! memory for most), nothing is written. 6x6 chunks alone, one thread, interleaved
//! rounds under load, medians: chunk 221 6.57 -> 6.41 s user (9 rounds), chunk 400
//! 4.90 -> 4.72 s (8); 5x5 (cache-resident boxes) no change in time, 2% more
//! instructions (callgrind).
//!
//! The same walk serves Fogleman's minimality test ([`Explorer::solves_within_box`]): a
//! breadth-first search by levels from a board without one piece, stopped at the first
//! solved board or past the depth limit.

use super::super::dense::Frame;
use super::super::marks::Marks;
use super::super::space::State;
use super::super::steps::{most_moves, Board};
use super::super::SweepError;
use super::{Explorer, UNSEEN};
use puzzle_frame::budget::Ledger;

/// A board of the box path and its place.
#[derive(Clone, Copy, Default)]
pub(super) struct Node {
    /// The board.
    pub(super) board: Board,
    /// Its place in the box.
    pub(super) at: u32,
}

/// What a walk through one box keeps: each line's stride and the walls (which never
/// move, so the start's are every board's).
pub(super) struct Walk {
    stride: [i64; 16],
    walls: u64,
    /// This walk's base in the numbered box: a place holding less has no board of it
    /// (module docs).
    base: u32,
    /// Whether it marks its places in the bits rather than numbering them in the box.
    bits: bool,
}

/// The most places of a box whose boards are numbered at their places (`u32` each: 4 MiB,
/// mostly in cache); a larger box marks its places by a bit each ([`super::seen`]).
pub(super) const NUMBERED_BOX: u64 = 1 << 20;

impl Explorer<'_> {
    /// Whether the places of `frame` fit the limit and the budget (the box's bits grown
    /// to them when they do): a box too large takes the hashed path instead.
    pub(super) fn box_room(&mut self, frame: &Frame) -> bool {
        if frame.size > self.dense_limit.min(u64::from(UNSEEN)) {
            return false;
        }
        if frame.size > self.seen.numbered_box {
            return self.seen.room(frame.size, &mut self.ledger);
        }
        let size = frame.size as usize + 1;
        if self.places.len() < size {
            let more = size - self.places.len();
            if self.ledger.take::<u32>("a cluster's box", more).is_err() {
                return false;
            }
            // The base moves to the new last slot; its old slot, now a place, and the
            // new places hold 0, below any base.
            let base = self.places.last_mut().map_or(1, std::mem::take);
            self.places.resize(size, 0);
            if let Some(last) = self.places.last_mut() {
                *last = base;
            }
        }
        true
    }

    /// Grows the box path's lists to hold at least `boards` boards and `moves` moves
    /// (to their whole capacity, so that this is seldom called), and with `bits` the bits
    /// path's lists too.
    #[cold]
    fn box_lists(&mut self, boards: usize, moves: usize, bits: bool) -> Result<(), SweepError> {
        grow_to(
            &mut self.ledger,
            &mut self.nodes,
            boards,
            "a cluster's boards",
        )?;
        if bits {
            self.seen.lists(boards, &mut self.ledger)?;
        }
        self.edge_room(boards + 1, moves)
    }

    /// Grows the move lists (both paths') to hold at least `starts` board starts and
    /// `moves` moves (to their whole capacity, so that this is seldom called; no path
    /// ever shortens them).
    #[inline]
    pub(super) fn edge_room(&mut self, starts: usize, moves: usize) -> Result<(), SweepError> {
        let ledger = &mut self.ledger;
        grow_to(ledger, &mut self.edge_starts, starts, "a cluster's moves")?;
        grow_to(ledger, &mut self.edges, moves, "a cluster's moves")
    }

    /// A walk of the box `frame` (which has room) from `start`, numbered 0.
    fn start_box(&mut self, start: State, frame: &Frame) -> Result<Walk, SweepError> {
        let space = self.space;
        let n = space.n;
        let most = most_moves(n);
        let c = space.cells(start);
        let bits = frame.size > self.seen.numbered_box;
        self.box_lists(1 + most, most, bits)?;
        let first = self.boxes.place(space, frame, start);
        let mut base = 0;
        if bits {
            let seen = &mut self.seen;
            seen.bits[first >> 6] |= 1 << (first & 63);
            seen.touched[0] = (first >> 6) as u32;
            seen.touched_len = 1;
            seen.active = true;
        } else {
            base = self.walk_base(frame.size);
            self.places[first] = base;
        }
        self.nodes[0] = Node {
            board: self.steps.board(space, start, &c),
            at: first as u32,
        };
        self.count = 1;
        let mut stride = [0i64; 16];
        for (l, d) in stride.iter_mut().enumerate().take(2 * n) {
            *d = frame.stride(l) as i64;
        }
        Ok(Walk {
            stride,
            walls: c.horizontal & !c.movable,
            base,
            bits,
        })
    }

    /// Reaches the boards one move from board `next` (`node`, the new ones from `count`
    /// on) and lists its moves (from `moves` on): as the numbers of the boards they
    /// reach, or with `BITS` as their places ([`super::seen`]); the counts after it, and
    /// whether it is a seed. Each path has a loop of its own, so that the numbered one
    /// (every 5x5 box, most 6x6 ones) reads and writes nothing of the bits'.
    #[inline(always)]
    fn expand<const N: usize, const BITS: bool>(
        &mut self,
        walk: &Walk,
        at: (usize, Node),
        count: usize,
        moves: usize,
    ) -> Result<(usize, usize, bool), SweepError> {
        match BITS {
            true => self.expand_bits::<N>(walk, at, count, moves),
            false => self.expand_numbered::<N>(walk, at, count, moves),
        }
    }

    /// Before [`Explorer::expand`] lists board `next`'s moves from `moves` on: room for
    /// `most` more boards and their moves (with `BITS` touched words too; a still step
    /// writes one move past the last), and board `next`'s moves started at `moves`.
    #[inline(always)]
    fn room_for_moves<const N: usize, const BITS: bool>(
        &mut self,
        next: usize,
        count: usize,
        moves: usize,
    ) -> Result<(), SweepError> {
        let most = most_moves(N);
        let room = most + self.steps.width();
        if self.nodes.len() < count + most
            || (BITS && self.seen.touched.len() < count + most)
            || self.edge_starts.len() <= count + most
            || self.edges.len() < moves + room
        {
            self.box_lists(count + most, moves + room, BITS)?;
        }
        self.edge_starts[next] = u32::try_from(moves).map_err(|_| SweepError::ClusterTooLarge)?;
        Ok(())
    }

    /// [`Explorer::expand`] in a numbered box: each move listed as the number of the
    /// board it reaches, a new board numbered at its place.
    #[inline(always)]
    fn expand_numbered<const N: usize>(
        &mut self,
        walk: &Walk,
        (next, node): (usize, Node),
        mut count: usize,
        mut moves: usize,
    ) -> Result<(usize, usize, bool), SweepError> {
        self.room_for_moves::<N, false>(next, count, moves)?;
        let Node { board, at } = node;
        let (steps, places, stride) = (&self.steps, &mut self.places[..], &walk.stride);
        let base = walk.base;
        let (nodes, edges) = (&mut self.nodes[..], &mut self.edges[..]);
        let seed = steps.for_each::<N>(&board, walk.walls, |l, step, row, real| {
            // A place of the box: the line's rank stays within its group.
            let to = (i64::from(at) + i64::from(step.rank) * stride[l & 15]) as usize;
            // Only a new board (about one move in seven) is numbered, built and
            // written, after the last one: that branch costs less than building
            // and writing every move's board (measured, 5x5 and 6x6). `nodes` has
            // room for `most` more boards, `edges` for `most` more moves. A new
            // board's number is below the box's size, and `base` plus it below `UNSEEN`
            // ([`Explorer::walk_base`]).
            let seen = places[to];
            let j = if seen < base {
                places[to] = base + count as u32;
                let new = &mut nodes[count];
                steps.apply_into::<N>(&board, l, step, row, &mut new.board);
                new.at = to as u32;
                count += 1;
                count as u32 - 1
            } else {
                seen - base
            };
            edges[moves] = j;
            moves += usize::from(real);
        });
        Ok((count, moves, seed))
    }

    /// [`Explorer::expand`] in a box marked by bits: each move listed as the place it
    /// reaches, a new board's place marked (and its word listed when first touched).
    #[inline(always)]
    fn expand_bits<const N: usize>(
        &mut self,
        walk: &Walk,
        (next, node): (usize, Node),
        mut count: usize,
        mut moves: usize,
    ) -> Result<(usize, usize, bool), SweepError> {
        self.room_for_moves::<N, true>(next, count, moves)?;
        let Node { board, at } = node;
        let (steps, stride) = (&self.steps, &walk.stride);
        let seen = &mut self.seen;
        let (bits, touched) = (&mut seen.bits[..], &mut seen.touched[..]);
        let mut touched_len = seen.touched_len;
        let (nodes, edges) = (&mut self.nodes[..], &mut self.edges[..]);
        let seed = steps.for_each::<N>(&board, walk.walls, |l, step, row, real| {
            let to = (i64::from(at) + i64::from(step.rank) * stride[l & 15]) as usize;
            // As in a numbered box; `touched` has room for `most` more words.
            let (word, bit) = (to >> 6, 1u64 << (to & 63));
            let held = bits[word];
            if held & bit == 0 {
                touched[touched_len] = word as u32;
                touched_len += usize::from(held == 0);
                bits[word] = held | bit;
                let new = &mut nodes[count];
                steps.apply_into::<N>(&board, l, step, row, &mut new.board);
                new.at = to as u32;
                count += 1;
            }
            edges[moves] = to as u32;
            moves += usize::from(real);
        });
        seen.touched_len = touched_len;
        Ok((count, moves, seed))
    }

    /// The box path of [`Explorer::reach`]: every board of the cluster of `start` (whose
    /// box `frame` has room), its moves listed and its seeds marked, its solved boards
    /// in `solved`. In a box marked by bits, the moves of a cluster without a solved
    /// board are left as places: nothing reads them (no search back, no line), and
    /// numbering them is a random read or more a move.
    pub(super) fn reach_box<const N: usize>(
        &mut self,
        start: State,
        marks: &Marks,
        frame: &Frame,
    ) -> Result<(), SweepError> {
        let walk = self.start_box(start, frame)?;
        self.solved.clear();
        let moves = match walk.bits {
            true => self.walk_box::<N, true>(&walk, marks)?,
            false => self.walk_box::<N, false>(&walk, marks)?,
        };
        let count = self.count;
        self.edge_starts[count] = u32::try_from(moves).map_err(|_| SweepError::ClusterTooLarge)?;
        if walk.bits && !self.solved.is_empty() {
            let nodes = &self.nodes[..count];
            self.seen
                .number(count, |i| nodes[i].at, &mut self.edges[..moves])?;
        }
        Ok(())
    }

    /// The walk of [`Explorer::reach_box`] (`BITS` whether it marks its places in the
    /// bits): the boards into `nodes` (`count` of them), the moves listed; their count.
    /// Never inlined, so that each path's loop is a function of its own: with both in
    /// [`Explorer::reach_box`], 5x5 without walls took 4% more instructions than before
    /// the bits path (callgrind, one thread: 4.88 G before, 5.08 G both inlined, 4.84 G
    /// apart).
    #[inline(never)]
    fn walk_box<const N: usize, const BITS: bool>(
        &mut self,
        walk: &Walk,
        marks: &Marks,
    ) -> Result<usize, SweepError> {
        let (mut count, mut moves, mut next) = (1usize, 0usize, 0usize);
        while next < count {
            let node = self.nodes[next];
            let board = node.board;
            if self.steps.solved(&board) {
                self.solved.push(next as u32);
            }
            let seed;
            (count, moves, seed) = self.expand::<N, BITS>(walk, (next, node), count, moves)?;
            if seed {
                self.mark(board.s, &board.cells(walk.walls), marks);
            }
            next += 1;
        }
        self.count = count;
        Ok(moves)
    }

    /// The base of a walk of a box of `size` places (which has room): the box's last
    /// slot, or 1 after filling the box with 0 when `base + size` would reach `UNSEEN`
    /// (a walk numbers fewer boards than its box has places).
    fn walk_base(&mut self, size: u64) -> u32 {
        let last = self.places.len() - 1;
        if u64::from(self.places[last]) + size >= u64::from(UNSEEN) {
            self.places.fill(0);
            self.places[last] = 1;
        }
        self.places[last]
    }

    /// Ends the last walk: its places read as unreached to the next walk (the bits of
    /// the touched words cleared, or the base moved past its numbers: nothing else is
    /// written).
    pub(super) fn clear_box(&mut self) {
        if self.seen.active {
            self.seen.clear();
        } else if let Some(last) = self.places.last_mut() {
            *last += self.count as u32;
        }
    }

    /// [`Explorer::solves_within`] by the box path: whether `from` is solved within
    /// `limit` moves, or `None` when its box does not fit (the hashed search then). By
    /// levels, stopped at the first solved board; a board whose depth and lower bound
    /// ([`super::super::steps::Steps::lower_bound`]) pass `limit` is not expanded (no
    /// solution within `limit` goes through it). Marks no seed.
    pub(super) fn solves_within_box<const N: usize>(
        &mut self,
        from: State,
        limit: u32,
    ) -> Result<Option<bool>, SweepError> {
        let frame = self.boxes.frame(self.space, from);
        if !self.box_room(&frame) {
            return Ok(None);
        }
        let walk = self.start_box(from, &frame)?;
        let (mut count, mut moves, mut next) = (1usize, 0usize, 0usize);
        let (mut depth, mut level_end) = (0u32, 1usize);
        let mut solved = false;
        while next < count {
            if next == level_end {
                depth += 1;
                level_end = count;
            }
            let node = self.nodes[next];
            if self.steps.solved(&node.board) {
                solved = true;
                break;
            }
            if depth + self.steps.lower_bound(&node.board) <= limit {
                (count, moves, _) = match walk.bits {
                    true => self.expand::<N, true>(&walk, (next, node), count, moves)?,
                    false => self.expand::<N, false>(&walk, (next, node), count, moves)?,
                };
            }
            next += 1;
        }
        self.count = count;
        self.clear_box();
        Ok(Some(solved))
    }
}

/// Grows `list` (charged to `ledger`) to at least `len` items, to its whole capacity.
pub(super) fn grow_to<T: Copy + Default>(
    ledger: &mut Ledger,
    list: &mut Vec<T>,
    len: usize,
    what: &str,
) -> Result<(), SweepError> {
    if list.len() < len {
        ledger.resize(list, len, T::default(), what)?;
        list.resize(list.capacity(), T::default());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::super::offsets::SeedOffsets;
    use super::super::super::space::Space;
    use super::super::super::steps::by_side;
    use super::super::super::DENSE_LIMIT;
    use super::*;
    use puzzle_frame::budget::MemoryBudget;

    /// What a walk found: each board in number order with its moves (none when they are
    /// left as places).
    fn walk_of<const N: usize>(
        explorer: &mut Explorer,
        marks: &Marks,
        s: State,
    ) -> Vec<(State, Vec<u32>)> {
        let frame = explorer.boxes.frame(explorer.space, s);
        assert!(explorer.box_room(&frame));
        explorer.reach_box::<N>(s, marks, &frame).expect("reach");
        // Marked by bits, a cluster without a solved board keeps its moves as places.
        let listed = explorer.seen.numbered_box >= frame.size || !explorer.solved.is_empty();
        let found = (0..explorer.count)
            .map(|i| {
                let (from, to) = (explorer.edge_starts[i], explorer.edge_starts[i + 1]);
                let moves = match listed {
                    true => explorer.edges[from as usize..to as usize].to_vec(),
                    false => Vec::new(),
                };
                (explorer.nodes[i].board.s, moves)
            })
            .collect();
        explorer.clear_box();
        found
    }

    /// One explorer walking cluster after cluster (its box grown, the old boards left
    /// in it, the base wrapped around `UNSEEN` more than twice) finds each
    /// cluster exactly as a new explorer does: the same boards, numbered the same, with
    /// the same moves.
    #[test]
    fn a_reused_box_walks_as_a_new_one() {
        for (n, walls, step) in [(4, 1, 3), (5, 0, 37), (5, 1, 37)] {
            let space = Space::new(n, walls).expect("space");
            let mut ledger = Ledger::new(MemoryBudget::default());
            let offsets = SeedOffsets::new(&space, &mut ledger, 1).expect("offsets");
            let marks = Marks::new(offsets.total(), &mut ledger).expect("marks");
            let new_explorer = || {
                let ledger = Ledger::new(MemoryBudget::default());
                let mut explorer =
                    Explorer::new(&space, &offsets, ledger, DENSE_LIMIT).expect("explorer");
                // Every box numbered at its places (the bits: the next test).
                explorer.seen.numbered_box = u64::MAX;
                explorer
            };
            let mut reused = new_explorer();
            let (mut clusters, mut wraps, mut boards) = (0, 0, 0);
            for s in clusters_of(&space, step) {
                let frame = reused.boxes.frame(&space, s);
                assert!(reused.box_room(&frame));
                let last = reused.places.len() - 1;
                let (places, base) = reused.places.split_at_mut(last);
                // Between walks (and after the box grew) no place reaches the base.
                assert!(places.iter().all(|&v| v < base[0]), "{n}x{n}");
                if clusters % 20 == 0 {
                    // The base raised (never lowered: the box holds numbers below it),
                    // so that the next walks pass `UNSEEN` and the box is filled again.
                    base[0] = base[0].max(UNSEEN - (3 * frame.size).min(1 << 20) as u32);
                }
                let base = reused.places.last().copied().unwrap_or(0);
                let got = by_side!(n, N => walk_of::<N>(&mut reused, &marks, s));
                wraps += usize::from(reused.places.last().copied().unwrap_or(0) <= base);
                let want = by_side!(n, N => walk_of::<N>(&mut new_explorer(), &marks, s));
                assert_eq!(got, want, "{n}x{n}: {}", space.board_string(s));
                boards += got.len();
                clusters += 1;
            }
            assert!(
                clusters > 100 && wraps > 2,
                "{n}x{n}: {clusters} clusters, {wraps} wraps"
            );
            assert!(boards > 3 * clusters, "{n}x{n}: {boards} boards");
        }
    }

    /// The clusters of `space` a test walks: row tuple `rank` (every `step`-th) with the
    /// middle fit of each column, if every column has one.
    fn clusters_of(space: &Space, step: usize) -> Vec<State> {
        let mut found = Vec::new();
        for rank in (0..space.row_tuples()).step_by(step) {
            let mut s = space.row_tuple(rank);
            let fits = space.column_fits(s);
            if fits.iter().any(|fit| fit.is_empty()) {
                continue;
            }
            for (x, fit) in fits.iter().enumerate() {
                s = space.with_field(s, space.n + x, fit[fit.len() / 2] as usize);
            }
            found.push(s);
        }
        found
    }

    /// Marking the places by a bit ([`super::super::seen`]) walks every cluster as
    /// numbering the boards at their places does: the same boards, numbered the same,
    /// with the same moves (but those of a cluster without a solved board, which the
    /// bits walk leaves as places), the same facts (the line, so the minimality test's searches
    /// too), and the same answer of each search within a limit; one explorer walks
    /// cluster after cluster, and between walks no bit is left set.
    #[test]
    fn marking_the_places_by_bits_walks_as_numbering_them() {
        let mut lines = 0;
        for (n, walls, step) in [(4, 1, 3), (5, 0, 29), (5, 1, 53), (6, 0, 30_011)] {
            let space = Space::new(n, walls).expect("space");
            let mut ledger = Ledger::new(MemoryBudget::default());
            let offsets = SeedOffsets::new(&space, &mut ledger, 1).expect("offsets");
            let marks = Marks::new(offsets.total(), &mut ledger).expect("marks");
            let explorer = |numbered_box| {
                let ledger = Ledger::new(MemoryBudget::default());
                let mut explorer =
                    Explorer::new(&space, &offsets, ledger, DENSE_LIMIT).expect("explorer");
                explorer.seen.numbered_box = numbered_box;
                explorer
            };
            let (mut by_bits, mut numbered) = (explorer(0), explorer(u64::MAX));
            let (mut clusters, mut boards, mut listed) = (0, 0, 0);
            for (k, s) in clusters_of(&space, step).into_iter().enumerate() {
                let got = by_side!(n, N => walk_of::<N>(&mut by_bits, &marks, s));
                assert!(by_bits.seen.bits.iter().all(|&w| w == 0), "{n}x{n}");
                let mut want = by_side!(n, N => walk_of::<N>(&mut numbered, &marks, s));
                if got.iter().all(|(_, moves)| moves.is_empty()) {
                    // No solved board: the bits walk leaves the moves as places.
                    want.iter_mut().for_each(|(_, moves)| moves.clear());
                } else {
                    listed += 1;
                }
                assert_eq!(got, want, "{n}x{n}: {}", space.board_string(s));
                let facts = by_bits.explore(s, &marks).expect("explore");
                assert_eq!(facts, numbered.explore(s, &marks).expect("explore"));
                lines += usize::from(facts.line.is_some());
                let limit = (k % 9) as u32;
                let solves = |e: &mut Explorer| {
                    by_side!(n, N => e.solves_within_box::<N>(s, limit)).expect("search")
                };
                assert_eq!(solves(&mut by_bits), solves(&mut numbered), "{n}x{n}");
                assert!(by_bits.seen.bits.iter().all(|&w| w == 0), "{n}x{n}");
                boards += got.len();
                clusters += 1;
            }
            assert!(
                clusters > 30 && lines > 3 && listed > 10,
                "{n}x{n}: {clusters} clusters, {lines} lines, {listed} with moves compared"
            );
            assert!(boards > 3 * clusters, "{n}x{n}: {boards} boards");
        }
        assert!(lines > 10, "{lines} lines");
    }
}
