//! The brute-force reference: a plain breadth-first search over whole board strings.
//!
//! No bits, no places, no packed states: a board is its `N * N` characters (`.` empty),
//! a move lifts every cell of one letter off the board and puts it back shifted by `k`
//! cells along its row (when its cells share a row) or its column, on empty cells of the
//! board, for `k = ±1, ±2, ...` until one does not fit; the boards seen live in a hash map.
//! Slow and obviously right.

use crate::case::Case;
use std::collections::{HashMap, VecDeque};

/// The fewest moves (a piece slid any number of cells) to a solved board, or `None`.
pub fn count(case: &Case) -> Option<usize> {
    search(case, false, true).0
}

/// The fewest steps (one-cell slides) to a solved board, or `None`.
pub fn steps(case: &Case) -> Option<usize> {
    search(case, true, true).0
}

/// The number of boards reachable from the case's board, itself included.
pub fn cluster(case: &Case) -> usize {
    search(case, false, false).1
}

/// The breadth-first search: the distance to the nearest solved board, and the boards
/// seen (the whole cluster unless `stop_at_goal` stopped it early).
fn search(case: &Case, one_cell: bool, stop_at_goal: bool) -> (Option<usize>, usize) {
    let size = case.size();
    let start: Vec<u8> = case
        .text()
        .iter()
        .map(|&b| if b == b'o' { b'.' } else { b })
        .collect();
    let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    let mut nearest = None;
    seen.insert(start.clone(), 0);
    queue.push_back(start);
    while let Some(board) = queue.pop_front() {
        let moves = seen[&board];
        if nearest.is_none() && solved(&board, size) {
            nearest = Some(moves);
            if stop_at_goal {
                break;
            }
        }
        for next in neighbours(&board, size, one_cell) {
            if !seen.contains_key(&next) {
                seen.insert(next.clone(), moves + 1);
                queue.push_back(next);
            }
        }
    }
    (nearest, seen.len())
}

/// True when a cell of `A` is in the last column.
fn solved(board: &[u8], size: usize) -> bool {
    (0..size).any(|row| board[row * size + size - 1] == b'A')
}

/// Every board one move (or one step) away.
fn neighbours(board: &[u8], size: usize, one_cell: bool) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for letter in b'A'..=b'Z' {
        let cells: Vec<(usize, usize)> = (0..size * size)
            .filter(|&i| board[i] == letter)
            .map(|i| (i / size, i % size))
            .collect();
        if cells.is_empty() {
            continue;
        }
        let horizontal = cells.iter().all(|&(r, _)| r == cells[0].0);
        let mut lifted = board.to_vec();
        for &(r, c) in &cells {
            lifted[r * size + c] = b'.';
        }
        for sign in [-1i64, 1] {
            for k in 1..size as i64 {
                let shift = sign * k;
                let moved: Option<Vec<usize>> = cells
                    .iter()
                    .map(|&(r, c)| {
                        let (r, c) = if horizontal {
                            (r as i64, c as i64 + shift)
                        } else {
                            (r as i64 + shift, c as i64)
                        };
                        let inside = (0..size as i64).contains(&r) && (0..size as i64).contains(&c);
                        let at = (r * size as i64 + c) as usize;
                        (inside && lifted[at] == b'.').then_some(at)
                    })
                    .collect();
                let Some(moved) = moved else { break };
                let mut next = lifted.clone();
                for at in moved {
                    next[at] = letter;
                }
                out.push(next);
                if one_cell {
                    break;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::board;

    #[test]
    fn by_hand() {
        let case = board("ooooooAAooBoooooBooooooooooooooooooo").unwrap();
        assert_eq!(
            (count(&case), steps(&case), cluster(&case)),
            (Some(2), Some(5), 21)
        );
        let stuck = board("AABBoooooooooooo").unwrap();
        assert_eq!((count(&stuck), steps(&stuck)), (None, None));
        assert_eq!(count(&board("ooooAAooo").unwrap()), Some(0));
    }
}
