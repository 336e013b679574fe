//! The side-to-side costs: for every cell and pair of its sides, the blank's fewest moves
//! from one side to the other without crossing the cell (where the piece stands).
//!
//! Most need no search: 2 around a free corner, 4 around a free flank. Sides that the cell
//! separates (the edges to them lie in different biconnected components of the board's
//! graph of open cells) are never searched for. The cells of a one-wide corridor share one
//! cost, found by one BFS per corridor ([`chain_costs`]). The rest take a BFS that stops as
//! soon as every side asked for is found.

// Sides are numbers 0..4 indexing several tables at once; index loops read best here.
#![allow(clippy::needless_range_loop)]

use super::blank::Bfs;
use super::tables::Geometry;
use super::{INF, NONE};
use grid_common::Dir;

/// The index of an unordered pair of distinct sides in a cell's table of six costs.
pub(super) const PAIR: [[usize; 4]; 4] = [[6, 0, 1, 2], [0, 6, 3, 4], [1, 3, 6, 5], [2, 4, 5, 6]];

/// Per side (a [`Dir`] index), whether it is above or below the cell.
pub(super) const VERTICAL: [bool; 4] = {
    let mut table = [false; 4];
    let mut side = 0;
    while side < 4 {
        table[side] = Dir::ALL[side].is_vertical();
        side += 1;
    }
    table
};

/// Per side, the other sides of a cell in the order the search tries them: the two beside
/// it, then the opposite one.
const OTHER_SIDES: [[usize; 3]; 4] = {
    let mut table = [[0; 3]; 4];
    let mut side = 0;
    while side < 4 {
        let dir = Dir::ALL[side];
        let turned = dir.clockwise();
        table[side] = [
            turned.index(),
            turned.opposite().index(),
            dir.opposite().index(),
        ];
        // The two beside in index order (up before down, left before right).
        if table[side][0] > table[side][1] {
            table[side] = [table[side][1], table[side][0], table[side][2]];
        }
        side += 1;
    }
    table
};

/// The other sides of a cell than `side`, in the order the search tries them: the two
/// beside it, then the opposite one.
#[inline(always)]
pub(super) fn other_sides(side: usize) -> [usize; 3] {
    OTHER_SIDES[side & 3]
}

/// Per padded cell, the blank's cost between each unordered pair of its sides ([`PAIR`];
/// `INF` where it cannot go around), and the largest finite cost.
pub(super) fn side_costs(geometry: &Geometry, bfs: &mut Bfs) -> (Vec<[u32; 6]>, u32) {
    let Geometry { open, delta, .. } = geometry;
    let articulation = Articulation::new(geometry);
    let chain_cost = chain_costs(geometry, bfs);
    let mut side_cost = vec![[INF; 6]; open.len()];
    let mut max_cost = 1;
    for cell in 0..open.len() {
        if !open[cell] {
            continue;
        }
        let side_open: [bool; 4] = std::array::from_fn(|d| open[cell.wrapping_add(delta[d])]);
        let mut costs = [INF; 6];
        // For each side, the other sides still to be searched for from it.
        let mut needed = [[usize::MAX; 4]; 4];
        let mut needed_count = [0usize; 4];
        for a in 0..4 {
            for b in a + 1..4 {
                if !side_open[a] || !side_open[b] || articulation.separates(cell, a, b) {
                    continue;
                }
                let near_a = cell.wrapping_add(delta[a]);
                let quick = if b == Dir::opposite_index(a) {
                    // Opposite sides: 4 around a free flank.
                    let near_b = cell.wrapping_add(delta[b]);
                    let [flank, other_flank, _] = other_sides(a);
                    let flank_free = [flank, other_flank].iter().any(|&f| {
                        [near_a, cell, near_b]
                            .iter()
                            .all(|&c| open[c.wrapping_add(delta[f])])
                    });
                    flank_free.then_some(4)
                } else {
                    // Neighbouring sides: 2 around a free corner.
                    open[near_a.wrapping_add(delta[b])].then_some(2)
                };
                match quick {
                    Some(cost) => costs[PAIR[a][b]] = cost,
                    // A cell inside a corridor: its chain's cost, found once per chain.
                    None if chain_cost[cell] != INF => costs[PAIR[a][b]] = chain_cost[cell],
                    None => {
                        needed[a][b] = cell.wrapping_add(delta[b]);
                        needed_count[a] += 1;
                    }
                }
            }
        }
        for a in 0..4 {
            if needed_count[a] == 0 {
                continue;
            }
            let from = cell.wrapping_add(delta[a]);
            let found = bfs.run(geometry, from, cell, needed[a], needed_count[a]);
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
        side_cost[cell] = costs;
    }
    (side_cost, max_cost)
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
fn chain_costs(geometry: &Geometry, bfs: &mut Bfs) -> Vec<u32> {
    let Geometry { open, delta, .. } = geometry;
    let neighbours = |cell: usize| {
        delta
            .iter()
            .map(move |&d| cell.wrapping_add(d))
            .filter(|&c| open[c])
    };
    let degree = |cell: usize| neighbours(cell).count();
    let cells = open.len();
    let mut cost = vec![INF; cells];
    let mut done = vec![false; cells];
    for start in 0..cells {
        if !open[start] || done[start] || degree(start) != 2 {
            continue;
        }
        // Walk each way until a cell of another degree, or back to the start (a ring).
        let mut halves = Vec::with_capacity(2);
        let mut ring = false;
        for first in neighbours(start) {
            let (mut prev, mut at) = (start, first);
            let mut half = Vec::new();
            while at != start && degree(at) == 2 {
                half.push(at);
                let Some(next) = neighbours(at).find(|&c| c != prev) else {
                    break;
                };
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
            if degree(x) >= 3 && degree(y) >= 3 {
                let around = if x == y {
                    0
                } else {
                    // `start` blocked keeps the BFS out of the chain's way from X to Y.
                    let targets = [y, usize::MAX, usize::MAX, usize::MAX];
                    bfs.run(geometry, x, start, targets, 1)[0]
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

/// Which pairs of sides of a cell the cell separates: the edges from the cell to those two
/// sides lie in different biconnected components of the board's graph of open cells.
struct Articulation {
    /// Per padded cell and side, the biconnected component of the edge to that side.
    edge_component: Vec<u32>,
}

/// No direction: the root of a depth-first search was entered by none.
const ROOT: u8 = 4;

impl Articulation {
    /// Labels every edge between open cells with its biconnected component (Tarjan's
    /// algorithm with an explicit stack, so that huge boards cannot overflow the call stack).
    fn new(geometry: &Geometry) -> Articulation {
        let Geometry { open, delta, .. } = geometry;
        let cells = open.len();
        let mut edge_component = vec![NONE; cells * 4];
        let mut disc = vec![0u32; cells];
        let mut low = vec![0u32; cells];
        let mut time = 0u32;
        let mut next_component = 0u32;
        // DFS frames: (cell, the direction it was entered by or ROOT, the next direction).
        let mut frames: Vec<(u32, u8, u8)> = Vec::new();
        // Edges: (cell, direction).
        let mut edges: Vec<(u32, u8)> = Vec::new();
        for root in 0..cells {
            if !open[root] || disc[root] != 0 {
                continue;
            }
            time += 1;
            disc[root] = time;
            low[root] = time;
            frames.push((root as u32, ROOT, 0));
            while let Some(frame) = frames.last_mut() {
                let (u, entered, next) = (frame.0 as usize, frame.1, frame.2);
                if next < 4 {
                    frame.2 += 1;
                    let v = u.wrapping_add(delta[usize::from(next)]);
                    let back = entered != ROOT
                        && usize::from(next) == Dir::opposite_index(usize::from(entered));
                    if !open[v] || back {
                        continue;
                    }
                    if disc[v] == 0 {
                        edges.push((u as u32, next));
                        time += 1;
                        disc[v] = time;
                        low[v] = time;
                        frames.push((v as u32, next, 0));
                    } else if disc[v] < disc[u] {
                        edges.push((u as u32, next));
                        low[u] = low[u].min(disc[v]);
                    }
                    continue;
                }
                frames.pop();
                if entered == ROOT {
                    continue;
                }
                let entered = usize::from(entered);
                let parent = u.wrapping_sub(delta[entered]);
                low[parent] = low[parent].min(low[u]);
                if low[u] >= disc[parent] {
                    // The edges above the tree edge parent -> u form one component.
                    while let Some((a, dir)) = edges.pop() {
                        let (a, dir) = (a as usize, usize::from(dir));
                        edge_component[a * 4 + dir] = next_component;
                        let b = a.wrapping_add(delta[dir]);
                        edge_component[b * 4 + Dir::opposite_index(dir)] = next_component;
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
