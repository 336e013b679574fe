//! Freeze deadlocks (2 x 2 blocks among them): a set of boxes none of which can ever move
//! again, one of them off a goal.
//!
//! **Why pruning them is exact.** Call a set `S` of boxes frozen when every box of `S` is
//! blocked on both axes, a box being blocked on an axis when one of its two neighbours on
//! that axis is a wall or a box of `S`, or both are dead squares. Then no box of `S` ever
//! moves in a solution: take the first push of a box of `S`; every other box of `S` is
//! still in place, and a push along an axis needs the cell behind the box (for the player)
//! and the cell ahead of it (for the box) free, so a wall or box of `S` on either side
//! forbids it, and two dead squares make it end on a dead square, from which no goal is
//! reachable. Every box ends on a goal in a solution, so a frozen set with a box off a goal
//! has no solution. The search below builds `S` around the box just pushed, treating each
//! box it visits as a wall while it checks the rest; when a box turns out not blocked,
//! everything marked since it was marked (whose checks may have leant on it) is unmarked
//! again, so the set it returns is frozen by the definition above.

use super::bits;
use super::board::Board;

/// What [`FreezeCheck::check`] found about the box just pushed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Freeze {
    /// It can still move.
    Free,
    /// It belongs to a frozen set with a box off a goal: no solution.
    Deadlock,
    /// It belongs to a frozen set whose boxes all stand on goals.
    OnGoals,
}

/// The scratch space of the check, reused from push to push.
pub(super) struct FreezeCheck {
    marked: Vec<u16>,
}

impl FreezeCheck {
    /// An empty check.
    pub fn new() -> FreezeCheck {
        FreezeCheck { marked: Vec::new() }
    }

    /// Whether the box on `cell` belongs to a frozen set, and whether one of its boxes is
    /// off a goal (then [`FreezeCheck::set`] holds it).
    pub fn check(&mut self, board: &Board, boxes: &[u64], cell: u16) -> Freeze {
        self.marked.clear();
        if !self.frozen(board, boxes, cell) {
            return Freeze::Free;
        }
        match self.marked.iter().any(|&b| !board.is_goal[usize::from(b)]) {
            true => Freeze::Deadlock,
            false => Freeze::OnGoals,
        }
    }

    /// The frozen set the latest [`FreezeCheck::check`] found, sorted (meaningful after a
    /// check that did not answer [`Freeze::Free`]).
    pub fn set(&mut self) -> &[u16] {
        self.marked.sort_unstable();
        &self.marked
    }

    /// The boxes (`list`, the cells of `boxes`) of frozen sets that lie wholly on goals,
    /// sorted: no solution ever moves them (the module docs), so the level may take them
    /// for walls and drop them and their goals.
    pub fn frozen_on_goals(&mut self, board: &Board, boxes: &[u64], list: &[u16]) -> Vec<u16> {
        let mut fixed = Vec::new();
        for &cell in list {
            if !board.is_goal[usize::from(cell)] || fixed.contains(&cell) {
                continue;
            }
            self.marked.clear();
            if self.frozen(board, boxes, cell)
                && self.marked.iter().all(|&b| board.is_goal[usize::from(b)])
            {
                fixed.extend_from_slice(&self.marked);
            }
        }
        fixed.sort_unstable();
        fixed.dedup();
        fixed
    }

    /// Marks `cell` and its frozen neighbours; on failure unmarks what it marked.
    fn frozen(&mut self, board: &Board, boxes: &[u64], cell: u16) -> bool {
        let checkpoint = self.marked.len();
        self.marked.push(cell);
        let frozen = self.blocked(board, boxes, cell, 0) && self.blocked(board, boxes, cell, 1);
        if !frozen {
            self.marked.truncate(checkpoint);
        }
        frozen
    }

    /// Whether the box on `cell` cannot move along the axis of direction `dir` (0:
    /// horizontal, 1: vertical).
    fn blocked(&mut self, board: &Board, boxes: &[u64], cell: u16, dir: usize) -> bool {
        let (one, other) = (board.step(cell, dir), board.step(cell, dir + 2));
        let (Some(one), Some(other)) = (one, other) else {
            return true;
        };
        if self.marked.contains(&one) || self.marked.contains(&other) {
            return true;
        }
        if board.dead[usize::from(one)] && board.dead[usize::from(other)] {
            return true;
        }
        (bits::has(boxes, one) && self.frozen(board, boxes, one))
            || (bits::has(boxes, other) && self.frozen(board, boxes, other))
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::test_board;
    use super::*;

    /// The largest frozen set among `boxes`, by removing boxes not blocked on both axes
    /// until none is left to remove (the definition in the module docs).
    fn largest_frozen_set(board: &Board, boxes: &[u16]) -> Vec<u16> {
        let mut set = boxes.to_vec();
        loop {
            let blocked_axis = |set: &[u16], cell: u16, dir: usize| {
                let (one, other) = (board.step(cell, dir), board.step(cell, dir + 2));
                let (Some(one), Some(other)) = (one, other) else {
                    return true;
                };
                set.contains(&one)
                    || set.contains(&other)
                    || (board.dead[usize::from(one)] && board.dead[usize::from(other)])
            };
            let kept: Vec<u16> = set
                .iter()
                .copied()
                .filter(|&b| blocked_axis(&set, b, 0) && blocked_axis(&set, b, 1))
                .collect();
            if kept.len() == set.len() {
                return set;
            }
            set = kept;
        }
    }

    #[test]
    fn every_deadlock_found_is_a_frozen_set_with_a_box_off_a_goal() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut below = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut found, mut on_goals, mut cases) = (0, 0, 0);
        while cases < 3000 {
            let (rows, cols) = (5 + below(3), 5 + below(3));
            let mut walls = vec![true; rows * cols];
            for r in 1..rows - 1 {
                for c in 1..cols - 1 {
                    walls[r * cols + c] = below(100) < 12;
                }
            }
            let floor: Vec<usize> = (0..rows * cols).filter(|&i| !walls[i]).collect();
            if floor.len() < 6 {
                continue;
            }
            let pick = |k: usize| floor[k % floor.len()];
            let goals: Vec<usize> = (0..floor.len() / 2).map(|_| pick(below(997))).collect();
            let Some((problem, board)) = test_board(rows, cols, walls, goals) else {
                continue;
            };
            cases += 1;
            let mut boxes = vec![0u64; bits::words(board.floor())];
            let mut list = Vec::new();
            for _ in 0..board.floor() * 2 / 3 {
                let cell = below(board.floor()) as u16;
                if !bits::has(&boxes, cell) {
                    bits::insert(&mut boxes, cell);
                    list.push(cell);
                }
            }
            let frozen = largest_frozen_set(&board, &list);
            let mut check = FreezeCheck::new();
            for &cell in &list {
                let verdict = check.check(&board, &boxes, cell);
                if verdict == Freeze::Free {
                    continue;
                }
                let off_goal = |b: &u16| !board.is_goal[usize::from(*b)];
                let set = check.set().to_vec();
                assert!(frozen.contains(&cell), "{problem:?} {list:?} {cell}");
                assert!(set.contains(&cell) && set.iter().all(|b| frozen.contains(b)));
                assert!(set.windows(2).all(|w| w[0] < w[1]));
                match verdict {
                    Freeze::Deadlock => found += 1,
                    _ => {
                        on_goals += 1;
                        assert!(!set.iter().any(off_goal), "{problem:?} {list:?} {cell}");
                    }
                }
                assert_eq!(verdict == Freeze::Deadlock, set.iter().any(off_goal));
            }
        }
        assert!(found > 1000, "only {found} deadlocks");
        assert!(on_goals > 100, "only {on_goals} frozen sets on goals");
    }
}
