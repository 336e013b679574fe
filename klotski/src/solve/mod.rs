//! The solver: a breadth-first search over canonical positions packed into `u64` words.
//!
//! - `layout`: the per-case tables (shape classes, bitboard masks) and the key packing.
//! - `table`: the visited set, an open-addressing hash table of packed positions.
//! - `bfs`: the search, and why its answer is the fewest moves.
//! - `ranked`: the search over dense ranks, for boxes of many layouts.
//! - `bound`: a lower bound on the moves left, a relaxed puzzle's distances (the same box
//!   without some classes of blocks), and why it is one.
//! - `keyed`: the relaxed puzzle's distances over packed keys in sorted lists, for relaxed
//!   puzzles of few blocks (no automaton walk per move).
//! - `bounded`: for boxes of many layouts that the plain search does not answer at once,
//!   A* over that bound (positions taken by moves plus bound, one pass), and why the
//!   answer is still the fewest moves.
//! - `count`: `--count` on boxes of many layouts, the search over ranks run to the end by
//!   whole levels over its two-bit marks and a frontier bit, each level split between the cores, far
//!   neighbours claimed region by region, large levels made from below.
//! - `count_singles`: the same over a rank that sets the 1x1 blocks apart (the large
//!   blocks' automaton times the placements of the 1x1 blocks on the cells they leave
//!   free), taken first for `--count` when the box has 1x1 blocks; by default a large
//!   layout at a time where it has 64 to 128 placements (`count_singles::skeleton`: the
//!   marks of its placements as bitsets, its moves walked once per level and made for the
//!   level's placements as sets, `count_singles::remap` and `count_singles::steps`, its
//!   neighbours claimed a set per large layout reached).
//! - `published`: published puzzles (GNOME Klotski levels), for the benchmarks.
//!
//! The path is rebuilt from parent indices; since interchangeable blocks are merged in
//! the search, it follows each real block from the start to name the one that moves.

mod bfs;
mod bound;
mod bounded;
mod count;
mod count_singles;
mod keyed;
pub(crate) mod layout;
pub mod published;
mod ranked;
mod table;

use puzzle_frame::budget::MemoryBudget;

use crate::case::{Case, Move};
use bfs::Found;
use layout::{unpack, Layout};

/// The default `--max-states`: positions one search may store.
pub const DEFAULT_MAX_STATES: usize = 200_000_000;

/// The solver's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The memory budget (`--max-memory`).
    pub budget: MemoryBudget,
    /// The most positions one search may store (`--max-states`). The searches to the end
    /// over marks (`--count` on boxes of many layouts: `count`, `count_singles`) store
    /// three bits per layout of the box, charged to the budget before they start, and give
    /// up once they have reached more layouts than this (the binary's `--count` sets it to
    /// `usize::MAX` unless `--max-states` is given: the budget bounds those searches).
    pub max_states: usize,
    /// Also count the positions reachable from the start (`--count`): every search then
    /// visits them all.
    pub reach: bool,
    /// `--hardest`: the binary answers each case with the census of its blocks
    /// ([`crate::layouts`]) instead; the solver does not read it.
    pub hardest: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: MemoryBudget::default(),
            max_states: DEFAULT_MAX_STATES,
            reach: false,
            hardest: false,
        }
    }
}

/// Why a case was given up: the memory budget ([`Limit::Memory`]) or `--max-states`
/// ([`TooManyStates`]).
pub type Limit = puzzle_frame::Limit<TooManyStates<usize>>;

pub use puzzle_frame::search::TooManyStates;

/// What is reachable from the start (`--count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Distinct positions reachable from the start, the start included (blocks of the
    /// same shape other than the target are interchangeable: a swap is the same position).
    pub positions: usize,
    /// The most moves any of them needs.
    pub farthest: usize,
}

/// A shortest solution (or `None`) and what is reachable.
type Counted = (Option<Vec<Move>>, Reach);

/// Solves cases one after another.
#[derive(Clone, Debug)]
pub struct Solver {
    options: Options,
    /// Boxes with at least this many layouts are searched over ranks.
    ranked_from: u64,
    /// Every box the search over ranks takes is searched with a lower bound, without the
    /// limits that make that search give way (for tests).
    bounded_always: bool,
    /// How the searches to the end over marks make their levels.
    way: count::Way,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new(&Options::default())
    }
}

/// Runs `search::<W>(args)` with keys of as many words as the case needs (`words`, one per
/// ten blocks).
macro_rules! dispatch {
    ($words:expr, $($search:ident)::+ ($($arg:expr),*), |$found:ident| $body:expr) => {
        match $words {
            1 => {
                let $found = $($search)::+::<1>($($arg),*)?;
                $body
            }
            2 => {
                let $found = $($search)::+::<2>($($arg),*)?;
                $body
            }
            3 => {
                let $found = $($search)::+::<3>($($arg),*)?;
                $body
            }
            4 => {
                let $found = $($search)::+::<4>($($arg),*)?;
                $body
            }
            5 => {
                let $found = $($search)::+::<5>($($arg),*)?;
                $body
            }
            6 => {
                let $found = $($search)::+::<6>($($arg),*)?;
                $body
            }
            _ => {
                let $found = $($search)::+::<7>($($arg),*)?;
                $body
            }
        }
    };
}

impl Solver {
    /// A solver with these settings.
    pub fn new(options: &Options) -> Solver {
        Solver {
            options: *options,
            ranked_from: ranked::RANKED_FROM,
            bounded_always: false,
            way: count::Way::Auto,
        }
    }

    /// Where the searches over ranks start and how the searches to the end make levels.
    fn count_from(&self) -> (u64, count::Way) {
        (self.ranked_from, self.way)
    }

    /// The same solver making every level of the searches to the end over marks
    /// (`--count` on boxes of many layouts) from below: each layout not yet reached looks
    /// for a neighbour in the level before (by default only once that level is more than
    /// half of the layouts left), for tests that run both ways on small boxes.
    pub fn from_below(self) -> Solver {
        Solver {
            way: count::Way::Below,
            ..self
        }
    }

    /// The same solver making the searches to the end over marks with 1x1 blocks
    /// (`--count`) a large layout with all its placements of the 1x1 blocks at once
    /// whenever they are at most 128 (by default only from 64 placements on), for tests
    /// that run both on small boxes.
    pub fn by_large_layouts(self) -> Solver {
        Solver {
            way: count::Way::Large,
            ..self
        }
    }

    /// The same solver searching over dense ranks every box with at least `layouts`
    /// layouts (by default 4 194 304; the hashed search below), for tests that run both
    /// searches on small boxes.
    pub fn ranked_from(self, layouts: u64) -> Solver {
        Solver {
            ranked_from: layouts,
            ..self
        }
    }

    /// The same solver searching with a lower bound ([`bounded`](self)) every box that the
    /// search over ranks takes (with [`Solver::ranked_from`]`(0)`, every box), without the
    /// limits that make it give way (the plain search tried first, a relaxed puzzle of a
    /// small enough share of the layouts, a pruned search storing no more than that
    /// share), each level of the relaxed puzzle's table split between threads: for tests
    /// that run it on small boxes.
    pub fn bounded_always(self) -> Solver {
        Solver {
            bounded_always: true,
            ..self
        }
    }

    /// A shortest solution (`Some(None)`: none) from the search with a lower bound for a
    /// box of at most `layouts` layouts, or `None` when it does not take the case (the plain search
    /// answers within a few positions, no relaxed puzzle qualifies, or a limit: the search
    /// over ranks then takes it, under the same limits).
    fn bounded(&self, case: &Case, layouts: u64) -> Option<Option<Vec<Move>>> {
        let layout = Layout::new(case);
        let share = if self.bounded_always {
            u64::MAX
        } else {
            let probe = Options {
                max_states: bounded::PROBE_STATES.min(self.options.max_states),
                ..self.options
            };
            let plain = || -> Result<Option<Vec<Move>>, Limit> {
                dispatch!(
                    layout.words(),
                    bfs::search(&layout, &probe, true),
                    |found| Ok(rebuild(case, &layout, &found))
                )
            };
            if let Ok(moves) = plain() {
                return Some(moves);
            }
            layouts
        };
        let split = (self.options.budget, self.bounded_always);
        let bound = bounded::relaxation(case, &layout, share, split).ok()??;
        let options = bounded::options_for(&self.options, share, bound.bytes())?;
        let search = || -> Result<Option<Vec<Move>>, Limit> {
            dispatch!(
                layout.words(),
                bounded::search(&layout, &options, &bound),
                |found| Ok(rebuild(case, &layout, &found))
            )
        };
        search().ok()
    }

    /// Holds the solver to `budget` from the next case on (the process's budget less what
    /// it holds elsewhere: the input, the page).
    pub fn set_budget(&mut self, budget: MemoryBudget) {
        self.options.budget = budget;
    }

    /// The fewest moves that bring the target to its goal, or `None` when it never can.
    pub fn count(&mut self, case: &Case) -> Result<Option<usize>, Limit> {
        let first = |layouts| self.bounded(case, layouts);
        if let Some(found) = ranked::search(case, &self.options, self.count_from(), Some(first))? {
            return Ok(found.moves.map(|m| m.len()));
        }
        let layout = Layout::new(case);
        dispatch!(
            layout.words(),
            bfs::search(&layout, &self.options, true),
            |found| Ok(found
                .goal
                .map(|g| path_indices(&found.parents, g).len() - 1))
        )
    }

    /// A shortest solution, or `None` when the target never reaches its goal.
    pub fn moves(&mut self, case: &Case) -> Result<Option<Vec<Move>>, Limit> {
        let first = |layouts| self.bounded(case, layouts);
        if let Some(found) = ranked::search(case, &self.options, self.count_from(), Some(first))? {
            return Ok(found.moves);
        }
        let layout = Layout::new(case);
        dispatch!(
            layout.words(),
            bfs::search(&layout, &self.options, true),
            |found| Ok(rebuild(case, &layout, &found))
        )
    }

    /// The search to the end over marks, on a box of many layouts (with its 1x1 blocks
    /// apart when it has some, else over the whole box's ranks): a shortest solution and
    /// what is reachable; `None` leaves the box to the hashed search.
    fn to_the_end(&self, case: &Case) -> Result<Option<Counted>, Limit> {
        let outcome = match count_singles::search(case, &self.options, self.count_from())? {
            Some(outcome) => Some(outcome),
            None => ranked::search(
                case,
                &self.options,
                self.count_from(),
                None::<ranked::First>,
            )?,
        };
        Ok(outcome.and_then(|o| o.reach.map(|reach| (o.moves, reach))))
    }

    /// A shortest solution (or `None`) and what is reachable, from one search that visits
    /// every reachable position (`--count`).
    pub fn moves_and_reach(&mut self, case: &Case) -> Result<(Option<Vec<Move>>, Reach), Limit> {
        if let Some((moves, reach)) = self.to_the_end(case)? {
            return Ok((moves, reach));
        }
        let layout = Layout::new(case);
        dispatch!(
            layout.words(),
            bfs::search(&layout, &self.options, false),
            |found| Ok((
                rebuild(case, &layout, &found),
                Reach {
                    positions: found.states.len(),
                    farthest: found.farthest,
                }
            ))
        )
    }

    /// What the binary prints for a case: a shortest solution and, with [`Options::reach`],
    /// what is reachable from the start (from the same search, which then visits every
    /// position).
    pub fn answer(&mut self, case: &Case) -> Result<(Option<Vec<Move>>, Option<Reach>), Limit> {
        if self.options.reach {
            self.moves_and_reach(case).map(|(m, r)| (m, Some(r)))
        } else {
            self.moves(case).map(|m| (m, None))
        }
    }

    /// How many positions are reachable from the start, and the most moves one needs.
    pub fn reach(&mut self, case: &Case) -> Result<Reach, Limit> {
        if let Some((_, reach)) = self.to_the_end(case)? {
            return Ok(reach);
        }
        let layout = Layout::new(case);
        dispatch!(
            layout.words(),
            bfs::search(&layout, &self.options, false),
            |found| Ok(Reach {
                positions: found.states.len(),
                farthest: found.farthest,
            })
        )
    }
}

/// The indices from the start to `end`, following the parents.
fn path_indices(parents: &[u32], end: u32) -> Vec<u32> {
    let mut path = vec![end];
    let mut at = end;
    while at != 0 {
        at = parents[at as usize];
        path.push(at);
    }
    path.reverse();
    path
}

/// The moves from the start to the goal position, naming the real blocks: each step
/// changes one anchor of one class; the block of that class standing at the old anchor
/// is the one that moved.
fn rebuild<const W: usize>(case: &Case, layout: &Layout, found: &Found<W>) -> Option<Vec<Move>> {
    let goal = found.goal?;
    let slots = layout.slots();
    let mut at: Vec<u8> = case
        .blocks
        .iter()
        .map(|b| (b.top_left().row * case.cols + b.top_left().col) as u8)
        .collect();
    let (mut before, mut after) = (vec![0u8; slots], vec![0u8; slots]);
    let path = path_indices(&found.parents, goal);
    let mut moves = Vec::with_capacity(path.len().saturating_sub(1));
    unpack(&found.states[path[0] as usize], &mut before);
    for &index in &path[1..] {
        unpack(&found.states[index as usize], &mut after);
        let class = (0..slots)
            .find(|&j| before[j] != after[j])
            .map(|j| layout.slot_class[j])?;
        let range = layout.class_slots[class]..layout.class_slots[class + 1];
        let from = before[range.clone()]
            .iter()
            .copied()
            .find(|a| !after[range.clone()].contains(a))?;
        let to = after[range.clone()]
            .iter()
            .copied()
            .find(|a| !before[range.clone()].contains(a))?;
        let block =
            (0..case.blocks.len()).find(|&i| layout.block_class[i] == class && at[i] == from)?;
        at[block] = to;
        moves.push(Move {
            block: case.blocks[block].name.clone(),
            from: layout.pos(from),
            to: layout.pos(to),
        });
        std::mem::swap(&mut before, &mut after);
    }
    Some(moves)
}

/// The frame's view of the solver: its inherent methods (the solver's own code).
impl puzzle_frame::puzzle::Solve for Solver {
    type Case = Case;
    type Move = Move;
    type OtherLimit = TooManyStates<usize>;

    fn set_budget(&mut self, budget: MemoryBudget) {
        Solver::set_budget(self, budget);
    }

    fn count(&mut self, case: &Case) -> Result<Option<usize>, Limit> {
        Solver::count(self, case)
    }

    fn moves(&mut self, case: &Case) -> Result<Option<Vec<Move>>, Limit> {
        Solver::moves(self, case)
    }
}

impl puzzle_frame::puzzle::Solving for crate::Klotski {
    type Solver = Solver;

    fn solver(
        options: &crate::modes::Settings,
        _: &crate::parse::Cases<'_>,
        budget: MemoryBudget,
    ) -> Result<Solver, Limit> {
        Ok(Solver::new(&Options {
            budget,
            ..options.solver
        }))
    }

    /// One search gives the moves and, with `--count`, what is reachable from the start.
    fn solve(
        solver: &mut Solver,
        case: &Case,
        _wants_moves: bool,
    ) -> Result<puzzle_frame::Answer<Move>, Limit> {
        let (moves, reach) = solver.answer(case)?;
        Ok(puzzle_frame::Answer {
            count: moves.as_ref().map(Vec::len),
            moves,
            notes: reach.iter().map(crate::format::reach_line).collect(),
        })
    }
}
