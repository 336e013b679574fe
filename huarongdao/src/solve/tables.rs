//! The per-board tables, built once and read by every query: the padded board
//! ([`Geometry`]), the state graph's edge costs and components, the landmark distances and
//! the estimate's table ([`Tables`]), and what they cost in memory ([`board_bytes`]).

// Sides and directions are numbers 0..4 indexing several tables at once; index loops read
// best here.
#![allow(clippy::needless_range_loop)]

use super::blank::{Bfs, BlankBoard};
use super::buckets::Buckets;
use super::estimate::{empty_cost_table, wants_empty_bound};
use super::landmarks::{Landmarks, StateGraph, LANDMARKS};
use super::sides::{other_sides, side_costs, PAIR};
use super::{Bound, Limit, INF, NONE};
use crate::case::Board;
use grid_common::{Dir, Padded, Pos};

/// The board padded with a border of fixed cells, as flat arrays laid out by [`Padded`]
/// (a border of one cell): cell `c` is at row `c / width` and column `c % width` of the
/// padded board, and a state is `cell * 4 + side` (the side of the piece the blank is on, a
/// [`Dir`] index).
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    /// Where the board lies in the flat arrays.
    pub board: Padded,
    /// Per direction, [`Padded::offset`] as a wrapping step in cell indices (the searches
    /// step with `wrapping_add`).
    pub delta: [usize; 4],
    /// Per padded cell, whether it is open (movable).
    pub open: Vec<bool>,
    /// Per padded cell, its row and column in the padded board.
    pub coords: Vec<(u32, u32)>,
}

impl Geometry {
    /// The flat arrays of `board`, laid out by `padded` (from [`padded_board`]).
    pub fn new(board: &Board, padded: Padded) -> Geometry {
        let (width, cols) = (padded.width(), padded.cols());
        let mut open = vec![false; padded.len()];
        // Each row of the board is a run of cells in the array.
        for (row, cells) in board.open.cells().chunks(cols.max(1)).enumerate() {
            let start = padded.index(Pos::new(row, 0));
            open[start..start + cells.len()].copy_from_slice(cells);
        }
        let mut coords = Vec::with_capacity(padded.len());
        for row in 0..padded.len() / width {
            coords.extend((0..width).map(|col| (row as u32, col as u32)));
        }
        Geometry {
            board: padded,
            delta: padded.offsets().map(|offset| offset as usize),
            open,
            coords,
        }
    }

    /// The padded cell of `pos` (which must be on the board).
    pub fn cell(&self, pos: Pos) -> usize {
        self.board.index(pos)
    }

    /// The padded cells of `positions`, or `None` when one of them is off the board.
    pub fn cells<const N: usize>(&self, positions: [Pos; N]) -> Option<[usize; N]> {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let on_board = positions.iter().all(|p| p.row < rows && p.col < cols);
        on_board.then(|| positions.map(|pos| self.board.index(pos)))
    }
}

/// The layout of a `rows` x `cols` board with a border of one cell, when state indices
/// (four a padded cell) fit in 31 bits.
pub(super) fn padded_board(rows: usize, cols: usize) -> Result<Padded, Limit> {
    Padded::new(rows, cols, 1)
        .filter(|padded| padded.len() < 1 << 29)
        .ok_or(Limit::Other(super::TooLarge))
}

/// An upper bound of the bytes the solver holds for a board of `padded` padded cells, with
/// or without landmarks, besides its queues (which grow within their own budget): the
/// tables and the per-query arrays, and the most that building the tables needs for a while.
pub(super) fn board_bytes(padded: usize, landmarks: bool) -> u64 {
    // Per padded cell: open 1 and coords 8; the empty-board costs 16; side costs 24, turn
    // costs 48 and components 16; the blank's exits 1; the nodes 64; the blank's distances
    // 4; the BFS's marks, distances, directions and queue 13.
    let always = 1 + 8 + 16 + 24 + 48 + 16 + 1 + 64 + 4 + 13;
    // The far cell's distances 4; the landmark distances 64, in 16 bits 32.
    let with_landmarks = 4 + 64 + 32;
    // Building: the biconnected components' labels 16, times 8, and stacks (at most 16 and
    // 32 with their growth), and the chains' costs 5; the components' forest 16 and the
    // landmarks' searches 32 come after those are gone.
    let building = 16 + 8 + 16 + 32 + 5;
    let per_cell = always + if landmarks { with_landmarks } else { 0 } + building;
    (padded as u64).saturating_mul(per_cell)
}

/// The per-board tables.
#[derive(Clone, Debug)]
pub(super) struct Tables {
    pub geometry: Geometry,
    /// Per side, the step in state indices of the piece sliding into the blank there
    /// (the blank ends up on the opposite side).
    pub slide: [usize; 4],
    /// The empty-board cost by row distance, column distance and the blank's side relative
    /// to the piece's way ([`empty_cost_table`]).
    pub empty_cost: Vec<u32>,
    /// Per state, the blank's cost to the other sides of its cell ([`side_costs`], by pair
    /// of sides, [`PAIR`]) in the order the search tries them ([`other_sides`]): the two
    /// beside, then the opposite one.
    pub turn_cost: Vec<[u32; 3]>,
    /// Per state, its connected component in the state graph (`NONE` for invalid states).
    pub component: Vec<u32>,
    /// The landmark distances (empty without landmarks).
    pub landmarks: Landmarks,
    /// The estimate takes the empty-board cost into account (see [`wants_empty_bound`]).
    pub empty_bound: bool,
    /// The blank's search's tables.
    pub blank: BlankBoard,
}

impl Tables {
    /// The tables of `board`, laid out by `padded`, with `landmarks` landmarks and the
    /// estimate's bounds chosen by `bound`; `bfs` and `queue` are scratch.
    pub fn new(
        board: &Board,
        padded: Padded,
        landmarks: usize,
        bound: Bound,
        bfs: &mut Bfs,
        queue: &mut Buckets,
    ) -> Tables {
        let geometry = Geometry::new(board, padded);
        let delta = geometry.delta;
        let (side_cost, max_cost) = side_costs(&geometry, bfs);
        let turn_cost = (0..side_cost.len() * 4)
            .map(|state| {
                let (costs, side) = (&side_cost[state >> 2], state & 3);
                other_sides(side).map(|other| costs[PAIR[side][other]])
            })
            .collect();
        let component = components(&geometry, &side_cost);
        queue.reserve_span(2 * max_cost as usize + 2);
        let graph = StateGraph {
            geometry: &geometry,
            side_cost: &side_cost,
            component: &component,
        };
        let far = landmarks > 0;
        let landmarks = Landmarks::new(landmarks.min(LANDMARKS), &graph, queue);
        let blank = BlankBoard::new(&geometry, far, &mut bfs.queue);
        let empty_bound = match bound {
            Bound::Auto => {
                wants_empty_bound(landmarks.has_short(), board.fixed_cells(), board.open.len())
            }
            Bound::Both => true,
            Bound::LandmarksOnly => false,
        };
        Tables {
            slide: std::array::from_fn(|side| {
                (delta[side] << 2)
                    .wrapping_add(Dir::opposite_index(side))
                    .wrapping_sub(side)
            }),
            empty_cost: empty_cost_table(padded.rows(), padded.cols()),
            geometry,
            turn_cost,
            component,
            landmarks,
            empty_bound,
            blank,
        }
    }
}

/// Per state, its connected component in the state graph (a union-find over the slides
/// and the finite side-to-side costs), `NONE` for invalid states.
fn components(geometry: &Geometry, side_cost: &[[u32; 6]]) -> Vec<u32> {
    let Geometry { open, delta, .. } = geometry;
    let states = open.len() * 4;
    let mut parent: Vec<u32> = (0..states as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            let up = parent[parent[x as usize] as usize];
            parent[x as usize] = up;
            x = up;
        }
        x
    }
    let valid = |state: usize| {
        let cell = state >> 2;
        open[cell] && open[cell.wrapping_add(delta[state & 3])]
    };
    for state in 0..states {
        if !valid(state) {
            continue;
        }
        let (cell, side) = (state >> 2, state & 3);
        let mut join = |other: usize| {
            let (x, y) = (
                find(&mut parent, state as u32),
                find(&mut parent, other as u32),
            );
            if x != y {
                parent[x as usize] = y;
            }
        };
        join((cell.wrapping_add(delta[side]) << 2) | Dir::opposite_index(side));
        for other in side + 1..4 {
            if side_cost[cell][PAIR[side][other]] != INF {
                join((cell << 2) | other);
            }
        }
    }
    let mut component = vec![NONE; states];
    for state in 0..states {
        if valid(state) {
            component[state] = find(&mut parent, state as u32);
        }
    }
    component
}
