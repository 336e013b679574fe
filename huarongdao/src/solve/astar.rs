//! The A* search of one query over the states (piece cell, side of the piece the blank is
//! on), with the per-query scratch it works in ([`Scratch`]).
//!
//! Edges: the piece slides into the blank (cost 1, the blank ends up on the opposite
//! side), or the blank walks from one side of the piece to another without crossing it
//! (the side-to-side cost, [`super::sides`]). The start states enter the queue as seeds
//! with a lower bound of the blank's walk to them; the exact walks come from one search of
//! the blank towards the piece ([`BlankSearch`]), resumed only when a seed comes out of the
//! queue. The estimate ([`Heuristic`]) is consistent and the queue monotone, so the first
//! goal state taken out of the queue has the fewest moves.

// Sides and directions are numbers 0..4 indexing several tables at once; index loops read
// best here.
#![allow(clippy::needless_range_loop)]

use super::blank::{Bfs, BlankSearch};
use super::buckets::Buckets;
use super::estimate::{Heuristic, BOTH, EMPTY_BOARD, LANDMARKS_ONLY};
use super::landmarks::{to_short, LANDMARKS};
use super::sides::other_sides;
use super::tables::Tables;
use super::{INF, NONE};
use crate::case::Query;
use itertools::Itertools;

/// Marks a queue item as a start seed (the side in its low bits), not a state.
const SEED: u32 = 1 << 31;

/// What a query's search knows of a state: `stamp` is `2 * query stamp` once seen (then
/// `g`, its best cost so far, `h`, its estimate, and `parent` are valid) and one more once
/// expanded.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    stamp: u32,
    g: u32,
    h: u32,
    /// The state it was reached from (`NONE` for a start state).
    pub parent: u32,
}

/// The per-query scratch, reused by every query on the board.
#[derive(Clone, Debug)]
pub(super) struct Scratch {
    /// Per state, what the current query's search knows of it (one cache line holds four).
    pub nodes: Vec<Node>,
    stamp: u32,
    /// The search's queue.
    pub buckets: Buckets,
    /// The search of the blank towards the piece at the start of each query.
    pub blank: BlankSearch,
    /// The blank's BFS, for the side-to-side costs and for rebuilding paths.
    pub bfs: Bfs,
    /// The bytes the two queues may hold together.
    spare: usize,
}

/// What the search of one query found.
pub(super) struct Found {
    /// The fewest moves.
    pub moves: u32,
    /// The goal state reached (`NONE` when the piece starts on the target).
    pub goal: u32,
}

/// Counters of the last query, for measurements.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// States expanded by the search over states.
    pub expanded: usize,
    /// Cells the blank's search took out of its queue.
    pub blank_expanded: usize,
}

impl Scratch {
    /// Scratch for `states` states and `cells` padded cells; `buckets` and `blank` are
    /// the queues (built within their budgets).
    pub fn new(states: usize, buckets: Buckets, blank: BlankSearch, bfs: Bfs) -> Scratch {
        Scratch {
            nodes: vec![Node::default(); states],
            stamp: 0,
            buckets,
            blank,
            bfs,
            spare: usize::MAX,
        }
    }

    /// The bytes the queues hold.
    pub fn queue_bytes(&self) -> usize {
        self.buckets.held() + self.blank.held()
    }

    /// A new query's stamp: its states are seen at `2 * stamp` and closed at `2 * stamp + 1`.
    fn next_stamp(&mut self) -> u32 {
        let clear = || self.nodes.fill(Node::default());
        super::blank::next_stamp(&mut self.stamp, u32::MAX / 2 - 1, clear)
    }

    /// The search of one query; leaves `parent` set along the way to the goal it returns.
    /// `None` when the piece cannot reach the target or the query is invalid. Its queues
    /// hold at most `spare` bytes together (past it, their `over_budget` is set and the
    /// answer means nothing).
    pub fn search(
        &mut self,
        tables: &Tables,
        query: &Query,
        heuristic: bool,
        spare: usize,
        stats: &mut Stats,
    ) -> Option<Found> {
        *stats = Stats::default();
        self.blank.expanded = 0;
        self.spare = spare;
        self.buckets.limit = spare.saturating_sub(self.blank.held());
        // A search for each kind of estimate, so that none tests for the others' bounds.
        let found = if tables.landmarks.dist.is_empty() {
            self.search_with::<EMPTY_BOARD>(tables, query, heuristic, stats)
        } else if tables.empty_bound {
            self.search_with::<BOTH>(tables, query, heuristic, stats)
        } else {
            self.search_with::<LANDMARKS_ONLY>(tables, query, heuristic, stats)
        };
        stats.blank_expanded = self.blank.expanded;
        found
    }

    /// The search, with the estimate's `BOUNDS` as in [`Heuristic::estimate`].
    fn search_with<const BOUNDS: u8>(
        &mut self,
        tables: &Tables,
        query: &Query,
        use_heuristic: bool,
        stats: &mut Stats,
    ) -> Option<Found> {
        let geometry = &tables.geometry;
        let Query {
            blank,
            piece,
            target,
        } = *query;
        let [blank, piece, target] = geometry.cells([blank, piece, target])?;
        let open = &geometry.open;
        if blank == piece || !open[blank] || !open[piece] || !open[target] {
            return None;
        }
        let stamp = self.next_stamp();
        if piece == target {
            return Some(Found {
                moves: 0,
                goal: NONE,
            });
        }
        // The components holding a goal state.
        let goal_components: [u32; 4] =
            std::array::from_fn(|side| tables.component[target * 4 + side]);
        // The blank's walk to each side of the piece.
        let mut sides = [usize::MAX; 4];
        let mut wanted = 0;
        for side in 0..4 {
            let component = tables.component[piece * 4 + side];
            if component != NONE && goal_components.contains(&component) {
                sides[side] = piece.wrapping_add(geometry.delta[side]);
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
        if let Some(goals) = tables.landmarks.dist.get(target * 4..target * 4 + 4) {
            for (j, bounds) in goal_distances.iter_mut().enumerate() {
                let finite = goals.iter().map(|d| d[j]).filter(|&d| d != INF);
                if let Some((lo, hi)) = finite.minmax().into_option() {
                    *bounds = [lo, hi];
                }
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
        let heuristic = Heuristic {
            one_component,
            coords: &geometry.coords,
            empty_cost: &tables.empty_cost,
            cols: geometry.board.cols(),
            target: geometry.coords[target],
            landmarks: &tables.landmarks.dist,
            short: &tables.landmarks.short,
            goal_distances,
            short_goal_distances: goal_distances.map(|pair| pair.map(to_short)),
            on: use_heuristic,
        };
        self.buckets.clear();
        // The start states enter the queue as seeds with a lower bound of the blank's walk
        // ([`BlankBoard::lower_bound`]); a seed's exact walk is searched for only when it
        // comes out of the queue, and most never do.
        let mut seeds: Vec<(u32, u32)> = Vec::with_capacity(4);
        for (side, &cell) in sides.iter().enumerate() {
            if cell == usize::MAX {
                continue;
            }
            let state = piece * 4 + side;
            let bound = if use_heuristic {
                tables.blank.lower_bound(geometry, blank, cell)
            } else {
                0
            };
            seeds.push((
                bound + heuristic.estimate::<BOUNDS>(state),
                SEED | side as u32,
            ));
        }
        seeds.sort_unstable();
        for (priority, seed) in seeds {
            self.buckets.push(priority, seed);
        }
        // One search of the blank towards the piece, resumed each time a seed comes out of
        // the queue, finds the exact walks to the sides.
        self.blank
            .start(geometry, &tables.blank, blank, piece, sides);
        let (seen, closed) = (2 * stamp, 2 * stamp + 1);
        let mut expanded = 0;
        while let Some(state) = self.buckets.pop() {
            if state & SEED != 0 {
                let side = (state & 3) as usize;
                let limit = self.spare.saturating_sub(self.buckets.held());
                let cost = self.blank.distance(geometry, &tables.blank, side, limit);
                self.buckets.limit = self.spare.saturating_sub(self.blank.held());
                let u = piece * 4 + side;
                let node = &mut self.nodes[u];
                if cost != INF && (node.stamp < seen || cost < node.g) {
                    if node.stamp < seen {
                        node.stamp = seen;
                        node.h = heuristic.estimate::<BOUNDS>(u);
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
            expanded += 1;
            let g = node.g;
            let (cell, side) = (u >> 2, u & 3);
            if cell == target {
                stats.expanded = expanded;
                return Some(Found {
                    moves: g,
                    goal: state,
                });
            }
            // The piece slides into the blank.
            let slid = u.wrapping_add(tables.slide[side]);
            // Cheap moves first (the slide, the sides beside, the side opposite): among equal
            // priorities the queue takes the last pushed, so the deepest tie comes out first.
            let costs = tables.turn_cost[u];
            let others = other_sides(side);
            // Each move in turn, written out (the four bodies, each with its estimate
            // inlined, are what the search spends its time in).
            macro_rules! relax {
                ($v:expr, $cost:expr) => {
                    'relax: {
                        let (v, cost): (usize, u32) = ($v, $cost);
                        if cost == INF {
                            break 'relax;
                        }
                        let ng = g.saturating_add(cost);
                        let node = &mut self.nodes[v];
                        if node.stamp < seen {
                            // First seen in this query: its heuristic is computed once.
                            node.stamp = seen;
                            node.h = heuristic.estimate::<BOUNDS>(v);
                        } else if ng >= node.g {
                            break 'relax; // No better (and a closed state never is).
                        }
                        node.g = ng;
                        node.parent = state;
                        let f = ng.saturating_add(node.h);
                        self.buckets.push(f, v as u32);
                    }
                };
            }
            relax!(slid, 1);
            relax!((cell << 2) | others[0], costs[0]);
            relax!((cell << 2) | others[1], costs[1]);
            relax!((cell << 2) | others[2], costs[2]);
        }
        stats.expanded = expanded;
        None
    }
}
