//! Plays a move sequence on a case, checking every move with its own statement of the
//! rules (not the solver's tables, not the reference's `step`): the head moves one cell
//! up, down, left or right; it must stay inside the lair, off the stones, and off every
//! cell the body holds before the move, the tail's included; every other block moves into
//! the cell of the block before it.

use crate::case::{Case, Move};
use grid_common::{Grid, Pos};
use std::collections::VecDeque;
use std::fmt;

/// A move that is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The 1-based number of the move.
    pub step: usize,
    /// The move.
    pub dir: Move,
    /// Why it is not allowed.
    pub reason: &'static str,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}): {}", self.step, self.dir, self.reason)
    }
}

impl std::error::Error for ReplayError {}

/// One move as played: where the head and the tail were and went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub dir: Move,
    /// The head's cell before the move.
    pub head_from: Pos,
    /// The head's cell after the move.
    pub head_to: Pos,
    /// The tail's cell before the move (free after it).
    pub tail_from: Pos,
    /// The tail's cell after the move.
    pub tail_to: Pos,
}

/// The end of a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The body after the last move, head first.
    pub body: Vec<Pos>,
    /// True when the head ends on (1,1).
    pub solved: bool,
}

/// Plays `moves` from the case's start; the final body, or the first bad move.
pub fn replay(case: &Case, moves: &[Move]) -> Result<Replayed, ReplayError> {
    replay_each(case, moves, |_| {})
}

/// [`replay`], calling `each` after every legal move.
pub fn replay_each(
    case: &Case,
    moves: &[Move],
    mut each: impl FnMut(&Played),
) -> Result<Replayed, ReplayError> {
    let (rows, cols) = (case.rows() as isize, case.cols() as isize);
    let mut body: VecDeque<Pos> = case.body().iter().copied().collect();
    let mut occupied = Grid::new(case.rows(), case.cols(), false);
    for &p in &body {
        occupied[p] = true;
    }
    for (i, &dir) in moves.iter().enumerate() {
        let error = |reason| ReplayError {
            step: i + 1,
            dir,
            reason,
        };
        let (Some(&head_from), Some(&tail_from)) = (body.front(), body.back()) else {
            return Err(error("the snake has no body"));
        };
        let (dr, dc) = match dir {
            Move::Up => (-1, 0),
            Move::Down => (1, 0),
            Move::Left => (0, -1),
            Move::Right => (0, 1),
        };
        let (r, c) = (head_from.row as isize + dr, head_from.col as isize + dc);
        if r < 0 || c < 0 || r >= rows || c >= cols {
            return Err(error("the head would leave the lair"));
        }
        let head_to = Pos::new(r as usize, c as usize);
        if case.stone()[head_to] {
            return Err(error("the head would enter a stone"));
        }
        if occupied[head_to] {
            return Err(error("the head would enter the body"));
        }
        body.pop_back();
        occupied[tail_from] = false;
        body.push_front(head_to);
        occupied[head_to] = true;
        let tail_to = body.back().copied().unwrap_or(head_to);
        each(&Played {
            dir,
            head_from,
            head_to,
            tail_from,
            tail_to,
        });
    }
    let body: Vec<Pos> = body.into();
    let solved = body.first() == Some(&Pos::new(0, 0));
    Ok(Replayed { body, solved })
}
