//! The A* estimate: the larger of two consistent lower bounds of a state's cost to the goal.
//!
//! - The exact cost on an empty unbounded board ([`empty_board_cost`]), tabulated per board
//!   by row distance, column distance and the side's class ([`empty_cost_table`]). Fixed
//!   cells and edges only remove moves, so it bounds the cost on any board.
//! - Landmark bounds: a state at distance `d` from a landmark is at least `lo - d` and
//!   `d - hi` from every goal state, where `lo` and `hi` are the least and the greatest
//!   distance of a goal state from that landmark (the triangle inequality in the state
//!   graph, which is undirected).
//!
//! A maximum of consistent bounds is consistent, so the search stays exact whichever of
//! them a board uses ([`wants_empty_bound`]).

// Landmarks are numbered 0..LANDMARKS indexing two arrays at once.
#![allow(clippy::needless_range_loop)]

#[cfg(doc)]
use super::landmarks::Landmarks;
use super::landmarks::LANDMARKS;
use super::sides::VERTICAL;
use super::INF;
use grid_common::Dir;

/// The A* heuristic of one query.
pub(super) struct Heuristic<'a> {
    /// Per padded cell, its row and column.
    pub coords: &'a [(u32, u32)],
    /// [`empty_cost_table`] of the board.
    pub empty_cost: &'a [u32],
    /// The board's number of columns (the table's row length).
    pub cols: usize,
    /// The target's row and column in the padded board.
    pub target: (u32, u32),
    /// Each state's distances from the landmarks ([`Landmarks::dist`]).
    pub landmarks: &'a [[u32; LANDMARKS]],
    /// The same in 16 bits ([`Landmarks::short`]; empty when they do not fit).
    pub short: &'a [[u16; LANDMARKS]],
    /// Per landmark, the least and the greatest finite distance of a goal state.
    pub goal_distances: [[u32; 2]; LANDMARKS],
    /// `goal_distances` in 16 bits.
    pub short_goal_distances: [[u16; 2]; LANDMARKS],
    /// All the goal states lie in one component (the usual case).
    pub one_component: bool,
    /// False for a plain Dijkstra search (tests).
    pub on: bool,
}

/// Which bounds an estimate takes ([`Heuristic::estimate`]'s `BOUNDS`): the empty-board
/// cost alone (a board without landmarks).
pub(super) const EMPTY_BOARD: u8 = 0;
/// Both the empty-board cost and the landmark bounds.
pub(super) const BOTH: u8 = 1;
/// The 16-bit landmark bound alone where it applies (boards where [`wants_empty_bound`] is
/// false), else both.
pub(super) const LANDMARKS_ONLY: u8 = 2;

impl Heuristic<'_> {
    /// The estimate of `state`, with the bounds `BOUNDS` says ([`EMPTY_BOARD`], [`BOTH`],
    /// [`LANDMARKS_ONLY`]); each is a search of its own, without the others' tests.
    #[inline(always)]
    pub fn estimate<const BOUNDS: u8>(&self, state: usize) -> u32 {
        if !self.on {
            return 0;
        }
        if BOUNDS == LANDMARKS_ONLY && self.one_component {
            if let Some(here) = self.short.get(state) {
                let mut most = 0u16;
                for j in 0..LANDMARKS {
                    let (d, [lo, hi]) = (here[j], self.short_goal_distances[j]);
                    most = most.max(lo.saturating_sub(d)).max(d.saturating_sub(hi));
                }
                return u32::from(most);
            }
        }
        let (row, col) = self.coords[state >> 2];
        let side = state & 3;
        let (target_row, target_col) = self.target;
        let (a, b) = (row.abs_diff(target_row), col.abs_diff(target_col));
        // The side's class: ahead or behind on the piece's vertical way, then horizontal.
        let class = if VERTICAL[side] {
            let up = row > target_row;
            usize::from(up != (side == Dir::Up.index()))
        } else {
            let left = col > target_col;
            2 + usize::from(left != (side == Dir::Left.index()))
        };
        let index = (a as usize * self.cols + b as usize) * 4 + class;
        let mut best = self.empty_cost.get(index).copied().unwrap_or(0);
        if BOUNDS == EMPTY_BOARD {
            return best;
        }
        if self.one_component {
            if let Some(here) = self.short.get(state) {
                // The same bound in 16-bit lanes (`u16::MAX` for `INF` saturates alike).
                let mut most = 0u16;
                for j in 0..LANDMARKS {
                    let (d, [lo, hi]) = (here[j], self.short_goal_distances[j]);
                    most = most.max(lo.saturating_sub(d)).max(d.saturating_sub(hi));
                }
                return best.max(u32::from(most));
            }
        }
        if let Some(here) = self.landmarks.get(state) {
            if self.one_component {
                // Every state searched lies in the goal's one component: its distances from
                // the landmarks there are finite, and the others have lo = 0, hi = INF.
                for j in 0..LANDMARKS {
                    let (d, [lo, hi]) = (here[j], self.goal_distances[j]);
                    best = best.max(lo.saturating_sub(d)).max(d.saturating_sub(hi));
                }
            } else {
                for j in 0..LANDMARKS {
                    let (d, [lo, hi]) = (here[j], self.goal_distances[j]);
                    // Unreachable landmarks (other components) bound nothing.
                    if d != INF && lo != INF {
                        best = best.max(lo.saturating_sub(d)).max(d.saturating_sub(hi));
                    }
                }
            }
        }
        best
    }
}

/// Whether the estimate should also take the empty-board cost on a board with `fixed` fixed
/// cells out of `cells`, given whether there are landmark distances in 16 bits.
///
/// Either way the estimate is a maximum of consistent lower bounds, so it is consistent
/// and the search exact; this only trades the work per estimate against the states
/// expanded. Where fixed cells are many (a fifth of the board or more: walls, lattices,
/// winding corridors) the empty-board cost, blind to them, rarely beats the landmarks and
/// costs more than the few states it saves; with fewer fixed cells it pays.
pub(super) fn wants_empty_bound(landmarks: bool, fixed: usize, cells: usize) -> bool {
    !landmarks || fixed.saturating_mul(5) < cells
}

/// [`empty_board_cost`] tabulated for every distance on a `rows` x `cols` board and each
/// class of side: ahead on the vertical way, behind it, ahead on the horizontal way, behind.
pub(super) fn empty_cost_table(rows: usize, cols: usize) -> Vec<u32> {
    let mut table = Vec::with_capacity(rows * cols * 4);
    for a in 0..rows as i64 {
        for b in 0..cols as i64 {
            // With these non-negative offsets the piece's way is up and left, or down and
            // right along an axis where it is already in line.
            let up = if a > 0 { Dir::Up } else { Dir::Down };
            let left = if b > 0 { Dir::Left } else { Dir::Right };
            for side in [up, up.opposite(), left, left.opposite()] {
                table.push(empty_board_cost(a, b, side.index()));
            }
        }
    }
    table
}

/// The exact fewest moves on an empty unbounded board for a piece `rows` rows and `cols`
/// columns away from its target (piece minus target) with the blank on side `side` of it
/// (a [`Dir`] index). A lower bound on any board: fixed cells and edges only remove moves.
pub fn empty_board_cost(rows: i64, cols: i64, side: usize) -> u32 {
    let (a, b) = (rows.unsigned_abs(), cols.unsigned_abs());
    if a == 0 && b == 0 {
        return 0;
    }
    // The ways the piece must go.
    let vertical = if rows > 0 { Dir::Up } else { Dir::Down };
    let horizontal = if cols > 0 { Dir::Left } else { Dir::Right };
    // The first step costs 1 with the blank in front, 3 beside, 5 behind; then a step costs
    // 3 after a turn and 5 straight on, and the turns are as many as the axes allow.
    let first = |dir: Dir| -> i64 {
        3 + 2 * i64::from(side == dir.opposite().index()) - 2 * i64::from(side == dir.index())
    };
    let (a, b) = (a.min(1 << 40) as i64, b.min(1 << 40) as i64);
    let cost = if b == 0 {
        first(vertical) + 5 * (a - 1)
    } else if a == 0 {
        first(horizontal) + 5 * (b - 1)
    } else {
        let up_down_first = first(vertical) - 2 * (2 * b).min(2 * a - 1);
        let sideways_first = first(horizontal) - 2 * (2 * a).min(2 * b - 1);
        5 * (a + b - 1) + up_down_first.min(sideways_first)
    };
    u32::try_from(cost).unwrap_or(u32::MAX - 1)
}
