//! PI-corral pruning: when a closed area of the board the player cannot reach can only be
//! entered by pushing one of the boxes around it inwards, from where the player stands,
//! only those pushes are tried.
//!
//! **Definitions.** A corral `C` of a state is a connected set of free floor cells the
//! player cannot reach; its barrier `B` is every box next to a cell of `C`. A push of a
//! box `b` of `B` in direction `d` needs the player on `p = b - d` and moves the box to
//! `t = b + d`. `C` is a PI-corral when, for every box of `B` and every direction, either
//! the push is *blocked until a box of `B` moves* (`p` or `t` is a wall or a box of `B`,
//! or `p` lies in `C`), or it is a *corral push*: `t` lies in `C` and the player reaches
//! `p` now; and some box of `B` must move: one is off a goal, or (as many boxes as
//! goals, so every goal ends covered) a goal in `C` is empty, which only a box pushed in
//! from `B` can cover.
//!
//! **Why keeping only the corral pushes is exact.** Take a push-optimal solution from the
//! state. Some push moves a box of `B`: one is off a goal; or a goal of `C` is empty, and
//! the first box to enter `C` comes from a cell next to `C`, which holds a box of `B` or a
//! wall. Let push `k` be the first that moves a box of `B`. Before it the player never
//! enters `C` (its border is walls and boxes of `B`), and no other box enters `C` (a box
//! lands in `C` only from a cell next to it): `C` and `B` are as they are now. So push
//! `k` is not blocked, hence a corral push, and it is legal now (`t` is free, `p` is
//! reachable). Play it first, then
//! pushes `1 .. k-1`: those never used `t` (in `C`) nor the cell `b` (a box then), and
//! the player's walks only gain the freed cell; after them the player walks its old way
//! to `p` and steps onto `b`, which is where push `k` left it. So the same pushes in that
//! order reach the same state: some push-optimal solution starts with a corral push. By
//! induction on the pushes left, searching only corral pushes in every state where a
//! PI-corral exists keeps the fewest pushes. When a PI-corral has no corral push, the
//! state has no solution at all (the argument shows push `k` would be one).

use super::bits;
use super::board::{opposite, Board, NONE};

/// The scratch space of the corral analysis, reused from state to state.
pub(super) struct Corrals {
    /// The corral number of each free cell outside the player's region (0: none yet).
    label: Vec<u32>,
    /// The corral number whose barrier each box cell is in.
    barrier: Vec<u32>,
    /// The number of the latest corral; labels below `first` belong to earlier states.
    latest: u32,
    queue: Vec<u16>,
    boxes_of: Vec<u16>,
    pushes: Vec<(u16, u8)>,
    /// The least cell of each corral of the latest state (by `label - first`).
    least: Vec<u16>,
    /// The first corral number of the latest state.
    first: u32,
    /// Whether a solution covers every goal (as many boxes as goals).
    every_goal_filled: bool,
    /// Per corral of the latest state: whether some barrier box must move.
    needs: Vec<bool>,
    /// Per corral: how many barrier boxes can take a push from outside it, and one.
    movers: Vec<(u8, u16)>,
}

impl Corrals {
    /// Scratch space for a board of `floor` cells; `every_goal_filled` when there are as
    /// many boxes as goals.
    pub fn new(floor: usize, every_goal_filled: bool) -> Corrals {
        Corrals {
            label: vec![0; floor],
            barrier: vec![0; floor],
            latest: 0,
            queue: Vec::with_capacity(floor),
            boxes_of: Vec::new(),
            pushes: Vec::new(),
            least: Vec::new(),
            first: 1,
            every_goal_filled,
            needs: Vec::new(),
            movers: Vec::new(),
        }
    }

    /// The pushes to try from a state with `boxes` and the player's region `reached`: the
    /// corral pushes of the PI-corral with the fewest of them (into `out`, true), or
    /// false when there is no PI-corral (then every push is to be tried).
    pub fn restrict(
        &mut self,
        board: &Board,
        boxes: &[u64],
        reached: &dyn Fn(u16) -> bool,
        out: &mut Vec<(u16, u8)>,
    ) -> bool {
        if self.latest > u32::MAX - board.floor() as u32 - 2 {
            self.label.fill(0);
            self.barrier.fill(0);
            self.latest = 0;
        }
        let first = self.latest + 1;
        self.first = first;
        self.least.clear();
        let mut found = false;
        for start in 0..board.floor() as u16 {
            let free = !bits::has(boxes, start) && !reached(start);
            if !free || self.label[usize::from(start)] >= first {
                continue;
            }
            self.latest += 1;
            let corral = self.latest;
            self.least.push(start);
            if self.analyse(board, boxes, reached, start, corral)
                && (!found || self.pushes.len() < out.len())
            {
                found = true;
                out.clear();
                out.extend_from_slice(&self.pushes);
                if out.is_empty() {
                    break;
                }
            }
        }
        found
    }

    /// The least cell of the corral of the free cell `cell` outside the player's region,
    /// as the latest [`Corrals::restrict`] found it (`None` if it did not get there).
    pub fn least_of(&self, cell: u16) -> Option<u16> {
        let label = self.label[usize::from(cell)];
        let index = label.checked_sub(self.first)?;
        self.least.get(index as usize).copied()
    }

    /// The number of the corral of the free cell `cell` outside the player's region among
    /// the corrals the latest [`Corrals::restrict`] labelled (from 0), if it got there.
    pub fn index_of(&self, cell: u16) -> Option<usize> {
        let index = self.label[usize::from(cell)].checked_sub(self.first)? as usize;
        (index < self.least.len()).then_some(index)
    }

    /// The number of corrals the latest [`Corrals::restrict`] labelled.
    pub fn count(&self) -> usize {
        self.least.len()
    }

    /// After a [`Corrals::restrict`] that labelled every corral, writes into `forced` the
    /// boxes on goals that some solution cannot avoid pushing: for a corral where some
    /// box of the barrier must move, the first barrier push comes from outside the corral
    /// (module docs); when only one barrier box can take such a push it is forced. False
    /// when a corral that needs a barrier push admits none: a deadlock.
    pub fn forced(
        &mut self,
        board: &Board,
        boxes: &[u64],
        list: &[u16],
        forced: &mut Vec<u16>,
    ) -> bool {
        forced.clear();
        let count = (self.latest + 1 - self.first) as usize;
        if count == 0 {
            return true;
        }
        self.needs.clear();
        self.needs.resize(count, false);
        self.movers.clear();
        self.movers.resize(count, (0, NONE));
        let first = self.first;
        let corral_of = |label: &[u32], cell: u16| {
            let l = label[usize::from(cell)];
            (l >= first).then(|| (l - first) as usize)
        };
        if self.every_goal_filled {
            for &goal in &board.goals {
                if let Some(c) = corral_of(&self.label, goal) {
                    self.needs[c] = true;
                }
            }
        }
        // Whether the box on `cell` is in the barrier of corral `c`.
        let in_barrier = |label: &[u32], cell: u16, c: usize| {
            bits::has(boxes, cell)
                && (0..4).any(|d| {
                    board
                        .step(cell, d)
                        .is_some_and(|n| !bits::has(boxes, n) && corral_of(label, n) == Some(c))
                })
        };
        for &b in list {
            let mut seen = [usize::MAX; 4];
            for (k, dir) in (0..4).enumerate() {
                let Some(next) = board.step(b, dir) else {
                    continue;
                };
                let Some(c) = corral_of(&self.label, next).filter(|_| !bits::has(boxes, next))
                else {
                    continue;
                };
                if seen.contains(&c) {
                    continue;
                }
                seen[k] = c;
                if !board.is_goal[usize::from(b)] {
                    self.needs[c] = true;
                }
                let pushable = (0..4).any(|d| {
                    let (Some(behind), Some(ahead)) =
                        (board.step(b, opposite(d)), board.step(b, d))
                    else {
                        return false;
                    };
                    let outside =
                        bits::has(boxes, behind) || corral_of(&self.label, behind) != Some(c);
                    outside
                        && !in_barrier(&self.label, behind, c)
                        && !in_barrier(&self.label, ahead, c)
                });
                if pushable {
                    let mover = &mut self.movers[c];
                    *mover = (mover.0.saturating_add(1), b);
                }
            }
        }
        for c in 0..count {
            if !self.needs[c] {
                continue;
            }
            match self.movers[c] {
                (0, _) => return false,
                (1, b) if board.is_goal[usize::from(b)] => forced.push(b),
                _ => {}
            }
        }
        forced.sort_unstable();
        forced.dedup();
        true
    }

    /// Labels the corral of `start` as `corral`, collects its barrier and tells whether it
    /// is a PI-corral (its corral pushes then in `pushes`).
    fn analyse(
        &mut self,
        board: &Board,
        boxes: &[u64],
        reached: &dyn Fn(u16) -> bool,
        start: u16,
        corral: u32,
    ) -> bool {
        self.boxes_of.clear();
        self.label[usize::from(start)] = corral;
        let (label, barrier, boxes_of) = (&mut self.label, &mut self.barrier, &mut self.boxes_of);
        board.flood(start, &mut self.queue, |next| {
            let at = usize::from(next);
            if bits::has(boxes, next) {
                if barrier[at] != corral {
                    barrier[at] = corral;
                    boxes_of.push(next);
                }
                false
            } else {
                let enter = label[at] != corral;
                label[at] = corral;
                enter
            }
        });
        let some_box_off_goal = self
            .boxes_of
            .iter()
            .any(|&b| !board.is_goal[usize::from(b)]);
        let some_goal_empty = || self.queue.iter().any(|&c| board.is_goal[usize::from(c)]);
        if !(some_box_off_goal || self.every_goal_filled && some_goal_empty()) {
            return false;
        }
        self.pushes.clear();
        for &b in &self.boxes_of {
            for dir in 0..4 {
                let (Some(behind), Some(ahead)) =
                    (board.step(b, opposite(dir)), board.step(b, dir))
                else {
                    continue;
                };
                let in_barrier = |cell: u16| self.barrier[usize::from(cell)] == corral;
                if in_barrier(behind)
                    || in_barrier(ahead)
                    || self.label[usize::from(behind)] == corral
                {
                    continue;
                }
                if self.label[usize::from(ahead)] == corral && reached(behind) {
                    self.pushes.push((b, dir as u8));
                } else {
                    return false;
                }
            }
        }
        true
    }
}
