//! The way back over the marks of a search by levels to the end: the moves from the start
//! to a layout of a known level (each step to a neighbour one level lower), and a farthest
//! layout in the input format.

use grid_common::Pos;

use super::{MarkOf, Reached, Walker};
use crate::case::{Case, Move};
use crate::solve::ranked::{mark, name_moves, Step};

/// A farthest layout: the least rank of the last level (`found.last`), reached by the
/// moves walked back from it (each step to a neighbour one level lower, so as many as the
/// farthest level) played from the start, as a case (`None` when there is no way back, an
/// internal error). After a count that showed its progress, it is shown on standard error
/// in the input format.
pub(in crate::solve) fn farthest_layout(
    walker: &mut impl Walker,
    (marks, found): (&(impl MarkOf + ?Sized), &Reached),
    (case, classes, anchors): (&Case, &[usize], &[u8]),
) -> Option<Case> {
    let (rank, long) = found.last?;
    let steps = walk_back(walker, marks, rank, found.farthest);
    let moves = name_moves(case, classes, anchors.to_vec(), &steps);
    let far = farthest_case(case, &moves).filter(|_| moves.len() == found.farthest);
    match (&far, long) {
        (Some(far), true) => eprint!("count: a farthest layout, {} moves:\n{far}", found.farthest),
        (None, _) => eprintln!("count: internal error: no way back from a farthest layout"),
        _ => {}
    }
    far
}

/// The case with its blocks where `moves` from its start leave them (`None` when they do
/// not play).
fn farthest_case(case: &Case, moves: &[Move]) -> Option<Case> {
    let played = crate::replay::replay(case, moves).ok()?;
    let mut far = case.clone();
    for (block, corner) in far.blocks.iter_mut().zip(&played.corners) {
        let top_left = block.top_left();
        for p in &mut block.cells {
            *p = Pos::new(
                p.row - top_left.row + corner.row,
                p.col - top_left.col + corner.col,
            );
        }
    }
    Some(far)
}

/// The moves (class, from, to) from the start to `end` at `level`, each step back to a
/// neighbour marked one level lower.
pub(in crate::solve) fn walk_back(
    walker: &mut impl Walker,
    marks: &(impl MarkOf + ?Sized),
    end: u64,
    level: usize,
) -> Vec<Step> {
    let mut steps = Vec::with_capacity(level);
    let mut at = end;
    for below in (0..level).rev() {
        let mut back = None;
        walker.neighbours(at, |w, k, from, to| {
            if back.is_none() && marks.mark_of(w) == mark(below) {
                back = Some((w, k, to, from));
            }
        });
        let Some((w, k, from, to)) = back else { break };
        steps.push((k, from, to));
        at = w;
    }
    steps.reverse();
    steps
}
