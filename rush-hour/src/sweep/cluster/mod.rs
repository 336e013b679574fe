//! One cluster (the boards linked by moves to a seed): found by a breadth-first search
//! from the seed, which numbers its boards and lists each board's moves (as the numbers
//! of the boards they reach), then each board's distance to the nearest solved board by a
//! search backwards from all solved boards at once over those lists (no move generated
//! twice), its hardest board (the smallest key among the farthest), and Fogleman's
//! minimality test of that board.
//!
//! Two ways to number the boards, one answer: when the cluster's box ([`super::dense`])
//! is small enough, the box tells the boards reached (the usual case, `cluster/boxed.rs`:
//! a small box holds the number of the board at each place, a large one a bit a place,
//! the boards numbered once the walk is over); otherwise a hashed index. Both searches are
//! the same breadth-first searches over the same moves, so the distances, the hardest board
//! and the line are the same. The minimality test's searches (from the hardest board
//! without one piece, by levels up to one move less) take the box path too when the
//! board's box fits: the same levels, so the same answer.
//!
//! One optimal solution's pieces pass the minimality test without a search (removing a
//! piece that moves shortens that solution); they are read off the distances along the
//! listed moves.

use super::dense::Boxes;
use super::marks::Marks;
use super::offsets::SeedOffsets;
use super::space::{Cells, Space, State};
use super::steps::{by_side, Steps};
use super::table::Index;
use super::SweepError;
use boxed::Node;
use puzzle_frame::budget::Ledger;
use seen::Seen;

mod boxed;
mod seen;

/// One interesting cluster's database line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The fewest moves of the hardest board.
    pub moves: u32,
    /// The hardest board (his lettering, `o` for empty).
    pub board: String,
    /// The boards of the cluster.
    pub cluster: u64,
}

/// What exploring a cluster found, counted once per cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The boards of the cluster.
    pub size: u64,
    /// Whether a solved board is in it.
    pub solvable: bool,
    /// The line, when the cluster is interesting (solvable and minimal).
    pub line: Option<Line>,
}

/// The lists one worker reuses from cluster to cluster.
pub struct Explorer<'a> {
    space: &'a Space,
    offsets: &'a SeedOffsets,
    index: Index,
    states: Vec<State>,
    distance: Vec<u16>,
    queue: Vec<u32>,
    found: Vec<State>,
    edges: Vec<u32>,
    edge_starts: Vec<u32>,
    ledger: Ledger,
    boxes: Boxes,
    steps: Steps,
    dense_limit: u64,
    /// Per place of a small box: the number of the board there (from the walk's base),
    /// or less than the base when no board of the walk is there (the box path).
    places: Vec<u32>,
    /// The places of a large box the current walk reached (the box path).
    seen: Seen,
    /// Per board of the box path (by number): the board and its place; its length is
    /// only grown (the boards of the current cluster are the first `count`).
    nodes: Vec<Node>,
    /// The boards of the current cluster (either path).
    count: usize,
    /// The solved boards of the current cluster (either path), by number.
    solved: Vec<u32>,
}

/// Not yet reached by the backward search.
const FAR: u16 = u16::MAX;
/// The most places a box may have (places and the numbered box's values are `u32`), and
/// what the numbered box's values stay below.
const UNSEEN: u32 = u32::MAX;

impl<'a> Explorer<'a> {
    /// A worker over `space`, its lists charged to `ledger`; clusters whose box has at
    /// most `dense_limit` places take the box path.
    pub fn new(
        space: &'a Space,
        offsets: &'a SeedOffsets,
        mut ledger: Ledger,
        dense_limit: u64,
    ) -> Result<Self, SweepError> {
        let boxes = Boxes::new(space);
        let steps = Steps::new(space, &boxes);
        Ok(Explorer {
            space,
            offsets,
            index: Index::new(&mut ledger)?,
            states: Vec::new(),
            distance: Vec::new(),
            queue: Vec::new(),
            found: Vec::new(),
            edges: Vec::new(),
            edge_starts: Vec::new(),
            ledger,
            boxes,
            steps,
            dense_limit,
            places: Vec::new(),
            seen: Seen::new(boxed::NUMBERED_BOX),
            nodes: Vec::new(),
            count: 0,
            solved: Vec::new(),
        })
    }

    /// Explores the cluster of seed `start`, marking every seed of it (itself included)
    /// so that no later start finds it again.
    pub fn explore(&mut self, start: State, marks: &Marks) -> Result<Facts, SweepError> {
        let frame = self.boxes.frame(self.space, start);
        let boxed = self.box_room(&frame);
        if boxed {
            by_side!(self.space.n, N => self.reach_box::<N>(start, marks, &frame))?;
        } else {
            self.reach(start, marks)?;
        }
        let size = self.count as u64;
        let found = self.distances(boxed)?;
        let slid = match found {
            Some((_, hardest)) => self.slid_pieces(boxed, hardest)?,
            None => Vec::new(),
        };
        if boxed {
            self.clear_box();
        }
        let Some((moves, hardest)) = found else {
            return Ok(Facts {
                size,
                solvable: false,
                line: None,
            });
        };
        self.finish(size, moves, self.state(boxed, hardest), &slid)
    }

    /// Board `i` of the cluster (in `nodes` when `boxed`, else in `states`).
    fn state(&self, boxed: bool, i: usize) -> State {
        match boxed {
            true => self.nodes[i].board.s,
            false => self.states[i],
        }
    }

    /// The pieces (line, index) one optimal solution of board `from` slides, read off
    /// the distances along the listed moves.
    fn slid_pieces(&self, boxed: bool, from: usize) -> Result<Vec<(usize, usize)>, SweepError> {
        let (space, distance) = (self.space, &self.distance);
        let (edges, starts) = (&self.edges, &self.edge_starts);
        let mut slid = Vec::new();
        let mut i = from;
        let mut d = distance[i];
        while d > 0 {
            let j = edges[starts[i] as usize..starts[i + 1] as usize]
                .iter()
                .map(|&j| j as usize)
                .find(|&j| distance[j] == d - 1)
                .ok_or(SweepError::Internal("no step towards the exit"))?;
            let (s, t) = (self.state(boxed, i), self.state(boxed, j));
            for l in 0..2 * space.n {
                let (a, b) = (space.field(s, l), space.field(t, l));
                if a != b {
                    let spans_a = &space.table(l).placements[a].spans;
                    let spans_b = &space.table(l).placements[b].spans;
                    if let Some(k) = (0..spans_a.len()).find(|&k| spans_a[k] != spans_b[k]) {
                        slid.push((l, k));
                    }
                }
            }
            i = j;
            d -= 1;
        }
        Ok(slid)
    }

    /// The line of a solvable cluster of `size` boards whose hardest board is `hardest`,
    /// `moves` from the exit, one optimal solution sliding the pieces `slid`.
    fn finish(
        &mut self,
        size: u64,
        moves: u32,
        hardest: State,
        slid: &[(usize, usize)],
    ) -> Result<Facts, SweepError> {
        let line = if self.minimal(hardest, moves, slid)? {
            Some(Line {
                moves,
                board: self.space.board_string(hardest),
                cluster: size,
            })
        } else {
            None
        };
        Ok(Facts {
            size,
            solvable: true,
            line,
        })
    }

    /// Marks seed `s` (whose cells are `cells`) when it is one.
    #[inline]
    fn mark_seed(&self, s: State, cells: &Cells, marks: &Marks) {
        if self.space.is_seed(cells) {
            self.mark(s, cells, marks);
        }
    }

    /// Marks seed `s` (whose cells are `cells`).
    fn mark(&self, s: State, cells: &Cells, marks: &Marks) {
        let space = self.space;
        let tuple = space.row_tuple_rank(s) as usize;
        marks.set(self.offsets.start(tuple) + space.column_rank(s, cells));
    }

    /// Every board of the cluster of `start` into `states`; its seeds marked.
    fn reach(&mut self, start: State, marks: &Marks) -> Result<(), SweepError> {
        let space = self.space;
        self.index.clear();
        self.states.clear();
        self.solved.clear();
        self.add(start)?;
        // The lists are written by index, as the box path's (`cluster/boxed.rs`), never
        // cut short: cut, the next box path would fill them out to their whole
        // capacity again (a memset of every move of the largest cluster so far after
        // each hashed cluster: a fifth of 6x6 chunk 221's time).
        let (mut next, mut moves) = (0usize, 0usize);
        let mut found = std::mem::take(&mut self.found);
        while next < self.states.len() {
            let s = self.states[next];
            if space.solved(s) {
                self.solved.push(next as u32);
            }
            let cells = space.cells(s);
            self.mark_seed(s, &cells, marks);
            found.clear();
            space.for_each_neighbour_of(s, &cells, |t| found.push(t));
            self.edge_room(next + 2, moves + found.len())?;
            self.edge_starts[next] =
                u32::try_from(moves).map_err(|_| SweepError::ClusterTooLarge)?;
            for &t in &found {
                self.edges[moves] = self.add(t)?;
                moves += 1;
            }
            next += 1;
        }
        self.edge_room(next + 1, moves)?;
        self.edge_starts[next] = u32::try_from(moves).map_err(|_| SweepError::ClusterTooLarge)?;
        self.found = found;
        self.count = self.states.len();
        Ok(())
    }

    /// The index of `s` in the cluster's list, added when new.
    #[inline]
    fn add(&mut self, s: State) -> Result<u32, SweepError> {
        let index = u32::try_from(self.states.len()).map_err(|_| SweepError::ClusterTooLarge)?;
        let (index, added) = self
            .index
            .insert(s, index, &self.states, &mut self.ledger)?;
        if added {
            self.ledger
                .push(&mut self.states, s, "a cluster's boards")?;
        }
        Ok(index)
    }

    /// Distances to the nearest solved board; the greatest and the hardest board's number
    /// (the smallest key among the farthest), or `None` when nothing is solved. The
    /// boards are in `nodes` when `boxed`, else in `states`.
    fn distances(&mut self, boxed: bool) -> Result<Option<(u32, usize)>, SweepError> {
        let len = self.count;
        if self.solved.is_empty() {
            return Ok(None);
        }
        self.distance.clear();
        self.ledger
            .resize(&mut self.distance, len, FAR, "a cluster's distances")?;
        self.queue.clear();
        self.ledger
            .resize(&mut self.queue, len, 0, "a cluster's queue")?;
        // Slices and a local tail, so that the loop keeps them in registers; each board
        // enters the queue once (when first seen), so `len` places are enough.
        let (edges, starts) = (&self.edges[..], &self.edge_starts[..]);
        let (distance, queue) = (&mut self.distance[..], &mut self.queue[..]);
        let mut tail = 0;
        for &i in &self.solved {
            distance[i as usize] = 0;
            queue[tail] = i;
            tail += 1;
        }
        let mut next = 0;
        while next < tail {
            let i = queue[next] as usize;
            next += 1;
            let d = distance[i] + 1;
            for &j in &edges[starts[i] as usize..starts[i + 1] as usize] {
                if distance[j as usize] == FAR {
                    distance[j as usize] = d;
                    queue[tail] = j;
                    tail += 1;
                }
            }
        }
        // Moves are reversible, so the search back reaches the whole cluster; the
        // farthest boards close the queue.
        if tail != len {
            return Err(SweepError::Internal("a board the search back missed"));
        }
        let queue = &queue[..len];
        let far = queue.last().map_or(0, |&i| distance[i as usize]);
        // The key from the cells the box path keeps, else from the board.
        let (space, nodes, states) = (self.space, &self.nodes, &self.states);
        let key = |i: usize| match boxed {
            true => (nodes[i].board.horizontal, nodes[i].board.vertical),
            false => space.key(states[i]),
        };
        let hardest = queue
            .iter()
            .rev()
            .map(|&i| i as usize)
            .take_while(|&i| distance[i] == far)
            .min_by_key(|&i| key(i))
            .ok_or(SweepError::Internal("an empty cluster"))?;
        Ok(Some((u32::from(far), hardest)))
    }

    /// Fogleman's test: removing any one piece but the red car (or any wall) from
    /// `hardest` lowers its fewest moves. The pieces an optimal solution slides (`slid`)
    /// pass.
    fn minimal(
        &mut self,
        hardest: State,
        moves: u32,
        slid: &[(usize, usize)],
    ) -> Result<bool, SweepError> {
        let space = self.space;
        if moves == 0 {
            // Nothing can lower 0 moves: only the red car alone is minimal.
            return Ok(space.pieces(hardest).nth(1).is_none());
        }
        for (l, k) in space.pieces(hardest).skip(1) {
            if slid.contains(&(l, k)) {
                continue;
            }
            let (from, limit) = (space.without(hardest, l, k), moves.saturating_sub(1));
            let solves = match by_side!(space.n, N => self.solves_within_box::<N>(from, limit))? {
                Some(solves) => solves,
                None => self.solves_within(from, limit)?,
            };
            if !solves {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether `from` is solved within `limit` moves (a breadth-first search stopped at
    /// that depth or at the first solved board).
    fn solves_within(&mut self, from: State, limit: u32) -> Result<bool, SweepError> {
        self.index.clear();
        self.states.clear();
        self.add(from)?;
        let (mut level_start, mut level_end) = (0, 1);
        for depth in 0..=limit {
            for i in level_start..level_end {
                if self.space.solved(self.states[i]) {
                    return Ok(true);
                }
            }
            if depth == limit {
                break;
            }
            let mut found = std::mem::take(&mut self.found);
            for i in level_start..level_end {
                found.clear();
                self.space
                    .for_each_neighbour(self.states[i], |t| found.push(t));
                for &t in &found {
                    // Each blocker and the car itself need a move at least: boards that
                    // cannot be solved in time are left out.
                    if depth + 1 + self.space.lower_bound(t) <= limit {
                        self.add(t)?;
                    }
                }
            }
            self.found = found;
            (level_start, level_end) = (level_end, self.states.len());
            if level_start == level_end {
                break;
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::DENSE_LIMIT;
    use puzzle_frame::budget::MemoryBudget;

    /// The box path lists each board's moves exactly: the boards its slides reach
    /// ([`Space::for_each_neighbour`]), each once, nothing else (no still step's move).
    #[test]
    fn the_box_path_lists_exactly_each_boards_slides() {
        for (n, walls) in [(4, 1), (5, 0)] {
            let space = Space::new(n, walls).expect("space");
            let mut ledger = Ledger::new(MemoryBudget::default());
            let offsets = SeedOffsets::new(&space, &mut ledger, 1).expect("offsets");
            let marks = Marks::new(offsets.total(), &mut ledger).expect("marks");
            let mut explorer =
                Explorer::new(&space, &offsets, ledger, DENSE_LIMIT).expect("explorer");
            let mut clusters = 0;
            for rank in (0..space.row_tuples()).step_by(101) {
                let mut s = space.row_tuple(rank);
                let fits = space.column_fits(s);
                if fits.iter().any(|fit| fit.is_empty()) {
                    continue;
                }
                for (x, fit) in fits.iter().enumerate() {
                    s = space.with_field(s, n + x, fit[fit.len() / 2] as usize);
                }
                let frame = explorer.boxes.frame(&space, s);
                assert!(explorer.box_room(&frame));
                by_side!(n, N => explorer.reach_box::<N>(s, &marks, &frame)).expect("reach");
                let (nodes, edges, starts) =
                    (&explorer.nodes, &explorer.edges, &explorer.edge_starts);
                for i in 0..explorer.count {
                    let board = nodes[i].board.s;
                    let moves = &edges[starts[i] as usize..starts[i + 1] as usize];
                    let mut listed: Vec<State> =
                        moves.iter().map(|&j| nodes[j as usize].board.s).collect();
                    let mut want = Vec::new();
                    space.for_each_neighbour(board, |t| want.push(t));
                    listed.sort_unstable();
                    want.sort_unstable();
                    assert_eq!(listed, want, "{n}x{n}: {}", space.board_string(board));
                }
                explorer.clear_box();
                clusters += 1;
            }
            assert!(clusters > 10, "{n}x{n}: {clusters} clusters");
        }
    }
}
