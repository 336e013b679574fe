//! The brute-force reference: a breadth-first search over whole boards.
//!
//! The state is the literal board (every cell, soldiers included) kept in a `HashMap`
//! with its distance; a move swaps the blank with a neighbour. Nothing is encoded, so it
//! is obviously right and slow: use it on small boards, to check [`crate::solve`].

use std::collections::{HashMap, VecDeque};

use crate::{Board, Cell};

/// The fewest moves that swap `A` and `B`, or `None` when they cannot be swapped.
pub fn distance(board: &Board) -> Option<usize> {
    let (rows, cols) = (board.rows(), board.cols());
    let a0 = board.find(Cell::A)?;
    let b0 = board.find(Cell::B)?;
    let start: Vec<Cell> = board.cells().to_vec();
    let is_goal = |cells: &[Cell]| {
        cells[b0.row * cols + b0.col] == Cell::A && cells[a0.row * cols + a0.col] == Cell::B
    };
    let mut dist: HashMap<Vec<Cell>, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert(start.clone(), 0);
    queue.push_back(start);
    while let Some(cells) = queue.pop_front() {
        let d = dist[&cells];
        if is_goal(&cells) {
            return Some(d);
        }
        let blank = cells.iter().position(|&c| c == Cell::Blank)?;
        let (r, c) = (blank / cols, blank % cols);
        let mut neighbours = Vec::new();
        if r > 0 {
            neighbours.push(blank - cols);
        }
        if r + 1 < rows {
            neighbours.push(blank + cols);
        }
        if c > 0 {
            neighbours.push(blank - 1);
        }
        if c + 1 < cols {
            neighbours.push(blank + 1);
        }
        for next in neighbours {
            let mut moved = cells.clone();
            moved.swap(blank, next);
            if !dist.contains_key(&moved) {
                dist.insert(moved.clone(), d + 1);
                queue.push_back(moved);
            }
        }
    }
    None
}
