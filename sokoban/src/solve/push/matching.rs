//! The lower bound: a minimum-cost perfect matching of boxes to distinct goals on push
//! distances (the Hungarian method with potentials, O(boxes² · goals)).
//!
//! Every box must end on its own goal, and a box needs at least its push distance to the
//! goal it ends on, pushes of different boxes being different pushes: so the cheapest
//! assignment never exceeds the pushes left (admissible). One push moves one box one cell,
//! which changes its distance to any goal by at most one, so the bound drops by at most one
//! per push (consistent). [`Matcher::bound_forced`] adds what the corrals know (a box on
//! a goal that must move); that bound is admissible, not consistent (the module docs of
//! `push` say how the search copes).

use super::board::{Board, UNREACHABLE};

/// A cost that marks a box-goal pair that cannot be matched.
const FORBIDDEN: i64 = 1 << 32;

/// The scratch space of the matching, reused from state to state.
pub(super) struct Matcher {
    cost: Vec<i64>,
    row_potential: Vec<i64>,
    column_potential: Vec<i64>,
    owner: Vec<usize>,
    way: Vec<usize>,
    slack: Vec<i64>,
    used: Vec<bool>,
    /// The number of boxes of the assignment kept from the last [`Matcher::bound`]
    /// (`usize::MAX`: none kept).
    kept: usize,
    saved_rows: Vec<i64>,
    saved_columns: Vec<i64>,
    saved_owner: Vec<usize>,
    saved_row: Vec<i64>,
    /// The rows left to match after the greedy start of [`Matcher::bound_forced`].
    pending: Vec<usize>,
}

impl Matcher {
    /// Scratch space for up to `boxes` boxes and `goals` goals.
    pub fn new(boxes: usize, goals: usize) -> Matcher {
        Matcher {
            cost: vec![0; boxes * goals],
            row_potential: vec![0; boxes + 1],
            column_potential: vec![0; goals + 1],
            owner: vec![0; goals + 1],
            way: vec![0; goals + 1],
            slack: vec![0; goals + 1],
            used: vec![false; goals + 1],
            kept: usize::MAX,
            saved_rows: vec![0; boxes + 1],
            saved_columns: vec![0; goals + 1],
            saved_owner: vec![0; goals + 1],
            saved_row: vec![0; goals],
            pending: Vec::with_capacity(boxes),
        }
    }

    /// The bytes [`Matcher::new`] allocates for `boxes` boxes and `goals` goals (what the
    /// ledger is charged for a matcher): the cost table, one potential and one saved
    /// potential per box and per goal (with the Hungarian method's extra row and column),
    /// the owner, way, slack and used marks per goal, the saved owners and row, and the
    /// pending rows.
    pub fn bytes(boxes: usize, goals: usize) -> usize {
        use std::mem::size_of;
        let (rows, columns) = (boxes + 1, goals + 1);
        size_of::<i64>() * (boxes * goals + 2 * rows + 3 * columns + goals)
            + size_of::<usize>() * (3 * columns + boxes)
            + size_of::<bool>() * columns
    }

    /// The cost of the cheapest assignment of `boxes` (floor cells) to distinct goals, or
    /// `None` when no assignment puts every box on a goal it can reach. The assignment is
    /// kept for [`Matcher::bound_after_push`].
    pub fn bound(&mut self, board: &Board, boxes: &[u16], player: u16) -> Option<u32> {
        self.bound_forced(board, boxes, player, &[])
    }

    /// [`Matcher::bound`] knowing that each box of `forced` (cells, on goals) moves at
    /// least once: a box that moves and ends on its own cell takes at least two pushes,
    /// so its cost for its own goal is 2, not 0 (its other costs are at least 1 already).
    pub fn bound_forced(
        &mut self,
        board: &Board,
        boxes: &[u16],
        player: u16,
        forced: &[u16],
    ) -> Option<u32> {
        self.bound_leaving(board, boxes, player, forced, &[])
    }

    /// [`Matcher::bound_forced`] knowing also that each box of `leaving` (cell, a bit per
    /// direction) leaves its goal by a first push in one of those directions: its cost
    /// for each goal is the least over them of 1 plus the push distance from the cell
    /// the push reaches, the player on the box's cell (`leaving` module docs).
    pub fn bound_leaving(
        &mut self,
        board: &Board,
        boxes: &[u16],
        player: u16,
        forced: &[u16],
        leaving: &[(u16, u8)],
    ) -> Option<u32> {
        let (n, m) = (boxes.len(), board.goals.len());
        if n > m {
            return None;
        }
        for (i, &b) in boxes.iter().enumerate() {
            self.fill_row(board, i, b, player);
            if !forced.is_empty() && forced.contains(&b) {
                if let Some(g) = board.goals.iter().position(|&g| g == b) {
                    self.cost[i * m + g] = 2;
                }
            }
            if let Some(&(_, dirs)) = leaving.iter().find(|l| l.0 == b) {
                let row = &mut self.cost[i * m..(i + 1) * m];
                row.fill(FORBIDDEN);
                for dir in (0..4).filter(|d| dirs >> d & 1 == 1) {
                    let Some(to) = board.step(b, dir) else {
                        continue;
                    };
                    for (cost, &d) in row.iter_mut().zip(board.push_distances(to, b)) {
                        if d != UNREACHABLE {
                            *cost = (*cost).min(1 + i64::from(d));
                        }
                    }
                }
            }
        }
        self.row_potential[..=n].fill(0);
        self.column_potential[..=m].fill(0);
        self.owner[..=m].fill(0);
        // Each row's potential starts at its least cost (feasible: no reduced cost is
        // negative) and takes the first free column of that cost when there is one (a
        // tight edge: push distances tie often); the Hungarian steps match the other
        // rows, and find the optimum from any such start.
        self.pending.clear();
        for row in 1..=n {
            let costs = &self.cost[(row - 1) * m..row * m];
            let Some(&least) = costs.iter().min() else {
                continue;
            };
            self.row_potential[row] = least;
            let owner = &self.owner[1..=m];
            let free = costs
                .iter()
                .zip(owner)
                .position(|(&c, &o)| c == least && o == 0);
            match free {
                Some(j) => self.owner[j + 1] = row,
                None => self.pending.push(row),
            }
        }
        for k in 0..self.pending.len() {
            self.augment(self.pending[k], m);
        }
        self.kept = n;
        self.total(m)
    }

    /// The bound of the state [`Matcher::bound`] was last asked about after box number
    /// `index` moved to `cell` (the player's region on `player`): only that row changes,
    /// so with as many goals as boxes one row is matched again from the kept assignment
    /// and potentials (which stay feasible for the other rows), in O(boxes · goals).
    /// When the pushed box comes one push nearer the goal it is assigned, the kept
    /// assignment is the answer as it stands (the bound drops by at most one a push).
    pub fn bound_after_push(
        &mut self,
        board: &Board,
        boxes: &[u16],
        index: usize,
        player: u16,
    ) -> Option<u32> {
        let (n, m) = (boxes.len(), board.goals.len());
        if n != m || self.kept != n {
            let bound = self.bound(board, boxes, player);
            self.kept = usize::MAX;
            return bound;
        }
        self.saved_row[..m].copy_from_slice(&self.cost[index * m..(index + 1) * m]);
        self.fill_row(board, index, boxes[index], player);
        let row = index + 1;
        let column = (1..=m).find(|&j| self.owner[j] == row);
        if let Some(j) = column {
            let (old, new) = (self.saved_row[j - 1], self.cost[index * m + j - 1]);
            if new < FORBIDDEN && new + 1 == old {
                // The kept assignment costs one less with the new row, and no push lowers
                // the optimum by more than one: it is the new optimum. (A push changes a
                // finite distance by an odd number and lowers it by at most one, so a
                // distance that did not drop by one rose: `new < old` would be the same.)
                let bound = self.total(m);
                self.cost[index * m..(index + 1) * m].copy_from_slice(&self.saved_row[..m]);
                return bound;
            }
        }
        self.saved_rows.copy_from_slice(&self.row_potential);
        self.saved_columns.copy_from_slice(&self.column_potential);
        self.saved_owner.copy_from_slice(&self.owner);
        self.rematch(index, m);
        let bound = self.total(m);
        self.cost[index * m..(index + 1) * m].copy_from_slice(&self.saved_row[..m]);
        self.row_potential.copy_from_slice(&self.saved_rows);
        self.column_potential.copy_from_slice(&self.saved_columns);
        self.owner.copy_from_slice(&self.saved_owner);
        bound
    }

    /// Turns the kept assignment of [`Matcher::bound_forced`] (with as many goals as
    /// boxes) into the one [`Matcher::bound`] would keep for the same `boxes` and
    /// `player`: each forced box's row is written again with its own goal's cost and
    /// matched again from the kept potentials, as [`Matcher::bound_after_push`] does with
    /// a pushed box's row. False when that does not apply (then nothing is kept).
    pub fn unforce(&mut self, board: &Board, boxes: &[u16], player: u16, forced: &[u16]) -> bool {
        let (n, m) = (boxes.len(), board.goals.len());
        if n != m || self.kept != n {
            self.kept = usize::MAX;
            return false;
        }
        for (index, &cell) in boxes.iter().enumerate() {
            if forced.contains(&cell) {
                self.fill_row(board, index, cell, player);
                self.rematch(index, m);
            }
        }
        true
    }

    /// Matches row `index` again (its costs just written) from the kept assignment and
    /// potentials, with as many goals as boxes: the row leaves its column, takes the
    /// least potential that keeps its reduced costs non-negative (the other rows' stay
    /// as they were) and is matched along one shortest augmenting path.
    fn rematch(&mut self, index: usize, m: usize) {
        let row = index + 1;
        let column = (1..=m).find(|&j| self.owner[j] == row);
        if let Some(j) = column {
            self.owner[j] = 0;
        }
        let reduced = |j: usize| self.cost[index * m + j - 1] - self.column_potential[j];
        self.row_potential[row] = (1..=m).map(reduced).min().unwrap_or(0);
        // The column it left is free: when its edge is tight (of the row's least reduced
        // cost), taking it back is a shortest augmenting path (of length 0), so the
        // Hungarian step would find no cheaper one.
        if let Some(j) = column.filter(|&j| reduced(j) == self.row_potential[row]) {
            self.owner[j] = row;
            return;
        }
        self.augment(row, m);
    }

    /// Writes the costs of box `i` on `cell` into row `i`.
    fn fill_row(&mut self, board: &Board, i: usize, cell: u16, player: u16) {
        let m = board.goals.len();
        let row = &mut self.cost[i * m..(i + 1) * m];
        for (cost, &d) in row.iter_mut().zip(board.push_distances(cell, player)) {
            *cost = if d == UNREACHABLE {
                FORBIDDEN
            } else {
                i64::from(d)
            };
        }
    }

    /// The cost of the current assignment, `None` if it uses a forbidden pair.
    fn total(&self, m: usize) -> Option<u32> {
        let total: i64 = (1..=m)
            .filter(|&j| self.owner[j] != 0)
            .map(|j| self.cost[(self.owner[j] - 1) * m + (j - 1)])
            .sum();
        (total < FORBIDDEN).then_some(total as u32)
    }

    /// One step of the Hungarian method (1-based): matches `row` along a shortest
    /// augmenting path in reduced costs, keeping the potentials feasible.
    fn augment(&mut self, row: usize, m: usize) {
        self.owner[0] = row;
        let mut column = 0;
        // Slices of length m + 1 (m for the costs), so that the column loops index them
        // without bounds checks.
        let owner = &mut self.owner[..=m];
        let way = &mut self.way[..=m];
        let slack = &mut self.slack[..=m];
        let used = &mut self.used[..=m];
        let column_potential = &mut self.column_potential[..=m];
        slack.fill(i64::MAX);
        used.fill(false);
        loop {
            used[column] = true;
            let current = owner[column];
            let costs = &self.cost[(current - 1) * m..current * m];
            let potential = self.row_potential[current];
            let mut delta = i64::MAX;
            let mut next = 0;
            for j in 1..=m {
                if used[j] {
                    continue;
                }
                let reduced = costs[j - 1] - potential - column_potential[j];
                if reduced < slack[j] {
                    slack[j] = reduced;
                    way[j] = column;
                }
                if slack[j] < delta {
                    delta = slack[j];
                    next = j;
                }
            }
            for j in 0..=m {
                if used[j] {
                    self.row_potential[owner[j]] += delta;
                    column_potential[j] -= delta;
                } else {
                    slack[j] -= delta;
                }
            }
            column = next;
            if owner[column] == 0 {
                break;
            }
        }
        while column != 0 {
            let previous = way[column];
            owner[column] = owner[previous];
            column = previous;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{opposite, test_random, test_random_board};
    use super::*;

    /// [`Matcher::bytes`] is what [`Matcher::new`] holds, field by field.
    #[test]
    fn a_matchers_bytes_are_what_it_holds() {
        fn held<T>(list: &Vec<T>) -> usize {
            list.capacity() * std::mem::size_of::<T>()
        }
        for (boxes, goals) in [(0, 0), (1, 1), (3, 5), (10, 10), (16, 20)] {
            let m = Matcher::new(boxes, goals);
            let total = held(&m.cost)
                + held(&m.row_potential)
                + held(&m.column_potential)
                + held(&m.owner)
                + held(&m.way)
                + held(&m.slack)
                + held(&m.used)
                + held(&m.saved_rows)
                + held(&m.saved_columns)
                + held(&m.saved_owner)
                + held(&m.saved_row)
                + held(&m.pending);
            assert_eq!(
                Matcher::bytes(boxes, goals),
                total,
                "{boxes} boxes, {goals} goals"
            );
        }
    }

    /// Every push's bound from the kept assignment ([`Matcher::bound_after_push`], with its
    /// shortcut) is the optimum a fresh matching finds for the child, on random boards
    /// with as many goals as boxes and the player behind the pushed box; the parent's
    /// assignment made plainly or, with some boxes on goals forced, turned back by
    /// [`Matcher::unforce`] (itself checked against a fresh matching; with one goal more
    /// than boxes, where a freed column's potential would break the optimum, it must
    /// refuse).
    #[test]
    fn a_childs_bound_from_its_parents_matching_is_the_fresh_optimum() {
        let mut below = test_random(0x2545_F491_4F6C_DD1Du64);
        let (mut pushes, mut unforced) = (0, 0);
        for _ in 0..2000 {
            let Some((problem, board)) = test_random_board(&mut below, 5, 10, (2, 7)) else {
                continue;
            };
            let m = board.goals.len();
            // Mostly as many boxes as goals; one fewer in a quarter of the boards, where
            // the kept assignment is not used (a fresh matching is made).
            let n = m - usize::from(m > 1 && below(4) == 0);
            // Some boxes on goals, for the forced rows of `unforce`.
            let mut list: Vec<u16> = board.goals[..below(n + 1)].to_vec();
            while list.len() < n {
                let cell = below(board.floor()) as u16;
                if !list.contains(&cell) {
                    list.push(cell);
                }
            }
            let (mut kept, mut fresh) = (Matcher::new(n, m), Matcher::new(n, m));
            for i in 0..n {
                for dir in 0..4 {
                    let from = list[i];
                    let (Some(to), Some(behind)) =
                        (board.step(from, dir), board.step(from, opposite(dir)))
                    else {
                        continue;
                    };
                    if list.contains(&to) || list.contains(&behind) {
                        continue;
                    }
                    // A push changes the box's distance to every goal it reaches before
                    // and after by an odd number (each push moves it one cell) and lowers
                    // it by at most one: so the shortcut's `new + 1 == old` is the same
                    // test as `new < old`, or `new <= old`.
                    for g in 0..m {
                        let old = board.push_distance(g, from, behind);
                        let new = board.push_distance(g, to, from);
                        if old != UNREACHABLE && new != UNREACHABLE {
                            assert!(old.abs_diff(new) % 2 == 1 && new + 1 >= old);
                        }
                    }
                    // The parent's matching, made plainly or from a forced one.
                    let forced: Vec<u16> = list
                        .iter()
                        .copied()
                        .filter(|&c| board.is_goal[usize::from(c)] && below(2) == 0)
                        .collect();
                    let parent = match forced.is_empty() {
                        true => kept.bound(&board, &list, behind),
                        false => kept.bound_forced(&board, &list, behind, &forced),
                    };
                    if parent.is_none() {
                        continue;
                    }
                    if !forced.is_empty() {
                        if kept.unforce(&board, &list, behind, &forced) {
                            assert_eq!(kept.total(m), fresh.bound(&board, &list, behind));
                            unforced += 1;
                        } else {
                            assert!(n < m, "unforce refused with as many goals as boxes");
                            kept.bound(&board, &list, behind);
                        }
                    }
                    list[i] = to;
                    let child = kept.bound_after_push(&board, &list, i, from);
                    assert_eq!(
                        child,
                        fresh.bound(&board, &list, from),
                        "{problem:?} {list:?}"
                    );
                    list[i] = from;
                    pushes += 1;
                }
            }
        }
        assert!(pushes > 1000, "only {pushes} pushes");
        assert!(unforced > 500, "only {unforced} forced parents");
    }

    /// The least cost of putting `boxes` on distinct goals, by trying every assignment
    /// (`forced` boxes, on goals, cost 2 on their own goal): what the matching must find.
    fn every_assignment(board: &Board, boxes: &[u16], player: u16, forced: &[u16]) -> Option<u32> {
        fn best(costs: &[Vec<Option<u32>>], row: usize, used: &mut [bool]) -> Option<u32> {
            let Some(row_costs) = costs.get(row) else {
                return Some(0);
            };
            let mut least = None;
            for (g, &cost) in row_costs.iter().enumerate() {
                let Some(cost) = cost.filter(|_| !used[g]) else {
                    continue;
                };
                used[g] = true;
                if let Some(rest) = best(costs, row + 1, used) {
                    least = Some(least.unwrap_or(u32::MAX).min(cost + rest));
                }
                used[g] = false;
            }
            least
        }
        let costs: Vec<Vec<Option<u32>>> = boxes
            .iter()
            .map(|&b| {
                let row = board.push_distances(b, player).iter();
                row.zip(&board.goals)
                    .map(|(&d, &g)| match (forced.contains(&b) && g == b, d) {
                        (true, _) => Some(2),
                        (false, UNREACHABLE) => None,
                        (false, d) => Some(u32::from(d)),
                    })
                    .collect()
            })
            .collect();
        best(&costs, 0, &mut vec![false; board.goals.len()])
    }

    /// A fresh matching ([`Matcher::bound`], [`Matcher::bound_forced`]) is the least
    /// cost over every assignment, on random boards with up to six boxes and seven
    /// goals (ties of push distances among them, which its greedy start matches on).
    #[test]
    fn a_fresh_matching_is_the_least_assignment() {
        let mut below = test_random(0x0DDB_1A5E_5BAD_5EED);
        let (mut solved, mut none) = (0, 0);
        for _ in 0..3000 {
            let Some((_, board)) = test_random_board(&mut below, 4, 15, (1, 7)) else {
                continue;
            };
            let (floor, goals) = (board.floor(), board.goals.len());
            let count = 1 + below(goals.min(6));
            if count + 1 >= floor {
                continue;
            }
            let mut cells: Vec<u16> = Vec::new();
            while cells.len() <= count {
                let cell = match below(3) {
                    0 => board.goals[below(goals)],
                    _ => below(floor) as u16,
                };
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
            let player = cells.pop().unwrap_or(0);
            let forced: Vec<u16> = cells
                .iter()
                .copied()
                .filter(|&c| board.is_goal[usize::from(c)] && below(2) == 0)
                .collect();
            let mut matcher = Matcher::new(count, goals);
            let expected = every_assignment(&board, &cells, player, &[]);
            assert_eq!(matcher.bound(&board, &cells, player), expected, "{cells:?}");
            let expected_forced = every_assignment(&board, &cells, player, &forced);
            let found = matcher.bound_forced(&board, &cells, player, &forced);
            assert_eq!(found, expected_forced, "{cells:?} forced {forced:?}");
            match expected {
                Some(_) => solved += 1,
                None => none += 1,
            }
        }
        assert!(
            solved > 1000 && none > 100,
            "{solved} solved, {none} without"
        );
    }
}
