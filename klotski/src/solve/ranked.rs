//! The breadth-first search over dense ranks, for boxes whose layouts are many.
//!
//! **States.** A position is its layout's rank among every layout of the case's blocks in
//! its box ([`crate::layouts`]: an automaton over the cells, blocks of one shape other than
//! the target interchangeable, as in the hashed search). Per rank the search keeps two bits,
//! `0` not reached, else `1 + level mod 3`; and the ranks of two levels, the one expanded and
//! the one it makes, four bytes each. No parents: the path is walked back from the end,
//! each step to a neighbour marked one level lower (a neighbour of a layout at level `d` is
//! at level `d - 1`, `d` or `d + 1` when reached, three marks apart).
//!
//! **Exactness.** Breadth-first by whole levels: the first level that holds a layout with
//! the target on its goal is the fewest moves. And the last level is never stored: a layout
//! is one move from the goal exactly when the target alone slides onto it (no other block's
//! move puts the target there), so the first new layout of level `d + 1` from which it does
//! answers `d + 2`, at once: a goal layout at level `d + 1` or less would have had a parent
//! one move from the goal at level `d` or less, found while that level was made (or the
//! start, checked first), and the search would have stopped there.

use puzzle_frame::budget::MemoryBudget;

use super::{count, Limit, Options, Reach};
use crate::case::{Case, Move};
use crate::layouts::graph::Expander;
use crate::layouts::rank::Ranker;
use crate::layouts::Pieces;
use crate::solve::layout::{Frame, Shape};

/// Fewer layouts than this go to the hashed search (quicker to start).
pub(super) const RANKED_FROM: u64 = 1 << 22;

/// Two bits per rank: 0 not reached, else 1 + level mod 3.
pub(super) struct Marks(pub(super) Vec<u64>);

impl Marks {
    #[inline]
    pub(super) fn get(&self, rank: u64) -> u64 {
        self.0[(rank / 32) as usize] >> (2 * (rank % 32)) & 3
    }

    #[inline]
    fn set(&mut self, rank: u64, mark: u64) {
        self.0[(rank / 32) as usize] |= mark << (2 * (rank % 32));
    }
}

/// The mark of level `level`.
pub(super) fn mark(level: usize) -> u64 {
    1 + (level % 3) as u64
}

/// What the search found: a shortest solution (if any) and, when it ran to the end, what is
/// reachable.
pub(super) struct Outcome {
    pub moves: Option<Vec<Move>>,
    pub reach: Option<Reach>,
}

/// The tables of one case.
pub(super) struct Tables {
    pub ranker: Ranker,
    pub frame: Frame,
    pub shapes: Vec<Shape>,
}

/// An upper bound of the layouts of `pieces`, found without the automaton: scanning the box
/// in reading order, each cell not yet covered is either empty or the first cell of a block
/// of some class, and that sequence of choices (each class as often as it has blocks, the
/// empty cells as often as there are) determines the layout. So there are at most as many
/// layouts as such sequences: the multinomial of the blocks and the empty cells
/// (saturating at `u64::MAX`).
fn choice_sequences(pieces: &Pieces) -> u64 {
    let counts = pieces.counts();
    let covered: usize = pieces
        .shapes
        .iter()
        .zip(&counts)
        .map(|(shape, count)| shape.len() * count)
        .sum();
    let empty = (pieces.rows * pieces.cols).saturating_sub(covered);
    let mut sequences: u128 = 1;
    let mut placed: u128 = 0;
    for group in counts.iter().copied().chain([empty]) {
        for i in 1..=group as u128 {
            placed += 1;
            // sequences * C(placed, i) / C(placed - 1, i - 1): an integer at every step.
            sequences = sequences * placed / i;
            if sequences > u128::from(u64::MAX) {
                return u64::MAX;
            }
        }
    }
    sequences as u64
}

/// A search tried first on a box of many layouts (given an upper bound of their number,
/// [`choice_sequences`]): the moves, or `None` to leave the box to the search over ranks.
pub(super) type First<'a> = &'a dyn Fn(u64) -> Option<Option<Vec<Move>>>;

/// Searches `case` over ranks when its layouts number at least `from` (by default
/// [`RANKED_FROM`]) and fit (marks, and an automaton within a quarter of the budget);
/// `None` leaves it to the hashed search. With `first` (a search to the goal), that search
/// is tried first on a box of at least `from` [`choice_sequences`] (before its automaton is
/// built); without, every reachable layout is visited (`reach`).
pub(super) fn search(
    case: &Case,
    options: &Options,
    (from, way): (u64, count::Way),
    first: Option<impl Fn(u64) -> Option<Option<Vec<Move>>>>,
) -> Result<Option<Outcome>, Limit> {
    let to_the_end = first.is_none();
    let pieces = Pieces::of_case(case);
    let sequences = choice_sequences(&pieces);
    if sequences < from {
        // Surely fewer layouts than `from`: the automaton is not worth building.
        return Ok(None);
    }
    // The search to the goal goes first, on the sequences' count (an upper bound of the
    // layouts): the box's automaton, which a large box takes a while to build, is only
    // built when that search leaves the box.
    if let Some(moves) = first.and_then(|first| first(sequences)) {
        return Ok(Some(Outcome { moves, reach: None }));
    }
    let (frame, shapes) = pieces.tables();
    let quarter = MemoryBudget::new(options.budget.bytes() / 4);
    let Ok(ranker) = Ranker::new(frame.board, &shapes, &pieces.counts(), quarter) else {
        return Ok(None);
    };
    let n = ranker.total();
    // Two bits of mark per layout, and to the end one frontier bit too.
    let bits = if to_the_end { 3 } else { 2 };
    if !(from..u64::from(u32::MAX)).contains(&n) || n / 8 * bits > options.budget.bytes() / 2 {
        return Ok(None);
    }
    let tables = Tables {
        ranker,
        frame,
        shapes,
    };
    let classes = pieces.block_classes(case);
    let anchors = anchors(case);
    let start: Vec<(usize, u8)> = classes
        .iter()
        .copied()
        .zip(anchors.iter().copied())
        .collect();
    let start = tables.ranker.rank_of(&start);
    let found = if to_the_end {
        let space = count::Space {
            layouts: n,
            tables: tables.ranker.bytes(),
            start,
            start_at_goal: pieces.goal_anchor() == anchors[case.target],
            goal: pieces.goal_anchor(),
        };
        let walker = || Expander::new(&tables.ranker, &tables.frame, &tables.shapes);
        let (marks, reached) = count::levels(&space, walker, (options, way))?;
        count::farthest_layout(
            &mut walker(),
            (&marks, &reached),
            (case, &classes, &anchors),
        );
        Found {
            marks,
            end: reached.end,
            visited: reached.visited,
            farthest: reached.farthest,
        }
    } else {
        bfs(&tables, start, pieces.goal_anchor(), options, false)?
    };
    let moves = found.end.map(|(end, level, last)| {
        let mut expander = Expander::new(&tables.ranker, &tables.frame, &tables.shapes);
        let mut steps = count::walk_back(&mut expander, &found.marks, end, level);
        steps.extend(last);
        name_moves(case, &classes, anchors.clone(), &steps)
    });
    Ok(Some(Outcome {
        moves,
        reach: to_the_end.then_some(Reach {
            positions: found.visited,
            farthest: found.farthest,
        }),
    }))
}

/// The anchor of each block of `case` (the cell of its bounding box's top left corner).
pub(super) fn anchors(case: &Case) -> Vec<u8> {
    let cols = case.cols;
    case.blocks
        .iter()
        .map(|b| (b.top_left().row * cols + b.top_left().col) as u8)
        .collect()
}

/// One move over ranks: the class that moves, its anchor before and after.
pub(super) type Step = (usize, u8, u8);

/// What the breadth-first search found.
pub(super) struct Found {
    pub marks: Marks,
    /// The layout the path ends at, its level, and a last move of the target (class,
    /// from, to) when the path ends one move before the goal.
    pub end: Option<(u64, usize, Option<Step>)>,
    pub visited: usize,
    pub farthest: usize,
}

/// Breadth-first by levels from `start`.
fn bfs(
    tables: &Tables,
    start: u64,
    goal: u8,
    options: &Options,
    to_the_end: bool,
) -> Result<Found, Limit> {
    let n = tables.ranker.total();
    let fixed = n.div_ceil(32) * 8 + tables.ranker.bytes();
    options.budget.check("the positions' marks", fixed)?;
    let mut marks = Marks(vec![0u64; n.div_ceil(32) as usize]);
    marks.set(start, mark(0));
    let mut expander = Expander::new(&tables.ranker, &tables.frame, &tables.shapes);
    let target = &tables.shapes[0];
    expander.load(start);
    let mut end = None;
    if let Some(&(_, at)) = expander.blocks.iter().find(|b| b.0 == 0) {
        if at == goal {
            end = Some((start, 0, None));
        } else if !to_the_end && tables.frame.slide(target, at, expander.occupied) >> goal & 1 == 1
        {
            end = Some((start, 0, Some((0, at, goal))));
        }
    }
    let (mut level, mut current, mut visited) = (0usize, vec![start as u32], 1usize);
    while !current.is_empty() && (to_the_end || end.is_none()) {
        let mut next: Vec<u32> = Vec::new();
        let mut one_move = None;
        let mut goal_found = None;
        for &u in &current {
            expander.load(u64::from(u));
            let occupied = expander.occupied;
            let at = expander.blocks.iter().find(|b| b.0 == 0).map_or(0, |b| b.1);
            let mut grew = Ok(());
            expander.moves(u64::from(u), |v, k, from, to| {
                if marks.get(v) != 0 || grew.is_err() {
                    return;
                }
                marks.set(v, mark(level + 1));
                if next.len() == next.capacity() {
                    let bytes = fixed + 4 * (current.len() + 2 * next.capacity().max(1024)) as u64;
                    grew = options.budget.check("the positions' levels", bytes);
                    if grew.is_err() {
                        return;
                    }
                }
                next.push(v as u32);
                if k == 0 && to == goal {
                    goal_found.get_or_insert(v);
                } else if !to_the_end && one_move.is_none() && k != 0 {
                    // (After a move of the target itself it cannot be one move away: it
                    // would have slid there from `u`, which would have ended the search.)
                    let mask = tables.shapes[k].mask;
                    let occ = occupied & !(mask << from) | mask << to;
                    if tables.frame.slide(target, at, occ) >> goal & 1 == 1 {
                        one_move = Some((v, at));
                    }
                }
            });
            grew?;
            if (goal_found.is_some() || one_move.is_some()) && !to_the_end {
                break;
            }
        }
        visited += next.len();
        if visited > options.max_states {
            return Err(Limit::Other(super::TooManyStates(options.max_states)));
        }
        if next.is_empty() {
            break;
        }
        level += 1;
        if end.is_none() {
            if let Some(g) = goal_found {
                end = Some((g, level, None));
            } else if let Some((v, t)) = one_move {
                end = Some((v, level, Some((0, t, goal))));
            }
        }
        current = next;
    }
    Ok(Found {
        marks,
        end,
        visited,
        farthest: level,
    })
}

/// The steps as moves of the case's real blocks: the block of the class standing at the
/// step's first anchor moves.
pub(super) fn name_moves(
    case: &Case,
    classes: &[usize],
    mut at: Vec<u8>,
    steps: &[Step],
) -> Vec<Move> {
    let cols = case.cols;
    let pos = |a: u8| grid_common::Pos::new(a as usize / cols, a as usize % cols);
    let mut moves = Vec::with_capacity(steps.len());
    for &(k, from, to) in steps {
        let Some(block) = (0..at.len()).find(|&i| classes[i] == k && at[i] == from) else {
            break;
        };
        at[block] = to;
        moves.push(Move {
            block: case.blocks[block].name.clone(),
            from: pos(from),
            to: pos(to),
        });
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_all;

    /// The bound holds: never fewer sequences than the automaton's count of layouts.
    #[test]
    fn choice_sequences_bound_the_layouts() {
        let inputs = [
            // 横刀立马: 1 + 1 + 4 + 4 blocks and 2 empty cells: 12! / (4! 4! 2!) sequences.
            "5 4\nA B B C\nA B B C\nD E E F\nD G H F\nI . . J\nB\n3 1\n",
            "2 3\nA A .\nB . C\nA\n1 1\n",
            "3 3\nA B .\nA C .\nD D .\nD\n0 1\n",
        ];
        let mut bounds = Vec::new();
        for input in inputs {
            let case = parse_all(input.as_bytes()).unwrap().remove(0);
            let pieces = Pieces::of_case(&case);
            let (frame, shapes) = pieces.tables();
            let budget = MemoryBudget::new(1 << 30);
            let ranker = Ranker::new(frame.board, &shapes, &pieces.counts(), budget).unwrap();
            let bound = choice_sequences(&pieces);
            assert!(
                bound >= ranker.total(),
                "{bound} < {}\n{input}",
                ranker.total()
            );
            bounds.push(bound);
        }
        assert_eq!(bounds[0], 479_001_600 / (24 * 24 * 2));
    }
}
