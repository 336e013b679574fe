//! The maze as POJ's search walks it: each cell's floor neighbours, which sides of a cell
//! stay connected when the box stands on it, and a breadth-first walk of the player that
//! stops as soon as the cells it was asked for are reached.
//!
//! **The sides of a box.** With the box on cell `b`, the player moves on the floor without
//! `b`. One depth-first search of the floor (Tarjan's low links) tells, for every `b` and
//! every pair of its floor neighbours, whether they are connected in that graph: a
//! neighbour in the subtree of a child `c` of `b` with `low(c) >= disc(b)` can leave that
//! subtree only through `b`, so it is in a part of its own (named by `c`'s direction from
//! `b`); every other neighbour (the parent, an ancestor reached by a back edge, a
//! descendant in a subtree with a back edge above `b`) is connected to `b`'s parent, the
//! "parent side". An undirected depth-first search has no cross edges, so this covers
//! every neighbour. The walk then never searches for a side that is cut off, which would
//! flood the whole part for nothing.

use grid_common::Dir;
use puzzle_frame::budget::{Ledger, OverBudget};

use crate::case::Board;

/// No cell: a wall or beyond the board, or no parent.
pub const NONE: u32 = u32::MAX;
/// The part of a side that is not floor.
pub const WALLED: u8 = u8::MAX;

/// The maze's floor graph and its cut structure.
pub struct Maze {
    /// Per cell, its floor neighbour in each direction ([`Dir::index`] order), or [`NONE`]
    /// (a wall has none).
    pub next: Vec<[u32; 4]>,
    /// Per cell `b` and direction `d`: the part of the floor without `b` that holds the
    /// neighbour of `b` in `d` (0 the parent side, `1 + c` the subtree of the child in
    /// direction `c`), or [`WALLED`]. Two sides of a box are connected around it exactly
    /// when their parts are equal.
    pub parts: Vec<[u8; 4]>,
    /// Depth-first numbering: discovery order, the last number in the subtree, the tree
    /// parent, and the root of the cell's connected floor ([`NONE`] for a wall).
    disc: Vec<u32>,
    last: Vec<u32>,
    parent: Vec<u32>,
    root: Vec<u32>,
    /// Per cell `c`: its subtree reaches nothing above its parent (`low(c) >= disc(parent)`),
    /// so the parent cuts it off.
    cut: Vec<bool>,
}

impl Maze {
    /// The maze of `board`, its tables charged to `ledger`.
    pub fn new(board: &Board, ledger: &mut Ledger) -> Result<Maze, OverBudget> {
        let (rows, cols, cells) = (board.rows, board.cols, board.cells());
        ledger.take::<[u32; 4]>("the maze's neighbours", cells)?;
        ledger.take::<[u8; 4]>("the maze's cuts", cells)?;
        ledger.take::<u32>("the maze's depth-first search", 10 * cells)?;
        let floor = |r: usize, c: usize| !board.is_wall(r * cols + c);
        let next = (0..cells)
            .map(|cell| {
                let (r, c) = (cell / cols, cell % cols);
                let mut n = [NONE; 4];
                for dir in Dir::ALL {
                    let (nr, nc) = (
                        r.wrapping_add_signed(Dir::DELTA_ROW[dir.index()]),
                        c.wrapping_add_signed(Dir::DELTA_COL[dir.index()]),
                    );
                    if floor(r, c) && nr < rows && nc < cols && floor(nr, nc) {
                        n[dir.index()] = (nr * cols + nc) as u32;
                    }
                }
                n
            })
            .collect();
        let mut maze = Maze {
            next,
            parts: vec![[WALLED; 4]; cells],
            disc: vec![NONE; cells],
            last: vec![0; cells],
            parent: vec![NONE; cells],
            root: vec![NONE; cells],
            cut: vec![false; cells],
        };
        maze.number(board);
        for b in 0..cells {
            for d in 0..4 {
                let side = maze.next[b][d];
                if side != NONE {
                    maze.parts[b][d] = maze.part_of(b, side as usize).unwrap_or(WALLED);
                }
            }
        }
        Ok(maze)
    }

    /// Tarjan's depth-first search over every connected floor, without recursion: the
    /// discovery numbers, subtree ends, parents, roots and cut-off subtrees.
    fn number(&mut self, board: &Board) {
        let cells = self.next.len();
        let mut low = vec![0; cells];
        let mut stack: Vec<(u32, usize)> = Vec::new();
        let mut counter = 0;
        for start in 0..cells {
            if board.is_wall(start) || self.disc[start] != NONE {
                continue;
            }
            self.visit(start, NONE, start as u32, &mut counter, &mut low);
            stack.push((start as u32, 0));
            while let Some((v, d)) = stack.last_mut() {
                let v = *v as usize;
                if *d < 4 {
                    let u = self.next[v][*d];
                    *d += 1;
                    if u == NONE {
                        continue;
                    }
                    if self.disc[u as usize] == NONE {
                        self.visit(u as usize, v as u32, start as u32, &mut counter, &mut low);
                        stack.push((u, 0));
                    } else if u != self.parent[v] {
                        low[v] = low[v].min(self.disc[u as usize]);
                    }
                } else {
                    stack.pop();
                    self.last[v] = counter - 1;
                    let p = self.parent[v];
                    if p != NONE {
                        low[p as usize] = low[p as usize].min(low[v]);
                    }
                }
            }
        }
        for (c, &low) in low.iter().enumerate() {
            let p = self.parent[c];
            self.cut[c] = p != NONE && low >= self.disc[p as usize];
        }
    }

    /// Numbers `cell`, a child of `parent` in the tree rooted at `root`.
    fn visit(&mut self, cell: usize, parent: u32, root: u32, counter: &mut u32, low: &mut [u32]) {
        self.disc[cell] = *counter;
        low[cell] = *counter;
        self.parent[cell] = parent;
        self.root[cell] = root;
        *counter += 1;
    }

    /// The part of the floor without `b` that holds `x` (see [`Maze::parts`]), `None`
    /// when `x` is a wall or on another connected floor than `b`.
    pub fn part_of(&self, b: usize, x: usize) -> Option<u8> {
        if self.root[x] == NONE || self.root[x] != self.root[b] {
            return None;
        }
        let dx = self.disc[x];
        if dx > self.disc[b] && dx <= self.last[b] {
            for (d, &c) in self.next[b].iter().enumerate() {
                let c = c as usize;
                if c != NONE as usize
                    && self.parent[c] == b as u32
                    && (self.disc[c]..=self.last[c]).contains(&dx)
                {
                    return Some(if self.cut[c] { 1 + d as u8 } else { 0 });
                }
            }
        }
        Some(0)
    }
}

/// A breadth-first walk of the player around a standing box; its marks are reused from
/// walk to walk (a new stamp each), so a walk costs only the cells it reaches.
pub struct Walk {
    /// The walk that reached a cell: its distance holds when this is `current`.
    stamp: Vec<u32>,
    current: u32,
    /// The fewest steps to each cell reached.
    dist: Vec<u32>,
    queue: Vec<u32>,
}

impl Walk {
    /// A walk over `cells` cells, its tables charged to `ledger`.
    pub fn new(cells: usize, ledger: &mut Ledger) -> Result<Walk, OverBudget> {
        Ok(Walk {
            stamp: ledger.vec("the walk's marks", cells, 0)?,
            current: 0,
            dist: ledger.vec("the walk's distances", cells, 0)?,
            queue: ledger.vec("the walk's queue", cells, 0)?,
        })
    }

    /// Walks from `from` with the box on `box_cell` in order of distance, until every
    /// cell of `targets` (distinct, [`NONE`] for none) is reached or no cell is left. Every
    /// cell nearer than the farthest target then has its distance.
    pub fn run(&mut self, maze: &Maze, box_cell: usize, from: usize, targets: [u32; 4]) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
        let mut left = targets.iter().filter(|&&t| t != NONE).count();
        if targets.contains(&(from as u32)) {
            left -= 1;
        }
        self.stamp[from] = self.current;
        self.dist[from] = 0;
        self.queue[0] = from as u32;
        let (mut head, mut tail) = (0, 1);
        while head < tail && left > 0 {
            let cell = self.queue[head] as usize;
            head += 1;
            let far = self.dist[cell] + 1;
            for &n in &maze.next[cell] {
                let u = n as usize;
                if n == NONE || u == box_cell || self.stamp[u] == self.current {
                    continue;
                }
                self.stamp[u] = self.current;
                self.dist[u] = far;
                self.queue[tail] = n;
                tail += 1;
                if targets.contains(&n) {
                    left -= 1;
                }
            }
        }
    }

    /// The fewest steps to `cell` found by the last walk, `None` when it was not reached.
    pub fn dist(&self, cell: usize) -> Option<u32> {
        (self.stamp[cell] == self.current).then(|| self.dist[cell])
    }

    /// The steps of a shortest walk to `to` (reached by the last walk), read back from the
    /// distances: at each cell the first direction of [`Dir::ALL`] that arrives from a cell
    /// one step nearer.
    pub fn back(&self, maze: &Maze, to: usize) -> Vec<Dir> {
        let mut dirs = Vec::new();
        let mut cell = to;
        while let Some(d) = self.dist(cell).filter(|&d| d > 0) {
            let step = Dir::ALL.into_iter().find_map(|dir| {
                let prev = maze.next[cell][dir.opposite().index()];
                (prev != NONE && self.dist(prev as usize) == Some(d - 1))
                    .then_some((dir, prev as usize))
            });
            let Some((dir, prev)) = step else { break };
            dirs.push(dir);
            cell = prev;
        }
        dirs.reverse();
        dirs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_frame::rng::Rng;

    /// A random board of up to 9 x 9 cells, rock in up to half of them (no pieces: the
    /// maze reads only the walls).
    fn random_board(rng: &mut Rng) -> Board {
        let (rows, cols) = (rng.range(1, 9), rng.range(1, 9));
        let rock = [0.0, 0.2, 0.35, 0.5][rng.below(4)];
        Board {
            rows,
            cols,
            walls: (0..rows * cols).map(|_| rng.chance(rock)).collect(),
            goals: Vec::new(),
            boxes: Vec::new(),
            player: 0,
        }
    }

    /// The cells reached from `from` over the floor without `b`, by a plain flood.
    fn flood(board: &Board, b: usize, from: usize) -> Vec<bool> {
        let mut seen = vec![false; board.cells()];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(cell) = stack.pop() {
            for dir in Dir::ALL {
                if let Some(n) = board.step(cell, dir) {
                    if n != b && !board.is_wall(n) && !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        seen
    }

    #[test]
    fn parts_are_the_floor_without_the_box() {
        let mut rng = Rng::new(1475);
        for _ in 0..400 {
            let board = random_board(&mut rng);
            let maze = Maze::new(&board, &mut Ledger::new(Default::default())).expect("fits");
            let floor: Vec<usize> = (0..board.cells()).filter(|&c| !board.is_wall(c)).collect();
            for &b in &floor {
                for (d, dir) in Dir::ALL.into_iter().enumerate() {
                    let side = board.step(b, dir).filter(|&s| !board.is_wall(s));
                    let Some(side) = side else {
                        assert_eq!(maze.parts[b][d], WALLED);
                        continue;
                    };
                    assert_eq!(maze.next[b][d], side as u32);
                    assert_eq!(Some(maze.parts[b][d]), maze.part_of(b, side));
                    let reached = flood(&board, b, side);
                    for &x in floor.iter().filter(|&&x| x != b) {
                        let same = maze.part_of(b, x) == Some(maze.parts[b][d]);
                        assert_eq!(same, reached[x], "box {b}, side {side}, cell {x}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_walk_stops_only_when_its_targets_have_their_distances() {
        let mut rng = Rng::new(589);
        for _ in 0..400 {
            let board = random_board(&mut rng);
            let mut ledger = Ledger::new(Default::default());
            let maze = Maze::new(&board, &mut ledger).expect("fits");
            let mut walk = Walk::new(board.cells(), &mut ledger).expect("fits");
            let floor: Vec<usize> = (0..board.cells()).filter(|&c| !board.is_wall(c)).collect();
            if floor.len() < 2 {
                continue;
            }
            let b = floor[rng.below(floor.len())];
            let from = floor[rng.below(floor.len())];
            if from == b {
                continue;
            }
            // The sides of the box the player can reach: the walk must find each at its
            // distance, however early it stops.
            let reached = flood(&board, b, from);
            let mut targets = maze.next[b];
            for t in &mut targets {
                if *t != NONE && !reached[*t as usize] {
                    *t = NONE;
                }
            }
            walk.run(&maze, b, from, targets);
            for t in targets.into_iter().filter(|&t| t != NONE) {
                let d = walk.dist(t as usize).expect("a target is reached");
                assert_eq!(Some(d), bfs_distance(&board, b, from, t as usize));
            }
        }
    }

    /// The fewest steps from `from` to `to` around `b`, by a plain breadth-first search.
    fn bfs_distance(board: &Board, b: usize, from: usize, to: usize) -> Option<u32> {
        let mut dist = vec![u32::MAX; board.cells()];
        let mut queue = std::collections::VecDeque::from([from]);
        dist[from] = 0;
        while let Some(cell) = queue.pop_front() {
            for dir in Dir::ALL {
                if let Some(n) = board.step(cell, dir) {
                    if n != b && !board.is_wall(n) && dist[n] == u32::MAX {
                        dist[n] = dist[cell] + 1;
                        queue.push_back(n);
                    }
                }
            }
        }
        (dist[to] != u32::MAX).then_some(dist[to])
    }
}
