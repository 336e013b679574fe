//! The fast solver: a bidirectional breadth-first search over (blank, `A`, `B`) positions.
//!
//! Soldiers are interchangeable, so a position is fully described by the cells of the
//! blank, `A` and `B`: with `n` cells, the dense index `(blank * n + a) * n + b`. Moving
//! the blank onto `A` (or `B`) moves that card to the blank's old cell; every move can be
//! undone, so the graph is undirected. The goal is any state with `A` on `B`'s starting
//! cell and `B` on `A`'s, the blank anywhere else.
//!
//! One search grows from the start, the other from all goal states at once; each round
//! expands one whole layer of the side with the smaller frontier. The first round in
//! which a newly reached state is already known to the other side gives the distance
//! (every meeting found in that round has the same length: a shorter path would have met
//! in an earlier round). When one side runs out of states without meeting the other, the
//! cards cannot be swapped. Distances live in two flat `u32` arrays (no parent arrays: a
//! path is rebuilt by stepping to a neighbour one closer to the start, then one closer to
//! the goal), the queues are `Vec<u32>` of packed states `blank << 16 | a << 8 | b`, and
//! the arrays and the neighbour table are reused from one board to the next.

use crate::parse::Cases;
use crate::CardSwap;
use grid_common::{Dir, Grid, Pos};
use puzzle_frame::budget::{MemoryBudget, OverBudget};
use puzzle_frame::puzzle::{NoOtherLimit, Solve, Solving};

use crate::{Case, Cell, Move};

/// No neighbour in this direction.
const NONE: u32 = u32::MAX;
/// Not reached (yet) by this side of the search.
const UNSEEN: u32 = u32::MAX;

/// The solver's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The memory the search tables may take (`--max-memory`).
    pub budget: MemoryBudget,
    /// The shape the boards are read in (`--rows`, `--cols`; the judge's 2 x 3 by default).
    pub shape: crate::parse::Shape,
}

/// Why a case was given up: the search tables of the board (they grow as cells³) would
/// exceed the memory budget ([`Limit::Memory`]); card-swap has no other limit.
pub type Limit = puzzle_frame::Limit<NoOtherLimit>;

/// One side of the bidirectional search.
#[derive(Clone, Debug, Default)]
struct Side {
    /// Distance from this side's roots, per dense state index, or [`UNSEEN`].
    dist: Vec<u32>,
    /// Packed states in the order they were reached.
    queue: Vec<u32>,
    /// The first queue entry of the current frontier layer.
    head: usize,
}

impl Side {
    /// Empties the side for a search over `states` states. The queue holds each state at
    /// most once, so its capacity is reserved up front (the budget counts it) and it never
    /// grows during a search.
    fn reset(&mut self, states: usize) {
        if self.dist.len() != states {
            // Free the old tables before the new ones are allocated.
            *self = Side::default();
            self.queue.reserve_exact(states);
        }
        self.dist.clear();
        self.dist.resize(states, UNSEEN);
        self.queue.clear();
        self.head = 0;
    }

    /// The number of states in the current frontier.
    fn frontier(&self) -> usize {
        self.queue.len() - self.head
    }
}

/// A reusable solver: [`Solver::count`] or [`Solver::moves`] any number of cases of any
/// shapes; the tables are reused while the shape stays the same.
#[derive(Clone, Debug)]
pub struct Solver {
    budget: MemoryBudget,
    /// Per cell, the cell next to it in each direction ([`Dir`] order), or [`NONE`].
    neighbours: Grid<[u32; 4]>,
    forward: Side,
    backward: Side,
}

/// A state: the cells of the blank, `A` and `B`.
type State = (usize, usize, usize);

/// (blank, a, b) of a packed state.
fn unpack(packed: u32) -> State {
    let p = packed as usize;
    (p >> 16, p >> 8 & 0xff, p & 0xff)
}

/// A packed state (cells are below 256: boards have at most [`crate::MAX_CELLS`] cells).
fn pack(blank: usize, a: usize, b: usize) -> u32 {
    (blank << 16 | a << 8 | b) as u32
}

impl Solver {
    /// A solver with empty tables.
    pub fn new(options: &Options) -> Solver {
        Solver {
            budget: options.budget,
            neighbours: Grid::new(0, 0, [NONE; 4]),
            forward: Side::default(),
            backward: Side::default(),
        }
    }

    /// The states one move away from `(blank, a, b)`.
    fn next_states(&self, (blank, a, b): State) -> impl Iterator<Item = State> + '_ {
        self.neighbours.cells()[blank]
            .iter()
            .filter(|&&next| next != NONE)
            .map(move |&next| {
                let next = next as usize;
                let na = if a == next { blank } else { a };
                let nb = if b == next { blank } else { b };
                (next, na, nb)
            })
    }

    /// A neighbour of `state` one step closer to the roots of `dist`.
    fn closer(&self, state: State, n: usize, dist: &[u32]) -> Option<State> {
        let index = |(blank, a, b): State| (blank * n + a) * n + b;
        let here = dist[index(state)];
        self.next_states(state)
            .find(|&s| dist[index(s)].wrapping_add(1) == here)
    }

    fn prepare(&mut self, case: &Case) -> Result<(), OverBudget> {
        let grid = case.grid();
        let n = grid.len();
        self.budget.check("", table_bytes(n)).map_err(|mut over| {
            over.what = format!(
                "the search tables of a {} x {} board",
                grid.rows(),
                grid.cols()
            );
            over
        })?;
        if (grid.rows(), grid.cols()) != (self.neighbours.rows(), self.neighbours.cols()) {
            let next =
                |pos: Pos, dir: Dir| grid.step(pos, dir).map_or(NONE, |p| grid.index(p) as u32);
            let cells = grid
                .positions()
                .map(|pos| Dir::ALL.map(|dir| next(pos, dir)))
                .collect();
            self.neighbours = Grid::from_cells(grid.rows(), grid.cols(), cells)
                .unwrap_or_else(|| Grid::new(0, 0, [NONE; 4]));
        }
        self.forward.reset(n * n * n);
        self.backward.reset(n * n * n);
        Ok(())
    }

    /// The bidirectional search: a meeting state on a shortest path, and the path's length.
    fn search(&mut self, case: &Case) -> Result<Option<(State, usize)>, Limit> {
        self.prepare(case)?;
        let grid = case.grid();
        let n = grid.len();
        let (blank0, a0, b0) = (
            grid.index(case.blank()),
            grid.index(case.a()),
            grid.index(case.b()),
        );
        self.forward.dist[(blank0 * n + a0) * n + b0] = 0;
        self.forward.queue.push(pack(blank0, a0, b0));
        for blank in (0..n).filter(|&c| c != a0 && c != b0) {
            self.backward.dist[(blank * n + b0) * n + a0] = 0;
            self.backward.queue.push(pack(blank, b0, a0));
        }
        let neighbours = self.neighbours.cells();
        loop {
            if self.forward.frontier() == 0 || self.backward.frontier() == 0 {
                return Ok(None);
            }
            let (side, other) = if self.forward.frontier() <= self.backward.frontier() {
                (&mut self.forward, &self.backward)
            } else {
                (&mut self.backward, &self.forward)
            };
            if let Some(found) = expand(side, other, neighbours, n) {
                return Ok(Some(found));
            }
        }
    }
}

impl Solve for Solver {
    type Case = Case;
    type Move = Move;
    type OtherLimit = NoOtherLimit;

    /// The fewest moves that swap `A` and `B`, or `None` when they cannot be swapped.
    fn count(&mut self, case: &Case) -> Result<Option<usize>, Limit> {
        Ok(self.search(case)?.map(|(_, length)| length))
    }

    /// A shortest move sequence that swaps `A` and `B`, or `None` when they cannot be
    /// swapped.
    fn moves(&mut self, case: &Case) -> Result<Option<Vec<Move>>, Limit> {
        let Some((meet, length)) = self.search(case)? else {
            return Ok(None);
        };
        let grid = case.grid();
        let n = grid.len();
        let path_bytes = (length as u64 + 1) * PATH_BYTES_PER_STATE;
        self.budget
            .check("", table_bytes(n) + path_bytes)
            .map_err(|mut over| {
                over.what = format!(
                    "the search tables and a path of {length} moves on a {} x {} board",
                    grid.rows(),
                    grid.cols()
                );
                over
            })?;
        let index = |(blank, a, b): State| (blank * n + a) * n + b;
        // Back from the meeting state to the start, then on to a goal (packed states).
        let mut states = Vec::with_capacity(length + 1);
        states.push(pack(meet.0, meet.1, meet.2));
        let mut state = meet;
        while self.forward.dist[index(state)] > 0 {
            let Some(closer) = self.closer(state, n, &self.forward.dist) else {
                break;
            };
            state = closer;
            states.push(pack(state.0, state.1, state.2));
        }
        states.reverse();
        state = meet;
        while self.backward.dist[index(state)] > 0 {
            let Some(closer) = self.closer(state, n, &self.backward.dist) else {
                break;
            };
            state = closer;
            states.push(pack(state.0, state.1, state.2));
        }
        let moves: Vec<Move> = states
            .windows(2)
            .filter_map(|pair| {
                let ((from, a, b), (to, _, _)) = (unpack(pair[0]), unpack(pair[1]));
                let dir = Dir::between(self.neighbours.pos(from), self.neighbours.pos(to))?;
                let card = if a == to {
                    Cell::A
                } else if b == to {
                    Cell::B
                } else {
                    Cell::Soldier
                };
                Some(Move {
                    card,
                    dir: dir.opposite(),
                })
            })
            .collect();
        debug_assert_eq!(moves.len(), length, "the path's length is the distance");
        Ok(Some(moves))
    }

    /// Checks the tables for the case's board against the budget, then prepares the
    /// neighbour table for its shape and empties both sides.
    /// Holds the solver to `budget` from the next case on (the process's budget less what
    /// it holds elsewhere: the input, the page).
    fn set_budget(&mut self, budget: MemoryBudget) {
        self.budget = budget;
    }

    /// The bytes the solver keeps between cases: the tables of the last board prepared.
    fn held_bytes(&self) -> u64 {
        match self.neighbours.len() {
            0 => 0,
            n => table_bytes(n),
        }
    }
}

impl Solving for CardSwap {
    type Solver = Solver;

    fn solver(options: &Options, _: &Cases<'_>, budget: MemoryBudget) -> Result<Solver, Limit> {
        Ok(Solver::new(&Options { budget, ..*options }))
    }
}

/// The bytes a path takes per state: the packed state, and the move to the next one.
const PATH_BYTES_PER_STATE: u64 = (std::mem::size_of::<u32>() + std::mem::size_of::<Move>()) as u64;

/// The bytes of the tables for a board of `n` cells: two sides, each a distance and a
/// queue entry per state (`n³` states), and the neighbour table.
fn table_bytes(n: usize) -> u64 {
    let states = (n as u64).pow(3);
    let per_state = 2 * 2 * std::mem::size_of::<u32>() as u64;
    states * per_state + (n * std::mem::size_of::<[u32; 4]>()) as u64
}

/// Expands one whole layer of `side`; stops at the first state `other` already knows
/// (every meeting in this layer gives the same length) and returns it with that length.
fn expand(
    side: &mut Side,
    other: &Side,
    neighbours: &[[u32; 4]],
    n: usize,
) -> Option<(State, usize)> {
    let layer_end = side.queue.len();
    while side.head < layer_end {
        let (blank, a, b) = unpack(side.queue[side.head]);
        side.head += 1;
        let depth = side.dist[(blank * n + a) * n + b] + 1;
        for &next in &neighbours[blank] {
            if next == NONE {
                continue;
            }
            let next = next as usize;
            let na = if a == next { blank } else { a };
            let nb = if b == next { blank } else { b };
            let child = (next * n + na) * n + nb;
            if side.dist[child] != UNSEEN {
                continue;
            }
            side.dist[child] = depth;
            if other.dist[child] != UNSEEN {
                return Some(((next, na, nb), (depth + other.dist[child]) as usize));
            }
            side.queue.push(pack(next, na, nb));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples() {
        let mut solver = Solver::new(&Options::default());
        let one = Case::from_lines(&["* A", "**B"]).expect("sample 1");
        let two = Case::from_lines(&["A B", "***"]).expect("sample 2");
        assert_eq!(solver.count(&one), Ok(Some(17)));
        assert_eq!(solver.count(&two), Ok(Some(12)));
        assert_eq!(solver.moves(&one).map(|m| m.map(|m| m.len())), Ok(Some(17)));
    }

    #[test]
    fn a_line_cannot_swap() {
        let case = Case::from_lines(&["A B*"]).expect("one row");
        let mut solver = Solver::new(&Options::default());
        assert_eq!(solver.count(&case), Ok(None));
        assert_eq!(solver.moves(&case), Ok(None));
    }

    #[test]
    fn the_budget_counts_the_tables_and_the_path() {
        let case = Case::from_lines(&["* A", "**B"]).expect("sample 1");
        let tables = table_bytes(6);
        assert_eq!(tables, 216 * 16 + 6 * 16);
        assert_eq!(PATH_BYTES_PER_STATE, 6);
        let path = 18 * PATH_BYTES_PER_STATE;
        let mut exact = Solver::new(&Options {
            budget: MemoryBudget::new(tables + path),
            ..Options::default()
        });
        assert_eq!(exact.moves(&case).map(|m| m.map(|m| m.len())), Ok(Some(17)));
        let mut tight = Solver::new(&Options {
            budget: MemoryBudget::new(tables + path - 1),
            ..Options::default()
        });
        assert_eq!(tight.count(&case), Ok(Some(17)));
        let Err(Limit::Memory(over)) = tight.moves(&case) else {
            panic!("a path over the budget");
        };
        assert_eq!(over.needed, tables + path);
        let mut tiny = Solver::new(&Options {
            budget: MemoryBudget::new(tables - 1),
            ..Options::default()
        });
        assert!(tiny.count(&case).is_err());
    }
}
