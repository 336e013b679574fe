//! The fast solver.
//!
//! A state is (piece cell, side of the piece the blank is on); the board is padded with a
//! border of fixed cells and a state's index is `cell * 4 + side`, so every table is a flat
//! array. Two kinds of edges:
//!
//! - the piece slides into the blank: cost 1, the blank ends up on the opposite side;
//! - the blank walks from one side of the piece to another without crossing the piece: the
//!   cost is precomputed once per board for every cell and pair of sides. Most need no
//!   search (2 around a free corner, 4 around a free flank); sides that the cell separates
//!   (different biconnected components of the board) are never searched for; the cells of a
//!   one-wide corridor share one cost, found by one BFS per corridor; the rest take a BFS
//!   that stops as soon as every side asked for is found.
//!
//! The state graph is undirected. Its connected components are labelled once per board, so
//! a query whose start and goal states share no component is answered `-1` at once. Each
//! query is an A* search over the states with a monotone bucket queue (a ring of buckets
//! with a bitmap of the non-empty ones). The start states enter it as seeds with a lower
//! bound of the blank's walk to them; the exact walks come from one A* search of the blank
//! towards the piece, resumed only when a seed comes out of the queue. The heuristic is the
//! maximum of two consistent lower bounds: the exact cost on an empty unbounded board (a
//! closed formula, tabulated per board), and landmark bounds from up to four landmark
//! states whose distances to every state are computed once per board (when there are
//! enough queries to pay for them). On boards with many fixed cells the landmarks alone
//! serve (a consistent bound too), as the empty-board cost rarely adds to them there.
//!
//! The path is rebuilt by expanding each edge of the optimal state path back into the
//! blank's actual walk (a BFS per side-to-side step on the path only).

// Sides are numbers 0..4 indexing several tables at once; index loops read best here.
#![allow(clippy::needless_range_loop)]

use crate::{Board, Query};
use grid_common::{Dir, Pos};

const INF: u32 = u32::MAX;
const NONE: u32 = u32::MAX;
/// The most landmarks a solver uses.
pub const LANDMARKS: usize = 4;
/// Marks a queue item as a start seed (the side in its low bits), not a state.
const SEED: u32 = 1 << 31;
/// The index of an unordered pair of distinct sides in a cell's table of six costs.
const PAIR: [[usize; 4]; 4] = [[6, 0, 1, 2], [0, 6, 3, 4], [1, 3, 6, 5], [2, 4, 5, 6]];

/// The board is too large for 32-bit state indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge;

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the board is too large (at most 2^29 cells with a border around it)"
        )
    }
}

impl std::error::Error for TooLarge {}

/// The solver for one board: precomputed tables plus scratch space reused by every query.
#[derive(Clone, Debug)]
pub struct Solver {
    rows: usize,
    cols: usize,
    width: usize,
    delta: [usize; 4],
    /// Per side, the step in state indices of the piece sliding into the blank there
    /// (the blank ends up on the opposite side).
    slide: [usize; 4],
    open: Vec<bool>,
    /// Per padded cell, its row and column in the padded board.
    coords: std::sync::Arc<[(u32, u32)]>,
    /// The empty-board cost ([`empty_board_cost`]) by row distance, column distance and the
    /// blank's side relative to the piece's way: `(rows * cols + cols) * 4 + class`.
    empty_cost: std::sync::Arc<[u32]>,
    /// Per padded cell, the blank's cost between each unordered pair of its sides ([`PAIR`]).
    side_cost: Vec<[u32; 6]>,
    /// Per state, the blank's cost to the other sides of its cell in the order the search
    /// tries them ([`other_sides`]): the two beside, then the opposite one.
    turn_cost: Vec<[u32; 3]>,
    /// Per state, its connected component in the state graph (`NONE` for invalid states).
    component: Vec<u32>,
    /// The largest finite edge cost.
    max_cost: u32,
    /// Each state's distance from each landmark (`INF` when unreachable, or for a missing
    /// landmark); empty without landmarks.
    landmark_dist: Vec<[u32; LANDMARKS]>,
    /// `landmark_dist` in 16 bits (`u16::MAX` for `INF`) when every finite distance fits,
    /// for a cheaper estimate; empty otherwise.
    landmark_short: Vec<[u16; LANDMARKS]>,
    // Scratch for the blank's BFS.
    mark: Vec<u32>,
    mark_stamp: u32,
    bfs_dist: Vec<u32>,
    bfs_from: Vec<u8>,
    queue: Vec<u32>,
    /// The search of the blank towards the piece at the start of each query.
    blank_search: BlankSearch,
    // Scratch for the searches over states.
    /// Per state, what the current query's search knows of it (one cache line holds four).
    nodes: Vec<Node>,
    search_stamp: u32,
    buckets: Buckets,
    /// States expanded by the last query (for measurements).
    expanded: usize,
    /// False for a plain Dijkstra search (tests).
    use_heuristic: bool,
    /// The estimate takes the empty-board cost into account (see [`wants_empty_bound`]).
    empty_bound: bool,
}

/// What a query's search knows of a state: `stamp` is `2 * query stamp` once seen (then
/// `g`, its best cost so far, `h`, its estimate, and `parent` are valid) and one more once
/// expanded.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    stamp: u32,
    g: u32,
    h: u32,
    parent: u32,
}

/// What the search of one query found.
struct Found {
    moves: u32,
    goal: u32,
}

impl Solver {
    /// Precomputes the side-to-side costs and the components of `board`, with the number of
    /// landmarks suited to many queries.
    pub fn new(board: &Board) -> Result<Solver, TooLarge> {
        Solver::for_queries(board, usize::MAX)
    }

    /// Like [`Solver::new`], with the number of landmarks suited to `queries` queries (their
    /// precomputation pays off only over enough queries).
    pub fn for_queries(board: &Board, queries: usize) -> Result<Solver, TooLarge> {
        let open = board.open.cells().iter().filter(|&&o| o).count();
        let fixed = board.open.len() - open;
        Solver::with_landmarks(board, default_landmarks(open, fixed, queries))
    }

    /// Like [`Solver::new`] with `landmarks` landmark states (at most [`LANDMARKS`]; 0
    /// disables them).
    pub fn with_landmarks(board: &Board, landmarks: usize) -> Result<Solver, TooLarge> {
        let (rows, cols) = (board.rows(), board.cols());
        let width = cols.checked_add(2).ok_or(TooLarge)?;
        let padded = rows
            .checked_add(2)
            .and_then(|r| r.checked_mul(width))
            .filter(|&p| p < 1 << 29)
            .ok_or(TooLarge)?;
        let mut open = vec![false; padded];
        for pos in board.open.positions() {
            open[(pos.row + 1) * width + pos.col + 1] = board.is_open(pos);
        }
        let delta = [width.wrapping_neg(), width, usize::MAX, 1];
        let mut solver = Solver {
            rows,
            cols,
            width,
            delta,
            slide: std::array::from_fn(|side| {
                (delta[side] << 2).wrapping_add(side ^ 1).wrapping_sub(side)
            }),
            open,
            coords: (0..padded)
                .map(|c| ((c / width) as u32, (c % width) as u32))
                .collect(),
            empty_cost: empty_cost_table(rows, cols).into(),
            side_cost: vec![[INF; 6]; padded],
            turn_cost: Vec::new(),
            component: vec![NONE; padded * 4],
            max_cost: 1,
            landmark_dist: Vec::new(),
            landmark_short: Vec::new(),
            mark: vec![0; padded],
            mark_stamp: 0,
            bfs_dist: vec![0; padded],
            bfs_from: vec![0; padded],
            queue: Vec::new(),
            blank_search: BlankSearch::default(),
            nodes: vec![Node::default(); padded * 4],
            search_stamp: 0,
            buckets: Buckets::default(),
            expanded: 0,
            use_heuristic: true,
            empty_bound: true,
        };
        solver.blank_search = BlankSearch::new(&solver, landmarks > 0);
        solver.compute_side_costs();
        solver.turn_cost = (0..padded * 4)
            .map(|state| {
                let (costs, side) = (&solver.side_cost[state >> 2], state & 3);
                other_sides(side).map(|other| costs[PAIR[side][other]])
            })
            .collect();
        solver.compute_components();
        solver
            .buckets
            .reserve_span(2 * solver.max_cost as usize + 2);
        solver.compute_landmarks(landmarks);
        let fixed = board.open.cells().iter().filter(|&&o| !o).count();
        let short = !solver.landmark_short.is_empty();
        solver.empty_bound = wants_empty_bound(short, fixed, board.open.len());
        Ok(solver)
    }

    /// Turns the A* heuristic off (a plain Dijkstra search) or back on, for tests and
    /// measurements.
    pub fn set_heuristic(&mut self, on: bool) {
        self.use_heuristic = on;
    }

    /// Number of cells the blank's search took out of its queue in the last query.
    pub fn blank_expanded(&self) -> usize {
        self.blank_search.expanded
    }

    /// Number of states expanded by the last query's search (0 when it needed none).
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// The fewest moves for `query`, or `None` when the piece cannot reach the target or the
    /// query is invalid (blank on the piece; blank, piece or target off the board or on a
    /// fixed cell).
    pub fn solve(&mut self, query: &Query) -> Option<u64> {
        self.search(query).map(|found| u64::from(found.moves))
    }

    /// Like [`Solver::solve`], with one shortest sequence of blank moves.
    pub fn solve_with_path(&mut self, query: &Query) -> Option<Vec<Dir>> {
        let found = self.search(query)?;
        let mut states = Vec::new();
        let mut at = found.goal;
        while at != NONE {
            states.push(at);
            at = self.nodes[at as usize].parent;
        }
        states.reverse();
        let mut path = Vec::with_capacity(found.moves as usize);
        let Some(&first) = states.first() else {
            return Some(path); // The piece starts on the target.
        };
        let piece = self.cell(query.piece);
        let first_side = (first & 3) as usize;
        path.extend(self.walk(
            self.cell(query.blank),
            piece.wrapping_add(self.delta[first_side]),
            piece,
        ));
        for pair in states.windows(2) {
            let (from, to) = (pair[0] as usize, pair[1] as usize);
            let (cell, side) = (from >> 2, from & 3);
            if to >> 2 == cell {
                let other = to & 3;
                let start = cell.wrapping_add(self.delta[side]);
                path.extend(self.walk(start, cell.wrapping_add(self.delta[other]), cell));
            } else {
                path.push(Dir::from_index(side ^ 1));
            }
        }
        Some(path)
    }

    fn cell(&self, pos: Pos) -> usize {
        (pos.row + 1) * self.width + pos.col + 1
    }

    fn on_board(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// The search of one query; leaves `parent` set along the way to the goal it returns.
    fn search(&mut self, query: &Query) -> Option<Found> {
        let landmarks = std::mem::take(&mut self.landmark_dist);
        let short = std::mem::take(&mut self.landmark_short);
        // Without the empty-board cost the estimate is the 16-bit landmark bound alone: a
        // search of its own, so that the usual one keeps its code as it was.
        let found = if self.empty_bound {
            self.search_with::<false>(query, &landmarks, &short)
        } else {
            self.search_with::<true>(query, &landmarks, &short)
        };
        self.landmark_dist = landmarks;
        self.landmark_short = short;
        found
    }

    /// The search, with `LANDMARKS_ONLY` as in [`Heuristic::estimate`].
    fn search_with<const LANDMARKS_ONLY: bool>(
        &mut self,
        query: &Query,
        landmarks: &[[u32; LANDMARKS]],
        short: &[[u16; LANDMARKS]],
    ) -> Option<Found> {
        self.expanded = 0;
        self.blank_search.expanded = 0;
        let Query {
            blank,
            piece,
            target,
        } = *query;
        if !(self.on_board(blank) && self.on_board(piece) && self.on_board(target)) {
            return None;
        }
        let (blank, piece, target) = (self.cell(blank), self.cell(piece), self.cell(target));
        if blank == piece || !self.open[blank] || !self.open[piece] || !self.open[target] {
            return None;
        }
        let stamp = self.next_search_stamp();
        if piece == target {
            return Some(Found {
                moves: 0,
                goal: NONE,
            });
        }
        // The components holding a goal state.
        let mut goal_components = [NONE; 4];
        for (side, slot) in goal_components.iter_mut().enumerate() {
            *slot = self.component[target * 4 + side];
        }
        // The blank's walk to each side of the piece.
        let mut sides = [usize::MAX; 4];
        let mut wanted = 0;
        for side in 0..4 {
            let state = piece * 4 + side;
            let component = self.component[state];
            if component != NONE && goal_components.contains(&component) {
                sides[side] = piece.wrapping_add(self.delta[side]);
                wanted += 1;
            }
        }
        if wanted == 0 {
            return None;
        }
        // Per landmark, the least and the greatest finite distance of a goal state: a state
        // at distance d from the landmark is at least lo - d or d - hi from every goal.
        let mut goal_distances = [[INF; 2]; LANDMARKS];
        // (A landmark out of the goal's component keeps lo = INF.)
        if let Some(goals) = landmarks.get(target * 4..target * 4 + 4) {
            for (j, bounds) in goal_distances.iter_mut().enumerate() {
                let finite = goals.iter().map(|d| d[j]).filter(|&d| d != INF);
                bounds[0] = finite.clone().min().unwrap_or(INF);
                bounds[1] = finite.max().unwrap_or(INF);
            }
        }
        let mut goal_set = goal_components.iter().filter(|&&c| c != NONE);
        let first_goal = goal_set.next().copied();
        let one_component = goal_set.all(|&c| Some(c) == first_goal);
        if one_component {
            for bounds in &mut goal_distances {
                if bounds[0] == INF {
                    *bounds = [0, INF];
                }
            }
        }
        let coords = std::sync::Arc::clone(&self.coords);
        let empty_cost = std::sync::Arc::clone(&self.empty_cost);
        let heuristic = Heuristic {
            one_component,
            coords: &coords,
            empty_cost: &empty_cost,
            cols: self.cols,
            target_row: coords[target].0,
            target_col: coords[target].1,
            landmarks,
            goal_distances,
            short,
            short_goal_distances: goal_distances.map(|pair| pair.map(to_short)),
            on: self.use_heuristic,
        };
        self.buckets.clear();
        // The start states enter the queue as seeds with a lower bound of the blank's walk
        // ([`BlankSearch::lower_bound`]); a seed's exact walk is searched for only when it
        // comes out of the queue, and most never do.
        let mut seeds: Vec<(u32, u32)> = Vec::with_capacity(4);
        for (side, &cell) in sides.iter().enumerate() {
            if cell == usize::MAX {
                continue;
            }
            let state = piece * 4 + side;
            let bound = if self.use_heuristic {
                self.blank_search.lower_bound(blank, cell)
            } else {
                0
            };
            seeds.push((
                bound + heuristic.estimate::<LANDMARKS_ONLY>(state),
                SEED | side as u32,
            ));
        }
        seeds.sort_unstable();
        for (priority, seed) in seeds {
            self.buckets.push(priority, seed);
        }
        // One A* search of the blank towards the piece, resumed each time a seed comes out
        // of the queue, finds the exact walks to the sides.
        self.blank_search.start(blank, piece, sides);
        let (seen, closed) = (2 * stamp, 2 * stamp + 1);
        while let Some(state) = self.buckets.pop() {
            if state & SEED != 0 {
                let side = (state & 3) as usize;
                let cost = self.blank_search.distance(side);
                let u = piece * 4 + side;
                let node = &mut self.nodes[u];
                if cost != INF && (node.stamp < seen || cost < node.g) {
                    if node.stamp < seen {
                        node.stamp = seen;
                        node.h = heuristic.estimate::<LANDMARKS_ONLY>(u);
                    }
                    node.g = cost;
                    node.parent = NONE;
                    let f = cost.saturating_add(node.h);
                    self.buckets.push(f, u as u32);
                }
                continue;
            }
            let u = state as usize;
            let node = &mut self.nodes[u];
            if node.stamp == closed {
                continue;
            }
            node.stamp = closed;
            self.expanded += 1;
            let g = node.g;
            let (cell, side) = (u >> 2, u & 3);
            if cell == target {
                return Some(Found {
                    moves: g,
                    goal: state,
                });
            }
            // The piece slides into the blank.
            let slid = u.wrapping_add(self.slide[side]);
            // Cheap moves first (the slide, the sides beside, the side opposite): among equal
            // priorities the queue takes the last pushed, so the deepest tie comes out first.
            let costs = self.turn_cost[u];
            let others = other_sides(side);
            let moves = [
                (slid, 1),
                ((cell << 2) | others[0], costs[0]),
                ((cell << 2) | others[1], costs[1]),
                ((cell << 2) | others[2], costs[2]),
            ];
            for (v, cost) in moves {
                if cost == INF {
                    continue;
                }
                let ng = g.saturating_add(cost);
                let node = &mut self.nodes[v];
                if node.stamp < seen {
                    // First seen in this query: its heuristic is computed once.
                    node.stamp = seen;
                    node.h = heuristic.estimate::<LANDMARKS_ONLY>(v);
                } else if ng >= node.g {
                    continue; // No better (and a closed state never is).
                }
                node.g = ng;
                node.parent = state;
                let f = ng.saturating_add(node.h);
                self.buckets.push(f, v as u32);
            }
        }
        None
    }

    /// A new query's stamp: its states are seen at `2 * stamp` and closed at `2 * stamp + 1`.
    fn next_search_stamp(&mut self) -> u32 {
        if self.search_stamp >= u32::MAX / 2 - 1 {
            self.nodes.fill(Node::default());
            self.search_stamp = 0;
        }
        self.search_stamp += 1;
        self.search_stamp
    }

    fn next_mark_stamp(&mut self) -> u32 {
        if self.mark_stamp == u32::MAX {
            self.mark.fill(0);
            self.mark_stamp = 0;
        }
        self.mark_stamp += 1;
        self.mark_stamp
    }

    /// BFS of the blank from `from`, never entering `blocked`, until the `wanted` cells of
    /// `targets` (`usize::MAX` for none) are all reached. The distance to each target.
    fn bfs(&mut self, from: usize, blocked: usize, targets: [usize; 4], wanted: usize) -> [u32; 4] {
        let stamp = self.next_mark_stamp();
        let mut found = [INF; 4];
        let mut left = wanted;
        self.mark[from] = stamp;
        self.bfs_dist[from] = 0;
        for (slot, &t) in targets.iter().enumerate() {
            if t == from {
                found[slot] = 0;
                left -= 1;
            }
        }
        if left == 0 {
            return found;
        }
        self.queue.clear();
        self.queue.push(from as u32);
        let mut head = 0;
        while head < self.queue.len() {
            let u = self.queue[head] as usize;
            head += 1;
            let d = self.bfs_dist[u] + 1;
            for dir in 0..4 {
                let v = u.wrapping_add(self.delta[dir]);
                if !self.open[v] || self.mark[v] == stamp || v == blocked {
                    continue;
                }
                self.mark[v] = stamp;
                self.bfs_dist[v] = d;
                self.bfs_from[v] = dir as u8;
                for (slot, &t) in targets.iter().enumerate() {
                    if t == v {
                        found[slot] = d;
                        left -= 1;
                    }
                }
                if left == 0 {
                    return found;
                }
                self.queue.push(v as u32);
            }
        }
        found
    }

    /// The blank's shortest walk from `from` to `to` avoiding `blocked` (which must exist).
    fn walk(&mut self, from: usize, to: usize, blocked: usize) -> Vec<Dir> {
        let found = self.bfs(from, blocked, [to, usize::MAX, usize::MAX, usize::MAX], 1);
        let mut path = Vec::with_capacity(found[0] as usize);
        if found[0] == INF {
            return path;
        }
        let mut at = to;
        while at != from {
            let dir = self.bfs_from[at] as usize;
            path.push(Dir::from_index(dir));
            at = at.wrapping_sub(self.delta[dir]);
        }
        path.reverse();
        path
    }

    fn compute_side_costs(&mut self) {
        let articulation = Articulation::new(self);
        let chain_cost = self.chain_costs();
        let mut max_cost = 1;
        for cell in 0..self.open.len() {
            if !self.open[cell] {
                continue;
            }
            let side_open: [bool; 4] =
                std::array::from_fn(|d| self.open[cell.wrapping_add(self.delta[d])]);
            let mut costs = [INF; 6];
            // For each side, the other sides still to be searched for from it.
            let mut needed = [[usize::MAX; 4]; 4];
            let mut needed_count = [0usize; 4];
            for a in 0..4 {
                for b in a + 1..4 {
                    if !side_open[a] || !side_open[b] {
                        continue;
                    }
                    if articulation.separates(cell, a, b) {
                        continue;
                    }
                    let near_a = cell.wrapping_add(self.delta[a]);
                    let quick = if b == a ^ 1 {
                        // Opposite sides: 4 around a free flank.
                        let flank_free = [2usize, 3].iter().any(|&f| {
                            let f = if a < 2 { f } else { f - 2 };
                            let near_b = cell.wrapping_add(self.delta[b]);
                            [near_a, cell, near_b]
                                .iter()
                                .all(|&c| self.open[c.wrapping_add(self.delta[f])])
                        });
                        flank_free.then_some(4)
                    } else {
                        // Neighbouring sides: 2 around a free corner.
                        self.open[near_a.wrapping_add(self.delta[b])].then_some(2)
                    };
                    match quick {
                        Some(cost) => costs[PAIR[a][b]] = cost,
                        // A cell inside a corridor: its chain's cost, found once per chain.
                        None if chain_cost[cell] != INF => costs[PAIR[a][b]] = chain_cost[cell],
                        None => {
                            needed[a][b] = cell.wrapping_add(self.delta[b]);
                            needed_count[a] += 1;
                        }
                    }
                }
            }
            for a in 0..4 {
                if needed_count[a] == 0 {
                    continue;
                }
                let from = cell.wrapping_add(self.delta[a]);
                let found = self.bfs(from, cell, needed[a], needed_count[a]);
                for b in 0..4 {
                    if needed[a][b] != usize::MAX {
                        costs[PAIR[a][b]] = found[b];
                    }
                }
            }
            for &c in &costs {
                if c != INF {
                    max_cost = max_cost.max(c);
                }
            }
            self.side_cost[cell] = costs;
        }
        self.max_cost = max_cost;
    }

    /// The number of open neighbours of an open cell.
    fn degree(&self, cell: usize) -> usize {
        (0..4)
            .filter(|&d| self.open[cell.wrapping_add(self.delta[d])])
            .count()
    }

    /// For every cell with exactly two open neighbours (a corridor cell), the blank's cost
    /// between its two sides around it; `INF` for the other cells and where no way exists.
    ///
    /// Corridor cells form chains `c_0 .. c_{L-1}` between two cells `X` and `Y` of another
    /// degree (or close into a ring). Around any `c_i` the blank must walk the chain to `X`,
    /// go from `X` to `Y` outside the chain, and walk back to the other side: `i` +
    /// `D(X, Y)` + `L - 1 - i` moves, the same for the whole chain, so one BFS serves it
    /// all (a ring of `L` cells costs `L - 2`). Without this, long winding one-wide
    /// corridors would take one long BFS per cell.
    fn chain_costs(&mut self) -> Vec<u32> {
        let cells = self.open.len();
        let mut cost = vec![INF; cells];
        let mut done = vec![false; cells];
        for start in 0..cells {
            if !self.open[start] || done[start] || self.degree(start) != 2 {
                continue;
            }
            let ends: Vec<usize> = (0..4)
                .map(|d| start.wrapping_add(self.delta[d]))
                .filter(|&c| self.open[c])
                .collect();
            // Walk each way until a cell of another degree, or back to the start (a ring).
            let mut halves = Vec::with_capacity(2);
            let mut ring = false;
            for &first in &ends {
                let (mut prev, mut at) = (start, first);
                let mut half = Vec::new();
                while at != start && self.degree(at) == 2 {
                    half.push(at);
                    let next = (0..4)
                        .map(|d| at.wrapping_add(self.delta[d]))
                        .find(|&c| self.open[c] && c != prev);
                    let Some(next) = next else { break };
                    (prev, at) = (at, next);
                }
                ring |= at == start;
                halves.push((half, at));
            }
            let mut chain = vec![start];
            let mut value = INF;
            if ring {
                chain.extend(&halves[0].0);
                value = chain.len() as u32 - 2;
            } else if let [(near_x, x), (near_y, y)] = halves.as_slice() {
                chain.extend(near_x);
                chain.extend(near_y);
                let (x, y) = (*x, *y);
                let length = chain.len() as u32;
                if self.degree(x) >= 3 && self.degree(y) >= 3 {
                    let around = if x == y {
                        0
                    } else {
                        // `start` blocked keeps the BFS out of the chain's way from X to Y.
                        let targets = [y, usize::MAX, usize::MAX, usize::MAX];
                        self.bfs(x, start, targets, 1)[0]
                    };
                    if around != INF {
                        value = length - 1 + around;
                    }
                }
            }
            for &c in &chain {
                done[c] = true;
                cost[c] = value;
            }
        }
        cost
    }

    fn compute_components(&mut self) {
        let states = self.open.len() * 4;
        let mut parent: Vec<u32> = (0..states as u32).collect();
        fn find(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                let up = parent[parent[x as usize] as usize];
                parent[x as usize] = up;
                x = up;
            }
            x
        }
        let valid = |s: &Solver, state: usize| {
            let cell = state >> 2;
            s.open[cell] && s.open[cell.wrapping_add(s.delta[state & 3])]
        };
        for state in 0..states {
            if !valid(self, state) {
                continue;
            }
            let (cell, side) = (state >> 2, state & 3);
            let mut join = |other: usize| {
                let (x, y) = (
                    find(&mut parent, state as u32),
                    find(&mut parent, other as u32),
                );
                if x != y {
                    parent[x as usize] = y;
                }
            };
            join((cell.wrapping_add(self.delta[side]) << 2) | (side ^ 1));
            for other in side + 1..4 {
                if self.side_cost[cell][PAIR[side][other]] != INF {
                    join((cell << 2) | other);
                }
            }
        }
        for state in 0..states {
            if valid(self, state) {
                self.component[state] = find(&mut parent, state as u32);
            }
        }
    }

    /// Chooses `count` landmark states, each as far as possible from the ones before
    /// (within the largest component of the state graph), and stores every state's
    /// distance from each, state by state (`count` distances a state, side by side).
    fn compute_landmarks(&mut self, count: usize) {
        self.landmark_dist = Vec::new();
        self.landmark_short = Vec::new();
        let count = count.min(LANDMARKS);
        if count == 0 {
            return;
        }
        let states = self.component.len();
        let mut sizes = vec![0u32; states];
        for &c in &self.component {
            if c != NONE {
                sizes[c as usize] += 1;
            }
        }
        let Some((largest, _)) = sizes.iter().enumerate().max_by_key(|&(_, &n)| n) else {
            return;
        };
        drop(sizes);
        let Some(start) = self.component.iter().position(|&c| c as usize == largest) else {
            return;
        };
        let mut nearest = self.distances_from(start);
        let mut all = Vec::with_capacity(count);
        for _ in 0..count {
            let far = nearest
                .iter()
                .enumerate()
                .filter(|&(_, &d)| d != INF)
                .max_by_key(|&(_, &d)| d);
            let Some((landmark, &d)) = far else { break };
            if d == 0 && !all.is_empty() {
                break;
            }
            let dist = self.distances_from(landmark);
            for (n, &d) in nearest.iter_mut().zip(&dist) {
                *n = (*n).min(d);
            }
            all.push(dist);
        }
        let mut per_state = vec![[INF; LANDMARKS]; states];
        for (j, dist) in all.iter().enumerate() {
            for (state, &d) in dist.iter().enumerate() {
                per_state[state][j] = d;
            }
        }
        let fits = per_state
            .iter()
            .flatten()
            .all(|&d| d == INF || d < u32::from(u16::MAX));
        if fits {
            self.landmark_short = per_state.iter().map(|ds| ds.map(to_short)).collect();
        }
        self.landmark_dist = per_state;
    }

    /// Every state's distance from `source` in the state graph (Dijkstra with the bucket
    /// queue), `INF` where it cannot go.
    fn distances_from(&mut self, source: usize) -> Vec<u32> {
        let mut dist = vec![INF; self.component.len()];
        let mut queue = std::mem::take(&mut self.buckets);
        queue.clear();
        dist[source] = 0;
        queue.push(0, source as u32);
        while let Some((d, state)) = queue.pop_with_priority() {
            let u = state as usize;
            if d > dist[u] {
                continue;
            }
            let (cell, side) = (u >> 2, u & 3);
            let slid = (cell.wrapping_add(self.delta[side]) << 2) | (side ^ 1);
            if d + 1 < dist[slid] {
                dist[slid] = d + 1;
                queue.push(d + 1, slid as u32);
            }
            let costs = self.side_cost[cell];
            for other in 0..4 {
                if other != side {
                    let cost = costs[PAIR[side][other]];
                    let v = (cell << 2) | other;
                    if cost != INF && d + cost < dist[v] {
                        dist[v] = d + cost;
                        queue.push(d + cost, v as u32);
                    }
                }
            }
        }
        self.buckets = queue;
        dist
    }
}

/// The resumable search of the blank towards the piece at the start of a query: the
/// blank's fewest moves to each side of the piece (never crossing it), found on demand.
///
/// It is an A* towards the piece's cell with the Manhattan distance to it as the bound, a
/// consistent lower bound of the walk to any of its sides; its priorities only grow by 0
/// or 2, so two stacks make its queue, and a side's distance is exact when it comes out.
#[derive(Clone, Debug, Default)]
struct BlankSearch {
    /// Per padded cell, a bit per direction whose neighbour is open.
    exits: Vec<u8>,
    delta: [usize; 4],
    /// Per padded cell, its row and column.
    coords: std::sync::Arc<[(u32, u32)]>,
    /// Per padded cell, `base` plus its distance from the blank once reached in this query;
    /// below `base` before.
    dist: Vec<u32>,
    base: u32,
    /// The cells whose move keeps the priority, and the cells one step of priority on.
    now: Vec<u32>,
    later: Vec<u32>,
    piece: (u32, u32),
    /// Per padded cell, its distance from one far cell in the graph of open cells (`INF`
    /// where unreachable): `|far[u] - far[piece]|` bounds the walk from `u` to the piece
    /// better than the Manhattan distance along winding corridors. Empty when unused.
    far: Vec<u32>,
    /// The piece's cell's entry in `far`.
    piece_far: u32,
    /// This query uses `far`: it bounds the blank's walk better at the start.
    use_far: bool,
    /// The cells of the sides wanted (`usize::MAX` for the others).
    sides: [usize; 4],
    /// The fewest moves to each side found so far (`INF` until found).
    distance: [u32; 4],
    exhausted: bool,
    /// Cells taken out of the stacks since the last reset (for measurements).
    expanded: usize,
}

impl BlankSearch {
    /// The search for the board of `solver`, with the bound from a far cell when `far`.
    fn new(solver: &Solver, far: bool) -> BlankSearch {
        let exits = (0..solver.open.len())
            .map(|cell| {
                let open = |d: usize| solver.open[cell.wrapping_add(solver.delta[d])];
                if !solver.open[cell] {
                    return 0;
                }
                (0..4)
                    .filter(|&d| open(d))
                    .fold(0u8, |bits, d| bits | 1 << d)
            })
            .collect();
        let mut search = BlankSearch {
            exits,
            delta: solver.delta,
            coords: std::sync::Arc::clone(&solver.coords),
            dist: vec![0; solver.open.len()],
            ..BlankSearch::default()
        };
        if far {
            if let Some(start) = solver.open.iter().position(|&o| o) {
                let from_start = search.cell_distances(start);
                let farthest = (0..from_start.len())
                    .filter(|&c| from_start[c] != INF)
                    .max_by_key(|&c| from_start[c])
                    .unwrap_or(start);
                search.far = search.cell_distances(farthest);
            }
        }
        search
    }

    /// Every cell's distance from `source` in the graph of open cells, `INF` where it
    /// cannot go.
    fn cell_distances(&mut self, source: usize) -> Vec<u32> {
        let mut dist = vec![INF; self.exits.len()];
        let queue = &mut self.now;
        queue.clear();
        dist[source] = 0;
        queue.push(source as u32);
        let mut head = 0;
        while let Some(&u) = queue.get(head) {
            head += 1;
            let u = u as usize;
            let mut ways = self.exits[u];
            while ways != 0 {
                let v = u.wrapping_add(self.delta[ways.trailing_zeros() as usize]);
                ways &= ways - 1;
                if dist[v] == INF {
                    dist[v] = dist[u] + 1;
                    queue.push(v as u32);
                }
            }
        }
        dist
    }

    /// Starts a query's search from the cell `blank`, with `piece` blocked and the sides
    /// `sides` wanted.
    fn start(&mut self, blank: usize, piece: usize, sides: [usize; 4]) {
        let span = self.dist.len() as u32 + 1;
        if self.base >= u32::MAX - 2 * span {
            self.dist.fill(0);
            self.base = 0;
        }
        // Every distance of the last query lies below the new base.
        self.base += span;
        self.dist[blank] = self.base;
        // Seen at distance 0, the piece's cell is never entered.
        self.dist[piece] = self.base;
        self.piece = self.coords[piece];
        self.piece_far = self.far.get(piece).copied().unwrap_or(0);
        let (br, bc) = self.coords[blank];
        let manhattan = br.abs_diff(self.piece.0) + bc.abs_diff(self.piece.1);
        self.use_far = self
            .far
            .get(blank)
            .is_some_and(|&f| f.abs_diff(self.piece_far) > manhattan);
        self.sides = sides;
        self.distance = [INF; 4];
        self.exhausted = false;
        self.now.clear();
        self.later.clear();
        self.now.push(blank as u32);
    }

    /// The blank's fewest moves to the side `side` of the piece (`INF` when it cannot get
    /// there), resuming the search.
    fn distance(&mut self, side: usize) -> u32 {
        if self.distance[side] == INF && !self.exhausted {
            // The stacks as locals, so that the loop keeps them in registers.
            let mut now = std::mem::take(&mut self.now);
            let mut later = std::mem::take(&mut self.later);
            let reached = if !self.use_far {
                self.resume::<false>(&mut now, &mut later, side)
            } else {
                self.resume::<true>(&mut now, &mut later, side)
            };
            self.exhausted = !reached;
            self.now = now;
            self.later = later;
        }
        self.distance[side]
    }

    /// A lower bound of the blank's walk from `from` to `to`: their Manhattan distance, and
    /// their difference in distance from the far cell (the triangle inequality in the graph
    /// of open cells, where blocking the piece only lengthens walks).
    fn lower_bound(&self, from: usize, to: usize) -> u32 {
        let ((ar, ac), (br, bc)) = (self.coords[from], self.coords[to]);
        let manhattan = ar.abs_diff(br) + ac.abs_diff(bc);
        match (self.far.get(from), self.far.get(to)) {
            (Some(&a), Some(&b)) if a != INF && b != INF => manhattan.max(a.abs_diff(b)),
            _ => manhattan,
        }
    }

    /// Runs the search until the side `side` is reached (true) or every cell the blank can
    /// reach is expanded (false). With `FAR`, the bound is the larger of the Manhattan
    /// distance and the one from the far cell; both have the parity of the Manhattan
    /// distance, so a move still changes the bound by exactly one.
    fn resume<const FAR: bool>(
        &mut self,
        now: &mut Vec<u32>,
        later: &mut Vec<u32>,
        side: usize,
    ) -> bool {
        let (base, (pr, pc), sides) = (self.base, self.piece, self.sides);
        let (exits, coords, dist) = (&self.exits[..], &self.coords[..], &mut self.dist[..]);
        let (far, piece_far) = (&self.far[..], self.piece_far);
        let mut expanded = 0;
        let reached = loop {
            let Some(u) = now.pop() else {
                if later.is_empty() {
                    break false;
                }
                std::mem::swap(now, later);
                continue;
            };
            expanded += 1;
            // A cell improved since it was queued is expanded again, harmlessly.
            let u = u as usize;
            let d = dist[u].wrapping_sub(base);
            let (ur, uc) = coords[u];
            let manhattan = ur.abs_diff(pr) + uc.abs_diff(pc);
            if manhattan == 1 {
                for s in 0..4 {
                    if sides[s] == u && self.distance[s] == INF {
                        self.distance[s] = d;
                    }
                }
            }
            // The directions that bring the blank closer to the piece keep the priority.
            let closer = u8::from(ur > pr)
                | u8::from(ur < pr) << 1
                | u8::from(uc > pc) << 2
                | u8::from(uc < pc) << 3;
            let bound = if FAR {
                manhattan.max(far[u].abs_diff(piece_far))
            } else {
                manhattan
            };
            let mut ways = exits[u];
            while ways != 0 {
                let dir = ways.trailing_zeros() as usize;
                ways &= ways - 1;
                let v = u.wrapping_add(self.delta[dir]);
                if dist[v].wrapping_sub(base) <= d + 1 {
                    continue;
                }
                dist[v] = base + d + 1;
                let keeps = if FAR {
                    let nearer = closer & 1 << dir != 0;
                    let manhattan = if nearer { manhattan - 1 } else { manhattan + 1 };
                    manhattan.max(far[v].abs_diff(piece_far)) < bound
                } else {
                    closer & 1 << dir != 0
                };
                if keeps {
                    now.push(v as u32);
                } else {
                    later.push(v as u32);
                }
            }
            if self.distance[side] != INF {
                break true;
            }
        };
        self.expanded += expanded;
        reached
    }
}

/// The other sides of a cell than `side`, in the order the search tries them: the two
/// beside it, then the opposite one.
#[inline]
fn other_sides(side: usize) -> [usize; 3] {
    if side < 2 {
        [2, 3, side ^ 1]
    } else {
        [0, 1, side ^ 1]
    }
}

/// The default number of landmarks for a board with `open` movable and `fixed` fixed cells
/// and `queries` queries: none on a board without fixed cells (the empty-board bound is
/// nearly exact there) or when too few queries would share their cost, else four.
fn default_landmarks(open: usize, fixed: usize, queries: usize) -> usize {
    if fixed == 0 || queries.saturating_mul(64) < open {
        0
    } else {
        4
    }
}

/// Whether the estimate should also take the empty-board cost on a board with `fixed` fixed
/// cells out of `cells`, given whether there are landmark distances in 16 bits.
///
/// Either way the estimate is a maximum of consistent lower bounds, so it is consistent
/// and the search exact; this only trades the work per estimate against the states
/// expanded. Where fixed cells are many (a fifth of the board or more: walls, lattices,
/// winding corridors) the empty-board cost, blind to them, rarely beats the landmarks and
/// costs more than the few states it saves; with fewer fixed cells it pays.
fn wants_empty_bound(landmarks: bool, fixed: usize, cells: usize) -> bool {
    !landmarks || fixed.saturating_mul(5) < cells
}

/// A distance in 16 bits: `INF` becomes `u16::MAX` (finite distances must be smaller).
fn to_short(d: u32) -> u16 {
    u16::try_from(d).unwrap_or(u16::MAX)
}

/// The A* heuristic of one query.
struct Heuristic<'a> {
    coords: &'a [(u32, u32)],
    empty_cost: &'a [u32],
    cols: usize,
    target_row: u32,
    target_col: u32,
    landmarks: &'a [[u32; LANDMARKS]],
    goal_distances: [[u32; 2]; LANDMARKS],
    /// `landmarks` in 16 bits (empty when they do not fit) and `goal_distances` likewise.
    short: &'a [[u16; LANDMARKS]],
    short_goal_distances: [[u16; 2]; LANDMARKS],
    /// All the goal states lie in one component (the usual case).
    one_component: bool,
    on: bool,
}

impl Heuristic<'_> {
    /// The estimate of `state`; with `LANDMARKS_ONLY` (for boards where
    /// [`wants_empty_bound`] is false) the 16-bit landmark bound alone when it applies.
    #[inline(always)]
    fn estimate<const LANDMARKS_ONLY: bool>(&self, state: usize) -> u32 {
        if !self.on {
            return 0;
        }
        if LANDMARKS_ONLY && self.one_component {
            if let Some(here) = self.short.get(state) {
                let mut most = 0u16;
                for j in 0..LANDMARKS {
                    let (d, [lo, hi]) = (here[j], self.short_goal_distances[j]);
                    most = most.max(lo.saturating_sub(d)).max(d.saturating_sub(hi));
                }
                return u32::from(most);
            }
        }
        let (row, col) = self.coords[state >> 2];
        let side = state & 3;
        let (a, b) = (row.abs_diff(self.target_row), col.abs_diff(self.target_col));
        // The side's class: ahead or behind on the piece's vertical way, then horizontal.
        let class = if side < 2 {
            let up = row > self.target_row;
            usize::from(up != (side == 0))
        } else {
            let left = col > self.target_col;
            2 + usize::from(left != (side == 2))
        };
        let index = (a as usize * self.cols + b as usize) * 4 + class;
        let mut best = self.empty_cost.get(index).copied().unwrap_or(0);
        if self.one_component {
            if let Some(here) = self.short.get(state) {
                // The same bound in 16-bit lanes (`u16::MAX` for `INF` saturates alike).
                let mut most = 0u16;
                for j in 0..LANDMARKS {
                    let (d, [lo, hi]) = (here[j], self.short_goal_distances[j]);
                    most = most.max(lo.saturating_sub(d)).max(d.saturating_sub(hi));
                }
                return best.max(u32::from(most));
            }
        }
        if let Some(here) = self.landmarks.get(state) {
            if self.one_component {
                // Every state searched lies in the goal's one component: its distances from
                // the landmarks there are finite, and the others have lo = 0, hi = INF.
                for j in 0..LANDMARKS {
                    let (d, [lo, hi]) = (here[j], self.goal_distances[j]);
                    best = best.max(lo.saturating_sub(d)).max(d.saturating_sub(hi));
                }
            } else {
                for j in 0..LANDMARKS {
                    let (d, [lo, hi]) = (here[j], self.goal_distances[j]);
                    // Unreachable landmarks (other components) bound nothing.
                    if d != INF && lo != INF {
                        best = best.max(lo.saturating_sub(d)).max(d.saturating_sub(hi));
                    }
                }
            }
        }
        best
    }
}

/// [`empty_board_cost`] tabulated for every distance on a `rows` x `cols` board and each
/// class of side: ahead on the vertical way, behind it, ahead on the horizontal way, behind.
fn empty_cost_table(rows: usize, cols: usize) -> Vec<u32> {
    let mut table = Vec::with_capacity(rows * cols * 4);
    for a in 0..rows as i64 {
        for b in 0..cols as i64 {
            // With these non-negative offsets the piece's way is up (0) and left (2), or down
            // (1) and right (3) along an axis where it is already in line.
            let up = if a > 0 { 0 } else { 1 };
            let left = if b > 0 { 2 } else { 3 };
            for side in [up, up ^ 1, left, left ^ 1] {
                table.push(empty_board_cost(a, b, side));
            }
        }
    }
    table
}

/// The exact fewest moves on an empty unbounded board for a piece `rows` rows and `cols`
/// columns away from its target (piece minus target) with the blank on side `side` of it.
/// A lower bound on any board: fixed cells and edges only remove moves.
pub fn empty_board_cost(rows: i64, cols: i64, side: usize) -> u32 {
    let (a, b) = (rows.unsigned_abs(), cols.unsigned_abs());
    if a == 0 && b == 0 {
        return 0;
    }
    // The piece must go up (0) or down (1), and left (2) or right (3).
    let vertical = if rows > 0 { 0 } else { 1 };
    let horizontal = if cols > 0 { 2 } else { 3 };
    // The first step costs 1 with the blank in front, 3 beside, 5 behind; then a step costs
    // 3 after a turn and 5 straight on, and the turns are as many as the axes allow.
    let first =
        |dir: usize| -> i64 { 3 + 2 * i64::from(side == dir ^ 1) - 2 * i64::from(side == dir) };
    let (a, b) = (a.min(1 << 40) as i64, b.min(1 << 40) as i64);
    let cost = if b == 0 {
        first(vertical) + 5 * (a - 1)
    } else if a == 0 {
        first(horizontal) + 5 * (b - 1)
    } else {
        let up_down_first = first(vertical) - 2 * (2 * b).min(2 * a - 1);
        let sideways_first = first(horizontal) - 2 * (2 * a).min(2 * b - 1);
        5 * (a + b - 1) + up_down_first.min(sideways_first)
    };
    u32::try_from(cost).unwrap_or(u32::MAX - 1)
}

/// Which pairs of sides of a cell the cell separates: the edges from the cell to those two
/// sides lie in different biconnected components of the board's graph of open cells.
struct Articulation {
    /// Per padded cell and side, the biconnected component of the edge to that side.
    edge_component: Vec<u32>,
}

impl Articulation {
    /// Labels every edge between open cells with its biconnected component (Tarjan's
    /// algorithm with an explicit stack, so that huge boards cannot overflow the call stack).
    fn new(solver: &Solver) -> Articulation {
        let cells = solver.open.len();
        let mut edge_component = vec![NONE; cells * 4];
        let mut disc = vec![0u32; cells];
        let mut low = vec![0u32; cells];
        let mut time = 0u32;
        let mut next_component = 0u32;
        // DFS frames: (cell, the direction it was entered by, or 4 for a root; next direction).
        let mut frames: Vec<(usize, usize, usize)> = Vec::new();
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for root in 0..cells {
            if !solver.open[root] || disc[root] != 0 {
                continue;
            }
            time += 1;
            disc[root] = time;
            low[root] = time;
            frames.push((root, 4, 0));
            while let Some(frame) = frames.last_mut() {
                let (u, entered, next) = *frame;
                if next < 4 {
                    frame.2 += 1;
                    let v = u.wrapping_add(solver.delta[next]);
                    if !solver.open[v] || (entered < 4 && next == entered ^ 1) {
                        continue;
                    }
                    if disc[v] == 0 {
                        edges.push((u, next));
                        time += 1;
                        disc[v] = time;
                        low[v] = time;
                        frames.push((v, next, 0));
                    } else if disc[v] < disc[u] {
                        edges.push((u, next));
                        low[u] = low[u].min(disc[v]);
                    }
                    continue;
                }
                frames.pop();
                if entered == 4 {
                    continue;
                }
                let parent = u.wrapping_sub(solver.delta[entered]);
                low[parent] = low[parent].min(low[u]);
                if low[u] >= disc[parent] {
                    // The edges above the tree edge parent -> u form one component.
                    while let Some((a, dir)) = edges.pop() {
                        edge_component[a * 4 + dir] = next_component;
                        let b = a.wrapping_add(solver.delta[dir]);
                        edge_component[b * 4 + (dir ^ 1)] = next_component;
                        if a == parent && dir == entered {
                            break;
                        }
                    }
                    next_component += 1;
                }
            }
        }
        Articulation { edge_component }
    }

    /// True when the cell separates its sides `a` and `b`: no walk joins them around it.
    fn separates(&self, cell: usize, a: usize, b: usize) -> bool {
        match (
            self.edge_component.get(cell * 4 + a),
            self.edge_component.get(cell * 4 + b),
        ) {
            (Some(x), Some(y)) => x != y,
            _ => false,
        }
    }
}

/// A monotone priority queue: a ring of buckets indexed by priority, with a bitmap of the
/// non-empty ones. Priorities pushed must lie in `current..current + span` (it grows if not).
///
/// The item last pushed at the current priority waits in `top` instead of its bucket: it
/// would be the next one popped (a bucket is a stack), so an A* whose best child keeps the
/// priority hands it straight back without touching the ring. The order of the pops is
/// exactly that of the ring alone.
#[derive(Clone, Debug)]
struct Buckets {
    buckets: Vec<Vec<u32>>,
    bits: Vec<u64>,
    current: u32,
    /// Counts the item in `top` too.
    len: usize,
    /// The logical top of the current bucket (`NONE` when it is in the ring or absent).
    top: u32,
}

impl Default for Buckets {
    fn default() -> Buckets {
        Buckets {
            buckets: Vec::new(),
            bits: Vec::new(),
            current: 0,
            len: 0,
            top: NONE,
        }
    }
}

impl Buckets {
    fn reserve_span(&mut self, span: usize) {
        let size = span.next_power_of_two().max(64);
        if size > self.buckets.len() {
            let base = self.current;
            self.rebuild(size, base);
        }
    }

    /// Moves every item into a ring of `size` buckets starting at priority `base` (every
    /// item's priority must lie in `base..base + size`).
    fn rebuild(&mut self, size: usize, base: u32) {
        let mut items = Vec::with_capacity(self.len);
        while let Some(item) = self.pop_with_priority() {
            items.push(item);
        }
        if size != self.buckets.len() {
            self.buckets = vec![Vec::new(); size];
            self.bits = vec![0; size / 64];
        }
        self.current = base;
        for (priority, item) in items {
            self.insert(priority, item);
        }
    }

    fn clear(&mut self) {
        for (w, word) in self.bits.iter_mut().enumerate() {
            let mut rest = *word;
            while rest != 0 {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.buckets[w * 64 + bit].clear();
            }
            *word = 0;
        }
        self.len = 0;
        self.top = NONE;
    }

    #[inline(always)]
    fn push(&mut self, priority: u32, item: u32) {
        if self.len == 0 {
            self.current = priority;
        }
        if priority == self.current && !self.buckets.is_empty() {
            // The new top of the current bucket; the old one goes under it.
            let under = std::mem::replace(&mut self.top, item);
            self.len += 1;
            if under != NONE {
                self.len -= 1;
                self.insert(priority, under);
            }
            return;
        }
        let ahead = priority.wrapping_sub(self.current) as usize;
        if ahead < self.buckets.len() {
            self.insert(priority, item);
        } else {
            self.push_far(priority, item);
        }
    }

    #[cold]
    fn push_far(&mut self, priority: u32, item: u32) {
        // With a consistent heuristic the priorities stay within the ring (only the start
        // states may come in any order); stay correct whatever comes.
        let low = self.current.min(priority);
        let high = self.max_priority().max(priority);
        let span = (high - low) as usize + 1;
        if low < self.current || span > self.buckets.len() {
            let size = span.next_power_of_two().max(self.buckets.len()).max(64);
            self.rebuild(size, low);
        }
        self.insert(priority, item);
    }

    /// The largest priority the ring can hold without growing.
    fn max_priority(&self) -> u32 {
        self.current
            .saturating_add(self.buckets.len().saturating_sub(1) as u32)
    }

    #[inline]
    fn insert(&mut self, priority: u32, item: u32) {
        let slot = priority as usize & (self.buckets.len() - 1);
        self.buckets[slot].push(item);
        self.bits[slot / 64] |= 1 << (slot % 64);
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        self.pop_with_priority().map(|(_, item)| item)
    }

    #[inline]
    fn pop_with_priority(&mut self) -> Option<(u32, u32)> {
        if self.top != NONE {
            let item = std::mem::replace(&mut self.top, NONE);
            self.len -= 1;
            return Some((self.current, item));
        }
        // Most other pops come from the current bucket: that path is inlined.
        let slot = self.current as usize & self.buckets.len().wrapping_sub(1);
        if let Some(bucket) = self.buckets.get_mut(slot) {
            if let Some(item) = bucket.pop() {
                if bucket.is_empty() {
                    self.bits[slot / 64] &= !(1 << (slot % 64));
                }
                self.len -= 1;
                return Some((self.current, item));
            }
        }
        self.pop_further()
    }

    /// A pop from a bucket after the current one (the current one is empty).
    #[inline(never)]
    fn pop_further(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        let span = self.buckets.len();
        let start = self.current as usize & (span - 1);
        let words = self.bits.len();
        let mut w = start / 64;
        let mut word = self.bits[w] & (u64::MAX << (start % 64));
        let mut steps = 0;
        while word == 0 {
            w = (w + 1) % words;
            word = self.bits[w];
            steps += 1;
            if steps > words {
                // Wrapped to the start word: look at its low bits.
                break;
            }
        }
        let slot = w * 64 + word.trailing_zeros() as usize;
        let ahead = slot.wrapping_sub(start) & (span - 1);
        self.current += ahead as u32;
        let item = self.buckets[slot].pop()?;
        if self.buckets[slot].is_empty() {
            self.bits[slot / 64] &= !(1 << (slot % 64));
        }
        self.len -= 1;
        Some((self.current, item))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_board_formula_matches_a_search() {
        // Dijkstra from the goal states over a bounded empty board wide enough that the
        // border does not matter for the offsets checked.
        let (reach, margin) = (9i64, 6i64);
        let side = 2 * (reach + margin) + 1;
        let rows: Vec<String> = (0..side).map(|_| "1".repeat(side as usize)).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let board = Board::from_rows(&rows).expect("a board");
        let mut solver = Solver::with_landmarks(&board, 0).expect("a solver");
        solver.set_heuristic(false);
        let center = (reach + margin) as usize;
        let mut buckets = 0;
        for dr in -reach..=reach {
            for dc in -reach..=reach {
                let piece = Pos::new((center as i64 + dr) as usize, (center as i64 + dc) as usize);
                for (s, dir) in Dir::ALL.into_iter().enumerate() {
                    let Some(blank) = piece.offset(dir) else {
                        continue;
                    };
                    let q = Query {
                        blank,
                        piece,
                        target: Pos::new(center, center),
                    };
                    let exact = solver.solve(&q).expect("solvable");
                    assert_eq!(
                        u64::from(empty_board_cost(dr, dc, s)),
                        exact,
                        "{dr} {dc} {s}"
                    );
                    buckets += 1;
                }
            }
        }
        assert_eq!(buckets, 19 * 19 * 4);
    }
}
