//! The A* of a group's sub-level ([`super`]'s module docs: how `C(g)` is found) and its floods.

use std::cmp::Reverse;

use super::super::board::{opposite, Board};
use super::super::deadlock::Freeze;
use super::memo::Child;
use super::{Groups, Key, DEAD};
use puzzle_frame::budget::Ledger;

impl Groups {
    /// The A* of the module docs from `key`: the fewest pushes, a lower bound on them
    /// when it stops early, [`DEAD`] when it proves there is no solution. A finished
    /// search leaves its positions in `self.best`.
    pub(super) fn search(&mut self, board: &Board, key: Key, ledger: &mut Ledger) -> u32 {
        self.best.clear();
        self.open.clear();
        let start = self.estimate(board, key);
        if start == DEAD {
            return DEAD;
        }
        self.best.insert(key, (0, start));
        self.open.push(Reverse((start, Reverse(0), key.0, key.1)));
        let mut expansions = 0;
        while let Some(Reverse((estimate, Reverse(pushes), set, player))) = self.open.pop() {
            if self.best.get(&(set, player)).map(|b| b.0) != Some(pushes) {
                continue;
            }
            if estimate == pushes {
                return pushes;
            }
            if expansions == self.cap {
                self.best.clear();
                return estimate;
            }
            expansions += 1;
            self.spent += 1;
            self.expand(board, set, player, pushes, ledger);
        }
        DEAD
    }

    /// Queues the children of the position `set`, `player` reached in `pushes` pushes:
    /// those the memo keeps for it, else those [`Groups::work_out`] finds (then kept).
    fn expand(&mut self, board: &Board, set: u128, player: u16, pushes: u32, ledger: &mut Ledger) {
        let mut kept = std::mem::take(&mut self.kept);
        kept.clear();
        match self.memo.get(&(set, player)) {
            Some(children) => kept.extend_from_slice(children),
            None => {
                self.work_out(board, set, player, &mut kept);
                self.memo.keep((set, player), &kept, ledger);
            }
        }
        for child in &kept {
            let set = set & !(1 << child.from) | 1 << child.to;
            let key = (set, child.least);
            if self.best.get(&key).is_some_and(|b| b.0 <= pushes + 1) {
                continue;
            }
            // A child known to have no solution is left out, as one whose box reaches
            // no goal is.
            let estimate = self.known_above(key, child.matching);
            if estimate == DEAD {
                continue;
            }
            self.best.insert(key, (pushes + 1, estimate));
            let f = pushes + 1 + estimate;
            self.open
                .push(Reverse((f, Reverse(pushes + 1), set, child.least)));
        }
        self.kept = kept;
    }

    /// The children of the position `set`, `player` into `kept`, in the order of its
    /// boxes and directions: every push of a box the player reaches onto a free cell
    /// that is no dead square, less the pushes into freeze deadlocks and those that leave
    /// a box no goal, with the child's region and matching.
    fn work_out(&mut self, board: &Board, set: u128, player: u16, kept: &mut Vec<Child>) {
        let words = [set as u64, (set >> 64) as u64];
        self.region.analyse(board, &words, player);
        self.region_cells = self.spread_among(!set, player);
        self.pockets = self.pockets.wrapping_add(1);
        if self.pockets == 0 {
            self.pocket_stamp.fill(0);
            self.pockets = 1;
        }
        self.expanded_set = set;
        let mut children = std::mem::take(&mut self.children);
        children.clear();
        let mut rest = set;
        while rest != 0 {
            let from = rest.trailing_zeros() as u16;
            rest &= rest - 1;
            for dir in 0..4 {
                let Some(to) = board.step(from, dir) else {
                    continue;
                };
                if set >> to & 1 == 1 || board.dead[usize::from(to)] {
                    continue;
                }
                match board.step(from, opposite(dir)) {
                    Some(behind) if self.region.contains(behind) => {}
                    _ => continue,
                }
                children.push((set & !(1 << from) | 1 << to, from, to));
            }
        }
        for &(child, from, to) in &children {
            let words = [child as u64, (child >> 64) as u64];
            if matches!(self.freeze.check(board, &words, to), Freeze::Deadlock) {
                continue;
            }
            let least = self.child_least(board, child, from, to);
            debug_assert_eq!(least, self.flood(child, from, false));
            if let Some(matching) = self.matching(board, (child, least)) {
                // Cells of a board of at most 128 floor cells (`Groups::new`).
                let (from, to) = (from as u8, to as u8);
                kept.push(Child {
                    from,
                    to,
                    least,
                    matching,
                });
            }
        }
        self.children = children;
    }

    /// The estimate of a position: its matching (every goal free), or what is known of
    /// it when larger; [`DEAD`] when a box reaches no goal.
    fn estimate(&mut self, board: &Board, key: Key) -> u32 {
        match self.matching(board, key) {
            Some(matching) => self.known_above(key, matching),
            None => DEAD,
        }
    }

    /// The matching of a position's boxes (every goal free), `None` when a box reaches
    /// no goal.
    fn matching(&mut self, board: &Board, (set, player): Key) -> Option<u32> {
        self.cells.clear();
        let mut rest = set;
        while rest != 0 {
            self.cells.push(rest.trailing_zeros() as u16);
            rest &= rest - 1;
        }
        self.matcher.bound(board, &self.cells, player)
    }

    /// `matching`, or what is known of the position `key` when larger.
    fn known_above(&self, key: Key, matching: u32) -> u32 {
        match self.known.get(&key) {
            Some(known) => matching.max(known.cost),
            None => matching,
        }
    }

    /// The least cell of the region of the child whose box went `from` -> `to` (the
    /// region of the expanded position analysed, its pockets labelled), as the search's
    /// `child_player` finds it: with `to` outside the region, the region stays whole and
    /// joins what `from` reaches outside it; else the parts of the region less `to` next
    /// to `from` and the pockets next to `from`.
    fn child_least(&mut self, board: &Board, child: u128, from: u16, to: u16) -> u16 {
        if !self.region.contains(to) {
            return self.flood(child, from, true).min(self.region.least[0]);
        }
        let cut = self.region.is_cut(to);
        let [first, second] = self.region.least;
        let mut least = match cut {
            true => from,
            false => from.min(if first == to { second } else { first }),
        };
        for dir in 0..4 {
            let Some(next) = board.step(from, dir) else {
                continue;
            };
            if next == to || child >> next & 1 == 1 {
                continue;
            }
            if !self.region.contains(next) {
                // The pockets of the expanded position: `next` is free in both.
                least = least.min(self.pocket_of(self.expanded_set, next));
            } else if cut {
                least = least.min(self.region.least_of_part(board, to, next));
            }
        }
        least
    }

    /// The least cell of the pocket (a part of the free cells outside the analysed region
    /// of `set`) holding `cell`, flooded once per expansion and kept for its cells.
    fn pocket_of(&mut self, set: u128, cell: u16) -> u16 {
        if self.pocket_stamp[usize::from(cell)] == self.pockets {
            return self.pocket[usize::from(cell)];
        }
        let least = self.flood(set, cell, true);
        let mut rest = self.spread;
        while rest != 0 {
            let at = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.pocket[at] = least;
            self.pocket_stamp[at] = self.pockets;
        }
        least
    }

    /// The least cell of the region of `start` among `set` (outside the analysed region
    /// when `outside`); its cells are left in `self.spread`.
    pub(super) fn flood(&mut self, set: u128, start: u16, outside: bool) -> u16 {
        let blocked = match outside {
            true => set | self.region_cells,
            false => set,
        };
        self.spread = self.spread_among(!blocked, start);
        self.spread.trailing_zeros() as u16
    }

    /// The cells reached from `start` by steps onto cells of `free` (`start` itself
    /// whether free or not), layer by layer on the neighbour masks.
    fn spread_among(&self, free: u128, start: u16) -> u128 {
        let mut reached = 1u128 << start;
        let mut layer = reached;
        while layer != 0 {
            let mut next = 0u128;
            let mut rest = layer;
            while rest != 0 {
                next |= self.near[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            layer = next & free & !reached;
            reached |= layer;
        }
        reached
    }
}
