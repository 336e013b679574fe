//! Landmarks: a few states whose distances to every state are computed once per board, for
//! the estimate's landmark bounds ([`super::estimate`]).

use super::buckets::Buckets;
use super::sides::PAIR;
use super::tables::Geometry;
use super::INF;
use grid_common::Dir;

/// The most landmarks a solver uses.
pub const LANDMARKS: usize = 4;

/// Every state's distance from each landmark.
#[derive(Clone, Debug, Default)]
pub(super) struct Landmarks {
    /// Per state, its distance from each landmark (`INF` when unreachable, or for a missing
    /// landmark); empty without landmarks.
    pub dist: Vec<[u32; LANDMARKS]>,
    /// `dist` in 16 bits (`u16::MAX` for `INF`) when every finite distance fits, for a
    /// cheaper estimate; empty otherwise.
    pub short: Vec<[u16; LANDMARKS]>,
}

/// The state graph the landmark distances are taken in.
pub(super) struct StateGraph<'a> {
    /// The board.
    pub geometry: &'a Geometry,
    /// Per padded cell, the side-to-side costs ([`PAIR`]).
    pub side_cost: &'a [[u32; 6]],
    /// Per state, its connected component (`NONE` for invalid states).
    pub component: &'a [u32],
}

impl Landmarks {
    /// Chooses `count` landmark states, each as far as possible from the ones before
    /// (within the largest component of the state graph), and stores every state's
    /// distance from each, state by state (`count` distances a state, side by side).
    /// `queue` is the Dijkstra searches' queue; it sets `over_budget` when it would outgrow
    /// its budget (the distances are then not to be trusted).
    pub fn new(count: usize, graph: &StateGraph<'_>, queue: &mut Buckets) -> Landmarks {
        let count = count.min(LANDMARKS);
        if count == 0 {
            return Landmarks::default();
        }
        let states = graph.component.len();
        let mut sizes = vec![0u32; states];
        for &c in graph.component {
            if c != super::NONE {
                sizes[c as usize] += 1;
            }
        }
        let Some((largest, _)) = sizes.iter().enumerate().max_by_key(|&(_, &n)| n) else {
            return Landmarks::default();
        };
        drop(sizes);
        let Some(start) = graph.component.iter().position(|&c| c as usize == largest) else {
            return Landmarks::default();
        };
        let mut nearest = distances_from(graph, start, queue);
        let mut dist = vec![[INF; LANDMARKS]; states];
        for j in 0..count {
            let far = nearest
                .iter()
                .enumerate()
                .filter(|&(_, &d)| d != INF)
                .max_by_key(|&(_, &d)| d);
            let Some((landmark, &d)) = far else { break };
            if d == 0 && j > 0 {
                break;
            }
            let from_landmark = distances_from(graph, landmark, queue);
            for ((n, per_state), &d) in nearest.iter_mut().zip(&mut dist).zip(&from_landmark) {
                *n = (*n).min(d);
                per_state[j] = d;
            }
        }
        drop(nearest);
        let fits = dist
            .iter()
            .flatten()
            .all(|&d| d == INF || d < u32::from(u16::MAX));
        let short = if fits {
            dist.iter().map(|ds| ds.map(to_short)).collect()
        } else {
            Vec::new()
        };
        Landmarks { dist, short }
    }

    /// True when there are landmark distances in 16 bits.
    pub fn has_short(&self) -> bool {
        !self.short.is_empty()
    }
}

/// Every state's distance from `source` in the state graph (Dijkstra with the bucket
/// queue), `INF` where it cannot go.
fn distances_from(graph: &StateGraph<'_>, source: usize, queue: &mut Buckets) -> Vec<u32> {
    let delta = graph.geometry.delta;
    let mut dist = vec![INF; graph.component.len()];
    queue.clear();
    dist[source] = 0;
    queue.push(0, source as u32);
    while let Some((d, state)) = queue.pop_with_priority() {
        let u = state as usize;
        if d > dist[u] {
            continue;
        }
        let (cell, side) = (u >> 2, u & 3);
        let slid = (cell.wrapping_add(delta[side]) << 2) | Dir::opposite_index(side);
        if d + 1 < dist[slid] {
            dist[slid] = d + 1;
            queue.push(d + 1, slid as u32);
        }
        let costs = graph.side_cost[cell];
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
    dist
}

/// A distance in 16 bits: `INF` becomes `u16::MAX` (finite distances must be smaller).
pub(super) fn to_short(d: u32) -> u16 {
    u16::try_from(d).unwrap_or(u16::MAX)
}
