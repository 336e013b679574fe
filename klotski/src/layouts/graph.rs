//! The census of one box and one multiset of blocks: every layout, its group, and its
//! distance to the goal.
//!
//! **States.** A layout is its dense rank (`super::rank`): `0..N`, no table of layouts.
//! Per rank the census keeps one bit (visited), one `u32` in the queue and one `u32` label
//! (for layouts that can reach the goal: the goal layout whose search reached it first).
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

use puzzle_frame::budget::{MemoryBudget, OverBudget};

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

/// The root of `x` in the union-find `parent`, halving the path on the way.
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

/// Joins the groups of the roots `a` and `b` in the union-find `parent`, and with `pair`
/// (each label's mirror label) the groups of their mirror labels; the root of the joined
/// group of `a` and `b`.
fn join(parent: &mut [u32], pair: Option<&[u32]>, a: u32, b: u32) -> u32 {
    parent[a.max(b) as usize] = a.min(b);
    if let Some(pair) = pair {
        let (pa, pb) = (pair[a as usize], pair[b as usize]);
        let (a, b) = (find(parent, pa), find(parent, pb));
        parent[a.max(b) as usize] = a.min(b);
    }
    find(parent, a)
}

/// The state of the census's breadth-first sweeps: per rank a visited bit and a label (the
/// seed whose sweep reached it: a goal layout, or the first layout of a group that cannot
/// reach the goal), the queue, and the union-find over the labels.
struct Sweeps<'a> {
    ranker: &'a Ranker,
    mirror: Option<&'a Mirror>,
    visited: Vec<u64>,
    label: Vec<u32>,
    queue: Vec<u32>,
    /// The union-find over the labels.
    parent: Vec<u32>,
    /// Each label's mirror label (itself without a mirror).
    pair: Vec<u32>,
    /// Layouts marked as the mirror of one queued (never queued themselves).
    mirrored: u64,
    /// Of those, the ones of the level being made.
    mirrored_next: u64,
    /// The level expanded last, where it starts in the queue, and its mirrored layouts.
    level: usize,
    level_start: usize,
    level_mirrored: u64,
}

impl Sweeps<'_> {
    #[inline]
    fn is_visited(&self, rank: u64) -> bool {
        self.visited[rank as usize / 64] >> (rank % 64) & 1 == 1
    }

    #[inline]
    fn mark(&mut self, rank: u64, label: u32) {
        self.visited[rank as usize / 64] |= 1 << (rank % 64);
        self.label[rank as usize] = label;
    }

    /// A new label, paired with itself.
    fn new_label(&mut self) -> u32 {
        let id = self.parent.len() as u32;
        self.parent.push(id);
        self.pair.push(id);
        id
    }

    /// Joins the groups of the roots `a` and `b` (and of their mirrors); the root of the
    /// joined group.
    fn join(&mut self, a: u32, b: u32) -> u32 {
        let pair = self.mirror.map(|_| &self.pair[..]);
        join(&mut self.parent, pair, a, b)
    }

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
                debug_assert!(!self.is_visited(w), "a mirror pair marked apart");
                self.mark(w, self.pair[label as usize]);
                self.mirrored += 1;
                self.mirrored_next += 1;
            }
        }
    }

    /// Expands the queue from `head` to its end (breadth-first: the queue grows behind),
    /// level by level from level 0 (the queue from `head` on, and the layouts mirrored with
    /// them), joining labels that meet.
    fn run(&mut self, expander: &mut Expander, mut head: usize) {
        let mut blocks: Blocks = Vec::new();
        let mut level_end = self.queue.len();
        (self.level, self.level_start) = (0, head);
        self.level_mirrored = std::mem::take(&mut self.mirrored_next);
        self.queue[head..level_end].sort_unstable();
        while head < self.queue.len() {
            if head == level_end {
                self.level += 1;
                self.level_start = level_end;
                self.level_mirrored = std::mem::take(&mut self.mirrored_next);
                level_end = self.queue.len();
                // In rank order: the walk of one layout shares most of the last one's.
                self.queue[head..level_end].sort_unstable();
            }
            let u = u64::from(self.queue[head]);
            // Labels are compared by their groups' roots, and a layout's label is replaced
            // by its root when looked up (the same group: only fewer joins to make).
            let mut lu = find(&mut self.parent, self.label[u as usize]);
            expander.load(u);
            blocks.clone_from(&expander.blocks);
            expander.moves(u, |v, k, from, to| {
                if !self.is_visited(v) {
                    self.discover(v, lu, &blocks, Some((k, from, to)));
                } else if self.label[v as usize] != lu {
                    let lv = find(&mut self.parent, self.label[v as usize]);
                    if lv != lu {
                        lu = self.join(lu, lv);
                    }
                    self.label[v as usize] = lu;
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
    let what = "the layouts' tables (12 bytes a layout)";
    let bytes = n.saturating_mul(12).saturating_add(n / 8) + ranker.bytes();
    budget.check(what, bytes)?;
    if n >= u64::from(u32::MAX) {
        return Err(Limit::Memory(OverBudget {
            what: what.to_string(),
            needed: bytes,
            budget: budget.bytes(),
        }));
    }
    let len = n as usize;
    let mut sweeps = Sweeps {
        ranker: &ranker,
        mirror,
        visited: vec![0u64; len.div_ceil(64)],
        label: vec![0u32; len],
        queue: Vec::with_capacity(len),
        parent: Vec::new(),
        pair: Vec::new(),
        mirrored: 0,
        mirrored_next: 0,
        level: 0,
        level_start: 0,
        level_mirrored: 0,
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
    let labels = sweeps.parent.len() as u32;
    let groups = (0..labels)
        .filter(|&x| sweeps.parent[x as usize] == x)
        .count() as u64;
    Ok(Census {
        layouts: n,
        groups,
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
    for &rank in &goals {
        let id = sweeps.new_label();
        sweeps.label[rank as usize] = id;
    }
    let Some(mirror) = sweeps.mirror else {
        for &rank in &goals {
            let id = sweeps.label[rank as usize];
            sweeps.mark(rank, id);
            sweeps.queue.push(rank as u32);
        }
        return;
    };
    for &rank in &goals {
        expander.load(rank);
        let image = mirror.rank(sweeps.ranker, &expander.blocks, None);
        let (id, other) = (sweeps.label[rank as usize], sweeps.label[image as usize]);
        sweeps.pair[id as usize] = other;
        if image >= rank {
            sweeps.mark(rank, id);
            sweeps.queue.push(rank as u32);
            if image != rank {
                sweeps.mark(image, other);
                sweeps.mirrored += 1;
                sweeps.mirrored_next += 1;
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

#[cfg(test)]
mod tests {
    use super::{find, join};
    use puzzle_frame::rng::Rng;

    #[test]
    fn a_join_gives_the_root_of_the_joined_groups_and_joins_their_mirrors() {
        let mut rng = Rng::new(26);
        let n = 40u32;
        for round in 0..200 {
            let mirrored = round % 2 == 1;
            let mut parent: Vec<u32> = (0..n).collect();
            let pair: Vec<u32> = (0..n)
                .map(|i| if mirrored { n - 1 - i } else { i })
                .collect();
            // The groups kept plainly: each label's group number.
            let mut group: Vec<u32> = (0..n).collect();
            let merge = |group: &mut [u32], x: u32, y: u32| {
                let (gx, gy) = (group[x as usize], group[y as usize]);
                group.iter_mut().filter(|g| **g == gy).for_each(|g| *g = gx);
            };
            for _ in 0..30 {
                let (a, b) = (rng.below(n as usize) as u32, rng.below(n as usize) as u32);
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                let root = join(&mut parent, mirrored.then_some(&pair[..]), ra, rb);
                assert_eq!(parent[root as usize], root);
                assert_eq!(find(&mut parent, a), root);
                assert_eq!(find(&mut parent, b), root);
                merge(&mut group, a, b);
                if mirrored {
                    merge(&mut group, pair[a as usize], pair[b as usize]);
                }
                for x in 0..n {
                    for y in 0..n {
                        let same = find(&mut parent, x) == find(&mut parent, y);
                        assert_eq!(same, group[x as usize] == group[y as usize]);
                    }
                }
            }
        }
    }
}
