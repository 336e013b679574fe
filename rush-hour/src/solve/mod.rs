//! The solver: a breadth-first search over bitboard states.
//!
//! **States and moves.** A board is its pieces' places, packed four bits a piece in a
//! `u64` or `u128` ([`crate::board`]); its occupied cells are one `u64`, and a piece's moves are the
//! free cells on each side of it along its line, tested against that mask. One move slides
//! one piece any number of cells (each free place it can reach is one neighbour); with
//! [`Options::steps`], one cell (its two nearest places at most).
//!
//! **Exactness.** The queue holds the states in the order they were reached, level by
//! level: every state `d` moves from the start is reached before any state `d + 1` moves
//! away, and each once (the visited set, [`visited`]). So the first solved state reached is
//! at the fewest moves; a queue that runs out has reached the whole cluster. Without
//! `--count` the search stops at the first solved state; with it, it runs to the end of the
//! cluster and counts it. A shortest path is read back from each state's parent (its index
//! in the queue), kept only when the moves are asked for: each step of it is the one piece
//! whose place differs.
//!
//! **Memory.** The visited set, the queue, the parents and the path are charged to a
//! [`Ledger`] under [`Options::budget`] before they are allocated or grown; past it, the
//! solver gives up with [`Limit::Memory`](puzzle_frame::Limit::Memory).

pub mod visited;

use crate::board::{Layout, Packed};
use crate::case::{Case, Move};
use crate::format::cluster_line;
use crate::RushHour;
use puzzle_frame::budget::{Ledger, MemoryBudget, OverBudget};
use puzzle_frame::puzzle::{Answer, NoOtherLimit};
use puzzle_frame::search::Searching;
use visited::{state_count, Visited, DENSE_AUTO_MAX};

/// Which visited set the search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Store {
    /// The bitset when the case has at most [`DENSE_AUTO_MAX`] states, else the hash set.
    #[default]
    Auto,
    /// Always the bitset (a case with too many states is over the memory budget).
    Dense,
    /// Always the hash set.
    Hashed,
}

/// The solver's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The memory one case may take.
    pub budget: MemoryBudget,
    /// Count one-cell slides (`--steps`) instead of moves.
    pub steps: bool,
    /// Also count the start's cluster, the boards reachable from it (`--count`).
    pub cluster: bool,
    /// The visited set.
    pub store: Store,
}

/// Why the solver gave up on a case: only the memory budget.
pub type Limit = puzzle_frame::Limit<NoOtherLimit>;

/// What one search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The fewest moves (or steps), `None` when no solved board can be reached.
    pub distance: Option<usize>,
    /// A shortest solution, when asked for and one exists.
    pub moves: Option<Vec<Move>>,
    /// The number of boards reachable from the start (itself included), with
    /// [`Options::cluster`].
    pub cluster: Option<usize>,
}

/// The solver (see the module docs): its [`Options`], one search a case.
pub type Solver = puzzle_frame::search::Solver<Options>;

impl puzzle_frame::search::OneSearch for Options {
    type Case = Case;
    type Move = Move;
    type OtherLimit = NoOtherLimit;
    type Found = Found;

    /// One search: the distance, the moves when `wants_moves`, the cluster with
    /// [`Options::cluster`].
    fn search(&self, case: &Case, wants_moves: bool) -> Result<Found, Limit> {
        let layout = Layout::new(case);
        if layout.pieces.len() <= u64::PIECES {
            search::<u64>(self, &layout, wants_moves)
        } else {
            search::<u128>(self, &layout, wants_moves)
        }
    }

    /// The answer, the moves when wanted and the `--count` line.
    fn answer(found: Found) -> Answer<Move> {
        Answer {
            notes: found.cluster.map(cluster_line).into_iter().collect(),
            ..Answer::new(found.distance, found.moves)
        }
    }

    fn budget(&mut self) -> &mut MemoryBudget {
        &mut self.budget
    }
}

impl Searching for RushHour {}

/// One search with states packed in `P`.
fn search<P: Packed>(
    options: &Options,
    layout: &Layout,
    wants_moves: bool,
) -> Result<Found, Limit> {
    let mut ledger = Ledger::new(options.budget);
    let mut search = Search::<P>::new(layout, options, wants_moves, &mut ledger)?;
    let goal = search.run(&mut ledger)?;
    let moves = match (wants_moves, goal) {
        (true, Some(goal)) => Some(search.path(goal, &mut ledger)?),
        _ => None,
    };
    Ok(Found {
        distance: goal.map(|g| g.depth),
        moves,
        cluster: options.cluster.then_some(search.queue.len()),
    })
}

/// The first solved state reached: its index in the queue and its depth.
#[derive(Clone, Copy, Debug)]
struct Goal {
    index: usize,
    depth: usize,
}

/// A breadth-first search of one case.
struct Search<'a, P: Packed> {
    layout: &'a Layout,
    visited: Visited<P>,
    /// Every state reached, in order.
    queue: Vec<P>,
    /// The queue index of each state's parent (when the path is wanted).
    parents: Option<Vec<u32>>,
    /// How far one move slides: 1 cell, or any number.
    reach: usize,
    /// Run to the end of the cluster.
    whole_cluster: bool,
}

const QUEUE: &str = "the search's queue";
const PARENTS: &str = "the search's parent links";

impl<'a, P: Packed> Search<'a, P> {
    fn new(
        layout: &'a Layout,
        options: &Options,
        wants_moves: bool,
        ledger: &mut Ledger,
    ) -> Result<Search<'a, P>, OverBudget> {
        let dense = match options.store {
            Store::Dense => true,
            Store::Hashed => false,
            Store::Auto => state_count(layout).is_some_and(|n| n <= DENSE_AUTO_MAX),
        };
        let visited = match dense {
            true => Visited::dense(layout, ledger)?,
            false => Visited::hashed(ledger)?,
        };
        Ok(Search {
            layout,
            visited,
            queue: Vec::new(),
            parents: wants_moves.then(Vec::new),
            reach: if options.steps { 1 } else { layout.size },
            whole_cluster: options.cluster,
        })
    }

    /// Adds `state`, reached from the queue's `parent`, unless it was reached before: true
    /// when it is new.
    #[inline(always)]
    fn reach(&mut self, state: P, parent: u32, ledger: &mut Ledger) -> Result<bool, OverBudget> {
        if !self.visited.insert(state, ledger)? {
            return Ok(false);
        }
        ledger.push(&mut self.queue, state, QUEUE)?;
        if let Some(parents) = &mut self.parents {
            ledger.push(parents, parent, PARENTS)?;
        }
        Ok(true)
    }

    /// The breadth-first search proper: the first solved state, if any.
    fn run(&mut self, ledger: &mut Ledger) -> Result<Option<Goal>, OverBudget> {
        let start = P::from_state(self.layout.start);
        self.reach(start, 0, ledger)?;
        let mut goal = self
            .layout
            .solved(start)
            .then_some(Goal { index: 0, depth: 0 });
        if goal.is_some() && !self.whole_cluster {
            return Ok(goal);
        }
        let (mut head, mut depth) = (0, 0);
        let pieces = self.layout.pieces.len();
        while head < self.queue.len() {
            let level_end = self.queue.len();
            depth += 1;
            while head < level_end {
                let state = self.queue[head];
                let occupied = self.layout.occupied(state);
                for i in 0..pieces {
                    let slides = self.layout.slides(i, state.place(i), occupied, self.reach);
                    for &p in slides.places() {
                        let moved = state.with_place(i, usize::from(p));
                        if !self.reach(moved, head as u32, ledger)? {
                            continue;
                        }
                        if goal.is_none() && i == 0 && self.layout.solved(moved) {
                            goal = Some(Goal {
                                index: self.queue.len() - 1,
                                depth,
                            });
                            if !self.whole_cluster {
                                return Ok(goal);
                            }
                        }
                    }
                }
                head += 1;
            }
        }
        Ok(goal)
    }

    /// The moves from the start to the state at `goal`, read back from the parents.
    fn path(&self, goal: Goal, ledger: &mut Ledger) -> Result<Vec<Move>, OverBudget> {
        ledger.take::<Move>("the path", goal.depth)?;
        let mut moves = Vec::with_capacity(goal.depth);
        let Some(parents) = &self.parents else {
            return Ok(moves);
        };
        let mut at = goal.index;
        while at != 0 {
            let from = parents[at] as usize;
            let (before, after) = (self.queue[from], self.queue[at]);
            if let Some(i) = (0..self.layout.pieces.len())
                .find(|&i| Layout::place(before, i) != Layout::place(after, i))
            {
                let by = Layout::place(after, i) as i8 - Layout::place(before, i) as i8;
                moves.push(Move {
                    letter: self.layout.pieces[i].letter,
                    by,
                });
            }
            at = from;
        }
        moves.reverse();
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::board;
    use puzzle_frame::puzzle::Solve;

    fn answer(text: &str, options: Options) -> Found {
        Solver::new(&options)
            .solve(&board(text).expect("a valid board"), true)
            .expect("fits")
    }

    #[test]
    fn moves_steps_and_clusters() {
        // B blocks A; B slides down 1 (one move, one step); then A drives 4 cells.
        let text = "ooooooAAooBoooooBooooooooooooooooooo";
        let moves = answer(text, Options::default());
        assert_eq!(moves.distance, Some(2));
        let path: Vec<String> = moves.moves.unwrap().iter().map(Move::to_string).collect();
        assert_eq!(
            path,
            ["B+1", "A+4"],
            "the nearest slide of B is tried first"
        );
        let steps = answer(
            text,
            Options {
                steps: true,
                cluster: true,
                ..Options::default()
            },
        );
        assert_eq!(steps.distance, Some(5));
        // A and B have 5 places each; they overlap when B covers row 1 (rows 0-1 or 1-2)
        // and A covers column 4 (columns 3-4 or 4-5); every other pair is reachable.
        assert_eq!(steps.cluster, Some(5 * 5 - 2 * 2));
        assert_eq!(answer("ooooAAooo", Options::default()).distance, Some(0));
        assert_eq!(answer("AABooBooo", Options::default()).distance, Some(2));
        assert_eq!(
            answer("AABBoooooooooooo", Options::default()).distance,
            None
        );
    }

    #[test]
    fn the_budget_is_checked_before_the_tables_are_made() {
        let case = board("ooooooAAooBoooooBooooooooooooooooooo").unwrap();
        let mut solver = Solver::new(&Options {
            budget: MemoryBudget::new(1000),
            store: Store::Hashed,
            ..Options::default()
        });
        let Err(puzzle_frame::Limit::Memory(over)) = solver.count(&case) else {
            panic!("the tables do not fit in 1000 bytes");
        };
        assert_eq!(over.what, "the search's visited set");
    }
}
