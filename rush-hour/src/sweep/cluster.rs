//! One cluster (the boards linked by moves to a seed): found by a breadth-first search
//! from the seed (its moves kept as lists of indices), then each board's distance to the
//! nearest solved board by a search backwards from all solved boards at once over those
//! lists, its hardest board (the smallest key among the farthest), and Fogleman's
//! minimality test of that board.

use super::marks::Marks;
use super::space::{Space, State};
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
}

/// Not yet reached by the backward search.
const FAR: u16 = u16::MAX;

impl<'a> Explorer<'a> {
    /// A worker over `space`, its lists charged to `ledger`.
    pub fn new(
        space: &'a Space,
        offsets: &'a [u64],
        mut ledger: Ledger,
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
        })
    }

    /// Explores the cluster of seed `start`, marking every seed of it (itself included)
    /// so that no later start finds it again.
    pub fn explore(&mut self, start: State, marks: &Marks) -> Result<Facts, SweepError> {
        self.reach(start, marks)?;
        let size = self.states.len() as u64;
        let Some((moves, hardest)) = self.distances()? else {
            return Ok(Facts {
                size,
                solvable: false,
                line: None,
            });
        };
        let line = if self.minimal(hardest, moves)? {
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
            if space.is_seed(&cells) {
                let tuple = space.row_tuple_rank(s) as usize;
                marks.set(self.offsets[tuple] + space.column_rank(s, &cells));
            }
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
    /// `hardest` lowers its fewest moves. The pieces an optimal solution slides pass.
    fn minimal(&mut self, hardest: State, moves: u32) -> Result<bool, SweepError> {
        let space = self.space;
        if moves == 0 {
            // Nothing can lower 0 moves: only the red car alone is minimal.
            return Ok(space.pieces(hardest).len() == 1);
        }
        let slid = self.slid_pieces(hardest)?;
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

    /// The pieces (line, index) one optimal solution of `from` slides, read off the
    /// distances.
    fn slid_pieces(&self, from: State) -> Result<Vec<(usize, usize)>, SweepError> {
        let space = self.space;
        let lookup = |s: State| -> Result<u16, SweepError> {
            let i = self
                .index
                .get(s)
                .ok_or(SweepError::Internal("a board outside its cluster"))?;
            Ok(self.distance[i as usize])
        };
        let mut slid = Vec::new();
        let mut s = from;
        let mut d = lookup(s)?;
        while d > 0 {
            let mut step = None;
            space.for_each_neighbour(s, |t| {
                if step.is_none() && lookup(t).ok() == Some(d - 1) {
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
