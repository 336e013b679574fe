//! Applies a move sequence to a case, checking every move.

use crate::parse::Case;
use crate::reference::step;
use grid_common::{Dir, Pos};
use std::fmt;

/// A move that is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The 1-based number of the move.
    pub step: usize,
    /// The move.
    pub dir: Dir,
    /// Why it is not allowed.
    pub reason: &'static str,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}): {}", self.step, self.dir, self.reason)
    }
}

impl std::error::Error for ReplayError {}

/// The bodies before the first move and after each move (head first), or the first bad move.
pub fn replay(case: &Case, moves: &[Dir]) -> Result<Vec<Vec<Pos>>, ReplayError> {
    let mut bodies = vec![case.body.clone()];
    for (i, &dir) in moves.iter().enumerate() {
        let body = bodies.last().map_or(&case.body, |b| b);
        let head = body.first().copied().unwrap_or_default();
        let error = |reason| ReplayError {
            step: i + 1,
            dir,
            reason,
        };
        let Some(to) = case.stone.step(head, dir) else {
            return Err(error("the head would leave the lair"));
        };
        if case.stone[to] {
            return Err(error("the head would enter a stone"));
        }
        let next = step(case, body, dir).ok_or_else(|| error("the head would enter the body"))?;
        bodies.push(next);
    }
    Ok(bodies)
}

/// Checks that `moves` is legal, takes the head to (1,1) and has exactly `steps` moves.
pub fn check_path(case: &Case, moves: &[Dir], steps: usize) -> Result<(), String> {
    if moves.len() != steps {
        return Err(format!(
            "the path has {} moves, the answer is {steps}",
            moves.len()
        ));
    }
    let bodies = replay(case, moves).map_err(|e| e.to_string())?;
    match bodies.last().and_then(|b| b.first()) {
        Some(&head) if head == Pos::new(0, 0) => Ok(()),
        Some(&head) => Err(format!("the path ends with the head on {head}, not (1, 1)")),
        None => Err("the body is empty".to_string()),
    }
}
