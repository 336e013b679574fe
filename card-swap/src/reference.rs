//! The brute-force reference: a breadth-first search over whole boards.
//!
//! The state is the literal board (every cell, soldiers included) kept in a `HashMap`
//! with its distance; a move swaps the blank with a neighbour. Nothing is encoded, so it
//! is obviously right and slow: use it on small boards, to check [`crate::solve`].

use std::collections::{HashMap, VecDeque};

use grid_common::Grid;

use crate::{Case, Cell};

/// The fewest moves that swap `A` and `B`, or `None` when they cannot be swapped.
pub fn count(case: &Case) -> Option<usize> {
    let (a0, b0) = (case.a(), case.b());
    let is_goal = |board: &Grid<Cell>| board[b0] == Cell::A && board[a0] == Cell::B;
    let mut dist: HashMap<Grid<Cell>, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert(case.grid().clone(), 0);
    queue.push_back(case.grid().clone());
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        if is_goal(&board) {
            return Some(d);
        }
        let blank = board.positions().find(|&p| board[p] == Cell::Blank)?;
        for (_, next) in board.neighbours(blank) {
            let mut moved = board.clone();
            moved[blank] = board[next];
            moved[next] = Cell::Blank;
            if !dist.contains_key(&moved) {
                dist.insert(moved.clone(), d + 1);
                queue.push_back(moved);
            }
        }
    }
    None
}
