//! The search with a lower bound, for boxes of many layouts: breadth-first by levels, each
//! position whose level plus bound ([`super::bound`]) passes a limit left out, the limit
//! raised until the goal is found.
//!
//! **Exactness.** The bound never exceeds the moves left, and changes by at most one per
//! move (consistent). For a limit `L`, the search keeps the positions `p` reached at level
//! `g` with `g + h(p) <= L`:
//! - every position `q` on a shortest path from the start to a kept `p` has `g(q) + h(q)
//!   <= g(q) + dist(q, p) + h(p) = g(p) + h(p) <= L` (consistency), so `p` is reached by
//!   kept positions only, at its true fewest moves: the levels are the breadth-first ones;
//! - while `L` is below the fewest moves `C`, no goal position is kept (its level would be
//!   at least `C`, its bound 0);
//! - once `L >= C`, the positions of a shortest solution all have `g + h <= C <= L` (the
//!   bound never exceeds the moves left) and are kept, so the first goal found is at
//!   level `C`.
//!
//! The next limit is the least `g + h` of the positions left out; when none was left out
//! (or the start's bound says the goal is out of reach) the search saw every position that
//! can reach the goal, and there is none.
//!
//! **Which blocks are left out.** Each set of one or two classes of blocks other than the
//! target's is a candidate (the first [`CANDIDATES`], fewest cells first): the relaxed
//! puzzle without them, when its layouts are few enough for a table
//! ([`bound::MAX_LAYOUTS`]) and at most a [`SHARE`]th of the whole box's (counted
//! generously). The candidate that leaves out the fewest cells wins (the relaxed puzzle
//! closest to the real one; ties: the fewest layouts): Lodzianka without its three 1x1
//! blocks (15,491,416 relaxed layouts, bound 13 of 21 at the start), Pelopones without its
//! two 1x1 blocks and its 1x2 (3,841,514, bound 16 of 25).
//!
//! **When.** Only for boxes the search over ranks would take, and only after the plain
//! search failed to answer within [`PROBE_STATES`] positions (a case of few moves needs no
//! table). When no candidate qualifies, or the pruned search would store more than a
//! [`SHARE`]th of the layouts or pass a limit, the search over ranks takes the case as
//! before, under the same limits.

use super::bound::{self, Bound};
use super::layout::Layout;
use super::{Limit, Options};
use crate::case::Case;
use crate::layouts::rank::Ranker;
use crate::layouts::Pieces;
use puzzle_frame::budget::MemoryBudget;

/// A relaxed puzzle's table holds at most this share of the real box's layouts, and the
/// pruned search stores at most this share of them: past it, the search over ranks is
/// cheaper.
pub(super) const SHARE: u64 = 32;

/// The memory one candidate's automaton may take while the candidates are compared.
const CANDIDATE_BYTES: u64 = 64 << 20;

/// The most candidate sets of classes compared.
const CANDIDATES: usize = 24;

/// Before the table is built, the plain search tries the case storing at most this many
/// positions: a case answered in few moves needs no bound.
pub(super) const PROBE_STATES: usize = 1 << 18;

/// The relaxation of `case` to bound its search with, or `None` when no class of blocks
/// qualifies; `layouts` is an upper bound of the real box's layouts (`u64::MAX` lets any
/// relaxed puzzle of at most [`bound::MAX_LAYOUTS`] qualify, for the tests).
pub(super) fn relaxation(
    case: &Case,
    layout: &Layout,
    layouts: u64,
    budget: MemoryBudget,
) -> Result<Option<Bound>, Limit> {
    let most = bound::MAX_LAYOUTS.min(layouts / SHARE);
    let cells = |k: usize| {
        let blocks = layout.class_slots[k + 1] - layout.class_slots[k];
        blocks * layout.shapes[k].mask.count_ones() as usize
    };
    // Every set of one or two classes, fewest cells first.
    let classes = layout.shapes.len();
    let mut sets: Vec<(usize, Vec<usize>)> = Vec::new();
    for k in 1..classes {
        sets.push((cells(k), vec![k]));
        for j in k + 1..classes {
            sets.push((cells(k) + cells(j), vec![k, j]));
        }
    }
    sets.sort();
    let mut best: Option<(usize, u64, Vec<usize>)> = None;
    let automaton = MemoryBudget::new(CANDIDATE_BYTES.min(budget.bytes() / 4));
    for (removed_cells, set) in sets.into_iter().take(CANDIDATES) {
        if best.as_ref().is_some_and(|b| b.0 < removed_cells) {
            break;
        }
        let Some(n) = relaxed_layouts(case, layout, &set, automaton) else {
            continue;
        };
        if n <= most && best.as_ref().map_or(true, |b| n < b.1) {
            best = Some((removed_cells, n, set));
        }
    }
    let Some((_, _, set)) = best else {
        return Ok(None);
    };
    Bound::new(case, layout, &set, budget)
}

/// The layouts of `case` without the blocks of the classes `removed` (of [`Layout`]), or
/// `None` when their automaton does not fit in `budget`.
fn relaxed_layouts(
    case: &Case,
    layout: &Layout,
    removed: &[usize],
    budget: MemoryBudget,
) -> Option<u64> {
    let relaxed = bound::without(case, layout, removed)?;
    let pieces = Pieces::of_case(&relaxed);
    let (frame, shapes) = pieces.tables();
    Ranker::new(frame.board, &shapes, &pieces.counts(), budget)
        .ok()
        .map(|r| r.total())
}

/// The settings of the pruned search: `options` with at most a [`SHARE`]th of `layouts`
/// stored, and the budget less the bound's `bytes` (`None` when they leave none).
pub(super) fn options_for(options: &Options, layouts: u64, bytes: u64) -> Option<Options> {
    let share = usize::try_from(layouts / SHARE).unwrap_or(usize::MAX);
    let left = options.budget.bytes().checked_sub(bytes)?;
    Some(Options {
        max_states: options.max_states.min(share.max(1)),
        budget: MemoryBudget::new(left),
        ..*options
    })
}
