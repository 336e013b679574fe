//! One cluster (the boards linked by moves to a seed): found by a breadth-first search
//! from the seed, which numbers its boards and lists each board's moves (as the numbers
//! of the boards they reach), then each board's distance to the nearest solved board by a
//! search backwards from all solved boards at once over those lists (no move generated
//! twice), its hardest board (the smallest key among the farthest), and Fogleman's
//! minimality test of that board.
//!
//! Two ways to number the boards, one answer: when the cluster's box ([`super::dense`])
//! is small enough, a flat array over the box gives the number of the board at each
//! place (the usual case); otherwise a hashed index. Both searches are the same
//! breadth-first searches over the same moves, so the distances, the hardest board and
//! the line are the same.

use super::dense::{Boxes, Frame};
use super::marks::Marks;
use super::space::{Cells, Space, State};
use super::steps::Steps;
use super::table::Index;
use super::SweepError;
use puzzle_frame::budget::Ledger;

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
    offsets: &'a [u64],
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
    /// Per place of the box: the number of the board there, or [`UNSEEN`] (the box path).
    places: Vec<u32>,
    /// Per board of the box path (by number): its place and cells.
    nodes: Vec<Node>,
}

/// A board of the box path: its place and cells (the board itself is in `states`).
#[derive(Clone, Copy)]
struct Node {
    at: u32,
    cells: Cells,
}

/// Not yet reached by the backward search.
const FAR: u16 = u16::MAX;
/// A place of the box no board of the cluster holds (yet): every place between clusters.
const UNSEEN: u32 = u32::MAX;

impl<'a> Explorer<'a> {
    /// A worker over `space`, its lists charged to `ledger`; clusters whose box has at
    /// most `dense_limit` places take the box path.
    pub fn new(
        space: &'a Space,
        offsets: &'a [u64],
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
            nodes: Vec::new(),
        })
    }

    /// Explores the cluster of seed `start`, marking every seed of it (itself included)
    /// so that no later start finds it again.
    pub fn explore(&mut self, start: State, marks: &Marks) -> Result<Facts, SweepError> {
        let frame = self.boxes.frame(self.space, start);
        let boxed = frame.size <= self.dense_limit.min(u64::from(UNSEEN)) && self.box_room(&frame);
        if boxed {
            self.reach_box(start, marks, &frame)?;
        } else {
            self.reach(start, marks)?;
        }
        let size = self.states.len() as u64;
        let Some((moves, hardest)) = self.distances()? else {
            if boxed {
                self.clear_box();
            }
            return Ok(Facts {
                size,
                solvable: false,
                line: None,
            });
        };
        let (space, distance) = (self.space, &self.distance);
        let slid = if boxed {
            let (boxes, places) = (&self.boxes, &self.places);
            slid_pieces(space, hardest, |s| {
                let i = *places.get(boxes.place(space, &frame, s))?;
                distance.get(i as usize).copied()
            })?
        } else {
            let index = &self.index;
            slid_pieces(space, hardest, |s| Some(distance[index.get(s)? as usize]))?
        };
        if boxed {
            self.clear_box();
        }
        self.finish(size, moves, hardest, &slid)
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
        let space = self.space;
        if space.is_seed(cells) {
            let tuple = space.row_tuple_rank(s) as usize;
            marks.set(self.offsets[tuple] + space.column_rank(s, cells));
        }
    }

    /// Makes room for one board's moves in the box path's lists.
    #[inline]
    fn room(&mut self) -> Result<(), SweepError> {
        let more = 2 * self.space.n * self.space.n;
        let what = "a cluster's boards";
        if self.nodes.capacity() - self.nodes.len() < more {
            self.ledger.grow(&mut self.nodes, more, what)?;
        }
        if self.states.capacity() - self.states.len() < more {
            self.ledger.grow(&mut self.states, more, what)?;
        }
        if self.edges.capacity() - self.edges.len() < more {
            self.ledger
                .grow(&mut self.edges, more, "a cluster's moves")?;
        }
        Ok(())
    }

    /// Whether the places of `frame` fit the budget (grown to it when they do): a box
    /// too large for what is left takes the hashed path instead.
    fn box_room(&mut self, frame: &Frame) -> bool {
        let size = frame.size as usize;
        if self.places.len() < size {
            let more = size - self.places.len();
            if self.ledger.take::<u32>("a cluster's box", more).is_err() {
                return false;
            }
            self.places.resize(size, UNSEEN);
        }
        true
    }

    /// The box path of [`Explorer::reach`]: the cluster of `start` numbered through the
    /// places of `frame` instead of a hashed index, each move read from [`Steps`] (the
    /// placement reached and how far the place moves).
    fn reach_box(&mut self, start: State, marks: &Marks, frame: &Frame) -> Result<(), SweepError> {
        let space = self.space;
        let n = space.n;
        self.states.clear();
        self.nodes.clear();
        self.edges.clear();
        self.edge_starts.clear();
        let first = self.boxes.place(space, frame, start);
        self.places[first] = 0;
        self.room()?;
        self.states.push(start);
        self.nodes.push(Node {
            at: first as u32,
            cells: space.cells(start),
        });
        let mut stride = [0i64; 16];
        for (l, d) in stride.iter_mut().enumerate().take(2 * n) {
            *d = frame.stride(l) as i64;
        }
        let width = space.width;
        let mut next = 0;
        while next < self.states.len() {
            self.room()?;
            let s = self.states[next];
            let Node { at, cells } = self.nodes[next];
            next += 1;
            self.mark_seed(s, &cells, marks);
            let edge = u32::try_from(self.edges.len()).map_err(|_| SweepError::ClusterTooLarge)?;
            self.ledger
                .push(&mut self.edge_starts, edge, "a cluster's moves")?;
            let (steps, places) = (&self.steps, &mut self.places);
            let (states, nodes, edges) = (&mut self.states, &mut self.nodes, &mut self.edges);
            steps.for_each(s, &cells, width, |l, e, step| {
                // A place of the box: the line's rank stays within its group.
                let to = (i64::from(at) + i64::from(step.rank) * stride[l]) as usize;
                let mut j = places[to];
                if j == UNSEEN {
                    // Below the box's size, itself at most `UNSEEN`.
                    j = states.len() as u32;
                    places[to] = j;
                    let t = step.to as usize;
                    states.push(space.with_field(s, l, t));
                    nodes.push(Node {
                        at: to as u32,
                        cells: space.moved_cells(&cells, l, e, t),
                    });
                }
                edges.push(j);
            });
        }
        let edge = u32::try_from(self.edges.len()).map_err(|_| SweepError::ClusterTooLarge)?;
        self.ledger
            .push(&mut self.edge_starts, edge, "a cluster's moves")?;
        Ok(())
    }

    /// Every place the last cluster took back to [`UNSEEN`].
    fn clear_box(&mut self) {
        for node in &self.nodes {
            self.places[node.at as usize] = UNSEEN;
        }
    }

    /// Every board of the cluster of `start` into `states`; its seeds marked.
    fn reach(&mut self, start: State, marks: &Marks) -> Result<(), SweepError> {
        let space = self.space;
        self.index.clear();
        self.states.clear();
        self.nodes.clear();
        self.edges.clear();
        self.edge_starts.clear();
        self.add(start)?;
        let mut next = 0;
        let mut found = std::mem::take(&mut self.found);
        while next < self.states.len() {
            let s = self.states[next];
            next += 1;
            let cells = space.cells(s);
            self.mark_seed(s, &cells, marks);
            found.clear();
            space.for_each_neighbour_of(s, &cells, |t| found.push(t));
            let at = u32::try_from(self.edges.len()).map_err(|_| SweepError::ClusterTooLarge)?;
            self.ledger
                .push(&mut self.edge_starts, at, "a cluster's moves")?;
            for &t in &found {
                let j = self.add(t)?;
                self.ledger.push(&mut self.edges, j, "a cluster's moves")?;
            }
        }
        let at = u32::try_from(self.edges.len()).map_err(|_| SweepError::ClusterTooLarge)?;
        self.ledger
            .push(&mut self.edge_starts, at, "a cluster's moves")?;
        self.found = found;
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

    /// Distances to the nearest solved board; the greatest and the hardest board (the
    /// smallest key among the farthest), or `None` when nothing is solved.
    fn distances(&mut self) -> Result<Option<(u32, State)>, SweepError> {
        let len = self.states.len();
        self.distance.clear();
        if len > self.distance.capacity() {
            let more = len - self.distance.capacity();
            self.ledger
                .grow(&mut self.distance, more, "a cluster's distances")?;
        }
        self.distance.resize(len, FAR);
        self.queue.clear();
        for i in 0..len {
            if self.space.solved(self.states[i]) {
                self.distance[i] = 0;
                self.queue.push(i as u32);
            }
        }
        if self.queue.is_empty() {
            return Ok(None);
        }
        let (edges, starts) = (&self.edges, &self.edge_starts);
        let (distance, queue) = (&mut self.distance, &mut self.queue);
        let mut next = 0;
        while next < queue.len() {
            let i = queue[next] as usize;
            next += 1;
            let d = distance[i] + 1;
            for &j in &edges[starts[i] as usize..starts[i + 1] as usize] {
                if distance[j as usize] == FAR {
                    distance[j as usize] = d;
                    queue.push(j);
                }
            }
        }
        // Moves are reversible, so the search back reaches the whole cluster; the
        // farthest boards close the queue.
        if queue.len() != len {
            return Err(SweepError::Internal("a board the search back missed"));
        }
        let far = queue.last().map_or(0, |&i| distance[i as usize]);
        // The key from the cells the box path keeps, else from the board.
        let (space, nodes, states) = (self.space, &self.nodes, &self.states);
        let key = |i: usize| match nodes.get(i) {
            Some(node) => (node.cells.horizontal, node.cells.vertical),
            None => space.key(states[i]),
        };
        let hardest = queue
            .iter()
            .rev()
            .map(|&i| i as usize)
            .take_while(|&i| distance[i] == far)
            .min_by_key(|&i| key(i))
            .map(|i| states[i])
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
            return Ok(space.pieces(hardest).len() == 1);
        }
        for (l, k) in space.pieces(hardest).into_iter().skip(1) {
            if slid.contains(&(l, k)) {
                continue;
            }
            if !self.solves_within(space.without(hardest, l, k), moves.saturating_sub(1))? {
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

/// The pieces (line, index) one optimal solution of `from` slides, read off the
/// distances that `lookup` gives (`None` outside the cluster).
fn slid_pieces(
    space: &Space,
    from: State,
    lookup: impl Fn(State) -> Option<u16>,
) -> Result<Vec<(usize, usize)>, SweepError> {
    let mut slid = Vec::new();
    let mut s = from;
    let mut d = lookup(s).ok_or(SweepError::Internal("a board outside its cluster"))?;
    while d > 0 {
        let mut step = None;
        space.for_each_neighbour(s, |t| {
            if step.is_none() && lookup(t) == Some(d - 1) {
                step = Some(t);
            }
        });
        let t = step.ok_or(SweepError::Internal("no step towards the exit"))?;
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
        s = t;
        d -= 1;
    }
    Ok(slid)
}
