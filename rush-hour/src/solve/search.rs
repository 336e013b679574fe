//! The breadth-first search itself, and the tables the solver keeps from one case to the
//! next (see the [module docs](super) for the method and why it is exact).

use super::visited::{state_count, Dense, Hashed, Seen, DENSE_AUTO_MAX};
use super::{Found, Limit, Options, Store};
use crate::board::{Layout, Packed};
use crate::case::{Case, Move};
use puzzle_frame::budget::{Ledger, OverBudget};

/// The most bytes of tables the solver keeps between cases; a case that needed more gives
/// the rest back when it is done.
pub const KEEP_MAX: u64 = 4 << 20;

const QUEUE: &str = "the search's queue";
const PARENTS: &str = "the search's parent links";
const MOVERS: &str = "the search's moved pieces";
const HELD: &str = "the search's tables kept from the last case";

/// The solver (see the module docs): its settings and the tables it reuses.
#[derive(Clone, Debug)]
pub struct Solver {
    pub(super) options: Options,
    /// For up to 16 pieces.
    narrow: Tables<u64>,
    /// For 17 to 32.
    wide: Tables<u128>,
}

impl Solver {
    /// A solver with these settings.
    pub fn new(options: &Options) -> Solver {
        Solver {
            options: *options,
            narrow: Tables::default(),
            wide: Tables::default(),
        }
    }

    /// One search: the distance, the moves when `wants_moves`, the cluster with
    /// [`Options::cluster`].
    pub fn solve(&mut self, case: &Case, wants_moves: bool) -> Result<Found, Limit> {
        let layout = Layout::new(case);
        let mut ledger = Ledger::new(self.options.budget);
        // What is kept from the last case is charged first, or given back when it does not
        // fit.
        if ledger.allocate(HELD, self.held_bytes()).is_err() {
            (self.narrow, self.wide) = (Tables::default(), Tables::default());
        }
        let found = if layout.pieces.len() <= u64::PIECES {
            self.narrow
                .search(&layout, &self.options, wants_moves, &mut ledger)
        } else {
            self.wide
                .search(&layout, &self.options, wants_moves, &mut ledger)
        };
        if self.held_bytes() > KEEP_MAX {
            (self.narrow, self.wide) = (Tables::default(), Tables::default());
        }
        Ok(found?)
    }

    /// The bytes of tables kept for the next case.
    pub fn held_bytes(&self) -> u64 {
        self.narrow.held_bytes() + self.wide.held_bytes()
    }
}

/// A search's tables, kept from case to case: allocated only when a case reaches more
/// states than every case before it.
#[derive(Clone, Debug, Default)]
struct Tables<P: Packed> {
    hashed: Hashed<P>,
    dense: Dense,
    /// Every state reached, in order: the breadth-first queue.
    queue: Vec<P>,
    /// The queue index of each state's parent (only when the path is wanted).
    parents: Vec<u32>,
    /// The piece each state's parent moved to reach it ([`NO_PIECE`] for the start).
    movers: Vec<u8>,
}

/// The mover of the start.
const NO_PIECE: u8 = u8::MAX;

/// The first solved state reached: its index in the queue and its depth.
#[derive(Clone, Copy, Debug)]
struct Goal {
    index: usize,
    depth: usize,
}

impl<P: Packed> Tables<P> {
    fn held_bytes(&self) -> u64 {
        let size = std::mem::size_of::<P>();
        self.hashed.held_bytes()
            + self.dense.held_bytes()
            + (self.queue.capacity() * size + self.parents.capacity() * 4) as u64
            + self.movers.capacity() as u64
    }

    /// One case's search (the tables' bytes are charged to `ledger` already).
    fn search(
        &mut self,
        layout: &Layout,
        options: &Options,
        wants_moves: bool,
        ledger: &mut Ledger,
    ) -> Result<Found, OverBudget> {
        self.queue.clear();
        self.parents.clear();
        self.movers.clear();
        let dense = match options.store {
            Store::Dense => true,
            Store::Hashed => false,
            Store::Auto => state_count(layout).is_some_and(|n| n <= DENSE_AUTO_MAX),
        };
        let mut bfs = Bfs {
            layout,
            queue: &mut self.queue,
            parents: wants_moves.then_some(&mut self.parents),
            movers: &mut self.movers,
            reach: if options.steps { 1 } else { layout.size },
            whole_cluster: options.cluster,
        };
        let goal = if dense {
            self.dense.start(layout, ledger)?;
            bfs.run(&mut self.dense, ledger)?
        } else {
            self.hashed.start(ledger)?;
            bfs.run(&mut self.hashed, ledger)?
        };
        let moves = match (wants_moves, goal) {
            (true, Some(goal)) => Some(self.path(layout, goal, ledger)?),
            _ => None,
        };
        Ok(Found {
            distance: goal.map(|g| g.depth),
            moves,
            cluster: options.cluster.then_some(self.queue.len()),
        })
    }

    /// The moves from the start to the state at `goal`, read back from the parents.
    fn path(
        &self,
        layout: &Layout,
        goal: Goal,
        ledger: &mut Ledger,
    ) -> Result<Vec<Move>, OverBudget> {
        ledger.take::<Move>("the path", goal.depth)?;
        let mut moves = Vec::with_capacity(goal.depth);
        let mut at = goal.index;
        while at != 0 {
            let from = self.parents[at] as usize;
            let (before, after) = (self.queue[from], self.queue[at]);
            if let Some(i) = (0..layout.pieces.len()).find(|&i| before.place(i) != after.place(i)) {
                let by = after.place(i) as i8 - before.place(i) as i8;
                moves.push(Move {
                    letter: layout.pieces[i].letter,
                    by,
                });
            }
            at = from;
        }
        moves.reverse();
        Ok(moves)
    }
}

/// One breadth-first search over the queue of [`Tables`].
struct Bfs<'a, P: Packed> {
    layout: &'a Layout,
    queue: &'a mut Vec<P>,
    parents: Option<&'a mut Vec<u32>>,
    movers: &'a mut Vec<u8>,
    /// How far one move slides: 1 cell, or any number.
    reach: usize,
    /// Run to the end of the cluster.
    whole_cluster: bool,
}

/// Where the search stands: the queue index of the state it expands, and its depth + 1.
#[derive(Clone, Copy)]
struct At {
    head: usize,
    depth: usize,
}

impl<P: Packed> Bfs<'_, P> {
    /// Queues `state`, new in the set, reached from the state at `at` by moving piece
    /// `mover` (the start: [`NO_PIECE`]);
    /// takes it as the goal when it is the first solved state: true when the search stops
    /// there. Out of line: most states a search tries were reached before.
    #[inline(never)]
    fn add<S: Seen<P>>(
        &mut self,
        seen: &mut S,
        state: P,
        (at, mover): (At, usize),
        goal: &mut Option<Goal>,
        ledger: &mut Ledger,
    ) -> Result<bool, OverBudget> {
        ledger.push(self.queue, state, QUEUE)?;
        ledger.push(self.movers, mover as u8, MOVERS)?;
        if let Some(parents) = &mut self.parents {
            ledger.push(parents, at.head as u32, PARENTS)?;
        }
        if seen.full() {
            seen.grow(self.queue, ledger)?;
        }
        if goal.is_some() || !self.layout.solved(state) {
            return Ok(false);
        }
        *goal = Some(Goal {
            index: self.queue.len() - 1,
            depth: at.depth,
        });
        Ok(!self.whole_cluster)
    }

    /// The search proper, level by level from the start: the first solved state, if any.
    fn run<S: Seen<P>>(
        &mut self,
        seen: &mut S,
        ledger: &mut Ledger,
    ) -> Result<Option<Goal>, OverBudget> {
        let layout = self.layout;
        let start = P::from_state(layout.start);
        let mut goal = None;
        seen.insert(start);
        let at = At { head: 0, depth: 0 };
        if self.add(seen, start, (at, NO_PIECE.into()), &mut goal, ledger)? {
            return Ok(goal);
        }
        let (mut head, mut depth) = (0, 0);
        let reach = self.reach;
        while head < self.queue.len() {
            let level_end = self.queue.len();
            depth += 1;
            while head < level_end {
                let (state, mover) = (self.queue[head], usize::from(self.movers[head]));
                // Under the move metric, every place the last moved piece can reach is one
                // move from the parent, so reached already: that piece is not tried again.
                // (A step further is not one step from the parent: under the step metric
                // every piece is tried.)
                let skip = if reach < layout.size {
                    usize::MAX
                } else {
                    mover
                };
                let occupied = layout.occupied(state);
                let at = At { head, depth };
                for (i, piece) in layout.pieces.iter().enumerate() {
                    let place = state.place(i);
                    let ends = piece.ends[place & 7];
                    // Every place the last moved piece can reach is one move from the
                    // parent, so reached already: it is not tried again.
                    if occupied & ends == ends || i == skip {
                        continue;
                    }
                    // Nearest first, toward place 0, then away: each free cell entered is
                    // one more place.
                    let (low, high) = (place.saturating_sub(reach), place + reach);
                    let mut to = place;
                    while to > low && occupied & piece.cells[(to - 1) & 7] == 0 {
                        to -= 1;
                        let moved = state.with_place(i, to);
                        if seen.insert(moved)
                            && self.add(seen, moved, (at, i), &mut goal, ledger)?
                        {
                            return Ok(goal);
                        }
                    }
                    let mut to = place;
                    while to + 1 < piece.places
                        && to < high
                        && occupied & piece.cells[(to + piece.len) & 7] == 0
                    {
                        to += 1;
                        let moved = state.with_place(i, to);
                        if seen.insert(moved)
                            && self.add(seen, moved, (at, i), &mut goal, ledger)?
                        {
                            return Ok(goal);
                        }
                    }
                }
                head += 1;
            }
        }
        Ok(goal)
    }
}
