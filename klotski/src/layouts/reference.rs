//! The brute-force census, for tests only: whole boards, unit slides, hash maps.
//!
//! A board is the box's cells, each empty or `(class, i)`: cell `i` (in the order of the
//! class's shape) of a block of that class. Every board is made by putting each block, one
//! after another, at every anchor where it fits (so each layout is made many times over,
//! once per order of interchangeable blocks, and a hash set keeps one); a move slides one
//! block by unit steps over cells empty or its own, every placement reached being one move.
//! Groups by a breadth-first search from each board not yet seen, distances by one from all
//! goal boards at once.

use std::collections::{HashMap, HashSet, VecDeque};

use super::{Blocks, Pieces};

/// A whole board: row-major cells, `None` empty, `Some((class, i))` cell `i` of a block of
/// that class.
pub type Board = Vec<Option<(usize, usize)>>;

/// The brute-force figures: layouts, groups, solvable layouts, and the hardest (fewest
/// moves, and every board that needs them, sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefCensus {
    /// Distinct boards.
    pub layouts: usize,
    /// Connected groups.
    pub groups: usize,
    /// Boards with a way to the goal.
    pub solvable: usize,
    /// The most moves a solvable board needs, and those boards (sorted).
    pub hardest: Option<(usize, Vec<Board>)>,
}

/// The board of a layout given as classes and anchors.
pub fn board_of(pieces: &Pieces, blocks: &Blocks) -> Board {
    let cols = pieces.cols;
    let mut board = vec![None; pieces.rows * cols];
    for &(k, anchor) in blocks {
        let (r, c) = (anchor as usize / cols, anchor as usize % cols);
        for (i, p) in pieces.shapes[k].iter().enumerate() {
            board[(r + p.row) * cols + c + p.col] = Some((k, i));
        }
    }
    board
}

/// Every board of `pieces`.
fn every_board(pieces: &Pieces) -> HashSet<Board> {
    let blocks: Vec<usize> = pieces
        .names
        .iter()
        .enumerate()
        .flat_map(|(k, names)| std::iter::repeat(k).take(names.len()))
        .collect();
    let mut boards = HashSet::new();
    let mut board = vec![None; pieces.rows * pieces.cols];
    place(pieces, &blocks, &mut board, &mut boards);
    boards
}

/// Puts `blocks[0]` at every anchor where it fits on `board`, then the rest.
fn place(pieces: &Pieces, blocks: &[usize], board: &mut Board, out: &mut HashSet<Board>) {
    let Some((&k, rest)) = blocks.split_first() else {
        out.insert(board.clone());
        return;
    };
    let (rows, cols) = (pieces.rows, pieces.cols);
    for r in 0..rows {
        for c in 0..cols {
            let cells: Vec<(usize, usize)> = pieces.shapes[k]
                .iter()
                .map(|p| (r + p.row, c + p.col))
                .collect();
            if cells
                .iter()
                .any(|&(r, c)| r >= rows || c >= cols || board[r * cols + c].is_some())
            {
                continue;
            }
            for (i, &(r, c)) in cells.iter().enumerate() {
                board[r * cols + c] = Some((k, i));
            }
            place(pieces, rest, board, out);
            for &(r, c) in &cells {
                board[r * cols + c] = None;
            }
        }
    }
}

/// Every board one move from `board` (the reference's slides, each class's shape taken
/// relative to its cell 0).
fn moves(pieces: &Pieces, board: &Board) -> Vec<Board> {
    let relative = |shape: &Vec<grid_common::Pos>| {
        let first = shape[0];
        let offset = |p: &grid_common::Pos| {
            let (r, c) = (p.row as isize, p.col as isize);
            (r - first.row as isize, c - first.col as isize)
        };
        shape.iter().map(offset).collect()
    };
    let shapes: Vec<Vec<(isize, isize)>> = pieces.shapes.iter().map(relative).collect();
    crate::reference::slides(board, pieces.rows, pieces.cols, &shapes)
}

/// True when the target's bounding box has its top-left corner on the goal.
fn solved(pieces: &Pieces, board: &Board) -> bool {
    let cols = pieces.cols;
    let cells = board
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c, Some((0, _))))
        .map(|(k, _)| (k / cols, k % cols));
    let row = cells.clone().map(|(r, _)| r).min();
    let col = cells.map(|(_, c)| c).min();
    (row, col) == (Some(pieces.goal.row), Some(pieces.goal.col))
}

/// The census of `pieces` by brute force.
pub fn census(pieces: &Pieces) -> RefCensus {
    let boards = every_board(pieces);
    let mut groups = 0;
    let mut seen: HashSet<&Board> = HashSet::new();
    for board in &boards {
        if !seen.insert(board) {
            continue;
        }
        groups += 1;
        let mut queue = VecDeque::from([board.clone()]);
        while let Some(b) = queue.pop_front() {
            for next in moves(pieces, &b) {
                if let Some(known) = boards.get(&next) {
                    if seen.insert(known) {
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    let mut distance: HashMap<Board, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    for board in boards.iter().filter(|b| solved(pieces, b)) {
        distance.insert(board.clone(), 0);
        queue.push_back(board.clone());
    }
    while let Some(b) = queue.pop_front() {
        let d = distance[&b];
        for next in moves(pieces, &b) {
            if !distance.contains_key(&next) {
                distance.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    let hardest = distance.values().max().map(|&m| {
        let mut far: Vec<Board> = distance
            .iter()
            .filter(|&(_, &d)| d == m)
            .map(|(b, _)| b.clone())
            .collect();
        far.sort();
        (m, far)
    });
    RefCensus {
        layouts: boards.len(),
        groups,
        solvable: distance.len(),
        hardest,
    }
}
