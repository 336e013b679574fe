//! The fast solver.
//!
//! A state is (piece cell, side of the piece the blank is on): the board is padded with a
//! border of fixed cells and a state's index is `cell * 4 + side` (the side a
//! [`grid_common::Dir`] index), so every table is a flat array. Two kinds of edges: the
//! piece slides into the blank (cost 1, the blank ends up on the opposite side), and the
//! blank walks from one side of the piece to another without crossing it (a cost
//! precomputed once per board, `sides`).
//!
//! The state graph is undirected. Its connected components are labelled once per board, so
//! a query whose start and goal states share no component is answered `-1` at once. Each
//! query is an A* search over the states (`astar`) with a monotone bucket queue
//! (`buckets`), its start states' costs found by a search of the blank towards the piece
//! (`blank`) and its estimate the maximum of consistent lower bounds (`estimate`): the
//! exact cost on an empty board and landmark bounds (`landmarks`), whose distances are
//! computed once per board when there are enough queries to pay for them.
//!
//! The path is rebuilt by expanding each edge of the optimal state path back into the
//! blank's actual walk (a BFS per side-to-side step on the path only).
//!
//! Memory: the per-board tables and the per-query arrays are sized by the board, and
//! [`Solver::new`] checks their bytes (`tables::board_bytes`) against the budget before
//! making any of them; the queues, which grow with a query, take what they grow by from
//! the rest of the budget, and a path is checked before it is rebuilt.

mod astar;
mod blank;
mod buckets;
mod estimate;
mod landmarks;
mod sides;
mod tables;

pub use astar::Stats;
pub use estimate::empty_board_cost;
pub use landmarks::LANDMARKS;

use crate::case::{Board, Move, Query};
use crate::parse::CasesOnBoard;
use crate::{Case, Huarongdao};
use astar::Scratch;
use blank::{Bfs, BlankSearch};
use buckets::Buckets;
use grid_common::Dir;
use itertools::Itertools;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::puzzle::{OtherLimit, Solve, Solving};
use std::fmt;
use tables::{board_bytes, padded_board, Tables};

/// An unreachable distance.
const INF: u32 = u32::MAX;
/// No state, no component.
const NONE: u32 = u32::MAX;

/// Which lower bounds the estimate takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// The landmark bound alone on boards with a fifth or more of their cells fixed (when
    /// the landmark distances fit in 16 bits), both bounds elsewhere.
    #[default]
    Auto,
    /// The larger of the empty-board cost and the landmark bound.
    Both,
    /// The landmark bound alone (both when there are no landmark distances in 16 bits).
    LandmarksOnly,
}

/// The solver's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The memory the solver may use.
    pub budget: MemoryBudget,
    /// How many queries the solver will answer (the header's `q`): landmarks pay for their
    /// precomputation only over enough of them.
    pub queries: usize,
    /// The number of landmark states (at most [`LANDMARKS`]; 0 for none); `None` chooses
    /// by the board and [`Options::queries`]: none on a board without fixed cells (the
    /// empty-board bound is nearly exact there) or for fewer than one query per 64 open
    /// cells, else four.
    pub landmarks: Option<usize>,
    /// Which lower bounds the estimate takes.
    pub bound: Bound,
    /// False for a plain Dijkstra search (tests and measurements).
    pub heuristic: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: MemoryBudget::default(),
            queries: usize::MAX,
            landmarks: None,
            bound: Bound::Auto,
            heuristic: true,
        }
    }
}

impl Options {
    /// The number of landmarks for `board`: [`Options::landmarks`], or the automatic choice.
    pub fn landmarks_for(&self, board: &Board) -> usize {
        self.landmarks.unwrap_or_else(|| {
            let fixed = board.fixed_cells();
            let open = board.open.len() - fixed;
            if fixed == 0 || self.queries.saturating_mul(64) < open {
                0
            } else {
                LANDMARKS
            }
        })
    }
}

/// Why a query (or the board) was given up: the memory budget ([`Limit::Memory`]), or a
/// board too large to index ([`TooLarge`]).
pub type Limit = puzzle_frame::Limit<TooLarge>;

/// The board has 2^29 cells or more (with a border around it): state indices would not fit
/// in 32 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge;

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the board is too large (at most 2^29 cells with a border around it)"
        )
    }
}

impl OtherLimit for TooLarge {
    fn short(&self) -> String {
        "over the board size the solver can number".to_string()
    }
}

/// The solver for one board: its tables, built once, and scratch space reused by every
/// query.
#[derive(Clone, Debug)]
pub struct Solver {
    tables: Tables,
    scratch: Scratch,
    stats: Stats,
    heuristic: bool,
    budget: MemoryBudget,
    /// The bytes the tables and the per-query arrays take ([`board_bytes`]).
    fixed_bytes: u64,
}

impl Solver {
    /// Builds the tables of `board` (side-to-side costs, components, landmarks) within
    /// `options.budget`, checked before anything is allocated.
    pub fn new(board: &Board, options: &Options) -> Result<Solver, Limit> {
        let padded = padded_board(board.rows(), board.cols())?;
        let landmarks = options.landmarks_for(board);
        let fixed_bytes = board_bytes(padded.len(), landmarks > 0);
        let budget = options.budget;
        let what = format!("the tables for the {}x{} board", board.rows(), board.cols());
        budget.check(&what, fixed_bytes)?;
        let mut queue = Buckets::with_limit(spare_bytes(budget, fixed_bytes));
        let cells = padded.len();
        let mut bfs = Bfs::new(cells);
        let tables = Tables::new(
            board,
            padded,
            landmarks,
            options.bound,
            &mut bfs,
            &mut queue,
        );
        let scratch = Scratch::new(cells * 4, queue, BlankSearch::new(cells), bfs);
        let mut solver = Solver {
            tables,
            scratch,
            stats: Stats::default(),
            heuristic: options.heuristic,
            budget,
            fixed_bytes,
        };
        solver.queue_check("the queue of the board's searches")?;
        Ok(solver)
    }

    /// The bytes that [`Solver::new`] checks against the budget for `board`: its tables and
    /// per-query arrays (not the queues, which grow within the rest of the budget).
    pub fn board_bytes(board: &Board, options: &Options) -> Result<u64, Limit> {
        let padded = padded_board(board.rows(), board.cols())?;
        Ok(board_bytes(padded.len(), options.landmarks_for(board) > 0))
    }

    /// Checks, from a header's sizes alone, that a `rows` x `cols` board (one byte a cell,
    /// and a copy) and the least tables a solver could build for it fit `options.budget`:
    /// a board far beyond the budget is refused before it is read.
    pub fn check_size(rows: usize, cols: usize, options: &Options) -> Result<(), Limit> {
        let padded = padded_board(rows, cols)?;
        let board = (rows as u64).saturating_mul(cols as u64).saturating_mul(2);
        let needed = board_bytes(padded.len(), false).saturating_add(board);
        let what = format!("the {rows}x{cols} board and its tables");
        Ok(options.budget.check(&what, needed)?)
    }

    /// The counters of the last query.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The fewest moves for `query`: `None` when the piece cannot reach the target or the
    /// query is invalid (blank on the piece; blank, piece or target off the board or on a
    /// fixed cell).
    pub fn count(&mut self, query: &Query) -> Result<Option<usize>, Limit> {
        let found = self.search(query)?;
        Ok(found.map(|found| found.moves as usize))
    }

    /// Like [`Solver::count`], with one shortest sequence of moves.
    pub fn moves(&mut self, query: &Query) -> Result<Option<Vec<Move>>, Limit> {
        let Some(found) = self.search(query)? else {
            return Ok(None);
        };
        // The path and the states along it, checked before either is made.
        let path_bytes = u64::from(found.moves)
            .saturating_add(1)
            .saturating_mul(1 + 4);
        let needed = self
            .fixed_bytes
            .saturating_add(self.scratch.queue_bytes() as u64)
            .saturating_add(path_bytes);
        self.budget
            .check(&format!("a path of {} moves", found.moves), needed)?;
        Ok(Some(self.rebuild_path(query, &found)))
    }

    /// The search, within the budget.
    fn search(&mut self, query: &Query) -> Result<Option<astar::Found>, Limit> {
        let spare = spare_bytes(self.budget, self.fixed_bytes);
        let found =
            self.scratch
                .search(&self.tables, query, self.heuristic, spare, &mut self.stats);
        self.queue_check("the search's queues")?;
        Ok(found)
    }

    /// `Err` when a queue would have outgrown the budget (`what` grew it).
    fn queue_check(&mut self, what: &str) -> Result<(), Limit> {
        let held = self.scratch.queue_bytes() as u64;
        let (queue, stacks) = (&mut self.scratch.buckets, &mut self.scratch.blank);
        if !(queue.over_budget || stacks.over_budget) {
            return Ok(());
        }
        let refused = queue.refused.max(stacks.refused) as u64;
        (queue.over_budget, queue.refused) = (false, 0);
        (stacks.over_budget, stacks.refused) = (false, 0);
        Err(Limit::Memory(
            self.budget.refuse(what, self.fixed_bytes + held + refused),
        ))
    }

    /// The moves of the state path that ends at `found.goal`, each edge expanded into the
    /// blank's walk.
    fn rebuild_path(&mut self, query: &Query, found: &astar::Found) -> Vec<Move> {
        let geometry = &self.tables.geometry;
        let nodes = &self.scratch.nodes;
        let mut states = Vec::new();
        let mut at = found.goal;
        while at != NONE {
            states.push(at);
            at = nodes[at as usize].parent;
        }
        states.reverse();
        let mut path = Vec::with_capacity(found.moves as usize);
        let Some(&first) = states.first() else {
            return path; // The piece starts on the target.
        };
        let bfs = &mut self.scratch.bfs;
        let piece = geometry.cell(query.piece);
        let first_side = (first & 3) as usize;
        let blank = geometry.cell(query.blank);
        let beside = piece.wrapping_add(geometry.delta[first_side]);
        bfs.walk(geometry, blank, beside, piece, &mut path);
        for (from, to) in states.iter().map(|&s| s as usize).tuple_windows() {
            let (cell, side) = (from >> 2, from & 3);
            if to >> 2 == cell {
                let start = cell.wrapping_add(geometry.delta[side]);
                let end = cell.wrapping_add(geometry.delta[to & 3]);
                bfs.walk(geometry, start, end, cell, &mut path);
            } else {
                // The piece slides into the blank: the blank moves the other way.
                path.push(Dir::from_index(side).opposite());
            }
        }
        path
    }
}

/// The shared loop's view: a case is a query on the board the solver was built for.
impl Solve for Solver {
    type Case = Case;
    type Move = Move;
    type OtherLimit = TooLarge;

    /// Holds the queries from now on to `budget` (the process's budget less what it holds
    /// elsewhere: the input, the page); the board's tables are already made.
    fn set_budget(&mut self, budget: MemoryBudget) {
        self.budget = budget;
    }

    /// The bytes the solver keeps between queries: the board's tables, the per-query
    /// arrays and the queues.
    fn held_bytes(&self) -> u64 {
        self.fixed_bytes
            .saturating_add(self.scratch.queue_bytes() as u64)
    }

    fn count(&mut self, case: &Case) -> Result<Option<usize>, Limit> {
        self.count(&case.query)
    }

    fn moves(&mut self, case: &Case) -> Result<Option<Vec<Move>>, Limit> {
        self.moves(&case.query)
    }
}

impl Solving for Huarongdao {
    type Solver = Solver;

    /// The board's tables, built once for every query the header announces.
    fn solver(
        options: &Options,
        cases: &CasesOnBoard<'_>,
        budget: MemoryBudget,
    ) -> Result<Solver, Limit> {
        let options = Options {
            budget,
            queries: cases.query_count(),
            ..*options
        };
        Solver::new(cases.board(), &options)
    }
}

/// The bytes of `budget` left for the queues beside the `fixed` bytes of the tables.
fn spare_bytes(budget: MemoryBudget, fixed: u64) -> usize {
    usize::try_from(budget.bytes().saturating_sub(fixed)).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_common::Pos;

    #[test]
    fn empty_board_formula_matches_a_search() {
        // Dijkstra from the goal states over a bounded empty board wide enough that the
        // border does not matter for the offsets checked.
        let (reach, margin) = (9i64, 6i64);
        let side = 2 * (reach + margin) + 1;
        let rows: Vec<String> = (0..side).map(|_| "1".repeat(side as usize)).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let board = Board::from_rows(&rows).expect("a board");
        let options = Options {
            landmarks: Some(0),
            heuristic: false,
            ..Options::default()
        };
        let mut solver = Solver::new(&board, &options).expect("a solver");
        let center = (reach + margin) as usize;
        let mut checked = 0;
        for dr in -reach..=reach {
            for dc in -reach..=reach {
                let piece = Pos::new((center as i64 + dr) as usize, (center as i64 + dc) as usize);
                for dir in Dir::ALL {
                    let Some(blank) = piece.offset(dir) else {
                        continue;
                    };
                    let q = Query {
                        blank,
                        piece,
                        target: Pos::new(center, center),
                    };
                    let exact = solver.count(&q).expect("within budget").expect("solvable");
                    let formula = empty_board_cost(dr, dc, dir.index());
                    assert_eq!(formula as usize, exact, "{dr} {dc} {dir}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 19 * 19 * 4);
    }

    /// An open room of `room` rows, then a serpentine corridor two cells wide through the
    /// rest of a `bands * 3 - 1` x `cols` board: two open rows, then a wall row open at its
    /// two end cells on alternate sides.
    fn room_and_serpentine(room: usize, bands: usize, cols: usize) -> Board {
        let mut rows = Vec::new();
        for band in 0..bands {
            rows.push("1".repeat(cols));
            rows.push("1".repeat(cols));
            if band + 1 < bands {
                let wall = "0".repeat(cols - 2);
                rows.push(if band % 2 == 0 {
                    format!("{wall}11")
                } else {
                    format!("11{wall}")
                });
            }
        }
        for row in rows.iter_mut().take(room) {
            *row = "1".repeat(cols);
        }
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        Board::from_rows(&rows).expect("a board")
    }

    #[test]
    fn landmark_distances_past_16_bits_give_the_exact_answers() {
        // About 20,000 corridor cells at up to 5 moves a cell: landmark distances pass
        // 65,535, so the estimate reads them in 32 bits. Queries across the room (many
        // ways, where a wrong bound shows) and along the corridor, against Dijkstra.
        let (bands, cols) = (100, 200);
        let board = room_and_serpentine(21, bands, cols);
        let far_end = Pos::new(board.rows() - 1, if bands % 2 == 0 { 0 } else { cols - 1 });
        let query = |blank: (usize, usize), piece: (usize, usize), target: Pos| Query {
            blank: Pos::new(blank.0, blank.1),
            piece: Pos::new(piece.0, piece.1),
            target,
        };
        let mut queries = vec![
            query((0, 1), (0, 0), far_end),
            query((148, 101), (148, 100), Pos::new(148, 7)),
        ];
        let mut rng = puzzle_frame::rng::Rng::new(18);
        while queries.len() < 40 {
            let mut cell = || (rng.below(20), rng.below(cols));
            let (blank, piece, target) = (cell(), cell(), cell());
            if blank != piece {
                queries.push(query(blank, piece, Pos::new(target.0, target.1)));
            }
        }
        let plain = Options {
            landmarks: Some(0),
            heuristic: false,
            ..Options::default()
        };
        let mut dijkstra = Solver::new(&board, &plain).expect("a solver");
        let exact: Vec<Option<usize>> = queries
            .iter()
            .map(|q| dijkstra.count(q).expect("within budget"))
            .collect();
        assert!(exact[0].is_some_and(|n| n >= 65_535), "{:?}", exact[0]);
        for bound in [Bound::Both, Bound::LandmarksOnly] {
            let options = Options {
                landmarks: Some(LANDMARKS),
                bound,
                ..Options::default()
            };
            let mut solver = Solver::new(&board, &options).expect("a solver");
            assert!(
                !solver.tables.landmarks.dist.is_empty() && !solver.tables.landmarks.has_short(),
                "the landmark distances must not fit in 16 bits"
            );
            for (q, exact) in queries.iter().zip(&exact) {
                assert_eq!(
                    &solver.count(q).expect("within budget"),
                    exact,
                    "{bound:?} {q:?}"
                );
            }
        }
    }
}
