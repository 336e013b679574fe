//! The fast solver: a breadth-first search over (blank, `A`, `B`) positions.
//!
//! Soldiers are interchangeable, so a position is fully described by the cells of the
//! blank, `A` and `B`. With `n` cells a state is the dense index `(blank * n + a) * n + b`;
//! the search keeps a visit stamp and the move that reached each state in flat arrays,
//! and a `Vec<u32>` queue. Moving the blank onto `A` (or `B`) moves that card to the
//! blank's old cell. The goal is any state with `A` on `B`'s starting cell and `B` on
//! `A`'s. The arrays are reused from one board to the next (a stamp per search, so no
//! clearing), and the neighbour table is rebuilt only when the board's shape changes.

use grid_common::{Dir, Pos};

use crate::{Board, Cell, Move};

/// No neighbour in this direction.
const NONE: u32 = u32::MAX;

/// A reusable solver; [`Solver::solve`] any number of boards of any shapes.
#[derive(Clone, Debug, Default)]
pub struct Solver {
    rows: usize,
    cols: usize,
    /// `neighbour[cell * 4 + dir]`: the cell next to `cell` in `dir`, or [`NONE`].
    neighbour: Vec<u32>,
    /// The search that last visited each state.
    seen: Vec<u32>,
    /// The direction the blank moved to reach each state (valid where `seen == stamp`).
    came: Vec<u8>,
    queue: Vec<u32>,
    stamp: u32,
}

impl Solver {
    /// A solver with empty tables.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The fewest moves that swap `A` and `B`, or `None` when they cannot be swapped.
    pub fn distance(&mut self, board: &Board) -> Option<usize> {
        self.search(board).map(|(_, depth)| depth)
    }

    /// An optimal move sequence that swaps `A` and `B`, or `None` when they cannot be swapped.
    pub fn solve(&mut self, board: &Board) -> Option<Vec<Move>> {
        let (goal, depth) = self.search(board)?;
        let n = board.rows() * board.cols();
        let mut moves = Vec::with_capacity(depth);
        let mut state = goal as usize;
        for _ in 0..depth {
            let (blank, a, b) = (state / (n * n), state / n % n, state % n);
            let dir = Dir::from_index(usize::from(self.came[state]));
            // The blank came from `prev`; the card now on `prev` was on `blank` before.
            let prev = self.neighbour[blank * 4 + dir.opposite().index()] as usize;
            let card = if a == prev {
                Cell::A
            } else if b == prev {
                Cell::B
            } else {
                Cell::Soldier
            };
            moves.push(Move {
                card,
                dir: dir.opposite(),
            });
            let a = if a == prev { blank } else { a };
            let b = if b == prev { blank } else { b };
            state = (prev * n + a) * n + b;
        }
        moves.reverse();
        Some(moves)
    }

    /// Prepares the tables for the board's shape and a fresh stamp.
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
        let states = n * n * n;
        if self.seen.len() < states {
            self.seen.resize(states, 0);
            self.came.resize(states, 0);
        }
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
    }

    /// Breadth-first search; the goal state reached first and its depth.
    fn search(&mut self, board: &Board) -> Option<(u32, usize)> {
        let cols = board.cols();
        let index = |p: Pos| p.row * cols + p.col;
        let blank = index(board.find(Cell::Blank)?);
        let a0 = index(board.find(Cell::A)?);
        let b0 = index(board.find(Cell::B)?);
        self.prepare(board);
        let n = board.rows() * cols;
        let stamp = self.stamp;
        // The queue holds packed states `blank << 16 | a << 8 | b` (cells < 256), so that
        // decoding is shifts; the dense index for `seen` is two multiplications.
        let pack = |blank: usize, a: usize, b: usize| (blank << 16 | a << 8 | b) as u32;
        let start = (blank * n + a0) * n + b0;
        self.queue.clear();
        self.queue.push(pack(blank, a0, b0));
        self.seen[start] = stamp;
        let mut head = 0;
        let mut depth = 0;
        while head < self.queue.len() {
            depth += 1;
            let layer_end = self.queue.len();
            while head < layer_end {
                let packed = self.queue[head] as usize;
                head += 1;
                let (blank, a, b) = (packed >> 16, packed >> 8 & 0xff, packed & 0xff);
                let around = &self.neighbour[blank * 4..blank * 4 + 4];
                for (dir, &next) in around.iter().enumerate() {
                    if next == NONE {
                        continue;
                    }
                    let next = next as usize;
                    let na = if a == next { blank } else { a };
                    let nb = if b == next { blank } else { b };
                    let child = (next * n + na) * n + nb;
                    if self.seen[child] == stamp {
                        continue;
                    }
                    self.seen[child] = stamp;
                    self.came[child] = dir as u8;
                    if na == b0 && nb == a0 {
                        return Some((child as u32, depth));
                    }
                    self.queue.push(pack(next, na, nb));
                }
            }
        }
        None
    }
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
