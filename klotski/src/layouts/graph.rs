//! The census of one box and one multiset of blocks: every layout, its group, and its
//! distance to the goal.
//!
//! **States.** A layout is its dense rank (`super::rank`): `0..N`, no table of layouts.
//! Per rank the census keeps one `u32` in the queue and one `u32` label (for layouts that
//! can reach the goal: the goal layout whose search reached it first; a value no label
//! takes until the layout is reached, so no visited bit).
//!
//! **Moves.** A layout's moves are those of the solver: each block's flood fill over the
//! anchors where its shape fits (`Frame::slide`); the rank of the layout after a move is
//! walked from the first cell the move changes.
//!
//! **Exactness.** A move can be undone by the reverse slide, so "moves lead from A to B" is
//! symmetric and the layouts that can reach a goal layout are those a breadth-first search
//! from all goal layouts at once reaches; that search meets each at its fewest moves to a
//! goal. Every layout is either reached by it (solvable) or not; the groups of the solvable
//! layouts are the classes of goal layouts whose searches met (a union-find over the goal
//! layouts, joined whenever an edge links two labels), and each other group is found by one
//! more breadth-first search from its first unvisited rank (a label of its own). So N, G, S,
//! the largest distance M and how many layouts have it (K) are exact.
//! A label stands for its group only: the sweeps compare labels by their groups' roots and
//! store the root back, which leaves every group as it is (and with a mirror, any label of
//! a group has its mirror label in the mirror group: each join joins the mirror groups too).
//!
//! **Order.** Each level is expanded in increasing rank order (sorted when it is complete,
//! before its first layout is expanded): a breadth-first search may take a level's layouts
//! in any order, and nothing counted depends on it (the groups are the union-find's classes,
//! the hardest layouts are sorted by rank). In rank order the walk that unranks a layout
//! keeps the part it shares with the last one (`Ranker::unrank`).
//!
//! **Mirror.** When the census is left-right symmetric (`super::mirror`), a layout and its
//! mirror image are always marked together, with the same level and mirror labels: only the
//! one found first is queued and expanded. Still exact: a layout at distance `d + 1` has a
//! neighbour at distance `d`; that neighbour or its mirror was expanded, so the layout or its
//! mirror was found at level `d + 1`, and with it the other (same distance). Every edge is
//! looked at directly or as its mirror image, and each join of two labels is made with the
//! join of their mirror labels, so the union-find ends with the same groups. The mirrors are
//! counted in S and, at the last level, in K and the hardest layouts.

use std::ops::{Deref, DerefMut};

use puzzle_frame::budget::MemoryBudget;

use super::marks::{find, Marks};
use super::mirror::Mirror;
use super::rank::{Ranker, Steps, ALONE, EMPTY};
use crate::solve::layout::{Frame, Shape};
use crate::solve::Limit;

/// One layout: each block's class and anchor, in reading order of the first cells.
pub type Blocks = Vec<(usize, u8)>;

/// The figures of one box and one multiset of blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// Distinct layouts (blocks of one class interchangeable).
    pub layouts: u64,
    /// Connected groups: layouts linked by moves.
    pub groups: u64,
    /// Layouts from which the target can reach its goal.
    pub solvable: u64,
    /// The largest fewest-moves over the solvable layouts, if any is solvable.
    pub hardest: Option<Hardest>,
}

/// The hardest solvable layouts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hardest {
    /// Their fewest moves.
    pub moves: usize,
    /// How many layouts need that many.
    pub count: u64,
    /// The first of them (by rank), at most as many as asked.
    pub layouts: Vec<Blocks>,
}

/// The moves of one layout after another: the walk of the current layout and its blocks.
pub(crate) struct Expander<'a> {
    ranker: &'a Ranker,
    frame: &'a Frame,
    shapes: &'a [Shape],
    steps: Steps,
    letter_at: [u8; 64],
    cover_at: [u64; 64],
    /// The blocks of the layout loaded last: class and anchor, in reading order.
    pub blocks: Blocks,
    /// The cells they cover.
    pub occupied: u64,
}

impl<'a> Expander<'a> {
    /// An expander over the layouts of `ranker`, whose classes have `shapes`.
    pub(crate) fn new(ranker: &'a Ranker, frame: &'a Frame, shapes: &'a [Shape]) -> Expander<'a> {
        Expander {
            ranker,
            frame,
            shapes,
            steps: Steps::default(),
            letter_at: [EMPTY; 64],
            cover_at: ALONE,
            blocks: Vec::new(),
            occupied: 0,
        }
    }

    /// Unranks `rank` into the expander's tables.
    pub(crate) fn load(&mut self, rank: u64) {
        self.ranker.unrank(
            rank,
            &mut self.steps,
            (&mut self.letter_at, &mut self.cover_at),
            &mut self.blocks,
        );
        self.occupied = self
            .blocks
            .iter()
            .fold(0u64, |o, &(k, a)| o | self.shapes[k].mask << a);
    }

    /// Calls `found(rank, class, from, to)` for every layout one move from `rank`: its
    /// rank, and the class and anchors of the block that moves.
    #[inline]
    pub(crate) fn neighbours(&mut self, rank: u64, found: impl FnMut(u64, usize, u8, u8)) {
        self.load(rank);
        self.moves(rank, found);
    }

    /// The moves of [`Expander::moves`] without their ranks: `found(class, from, to)` for
    /// each, in the same order.
    #[inline]
    pub(crate) fn slides(&self, mut found: impl FnMut(usize, u8, u8)) {
        for &(k, a) in &self.blocks {
            let mut targets = self.frame.slide(&self.shapes[k], a, self.occupied) & !(1u64 << a);
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                found(k, a, to as u8);
            }
        }
    }

    /// [`Expander::neighbours`] of the layout loaded last (whose rank is `rank`).
    #[inline]
    pub(crate) fn moves(&mut self, rank: u64, mut found: impl FnMut(u64, usize, u8, u8)) {
        let occupied = self.occupied;
        for i in 0..self.blocks.len() {
            let (k, a) = self.blocks[i];
            let mut targets = self.frame.slide(&self.shapes[k], a, occupied) & !(1u64 << a);
            if targets == 0 {
                continue;
            }
            let offset = self.ranker.first_offset(k);
            let old = u32::from(a) + offset;
            // Past the last cell of the block's bounding box, before and after the move.
            let span = 64 - self.shapes[k].mask.leading_zeros();
            let letter = k + 1;
            let cover = self.cover_at[old as usize];
            self.letter_at[old as usize] = EMPTY;
            self.cover_at[old as usize] = 1 << old;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let new = to + offset;
                self.letter_at[new as usize] = letter as u8;
                self.cover_at[new as usize] = self.ranker.cover(letter, new);
                let walk = (old.min(new), u32::from(a).max(to) + span);
                let (letters, covers) = (&self.letter_at, &self.cover_at);
                let next = self
                    .ranker
                    .rank_from(&self.steps, rank, walk, letters, covers);
                found(next, k, a, to as u8);
                self.letter_at[new as usize] = EMPTY;
                self.cover_at[new as usize] = 1 << new;
            }
            self.cover_at[old as usize] = cover;
            self.letter_at[old as usize] = k as u8 + 1;
        }
    }
}

/// The census's breadth-first sweeps over the automaton's ranks: their marks, and the
/// automaton and mirror that rank a layout's mirror image.
struct Sweeps<'a> {
    ranker: &'a Ranker,
    mirror: Option<&'a Mirror>,
    marks: Marks,
}

impl Deref for Sweeps<'_> {
    type Target = Marks;
    fn deref(&self) -> &Marks {
        &self.marks
    }
}

impl DerefMut for Sweeps<'_> {
    fn deref_mut(&mut self) -> &mut Marks {
        &mut self.marks
    }
}

impl Sweeps<'_> {
    /// Layout `v` (one move from `blocks` by `moved`, or `blocks` itself), not yet visited,
    /// reached with `label`: queued, and its mirror marked with the mirror label. (Both of a
    /// pair are always marked together, so the mirror is not visited yet either.)
    #[inline]
    fn discover(&mut self, v: u64, label: u32, blocks: &[(usize, u8)], moved: Option<Step>) {
        self.mark(v, label);
        self.queue.push(v as u32);
        if let Some(mirror) = self.mirror {
            let w = mirror.rank(self.ranker, blocks, moved);
            if w != v {
                self.mark_mirror(w, label);
            }
        }
    }

    /// Expands the queue from `head` to its end (breadth-first: the queue grows behind),
    /// level by level from level 0 (the queue from `head` on, and the layouts mirrored with
    /// them), joining labels that meet.
    fn run(&mut self, expander: &mut Expander, mut head: usize) {
        let mut blocks: Blocks = Vec::new();
        let mirrored = self.mirror.is_some();
        self.begin(head);
        while head < self.queue.len() {
            // Each level in rank order: the walk of one layout shares most of the last one's.
            self.at(head);
            let u = u64::from(self.queue[head]);
            // Labels are compared by their groups' roots, and a layout's label is replaced
            // by its root when looked up (the same group: only fewer joins to make).
            let label = self.label[u as usize];
            let mut lu = find(&mut self.marks.parent, label);
            expander.load(u);
            blocks.clone_from(&expander.blocks);
            expander.moves(u, |v, k, from, to| {
                if !self.is_visited(v) {
                    self.discover(v, lu, &blocks, Some((k, from, to)));
                } else {
                    lu = self.marks.meet(v, lu, mirrored);
                }
            });
            head += 1;
        }
    }
}

/// One move: the class that moves, its anchor before and after.
type Step = (usize, u8, u8);

/// The census of `counts[k]` blocks of `shapes[k]` in the box of `frame`, the block of
/// class 0 (one block, the target) to reach `goal`; the first `keep` hardest layouts are
/// kept. Everything that grows with the number of layouts is charged to `budget` first.
/// With `mirror` (a left-right symmetric census), one layout of each mirror pair is
/// expanded and the other marked with it.
pub(crate) fn census(
    frame: &Frame,
    shapes: &[Shape],
    counts: &[usize],
    goal: u8,
    keep: usize,
    budget: MemoryBudget,
    mirror: Option<&Mirror>,
) -> Result<Census, Limit> {
    let ranker = Ranker::new(frame.board, shapes, counts, budget)?;
    let n = ranker.total();
    let mut sweeps = Sweeps {
        ranker: &ranker,
        mirror,
        marks: Marks::charged(n, ranker.bytes(), budget)?,
    };
    let mut expander = Expander::new(&ranker, frame, shapes);
    seed_goals(&mut sweeps, &mut expander, goal);
    sweeps.run(&mut expander, 0);
    let solvable = sweeps.queue.len() as u64 + sweeps.mirrored;
    let hardest = (solvable > 0).then(|| {
        let last = sweeps.queue[sweeps.level_start..].to_vec();
        hardest_level(&mut sweeps, &mut expander, &last, keep)
    });
    for start in 0..n {
        if sweeps.is_visited(start) {
            continue;
        }
        let label = sweeps.new_label();
        expander.load(start);
        let blocks = expander.blocks.clone();
        if let Some(mirror) = mirror {
            if mirror.rank(&ranker, &blocks, None) != start {
                let other = sweeps.new_label();
                sweeps.pair[label as usize] = other;
                sweeps.pair[other as usize] = label;
            }
        }
        let head = sweeps.queue.len();
        sweeps.discover(start, label, &blocks, None);
        sweeps.run(&mut expander, head);
    }
    Ok(Census {
        layouts: n,
        groups: sweeps.groups(),
        solvable,
        hardest,
    })
}

/// Queues every goal layout (one of each mirror pair, the other marked with it), each its
/// own label, paired with its mirror's.
fn seed_goals(sweeps: &mut Sweeps, expander: &mut Expander, goal: u8) {
    let mut goals = Vec::new();
    sweeps
        .ranker
        .with_target_at(goal, &mut |rank| goals.push(rank));
    // In increasing order: each goal's label found by a binary search.
    goals.sort_unstable();
    let ids: Vec<u32> = goals.iter().map(|_| sweeps.new_label()).collect();
    let Some(mirror) = sweeps.mirror else {
        for (&rank, &id) in goals.iter().zip(&ids) {
            sweeps.mark(rank, id);
            sweeps.queue.push(rank as u32);
        }
        return;
    };
    for (&rank, &id) in goals.iter().zip(&ids) {
        expander.load(rank);
        let image = mirror.rank(sweeps.ranker, &expander.blocks, None);
        // The image of a goal layout is a goal layout.
        let other = goals.binary_search(&image).map_or(id, |i| ids[i]);
        sweeps.pair[id as usize] = other;
        if image >= rank {
            sweeps.mark(rank, id);
            sweeps.queue.push(rank as u32);
            if image != rank {
                sweeps.mark_mirror(image, id);
            }
        }
    }
}

/// The hardest level's figures: its layouts `last` (queued) and their mirrors, the first
/// `keep` of them by rank.
fn hardest_level(
    sweeps: &mut Sweeps,
    expander: &mut Expander,
    last: &[u32],
    keep: usize,
) -> Hardest {
    let mut ranks: Vec<u64> = last.iter().map(|&r| u64::from(r)).collect();
    if let Some(mirror) = sweeps.mirror {
        for &rank in last {
            expander.load(u64::from(rank));
            let image = mirror.rank(sweeps.ranker, &expander.blocks, None);
            if image != u64::from(rank) {
                ranks.push(image);
            }
        }
    }
    ranks.sort_unstable();
    debug_assert_eq!(
        ranks.len() as u64,
        last.len() as u64 + sweeps.level_mirrored
    );
    Hardest {
        moves: sweeps.level,
        count: ranks.len() as u64,
        layouts: ranks
            .iter()
            .take(keep)
            .map(|&r| {
                expander.load(r);
                expander.blocks.clone()
            })
            .collect(),
    }
}
