//! The brute-force reference: a breadth-first search over the literal state (blank cell,
//! piece cell), with a hash map. Obviously right, slow; for tests on small boards.

use crate::case::{Board, Move, Query};
use grid_common::Pos;
use std::collections::{HashMap, VecDeque};

/// The fewest moves for `query` on `board`, or `None` when the piece cannot reach the target
/// (or the query is invalid: blank on the piece, or blank, piece or target on a fixed cell).
pub fn count(board: &Board, query: &Query) -> Option<usize> {
    moves(board, query).map(|path| path.len())
}

/// Like [`count`], with one shortest sequence of blank moves.
pub fn moves(board: &Board, query: &Query) -> Option<Vec<Move>> {
    let Query {
        blank,
        piece,
        target,
    } = *query;
    if blank == piece || !board.is_open(blank) || !board.is_open(piece) || !board.is_open(target) {
        return None;
    }
    let start = (blank, piece);
    // Each state reached, with the state and the move it was reached from.
    type CameFrom = HashMap<(Pos, Pos), Option<((Pos, Pos), Move)>>;
    let mut came_from: CameFrom = HashMap::new();
    came_from.insert(start, None);
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        let (blank, piece) = state;
        if piece == target {
            let mut path = Vec::new();
            let mut at = state;
            while let Some(Some((before, dir))) = came_from.get(&at) {
                path.push(*dir);
                at = *before;
            }
            path.reverse();
            return Some(path);
        }
        for (dir, next_blank) in board.open.neighbours(blank) {
            if !board.is_open(next_blank) {
                continue;
            }
            // The piece in the blank's way slides into the blank's old cell.
            let next_piece = if next_blank == piece { blank } else { piece };
            let next = (next_blank, next_piece);
            if let std::collections::hash_map::Entry::Vacant(entry) = came_from.entry(next) {
                entry.insert(Some((state, dir)));
                queue.push_back(next);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statement_sample() {
        let board = Board::from_rows(&["0111", "0110", "0100"]).expect("a board");
        let q = |b: (usize, usize), p: (usize, usize), t: (usize, usize)| Query {
            blank: Pos::new(b.0 - 1, b.1 - 1),
            piece: Pos::new(p.0 - 1, p.1 - 1),
            target: Pos::new(t.0 - 1, t.1 - 1),
        };
        assert_eq!(count(&board, &q((3, 2), (1, 2), (2, 2))), Some(2));
        assert_eq!(count(&board, &q((1, 2), (2, 2), (3, 2))), None);
        assert_eq!(count(&board, &q((1, 2), (2, 2), (2, 2))), Some(0));
        assert_eq!(count(&board, &q((1, 1), (2, 2), (2, 2))), None);
        assert_eq!(count(&board, &q((2, 2), (2, 2), (2, 2))), None);
    }
}
