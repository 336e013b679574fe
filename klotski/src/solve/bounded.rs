//! The search with a lower bound, for boxes of many layouts: A* over the bound
//! ([`super::bound`]), in one pass.
//!
//! **Order.** Each position found is stored once, with the fewest moves `g` it was reached
//! in so far, its parent, and its bound `h` (computed once). Positions are taken in
//! increasing order of `f = g + h`, and within one `f` of `g` (buckets `open[f][g]`); a
//! position met again in fewer moves before it is taken gets the new `g` and parent and
//! joins the lower bucket (its entry in the old one is skipped).
//!
//! **Exactness.** The bound never exceeds the moves left, and changes by at most one per
//! move (consistent). So `f` never drops along a path, and:
//! - when a position `p` is taken, its `g` is its fewest moves: a shorter path to `p` has
//!   every position on it at `f <= g*(p) + h(p) < f(p)` (consistency), or at `f(p)` with
//!   fewer moves; the first not yet taken on it is stored with its fewest moves (its
//!   parent on the path was taken), so it would have been taken before `p`, and so on
//!   along the path to `p`;
//! - every `f` taken is at most the fewest moves `C` of a solution: while one is not found,
//!   the first position of a shortest solution not yet taken is stored at its fewest
//!   moves, with `f <= C` (the bound never exceeds the moves left);
//! - so the first goal position taken is at its fewest moves, with `f = g = C`; and a goal
//!   found at `g` equal to the `f` being taken (at least every `f` taken so far) is at `C`
//!   too, which ends the search as it is found.
//!
//! A position whose projection never reaches the relaxed goal never reaches the goal and
//! is not stored; when every stored position was taken with no goal, every position that
//! can reach the goal was seen (they all have a finite bound), and there is none.
//!
//! **Which blocks are left out.** Each set of one or two classes of blocks other than the
//! target's is a candidate (the first [`CANDIDATES`], fewest cells first): the relaxed
//! puzzle without them, when its layouts are few enough for a table
//! ([`bound::MAX_LAYOUTS`]) and at most a [`SHARE`]th of the whole box's (counted
//! generously); the automata of the candidates of one count of cells are built at once, on
//! threads, each build stopped as soon as one of its nodes has more layouts than that
//! (the whole box of the relaxed puzzle has at least as many). The candidate that leaves out the fewest cells wins (the relaxed puzzle
//! closest to the real one; ties: the fewest layouts): Lodzianka without its three 1x1
//! blocks (15,491,416 relaxed layouts, bound 13 of 21 at the start), Pelopones without its
//! two 1x1 blocks and its 1x2 (3,841,514, bound 16 of 25).
//!
//! **When.** Only for boxes of at least [`super::ranked::RANKED_FROM`] layouts counted
//! generously (the sequences of choices of `ranked::choice_sequences`, an upper bound found
//! without the box's automaton, which is built only if this search leaves the box), and
//! only after the plain search failed to answer within [`PROBE_STATES`] positions (a case
//! of few moves needs no table). The shares below are of that count. When no candidate
//! qualifies, or A* would store more than a [`SHARE`]th of it or pass a limit, the search
//! over ranks takes the case as before, under the same limits. Which search answers never
//! changes the count of moves: each is exact.

use super::bfs::{Found, FIRST_CAPACITY};
use super::bound::{self, Bound, MOST_THREADS, UNREACHABLE};
use super::layout::{pack, unpack, Layout};
use super::table::{slot_bytes, Table};
use super::{Limit, Options};
use crate::case::Case;
use crate::layouts::rank::Ranker;
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
/// relaxed puzzle of at most [`bound::MAX_LAYOUTS`] qualify, for the tests); `split` splits
/// every level of the table's search between threads (for the tests too).
pub(super) fn relaxation(
    case: &Case,
    layout: &Layout,
    layouts: u64,
    (budget, split): (MemoryBudget, bool),
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
    sets.truncate(CANDIDATES);
    let automaton = CANDIDATE_BYTES.min(budget.bytes() / 4);
    // The candidates of one count of cells are built at once, on as many threads as their
    // automata fit in a quarter of the budget together.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(MOST_THREADS));
    let fit = (budget.bytes() / 4 / automaton.max(1)).max(1) as usize;
    let mut best: Option<(Ranker, Vec<usize>)> = None;
    for group in sets.chunk_by(|a, b| a.0 == b.0) {
        let build = |sets: &[(usize, Vec<usize>)]| -> Vec<Option<Ranker>> {
            let budget = MemoryBudget::new(automaton);
            let build = |(_, set): &(usize, Vec<usize>)| {
                bound::automaton(case, layout, set, (budget, most))
            };
            sets.iter().map(build).collect()
        };
        let runs = group.len().min(threads).min(fit);
        let built = bound::on_threads(group, runs, build).into_iter().flatten();
        for (ranker, (_, set)) in built.zip(group) {
            let Some(ranker) = ranker else {
                continue;
            };
            let n = ranker.total();
            if n <= most && best.as_ref().map_or(true, |b| n < b.0.total()) {
                best = Some((ranker, set.clone()));
            }
        }
        if best.is_some() {
            break;
        }
    }
    let Some((ranker, set)) = best else {
        return Ok(None);
    };
    Bound::new(case, layout, &set, ranker, (budget, split))
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

/// The positions found so far, by key: the visited table and, per slot of it, the index of
/// the position it holds.
struct Known<const W: usize> {
    table: Table<W>,
    index: Vec<u32>,
}

impl<const W: usize> Known<W> {
    /// The table of `states`, of `capacity` slots (a power of two, more than twice as many).
    fn of(states: &[[u64; W]], capacity: usize) -> Known<W> {
        let mut table = Table::with_capacity(capacity);
        let mut index = vec![0u32; capacity];
        for (i, key) in states.iter().enumerate() {
            if let Err(slot) = table.find(key) {
                table.put(slot, *key);
                index[slot] = i as u32;
            }
        }
        Known { table, index }
    }
}

/// A shortest solution by A* over the bound: positions taken in increasing order of moves
/// plus bound (`f`), and of moves within one `f`; one pass, each position stored once with
/// its fewest moves found so far and its parent, lowered when a shorter way is found before
/// it is taken.
pub(super) fn search<const W: usize>(
    layout: &Layout,
    options: &Options,
    bound: &Bound,
) -> Result<Found<W>, Limit> {
    search_taking(layout, options, bound, |_, _| ())
}

/// [`search`], calling `taken(index, moves)` for each position taken (for the tests: its
/// moves must be its fewest).
fn search_taking<const W: usize>(
    layout: &Layout,
    options: &Options,
    bound: &Bound,
    mut taken: impl FnMut(u32, u32),
) -> Result<Found<W>, Limit> {
    let start = pack::<W>(&layout.start);
    let first = bound.of(&layout.start);
    let mut states = Vec::with_capacity(held(FIRST_CAPACITY));
    let mut parents = Vec::with_capacity(held(FIRST_CAPACITY));
    let mut moves = Vec::with_capacity(held(FIRST_CAPACITY));
    let mut bounds = Vec::with_capacity(held(FIRST_CAPACITY));
    states.push(start);
    parents.push(0u32);
    moves.push(0u32);
    bounds.push(first);
    let mut found = Found {
        states: Vec::new(),
        parents: Vec::new(),
        goal: None,
        farthest: 0,
    };
    let done = |states, parents, goal| Found {
        states,
        parents,
        goal,
        farthest: 0,
    };
    if layout.start[0] == layout.goal {
        return Ok(done(states, parents, Some(0)));
    }
    if first == UNREACHABLE {
        return Ok(done(states, parents, None));
    }
    let state_bytes = (8 * W + 4 + 4 + 1 + 4) as u64;
    let mut known = Known::of(&states, FIRST_CAPACITY);
    // `open[f - first][g]`: the positions of moves `g` and bound `f - g`, to take.
    let mut open: Vec<Vec<Vec<u32>>> = vec![vec![vec![0]]];
    let max_states = options.max_states.min(u32::MAX as usize - 1);
    let mut anchors = [0u8; 64];
    let slots = layout.slots();
    let mut f = 0;
    while f < open.len() {
        let mut g = 0;
        while g < open[f].len() {
            let ready = std::mem::take(&mut open[f][g]);
            for &i in &ready {
                if moves[i as usize] as usize != g {
                    // Met again by a shorter way, and taken there.
                    continue;
                }
                taken(i, g as u32);
                unpack(&states[i as usize], &mut anchors[..slots]);
                if anchors[0] == layout.goal {
                    return Ok(done(states, parents, Some(i)));
                }
                let mut error = Ok(());
                let mut goal = None;
                let next = g as u32 + 1;
                layout.moves(&anchors[..slots], |slot, to, moved| {
                    if error.is_err() || goal.is_some() {
                        return;
                    }
                    let key = pack::<W>(moved);
                    let slot_of = match known.table.find(&key) {
                        Ok(at) => {
                            let j = known.index[at] as usize;
                            if moves[j] > next {
                                moves[j] = next;
                                parents[j] = i;
                                let fj = bucket(next, bounds[j], first, f);
                                push(&mut open, fj, next as usize, j as u32);
                            }
                            return;
                        }
                        Err(at) => at,
                    };
                    let h = bound.of(moved);
                    if h == UNREACHABLE {
                        return;
                    }
                    if states.len() >= max_states {
                        error = Err(Limit::Other(super::TooManyStates(options.max_states)));
                        return;
                    }
                    let j = states.len() as u32;
                    states.push(key);
                    parents.push(i);
                    moves.push(next);
                    bounds.push(h);
                    if slot == 0 && to == layout.goal && next as usize == f + usize::from(first) {
                        // Its moves are the least `f` left: no goal is fewer moves away.
                        goal = Some(j);
                        return;
                    }
                    let fj = bucket(next, h, first, f);
                    push(&mut open, fj, next as usize, j);
                    if known.table.is_full() {
                        let capacity = known.table.capacity() * 2;
                        let bytes = (capacity + known.table.capacity()) as u64
                            * (slot_bytes::<W>() + 4)
                            + held(capacity) as u64 * state_bytes;
                        error = options
                            .budget
                            .check("the visited positions", bytes)
                            .map_err(Limit::from);
                        if error.is_err() {
                            return;
                        }
                        let more = held(capacity) - states.len();
                        states.reserve_exact(more);
                        parents.reserve_exact(more);
                        moves.reserve_exact(more);
                        bounds.reserve_exact(more);
                        known = Known::of(&states, capacity);
                    } else {
                        known.table.put(slot_of, key);
                        known.index[slot_of] = j;
                    }
                });
                error?;
                if goal.is_some() {
                    return Ok(done(states, parents, goal));
                }
            }
            g += 1;
        }
        open[f] = Vec::new();
        f += 1;
    }
    found.states = states;
    found.parents = parents;
    Ok(found)
}

/// The most positions stored while the visited table has `capacity` slots: it takes at most
/// half of them, and one position is pushed before the table grows. The positions' columns
/// are reserved to that each time the table grows, charged to the budget first (the table
/// is not grown when the charge fails), so they never grow on their own past the budget.
fn held(capacity: usize) -> usize {
    capacity / 2 + 1
}

/// The bucket of a position of `g` moves and bound `h` (`first` the start's bound), never
/// below the one being taken, `f` (a consistent bound never gives less).
fn bucket(g: u32, h: u8, first: u8, f: usize) -> usize {
    (g as usize + usize::from(h))
        .saturating_sub(usize::from(first))
        .max(f)
}

/// Adds position `j` to `open[f][g]`.
fn push(open: &mut Vec<Vec<Vec<u32>>>, f: usize, g: usize, j: u32) {
    if open.len() <= f {
        open.resize_with(f + 1, Vec::new);
    }
    if open[f].len() <= g {
        open[f].resize_with(g + 1, Vec::new);
    }
    open[f][g].push(j);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::bfs;
    use puzzle_frame::rng::Rng;
    use std::collections::HashMap;

    /// A random case of at most `rows` x `cols` and `blocks` blocks, with one-word keys, and
    /// the bound of the relaxation the tests force (`None` when it has none).
    fn bounded_case(
        rng: &mut Rng,
        (rows, cols, blocks): (usize, usize, usize),
    ) -> Option<(Case, Layout, Bound)> {
        let case = crate::testkit::random_case(rng, rows, cols, blocks, 3);
        let layout = Layout::new(&case);
        if layout.words() != 1 {
            return None;
        }
        let split = (Options::default().budget, false);
        let bound = relaxation(&case, &layout, u64::MAX, split).ok()??;
        Some((case, layout, bound))
    }

    /// Every position A* takes has its fewest moves (those of the breadth-first search run
    /// to the end), on random small boxes with the bound of the relaxation the tests force.
    #[test]
    fn positions_are_taken_at_their_fewest_moves() {
        let mut rng = Rng::new(7);
        let options = Options::default();
        let (mut cases, mut taken_in_all) = (0, 0);
        while cases < 1000 {
            let Some((case, layout, bound)) = bounded_case(&mut rng, (4, 4, 9)) else {
                continue;
            };
            cases += 1;
            let all = bfs::search::<1>(&layout, &options, false).expect("a small box");
            let mut fewest = HashMap::new();
            for (i, key) in all.states.iter().enumerate() {
                let mut at = i as u32;
                let mut moves = 0;
                while at != 0 {
                    at = all.parents[at as usize];
                    moves += 1;
                }
                fewest.insert(*key, moves);
            }
            let mut taken = Vec::new();
            let found = search_taking::<1>(&layout, &options, &bound, |i, g| taken.push((i, g)))
                .expect("a small box");
            for (i, g) in taken {
                let key = found.states[i as usize];
                assert_eq!(Some(&g), fewest.get(&key), "position {i} of\n{case}");
                taken_in_all += 1;
            }
        }
        assert!(taken_in_all > 4000, "only {taken_in_all} positions taken");
    }

    /// The positions' columns are only ever as large as reserved and charged when the table
    /// grew (`held` of its capacity), never grown by doubling past that charge.
    #[test]
    fn positions_grow_only_by_the_charged_reservation() {
        let mut rng = Rng::new(11);
        let options = Options::default();
        let (mut grown, mut tries) = (0, 0);
        while grown < 6 && tries < 3000 {
            tries += 1;
            let Some((case, layout, bound)) = bounded_case(&mut rng, (5, 5, 12)) else {
                continue;
            };
            let found = search::<1>(&layout, &options, &bound).expect("a small box");
            let (len, capacity) = (found.states.len(), found.states.capacity());
            if len <= held(FIRST_CAPACITY) {
                continue;
            }
            grown += 1;
            let table = 2 * (capacity - 1);
            assert!(
                table.is_power_of_two() && held(table) == capacity && len <= capacity,
                "{len} positions in a column of {capacity} for\n{case}"
            );
        }
        assert_eq!(
            grown, 6,
            "only {grown} searches grew their table in {tries}"
        );
    }
}
