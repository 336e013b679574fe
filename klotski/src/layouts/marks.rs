//! What the census's breadth-first sweeps mark, whichever way the layouts are numbered
//! (`super::graph` over the automaton's ranks, `super::flat` over the sweep's encoding):
//! per rank a label (the seed whose sweep reached it: a goal layout, or the first layout
//! of a group that cannot reach the goal; [`UNSEEN`] before), the queue level by level, and
//! the union-find over the labels with each label's mirror label.

use puzzle_frame::budget::{MemoryBudget, OverBudget};

use crate::solve::Limit;

/// The root of `x` in the union-find `parent`, halving the path on the way.
pub(super) fn find(parent: &mut [u32], mut x: u32) -> u32 {
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
pub(super) fn join(parent: &mut [u32], pair: Option<&[u32]>, a: u32, b: u32) -> u32 {
    parent[a.max(b) as usize] = a.min(b);
    if let Some(pair) = pair {
        let (pa, pb) = (pair[a as usize], pair[b as usize]);
        let (a, b) = (find(parent, pa), find(parent, pb));
        parent[a.max(b) as usize] = a.min(b);
    }
    find(parent, a)
}

/// The label of a layout not yet marked (no label is this large: there are fewer labels
/// than layouts, and fewer than `u32::MAX` layouts).
const UNSEEN: u32 = u32::MAX;

/// The marks of the sweeps over `len` layouts.
pub(super) struct Marks {
    /// Per rank: its label (a label of its group), or [`UNSEEN`]: a marked layout is one
    /// whose label is read anyway when a move meets it, so no bit of its own.
    pub label: Vec<u32>,
    /// The layouts queued, level after level.
    pub queue: Vec<u32>,
    /// The union-find over the labels.
    pub parent: Vec<u32>,
    /// Each label's mirror label (itself without a mirror).
    pub pair: Vec<u32>,
    /// Layouts marked as the mirror of one queued (never queued themselves).
    pub mirrored: u64,
    /// Of those, the ones of the level being made.
    mirrored_next: u64,
    /// The level expanded last, where it starts and ends in the queue, and its mirrored
    /// layouts.
    pub level: usize,
    pub level_start: usize,
    level_end: usize,
    pub level_mirrored: u64,
    /// Whether each level is sorted by rank before it is expanded (see [`Marks::at`]).
    pub sorted: bool,
}

impl Marks {
    /// Nothing marked among `n` layouts, whose tables take `tables` bytes: all of it
    /// charged to `budget` first (12 bytes and a bit a layout).
    pub(super) fn charged(n: u64, tables: u64, budget: MemoryBudget) -> Result<Marks, Limit> {
        let what = "the layouts' tables (12 bytes a layout)";
        let bytes = n.saturating_mul(12).saturating_add(n / 8) + tables;
        budget.check(what, bytes)?;
        if n >= u64::from(u32::MAX) {
            return Err(Limit::Memory(OverBudget {
                what: what.to_string(),
                needed: bytes,
                budget: budget.bytes(),
            }));
        }
        Ok(Marks::new(n as usize))
    }

    /// Nothing marked among `len` layouts.
    fn new(len: usize) -> Marks {
        Marks {
            label: vec![UNSEEN; len],
            queue: Vec::with_capacity(len),
            parent: Vec::new(),
            pair: Vec::new(),
            mirrored: 0,
            mirrored_next: 0,
            level: 0,
            level_start: 0,
            level_end: 0,
            level_mirrored: 0,
            sorted: true,
        }
    }

    /// True when layout `rank` is marked.
    #[inline]
    pub(super) fn is_visited(&self, rank: u64) -> bool {
        self.label[rank as usize] != UNSEEN
    }

    /// Marks layout `rank` with `label`.
    #[inline]
    pub(super) fn mark(&mut self, rank: u64, label: u32) {
        self.label[rank as usize] = label;
    }

    /// Marks layout `rank`, the mirror of one queued with `label`, with the mirror label.
    /// (Both of a pair are always marked together, so it is not visited yet.)
    #[inline]
    pub(super) fn mark_mirror(&mut self, rank: u64, label: u32) {
        debug_assert!(!self.is_visited(rank), "a mirror pair marked apart");
        self.mark(rank, self.pair[label as usize]);
        self.mirrored += 1;
        self.mirrored_next += 1;
    }

    /// Counts the mirror of a layout queued, a layout the census numbers not (see
    /// `super::flat`), as one marked with the mirror label.
    #[inline]
    pub(super) fn count_mirror(&mut self) {
        self.mirrored += 1;
        self.mirrored_next += 1;
    }

    /// A new label, paired with itself.
    pub(super) fn new_label(&mut self) -> u32 {
        let id = self.parent.len() as u32;
        self.parent.push(id);
        self.pair.push(id);
        id
    }

    /// A move from a layout whose label is the root `lu` to the visited layout `v`: their
    /// groups joined (and with `mirrored`, their mirror groups); the root after. A label
    /// stands for its group only: `v`'s is replaced by the root (fewer joins to make).
    #[inline]
    pub(super) fn meet(&mut self, v: u64, lu: u32, mirrored: bool) -> u32 {
        if self.label[v as usize] == lu {
            return lu;
        }
        let mut lu = lu;
        let lv = find(&mut self.parent, self.label[v as usize]);
        if lv != lu {
            let pair = mirrored.then_some(&self.pair[..]);
            lu = join(&mut self.parent, pair, lu, lv);
        }
        self.label[v as usize] = lu;
        lu
    }

    /// [`Marks::meet`] for a move to the visited layout `v`, or (`flipped`) to the mirror
    /// image of `v`, from a layout whose group's root is `roots.0` and whose mirror
    /// group's root is `roots.1` (with `mirrored`; else the same): `v`'s group joined with
    /// the first, or with the second when flipped (and the mirror groups with the others),
    /// both roots kept up to date.
    #[inline]
    pub(super) fn meet_flipped(
        &mut self,
        v: u64,
        roots: &mut (u32, u32),
        flipped: bool,
        mirrored: bool,
    ) {
        let (root, other) = if flipped {
            (&mut roots.1, &mut roots.0)
        } else {
            (&mut roots.0, &mut roots.1)
        };
        if self.label[v as usize] != *root {
            self.meet_apart(v, root, other, mirrored);
        }
    }

    /// [`Marks::meet_flipped`] when `v`'s label is not `root`: the groups found and joined.
    #[cold]
    #[inline(never)]
    fn meet_apart(&mut self, v: u64, root: &mut u32, other: &mut u32, mirrored: bool) {
        let lv = find(&mut self.parent, self.label[v as usize]);
        if lv != *root {
            let pair = mirrored.then_some(&self.pair[..]);
            *root = join(&mut self.parent, pair, *root, lv);
            *other = if mirrored {
                find(&mut self.parent, self.pair[*root as usize])
            } else {
                *root
            };
        }
        self.label[v as usize] = *root;
    }

    /// Level 0 is the queue from `head` on (and the layouts mirrored with them), in rank
    /// order when [`Marks::sorted`].
    pub(super) fn begin(&mut self, head: usize) {
        (self.level, self.level_start) = (0, head);
        self.level_end = self.queue.len();
        self.level_mirrored = std::mem::take(&mut self.mirrored_next);
        if self.sorted {
            self.queue[head..self.level_end].sort_unstable();
        }
    }

    /// Before expanding the queue's layout at `head`: at the end of a level, the next one
    /// begins (the layouts queued meanwhile, sorted by rank when [`Marks::sorted`]: a
    /// breadth-first search may take a level in any order, and in rank order layouts that
    /// share most of their description come one after another).
    #[inline]
    pub(super) fn at(&mut self, head: usize) {
        if head == self.level_end {
            self.level += 1;
            self.level_start = self.level_end;
            self.level_mirrored = std::mem::take(&mut self.mirrored_next);
            self.level_end = self.queue.len();
            if self.sorted {
                self.queue[head..self.level_end].sort_unstable();
            }
        }
    }

    /// How many groups: the union-find's roots.
    pub(super) fn groups(&self) -> u64 {
        let labels = self.parent.len() as u32;
        (0..labels)
            .filter(|&x| self.parent[x as usize] == x)
            .count() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::{find, join, Marks};
    use puzzle_frame::rng::Rng;

    /// Moves from one layout, some to mirror images (`flipped`), meeting layouts of random
    /// labels: after each, the two roots are those of the layout's group and of its mirror
    /// group, and the groups are those of a plain partition joined the same way.
    #[test]
    fn meets_keep_both_roots_and_join_as_a_plain_partition() {
        let mut rng = Rng::new(2626);
        let n = 24u32;
        for round in 0..400 {
            let mirrored = round % 4 != 0;
            let mut marks = Marks::new(60);
            for _ in 0..n {
                marks.new_label();
            }
            // Labels paired two by two (some their own mirror).
            for x in 0..n {
                let image = if x / 2 % 3 == 2 { x } else { x ^ 1 };
                marks.pair[x as usize] = if mirrored { image } else { x };
            }
            let mut group: Vec<u32> = (0..n).collect();
            let merge = |group: &mut [u32], x: u32, y: u32| {
                let (gx, gy) = (group[x as usize], group[y as usize]);
                group.iter_mut().filter(|g| **g == gy).for_each(|g| *g = gx);
            };
            for v in 0..60 {
                marks.mark(v, rng.below(n as usize) as u32);
            }
            let lu = rng.below(n as usize) as u32;
            let root = find(&mut marks.parent, lu);
            let image = find(&mut marks.parent, marks.pair[root as usize]);
            let mut roots = (root, image);
            for _ in 0..12 {
                let v = rng.below(60) as u64;
                let flipped = mirrored && rng.chance(0.5);
                let lv = marks.label[v as usize];
                let from = if flipped { marks.pair[lu as usize] } else { lu };
                merge(&mut group, from, lv);
                let (px, py) = (marks.pair[from as usize], marks.pair[lv as usize]);
                merge(&mut group, px, py);
                marks.meet_flipped(v, &mut roots, flipped, mirrored);
                let image = marks.pair[lu as usize];
                for (r, x) in [(roots.0, lu), (roots.1, image)] {
                    assert_eq!(marks.parent[r as usize], r, "a root");
                    assert_eq!(find(&mut marks.parent, x), r);
                }
                for x in 0..n {
                    for y in 0..n {
                        let same = find(&mut marks.parent, x) == find(&mut marks.parent, y);
                        assert_eq!(same, group[x as usize] == group[y as usize]);
                    }
                }
            }
        }
    }

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
