//! One cluster (the boards linked by moves to a seed): found by a breadth-first search
//! from the seed, then each board's distance to the nearest solved board by a search
//! backwards from all solved boards at once, its hardest board (the smallest key among
//! the farthest), and Fogleman's minimality test of that board.
//!
//! Two ways, one answer: when the cluster's box ([`super::dense`]) is small enough, the
//! boards are numbered by their place in it and the distances kept in a flat array over
//! the box (the usual case); otherwise a hashed index numbers them and the moves are kept
//! as lists of indices. Both searches are the same breadth-first searches over the same
//! moves, so the distances, the hardest board and the line are the same.

use super::dense::{Boxes, Frame};
use super::marks::Marks;
use super::space::{Cells, Space, State};
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
    dense_limit: u64,
    /// Per place of the box: [`UNSEEN`], [`SEEN`] or a distance (the box path).
    near: Vec<u8>,
    nodes: Vec<Node>,
    back: Vec<Node>,
}

/// A board of the box path: the board, its place, its cells.
#[derive(Clone, Copy)]
struct Node {
    s: State,
    at: u32,
    cells: Cells,
}

/// Not yet reached by the backward search.
const FAR: u16 = u16::MAX;
/// A place of the box no board of the cluster holds (yet): every place between clusters.
const UNSEEN: u8 = u8::MAX;
/// A place reached by the forward search, its distance not yet known.
const SEEN: u8 = u8::MAX - 1;

impl<'a> Explorer<'a> {
    /// A worker over `space`, its lists charged to `ledger`; clusters whose box has at
    /// most `dense_limit` places take the box path.
    pub fn new(
        space: &'a Space,
        offsets: &'a [u64],
        mut ledger: Ledger,
        dense_limit: u64,
    ) -> Result<Self, SweepError> {
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
            boxes: Boxes::new(space),
            dense_limit,
            near: Vec::new(),
            nodes: Vec::new(),
            back: Vec::new(),
        })
    }

    /// Explores the cluster of seed `start`, marking every seed of it (itself included)
    /// so that no later start finds it again.
    pub fn explore(&mut self, start: State, marks: &Marks) -> Result<Facts, SweepError> {
        let frame = self.boxes.frame(self.space, start);
        if frame.size <= self.dense_limit {
            if let Some(facts) = self.explore_box(start, marks, &frame)? {
                return Ok(facts);
            }
        }
        self.reach(start, marks)?;
        let size = self.states.len() as u64;
        let Some((moves, hardest)) = self.distances()? else {
            return Ok(Facts {
                size,
                solvable: false,
                line: None,
            });
        };
        let lookup = |s: State| {
            let i = self.index.get(s)?;
            Some(self.distance[i as usize])
        };
        let slid = slid_pieces(self.space, hardest, lookup)?;
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
    fn room(&mut self) -> Result<(), SweepError> {
        let more = 2 * self.space.n * self.space.n;
        let what = "a cluster's boards";
        if self.nodes.capacity() - self.nodes.len() < more {
            self.ledger.grow(&mut self.nodes, more, what)?;
        }
        if self.back.capacity() - self.back.len() < more {
            self.ledger.grow(&mut self.back, more, what)?;
        }
        Ok(())
    }

    /// The box path: the cluster of `start` numbered by place in `frame`, its distances
    /// in `near`. `None` when a distance does not fit a byte (then the hashed path runs).
    fn explore_box(
        &mut self,
        start: State,
        marks: &Marks,
        frame: &Frame,
    ) -> Result<Option<Facts>, SweepError> {
        let space = self.space;
        let size = frame.size as usize;
        if self.near.len() < size {
            let more = size - self.near.len();
            self.ledger.take::<u8>("a cluster's box", more)?;
            self.near.resize(size, UNSEEN);
        }
        self.nodes.clear();
        self.back.clear();
        let first = self.boxes.place(space, frame, start);
        self.near[first] = SEEN;
        self.room()?;
        self.nodes.push(Node {
            s: start,
            at: first as u32,
            cells: space.cells(start),
        });
        let mut next = 0;
        while next < self.nodes.len() {
            self.room()?;
            let Node { s, at, cells } = self.nodes[next];
            next += 1;
            self.mark_seed(s, &cells, marks);
            let node = Node { s, at, cells };
            let (boxes, near) = (&self.boxes, &mut self.near);
            visit(
                space,
                boxes,
                frame,
                near,
                &mut self.nodes,
                node,
                (UNSEEN, SEEN),
            );
        }
        let count = self.nodes.len() as u64;
        for node in &self.nodes {
            if space.solved(node.s) {
                self.near[node.at as usize] = 0;
                self.back.push(*node);
            }
        }
        if self.back.is_empty() {
            self.clear_box();
            return Ok(Some(Facts {
                size: count,
                solvable: false,
                line: None,
            }));
        }
        let mut next = 0;
        while next < self.back.len() {
            self.room()?;
            let Node { s, at, cells } = self.back[next];
            next += 1;
            let d = self.near[at as usize] + 1;
            if d >= SEEN {
                self.clear_box();
                return Ok(None);
            }
            let node = Node { s, at, cells };
            let (boxes, near) = (&self.boxes, &mut self.near);
            visit(space, boxes, frame, near, &mut self.back, node, (SEEN, d));
        }
        // Breadth-first: the farthest boards come last.
        let far = self.back.last().map_or(0, |n| self.near[n.at as usize]);
        let hardest = self
            .back
            .iter()
            .rev()
            .take_while(|n| self.near[n.at as usize] == far)
            .map(|n| n.s)
            .min_by_key(|&s| space.key(s))
            .ok_or(SweepError::Internal("an empty cluster"))?;
        let lookup = |s: State| {
            let at = self.boxes.place(space, frame, s);
            let d = *self.near.get(at)?;
            (d < SEEN).then_some(u16::from(d))
        };
        let slid = slid_pieces(space, hardest, lookup)?;
        self.clear_box();
        self.finish(count, u32::from(far), hardest, &slid).map(Some)
    }

    /// Every place the last cluster took back to [`UNSEEN`].
    fn clear_box(&mut self) {
        for node in &self.nodes {
            self.near[node.at as usize] = UNSEEN;
        }
    }

    /// Every board of the cluster of `start` into `states`; its seeds marked.
    fn reach(&mut self, start: State, marks: &Marks) -> Result<(), SweepError> {
        let space = self.space;
        self.index.clear();
        self.states.clear();
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
        let mut next = 0;
        while next < self.queue.len() {
            let i = self.queue[next] as usize;
            next += 1;
            let d = self.distance[i] + 1;
            let (from, to) = (
                self.edge_starts[i] as usize,
                self.edge_starts[i + 1] as usize,
            );
            for k in from..to {
                let j = self.edges[k] as usize;
                if self.distance[j] == FAR {
                    self.distance[j] = d;
                    self.queue.push(j as u32);
                }
            }
        }
        let far = self.distance.iter().copied().max().unwrap_or(0);
        let hardest = (0..len)
            .filter(|&i| self.distance[i] == far)
            .map(|i| self.states[i])
            .min_by_key(|&s| self.space.key(s))
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

/// Every board one move from `node` whose place in `frame` holds `from` gets `to` there
/// and joins `queue` (which has room for them).
#[inline]
fn visit(
    space: &Space,
    boxes: &Boxes,
    frame: &Frame,
    near: &mut [u8],
    queue: &mut Vec<Node>,
    node: Node,
    (from, to): (u8, u8),
) {
    space.for_each_slide(node.s, &node.cells, |l, e, t, u| {
        let at = boxes.moved(frame, node.at as usize, l, e, t);
        if near[at] == from {
            near[at] = to;
            queue.push(Node {
                s: u,
                at: at as u32,
                cells: space.moved_cells(&node.cells, l, e, t),
            });
        }
    });
}
