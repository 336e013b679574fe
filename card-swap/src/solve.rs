//! The fast solver: a bidirectional breadth-first search over (blank, `A`, `B`) positions.
//!
//! Soldiers are interchangeable, so a position is fully described by the cells of the
//! blank, `A` and `B`: with `n` cells, the dense index `(blank * n + a) * n + b`. Moving
//! the blank onto `A` (or `B`) moves that card to the blank's old cell; every move can be
//! undone, so the graph is undirected. The goal is any state with `A` on `B`'s starting
//! cell and `B` on `A`'s, the blank anywhere else.
//!
//! One search grows from the start, the other from all goal states at once; each round
//! expands one whole layer of the side with the smaller frontier. The first round in
//! which a newly reached state is already known to the other side gives the distance
//! (every meeting found in that round has the same length: a shorter path would have met
//! in an earlier round). When one side runs out of states without meeting the other, the
//! cards cannot be swapped. Distances live in two flat `u32` arrays (no parent arrays: a
//! path is rebuilt by stepping to a neighbour one closer to the start, then one closer to
//! the goal), the queues are `Vec<u32>` of packed states `blank << 16 | a << 8 | b`, and
//! the arrays and the neighbour table are reused from one board to the next.

use grid_common::{Dir, Pos};

use crate::{Board, Cell, Move};

/// No neighbour in this direction.
const NONE: u32 = u32::MAX;
/// Not reached (yet) by this side of the search.
const UNSEEN: u32 = u32::MAX;

/// One side of the bidirectional search.
#[derive(Clone, Debug, Default)]
struct Side {
    /// Distance from this side's roots, per dense state index, or [`UNSEEN`].
    dist: Vec<u32>,
    /// Packed states in the order they were reached.
    queue: Vec<u32>,
    /// The first queue entry of the current frontier layer.
    head: usize,
}

impl Side {
    /// Empties the side for a search over `states` states.
    fn reset(&mut self, states: usize) {
        self.dist.clear();
        self.dist.resize(states, UNSEEN);
        self.queue.clear();
        self.head = 0;
    }

    /// The number of states in the current frontier.
    fn frontier(&self) -> usize {
        self.queue.len() - self.head
    }
}

/// A reusable solver; [`Solver::solve`] any number of boards of any shapes.
#[derive(Clone, Debug, Default)]
pub struct Solver {
    rows: usize,
    cols: usize,
    /// `neighbour[cell * 4 + dir]`: the cell next to `cell` in `dir`, or [`NONE`].
    neighbour: Vec<u32>,
    forward: Side,
    backward: Side,
}

/// (blank, a, b) of a packed state.
fn unpack(packed: u32) -> (usize, usize, usize) {
    let p = packed as usize;
    (p >> 16, p >> 8 & 0xff, p & 0xff)
}

/// A packed state (cells are below 256: boards have at most [`crate::MAX_CELLS`] cells).
fn pack(blank: usize, a: usize, b: usize) -> u32 {
    (blank << 16 | a << 8 | b) as u32
}

impl Solver {
    /// A solver with empty tables.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The fewest moves that swap `A` and `B`, or `None` when they cannot be swapped.
    pub fn distance(&mut self, board: &Board) -> Option<usize> {
        self.search(board).map(|(_, length)| length)
    }

    /// An optimal move sequence that swaps `A` and `B`, or `None` when they cannot be swapped.
    pub fn solve(&mut self, board: &Board) -> Option<Vec<Move>> {
        let (meet, length) = self.search(board)?;
        let n = board.rows() * board.cols();
        let index = |(blank, a, b): (usize, usize, usize)| (blank * n + a) * n + b;
        // Back from the meeting state to the start, then on to a goal.
        let mut states = vec![meet];
        let mut state = meet;
        while self.forward.dist[index(state)] > 0 {
            state = self.closer(state, n, &self.forward.dist)?;
            states.push(state);
        }
        states.reverse();
        state = meet;
        while self.backward.dist[index(state)] > 0 {
            state = self.closer(state, n, &self.backward.dist)?;
            states.push(state);
        }
        let moves: Vec<Move> = states
            .windows(2)
            .filter_map(|pair| {
                let ((from, a, b), (to, _, _)) = (pair[0], pair[1]);
                let dir = Dir::between(self.pos(from), self.pos(to))?;
                let card = if a == to {
                    Cell::A
                } else if b == to {
                    Cell::B
                } else {
                    Cell::Soldier
                };
                Some(Move {
                    card,
                    dir: dir.opposite(),
                })
            })
            .collect();
        (moves.len() == length).then_some(moves)
    }

    /// The position of a cell index.
    fn pos(&self, cell: usize) -> Pos {
        Pos::new(cell / self.cols, cell % self.cols)
    }

    /// The states one move away from `(blank, a, b)`.
    fn neighbours(
        &self,
        (blank, a, b): (usize, usize, usize),
    ) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.neighbour[blank * 4..blank * 4 + 4]
            .iter()
            .filter(|&&next| next != NONE)
            .map(move |&next| {
                let next = next as usize;
                let na = if a == next { blank } else { a };
                let nb = if b == next { blank } else { b };
                (next, na, nb)
            })
    }

    /// A neighbour of `state` one step closer to the roots of `dist`.
    fn closer(
        &self,
        state: (usize, usize, usize),
        n: usize,
        dist: &[u32],
    ) -> Option<(usize, usize, usize)> {
        let index = |(blank, a, b): (usize, usize, usize)| (blank * n + a) * n + b;
        let here = dist[index(state)];
        self.neighbours(state)
            .find(|&s| dist[index(s)].wrapping_add(1) == here)
    }

    /// Prepares the neighbour table for the board's shape and empties both sides.
    fn prepare(&mut self, board: &Board) {
        let (rows, cols) = (board.rows(), board.cols());
        let n = rows * cols;
        if (rows, cols) != (self.rows, self.cols) || self.neighbour.len() != n * 4 {
            self.rows = rows;
            self.cols = cols;
            self.neighbour.clear();
            for cell in 0..n {
                let pos = Pos::new(cell / cols, cell % cols);
                for dir in Dir::ALL {
                    self.neighbour.push(
                        pos.step(dir, rows, cols)
                            .map_or(NONE, |p| (p.row * cols + p.col) as u32),
                    );
                }
            }
        }
        self.forward.reset(n * n * n);
        self.backward.reset(n * n * n);
    }

    /// The bidirectional search: a meeting state on a shortest path, and the path's length.
    fn search(&mut self, board: &Board) -> Option<((usize, usize, usize), usize)> {
        let cols = board.cols();
        let index = |p: Pos| p.row * cols + p.col;
        let blank0 = index(board.find(Cell::Blank)?);
        let a0 = index(board.find(Cell::A)?);
        let b0 = index(board.find(Cell::B)?);
        self.prepare(board);
        let n = board.rows() * cols;
        self.forward.dist[(blank0 * n + a0) * n + b0] = 0;
        self.forward.queue.push(pack(blank0, a0, b0));
        for blank in (0..n).filter(|&c| c != a0 && c != b0) {
            self.backward.dist[(blank * n + b0) * n + a0] = 0;
            self.backward.queue.push(pack(blank, b0, a0));
        }
        loop {
            if self.forward.frontier() == 0 || self.backward.frontier() == 0 {
                return None;
            }
            let (side, other) = if self.forward.frontier() <= self.backward.frontier() {
                (&mut self.forward, &self.backward)
            } else {
                (&mut self.backward, &self.forward)
            };
            if let Some(found) = expand(side, other, &self.neighbour, n) {
                return Some(found);
            }
        }
    }
}

/// Expands one whole layer of `side`; stops at the first state `other` already knows
/// (every meeting in this layer gives the same length) and returns it with that length.
fn expand(
    side: &mut Side,
    other: &Side,
    neighbour: &[u32],
    n: usize,
) -> Option<((usize, usize, usize), usize)> {
    let layer_end = side.queue.len();
    while side.head < layer_end {
        let (blank, a, b) = unpack(side.queue[side.head]);
        side.head += 1;
        let depth = side.dist[(blank * n + a) * n + b] + 1;
        for &next in &neighbour[blank * 4..blank * 4 + 4] {
            if next == NONE {
                continue;
            }
            let next = next as usize;
            let na = if a == next { blank } else { a };
            let nb = if b == next { blank } else { b };
            let child = (next * n + na) * n + nb;
            if side.dist[child] != UNSEEN {
                continue;
            }
            side.dist[child] = depth;
            if other.dist[child] != UNSEEN {
                return Some(((next, na, nb), (depth + other.dist[child]) as usize));
            }
            side.queue.push(pack(next, na, nb));
        }
    }
    None
}

/// Solves one board with a fresh [`Solver`] (reuse a solver for many boards).
pub fn solve(board: &Board) -> Option<Vec<Move>> {
    Solver::new().solve(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples() {
        let mut solver = Solver::new();
        let one = Board::from_lines(&["* A", "**B"]).expect("sample 1");
        let two = Board::from_lines(&["A B", "***"]).expect("sample 2");
        assert_eq!(solver.distance(&one), Some(17));
        assert_eq!(solver.distance(&two), Some(12));
        assert_eq!(solver.solve(&one).map(|m| m.len()), Some(17));
    }

    #[test]
    fn a_line_cannot_swap() {
        let board = Board::from_lines(&["A B*"]).expect("one row");
        assert_eq!(solve(&board), None);
    }
}
