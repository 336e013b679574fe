//! The blank's own searches on the board of open cells: the resumable A* of the blank
//! towards the piece at the start of a query ([`BlankSearch`]), and the plain BFS that
//! finds side-to-side costs and rebuilds the blank's walks on a path ([`Bfs`]).

// Sides and directions are numbers 0..4 indexing several tables at once; index loops read
// best here.
#![allow(clippy::needless_range_loop)]

use super::tables::Geometry;
use super::INF;
use crate::case::Move;
use grid_common::Dir;

/// Per-board tables of the blank's search.
#[derive(Clone, Debug, Default)]
pub(super) struct BlankBoard {
    /// Per padded cell, a bit per direction whose neighbour is open (0 for a fixed cell).
    exits: Vec<u8>,
    /// Per padded cell, its distance from one far cell in the graph of open cells (`INF`
    /// where unreachable): `|far[u] - far[piece]|` bounds the walk from `u` to the piece
    /// better than the Manhattan distance along winding corridors. Empty when unused.
    far: Vec<u32>,
}

impl BlankBoard {
    /// The tables for `geometry`, with the bound from a far cell when `far`; `queue` is
    /// scratch for the BFS that finds the far cell.
    pub fn new(geometry: &Geometry, far: bool, queue: &mut Vec<u32>) -> BlankBoard {
        let Geometry { open, delta, .. } = geometry;
        let exits = (0..open.len())
            .map(|cell| {
                if !open[cell] {
                    return 0;
                }
                (0..4)
                    .filter(|&d| open[cell.wrapping_add(delta[d])])
                    .fold(0u8, |bits, d| bits | 1 << d)
            })
            .collect();
        let mut board = BlankBoard {
            exits,
            far: Vec::new(),
        };
        if far {
            if let Some(start) = open.iter().position(|&o| o) {
                let from_start = board.cell_distances(geometry, start, queue);
                let farthest = (0..from_start.len())
                    .filter(|&c| from_start[c] != INF)
                    .max_by_key(|&c| from_start[c])
                    .unwrap_or(start);
                drop(from_start);
                board.far = board.cell_distances(geometry, farthest, queue);
            }
        }
        board
    }

    /// Every cell's distance from `source` in the graph of open cells, `INF` where it
    /// cannot go.
    fn cell_distances(&self, geometry: &Geometry, source: usize, queue: &mut Vec<u32>) -> Vec<u32> {
        let mut dist = vec![INF; self.exits.len()];
        queue.clear();
        dist[source] = 0;
        queue.push(source as u32);
        let mut head = 0;
        while let Some(&u) = queue.get(head) {
            head += 1;
            let u = u as usize;
            let mut ways = self.exits[u];
            while ways != 0 {
                let v = u.wrapping_add(geometry.delta[ways.trailing_zeros() as usize]);
                ways &= ways - 1;
                if dist[v] == INF {
                    dist[v] = dist[u] + 1;
                    queue.push(v as u32);
                }
            }
        }
        dist
    }

    /// A lower bound of the blank's walk from `from` to `to`: their Manhattan distance, and
    /// their difference in distance from the far cell (the triangle inequality in the graph
    /// of open cells, where blocking the piece only lengthens walks).
    pub fn lower_bound(&self, geometry: &Geometry, from: usize, to: usize) -> u32 {
        let ((ar, ac), (br, bc)) = (geometry.coords[from], geometry.coords[to]);
        let manhattan = ar.abs_diff(br) + ac.abs_diff(bc);
        match (self.far.get(from), self.far.get(to)) {
            (Some(&a), Some(&b)) if a != INF && b != INF => manhattan.max(a.abs_diff(b)),
            _ => manhattan,
        }
    }
}

/// The resumable search of the blank towards the piece at the start of a query: the
/// blank's fewest moves to each side of the piece (never crossing it), found on demand.
///
/// It is an A* towards the piece's cell with the Manhattan distance to it as the bound, a
/// consistent lower bound of the walk to any of its sides; its priorities only grow by 0
/// or 2, so two stacks make its queue, and a side's distance is exact when it comes out.
#[derive(Clone, Debug, Default)]
pub(super) struct BlankSearch {
    /// Per padded cell, `base` plus its distance from the blank once reached in this query;
    /// below `base` before.
    dist: Vec<u32>,
    base: u32,
    /// The cells whose move keeps the priority, and the cells one step of priority on.
    now: Vec<u32>,
    later: Vec<u32>,
    /// The most bytes the two stacks may hold together in this run.
    stack_limit: usize,
    piece: (u32, u32),
    /// The piece's cell's entry in the far cell's distances.
    piece_far: u32,
    /// This query uses the far cell's distances: they bound the blank's walk better at the
    /// start.
    use_far: bool,
    /// The cells of the sides wanted (`usize::MAX` for the others).
    sides: [usize; 4],
    /// The fewest moves to each side found so far (`INF` until found).
    distance: [u32; 4],
    exhausted: bool,
    /// The stacks would have outgrown their budget: the distances are not to be trusted.
    pub over_budget: bool,
    /// The bytes they would have grown by when they were refused.
    pub refused: usize,
    /// Cells taken out of the stacks since the last reset (for measurements).
    pub expanded: usize,
}

impl BlankSearch {
    /// Scratch for a board of `cells` padded cells.
    pub fn new(cells: usize) -> BlankSearch {
        BlankSearch {
            dist: vec![0; cells],
            ..BlankSearch::default()
        }
    }

    /// The bytes the two stacks hold.
    pub fn held(&self) -> usize {
        (self.now.capacity() + self.later.capacity()) * std::mem::size_of::<u32>()
    }

    /// Starts a query's search from the cell `blank`, with `piece` blocked and the sides
    /// `sides` wanted.
    pub fn start(
        &mut self,
        geometry: &Geometry,
        board: &BlankBoard,
        blank: usize,
        piece: usize,
        sides: [usize; 4],
    ) {
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
        self.piece = geometry.coords[piece];
        self.piece_far = board.far.get(piece).copied().unwrap_or(0);
        let (br, bc) = geometry.coords[blank];
        let manhattan = br.abs_diff(self.piece.0) + bc.abs_diff(self.piece.1);
        self.use_far = board
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
    /// there), resuming the search; its stacks may hold `limit` bytes.
    pub fn distance(
        &mut self,
        geometry: &Geometry,
        board: &BlankBoard,
        side: usize,
        limit: usize,
    ) -> u32 {
        if self.distance[side] == INF && !self.exhausted {
            self.stack_limit = limit;
            // The stacks as locals, so that the loop keeps them in registers.
            let mut now = std::mem::take(&mut self.now);
            let mut later = std::mem::take(&mut self.later);
            let reached = if !self.use_far {
                self.resume::<false>(geometry, board, &mut now, &mut later, side)
            } else {
                self.resume::<true>(geometry, board, &mut now, &mut later, side)
            };
            self.exhausted = !reached;
            self.now = now;
            self.later = later;
        }
        self.distance[side]
    }

    /// Runs the search until the side `side` is reached (true) or every cell the blank can
    /// reach is expanded, or the stacks would outgrow their budget (false). With `FAR`, the
    /// bound is the larger of the Manhattan distance and the one from the far cell; both
    /// have the parity of the Manhattan distance, so a move still changes the bound by
    /// exactly one.
    fn resume<const FAR: bool>(
        &mut self,
        geometry: &Geometry,
        board: &BlankBoard,
        now: &mut Vec<u32>,
        later: &mut Vec<u32>,
        side: usize,
    ) -> bool {
        let (base, (pr, pc), sides) = (self.base, self.piece, self.sides);
        let (exits, coords, dist) = (&board.exits[..], &geometry.coords[..], &mut self.dist[..]);
        let (far, piece_far, delta) = (&board.far[..], self.piece_far, geometry.delta);
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
            // The directions that bring the blank closer to the piece keep the priority (a
            // bit per direction index, as in `exits`).
            let closer = u8::from(ur > pr) << Dir::Up.index()
                | u8::from(ur < pr) << Dir::Down.index()
                | u8::from(uc > pc) << Dir::Left.index()
                | u8::from(uc < pc) << Dir::Right.index();
            let bound = if FAR {
                manhattan.max(far[u].abs_diff(piece_far))
            } else {
                manhattan
            };
            let mut ways = exits[u];
            while ways != 0 {
                let dir = ways.trailing_zeros() as usize;
                ways &= ways - 1;
                let v = u.wrapping_add(delta[dir]);
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
                let full = if keeps {
                    now.len() == now.capacity()
                } else {
                    later.len() == later.capacity()
                };
                if full {
                    if let Err(bytes) = grow_within(now, later, keeps, self.stack_limit) {
                        self.over_budget = true;
                        self.refused = self.refused.max(bytes);
                        self.expanded += expanded;
                        return false;
                    }
                }
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

/// Doubles the capacity of `now` (when `keeps`) or `later` (at least 64 items) when the
/// two stacks' bytes stay within `limit`; else `Err(the bytes it would grow by)`.
#[cold]
#[inline(never)]
fn grow_within(
    now: &mut Vec<u32>,
    later: &mut Vec<u32>,
    keeps: bool,
    limit: usize,
) -> Result<(), usize> {
    let held = (now.capacity() + later.capacity()) * std::mem::size_of::<u32>();
    let stack = if keeps { now } else { later };
    grow_vec(stack, 64, held, limit).map(|_| ())
}

/// Doubles the capacity of `items` (at least `least` items) when `held` bytes and the
/// growth stay within `limit`: `Ok(the bytes it grew by)`, else `Err(the bytes it would
/// grow by)`. The queues' one way to grow (`buckets` too).
pub(super) fn grow_vec(
    items: &mut Vec<u32>,
    least: usize,
    held: usize,
    limit: usize,
) -> Result<usize, usize> {
    let more = items.capacity().max(least);
    let bytes = more * std::mem::size_of::<u32>();
    if held.saturating_add(bytes) > limit {
        return Err(bytes);
    }
    items.reserve_exact(more);
    Ok(bytes)
}

/// The next of the stamps `1..=last` that mark a search's visits (`stamp`, the current
/// one): past `last`, `clear` wipes the marks and the stamps start again at 1. The
/// searches' one way to forget their marks (`astar` too).
pub(super) fn next_stamp(stamp: &mut u32, last: u32, clear: impl FnOnce()) -> u32 {
    if *stamp >= last {
        clear();
        *stamp = 0;
    }
    *stamp += 1;
    *stamp
}

/// Scratch for the blank's plain breadth-first searches.
#[derive(Clone, Debug, Default)]
pub(super) struct Bfs {
    mark: Vec<u32>,
    stamp: u32,
    dist: Vec<u32>,
    from: Vec<u8>,
    /// The queue; it holds each cell at most once, so it never outgrows the board.
    pub queue: Vec<u32>,
}

impl Bfs {
    /// Scratch for a board of `cells` padded cells.
    pub fn new(cells: usize) -> Bfs {
        Bfs {
            mark: vec![0; cells],
            stamp: 0,
            dist: vec![0; cells],
            from: vec![0; cells],
            queue: Vec::with_capacity(cells),
        }
    }

    fn next_stamp(&mut self) -> u32 {
        next_stamp(&mut self.stamp, u32::MAX, || self.mark.fill(0))
    }

    /// BFS of the blank from `from`, never entering `blocked`, until the `wanted` cells of
    /// `targets` (`usize::MAX` for none) are all reached. The distance to each target.
    pub fn run(
        &mut self,
        geometry: &Geometry,
        from: usize,
        blocked: usize,
        targets: [usize; 4],
        wanted: usize,
    ) -> [u32; 4] {
        let Geometry { open, delta, .. } = geometry;
        let stamp = self.next_stamp();
        let mut found = [INF; 4];
        let mut left = wanted;
        self.mark[from] = stamp;
        self.dist[from] = 0;
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
            let d = self.dist[u] + 1;
            for dir in 0..4 {
                let v = u.wrapping_add(delta[dir]);
                if !open[v] || self.mark[v] == stamp || v == blocked {
                    continue;
                }
                self.mark[v] = stamp;
                self.dist[v] = d;
                self.from[v] = dir as u8;
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

    /// Appends to `path` the blank's shortest walk from `from` to `to` avoiding `blocked`
    /// (nothing when there is none).
    pub fn walk(
        &mut self,
        geometry: &Geometry,
        from: usize,
        to: usize,
        blocked: usize,
        path: &mut Vec<Move>,
    ) {
        let found = self.run(
            geometry,
            from,
            blocked,
            [to, usize::MAX, usize::MAX, usize::MAX],
            1,
        );
        if found[0] == INF {
            return;
        }
        let start = path.len();
        let mut at = to;
        while at != from {
            let dir = usize::from(self.from[at]);
            path.push(Move::from_index(dir));
            at = at.wrapping_sub(geometry.delta[dir]);
        }
        path[start..].reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Board;
    use crate::solve::tables::padded_board;
    use grid_common::Pos;

    #[test]
    fn the_stacks_grow_only_within_their_limit() {
        // An open 40x40 board, the blank in one corner and the piece in the other.
        let rows = vec!["1".repeat(40); 40];
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let board = Board::from_rows(&rows).expect("a board");
        let padded = padded_board(40, 40).expect("a small board");
        let geometry = Geometry::new(&board, padded);
        let mut queue = Vec::new();
        let board = BlankBoard::new(&geometry, false, &mut queue);
        let (blank, piece) = (
            geometry.cell(Pos::new(0, 0)),
            geometry.cell(Pos::new(39, 39)),
        );
        let above = piece.wrapping_add(geometry.delta[0]);
        let sides = [above, usize::MAX, usize::MAX, usize::MAX];
        let mut search = BlankSearch::new(geometry.open.len());
        search.start(&geometry, &board, blank, piece, sides);
        assert_eq!(search.distance(&geometry, &board, 0, usize::MAX), 38 + 39);
        assert!(!search.over_budget);
        // Room for one stack of 64 cells, not for the second.
        let mut tight = BlankSearch::new(geometry.open.len());
        tight.start(&geometry, &board, blank, piece, sides);
        assert_eq!(tight.distance(&geometry, &board, 0, 256), INF);
        assert!(tight.over_budget);
        assert!(tight.held() <= 256, "{}", tight.held());
    }
}
