//! The group bound: the boxes split into groups by the room their cells lie in, each
//! group's cost the fewest pushes that put its boxes on goals with every other box
//! removed, the costs added.
//!
//! **Why it is a lower bound.** Take a state, a split of its boxes into disjoint groups,
//! and a group `g`. A solution of the state, its pushes of the other boxes left out, solves
//! the sub-level that keeps only `g`'s boxes (the argument of `patterns`: a walk crosses
//! no box of `g`, a push goes into a cell free of every box, every box of `g` ends on a
//! goal, whatever goals are left over). So the solution pushes `g`'s boxes at least
//! `C(g)` times, `C(g)` the fewest pushes of that sub-level from the player's cell; the
//! groups are disjoint, so the sum of their `C` never exceeds the solution's pushes.
//! Any split is admissible; the rooms only make it strong. The sub-level's start is named
//! by its box set and the least cell of the player's region among `g`'s boxes alone, as
//! the search names its states (`search`), so a cached cost is the cost of every state
//! with that name. The split depends on where the boxes stand, so a box crossing a room
//! border changes groups and the bound is not consistent, only admissible: the search
//! copes as it does with the pair penalties (it reopens states).
//!
//! **How `C(g)` is found.** An A* over the sub-level's pushes (pushes onto dead squares
//! and into freeze deadlocks left out, as everywhere: no solution passes through them),
//! its estimate the matching of `g`'s boxes to goals (every goal free), or a lower bound
//! learnt before when larger. It stops at [`MOST_EXPANSIONS`] ([`START_EXPANSIONS`] for
//! the start's bound, which decides whether the search uses the groups): then the
//! least estimate on its open list is returned, which is still at most `C(g)` (some open
//! position lies on a cheapest solution with its fewest pushes from the start, A* with
//! reopening). A finished search gives `C(X)` exactly, and for every position `Y` it met
//! `g(Y)` pushes from `X`, `C(Y) >= C(X) - g(Y)` (else `X` would be solved sooner through
//! `Y`): those lower bounds are kept when they beat `Y`'s matching. An exhausted search
//! proves the sub-level unsolvable, and with it the state.
//!
//! **Rooms.** A doorway is a floor cell walled on two opposite sides; a room is a part of
//! the floor without doorways, and a doorway belongs to the room nearest it (least number
//! first). A split puts two rooms joined by a doorway in one group, greedily from each
//! such pair (at most [`MOST_SPLITS`] splits); the bound is the largest over the splits.
//! The search uses the bound only when the start's is above its matching bound (and the
//! level has at most 128 floor cells, two rooms and a split).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::BuildHasherDefault;

use puzzle_frame::budget::{Ledger, OverBudget};

use super::board::{opposite, Board, NONE};
use super::deadlock::{Freeze, FreezeCheck};
use super::matching::Matcher;
use super::patterns::MixHasher;
use super::region::Region;

/// The most expansions of one group's search.
pub(super) const MOST_EXPANSIONS: usize = 500;

/// The most expansions of one group's search for the start's bound (which decides whether
/// the search uses the groups).
pub(super) const START_EXPANSIONS: usize = 5_000;

/// The group searches' expansions allowed per state of the main search, and beyond.
const SPENT_PER_STATE: u64 = 16;
const SPENT_FREE: u64 = 1 << 17;

/// The most splits of the boxes tried.
const MOST_SPLITS: usize = 4;

/// The most rooms a level may have for the bound to be tried.
const MOST_ROOMS: usize = 16;

/// A cost that marks a group that can never reach goals.
const DEAD: u32 = u32::MAX;

/// A sub-level's start: its box set and the least cell of the player's region.
type Key = (u128, u16);

/// A queued position: estimate, pushes (more first on a tie), box set, player.
type Queued = (u32, Reverse<u32>, u128, u16);

/// What is known of a sub-level's fewest pushes: a lower bound, or the exact count.
#[derive(Clone, Copy)]
struct Known {
    cost: u32,
    exact: bool,
}

/// The splits, the costs known so far and the search's scratch space.
pub(super) struct Groups {
    /// The bytes charged to the budget (given back by [`Groups::release`]).
    bytes: usize,
    /// Per split, the group of every floor cell.
    splits: Vec<Vec<u8>>,
    /// The number of groups of the split with most.
    groups: u8,
    known: HashMap<Key, Known, BuildHasherDefault<MixHasher>>,
    /// Entries of `known` charged to the budget so far.
    charged: usize,
    matcher: Matcher,
    freeze: FreezeCheck,
    region: Region,
    /// Per free cell outside the analysed region, the least cell of its pocket, valid
    /// where `pocket_stamp` is `pockets` (one stamp per expansion).
    pocket: Vec<u16>,
    pocket_stamp: Vec<u32>,
    pockets: u32,
    /// The box set of the position being expanded.
    expanded_set: u128,
    stamp: Vec<u32>,
    generation: u32,
    queue: Vec<u16>,
    /// The cells the last flood reached (in `queue`).
    spread_count: usize,
    /// The most expansions of one search.
    cap: usize,
    /// The expansions of every group search so far.
    spent: u64,
    cells: Vec<u16>,
    children: Vec<(u128, u16, u16)>,
    /// The positions of the current search: pushes from its start, estimate.
    best: HashMap<Key, (u32, u32), BuildHasherDefault<MixHasher>>,
    open: BinaryHeap<Reverse<Queued>>,
}

impl Groups {
    /// The groups of `board` by its rooms, for up to `boxes` boxes, `None` when it has
    /// more than 128 floor cells, fewer than two rooms or more than [`MOST_ROOMS`].
    pub fn new(
        board: &Board,
        boxes: usize,
        ledger: &mut Ledger,
    ) -> Result<Option<Groups>, OverBudget> {
        if board.floor() > 128 {
            return Ok(None);
        }
        let Some((room, adjacent)) = rooms(board) else {
            return Ok(None);
        };
        let splits = splits(&adjacent)
            .iter()
            .map(|split| room.iter().map(|&r| split[usize::from(r)]).collect())
            .collect();
        Groups::with_splits(board, boxes, splits, ledger).map(Some)
    }

    /// The groups of `board` by `splits` (per split, a group number per floor cell).
    pub fn with_splits(
        board: &Board,
        boxes: usize,
        splits: Vec<Vec<u8>>,
        ledger: &mut Ledger,
    ) -> Result<Groups, OverBudget> {
        let floor = board.floor();
        let groups = splits
            .iter()
            .flat_map(|s| s.iter().map(|&g| g + 1))
            .max()
            .unwrap_or(0);
        // The cell maps, the scratch and one search's positions (each expansion adds at
        // most four children a box).
        let searched = START_EXPANSIONS * 4 * boxes + 1;
        let bytes = splits.len() * floor
            + 8 * floor * std::mem::size_of::<u16>()
            + 2 * searched * std::mem::size_of::<(Key, (u32, u32))>()
            + searched * std::mem::size_of::<Queued>()
            + Matcher::bytes(boxes, board.goals.len());
        ledger.take::<u8>("the group bound", bytes)?;
        Ok(Groups {
            bytes,
            splits,
            groups,
            known: HashMap::default(),
            charged: 0,
            matcher: Matcher::new(boxes, board.goals.len()),
            freeze: FreezeCheck::new(),
            region: Region::new(floor),
            pocket: vec![NONE; floor],
            pocket_stamp: vec![0; floor],
            pockets: 0,
            expanded_set: 0,
            stamp: vec![0; floor],
            generation: 0,
            queue: vec![0; floor],
            spread_count: 0,
            cap: MOST_EXPANSIONS,
            spent: 0,
            cells: Vec::with_capacity(boxes),
            children: Vec::new(),
            best: HashMap::default(),
            open: BinaryHeap::new(),
        })
    }

    /// Sets the most expansions of one search (at most [`START_EXPANSIONS`]).
    pub fn set_cap(&mut self, cap: usize) {
        self.cap = cap.min(START_EXPANSIONS);
    }

    /// Gives back what the groups were charged.
    pub fn release(self, ledger: &mut Ledger) {
        ledger.give_back::<u8>(self.bytes);
    }

    /// The group bound of the boxes `list` with the player's region holding `player`:
    /// the largest over the splits of the sum of the groups' costs, `None` when a group's
    /// sub-level has no solution (then neither has the state). Once the group searches
    /// have made more than [`SPENT_FREE`] and [`SPENT_PER_STATE`] expansions per state of
    /// the main search (`states`), a group not known exactly costs what is known of it, or 0 (a lower
    /// bound still), which keeps their cost within the search's own.
    pub fn bound(
        &mut self,
        board: &Board,
        list: &[u16],
        player: u16,
        states: u64,
        ledger: &mut Ledger,
    ) -> Result<Option<u32>, OverBudget> {
        let searching = self.spent <= SPENT_FREE + SPENT_PER_STATE * states;
        let mut best = 0;
        for split in 0..self.splits.len() {
            let mut sum = 0;
            for group in 0..self.groups {
                let cells = &self.splits[split];
                let set = list
                    .iter()
                    .filter(|&&b| cells[usize::from(b)] == group)
                    .fold(0u128, |set, &b| set | 1 << b);
                if set == 0 {
                    continue;
                }
                let least = self.flood(board, set, player, false);
                match self.cost(board, (set, least), searching, ledger)? {
                    DEAD => return Ok(None),
                    cost => sum += cost,
                }
            }
            best = best.max(sum);
        }
        Ok(Some(best))
    }

    /// The cost of the sub-level `key`, searched unless known exactly (or not
    /// `searching`: then what is known, or 0).
    fn cost(
        &mut self,
        board: &Board,
        key: Key,
        searching: bool,
        ledger: &mut Ledger,
    ) -> Result<u32, OverBudget> {
        match self.known.get(&key) {
            Some(known) if known.exact || !searching => return Ok(known.cost),
            None if !searching => return Ok(0),
            _ => {}
        }
        let cost = self.search(board, key);
        self.learn(key, Known { cost, exact: true }, ledger)?;
        if cost != DEAD {
            // A finished search: each position met needs at least `cost` less its pushes.
            let met = std::mem::take(&mut self.best);
            for (&position, &(pushes, estimate)) in &met {
                let bound = cost.saturating_sub(pushes);
                if bound > estimate && position != key {
                    self.learn(
                        position,
                        Known {
                            cost: bound,
                            exact: false,
                        },
                        ledger,
                    )?;
                }
            }
            self.best = met;
        }
        Ok(cost)
    }

    /// Keeps `known` for `key` unless something as good is known.
    fn learn(&mut self, key: Key, known: Known, ledger: &mut Ledger) -> Result<(), OverBudget> {
        let entry = match self.known.get_mut(&key) {
            Some(entry) => entry,
            None => {
                if self.known.len() >= self.charged {
                    // A map's table holds up to twice its entries.
                    let bytes = 2 * 1024 * std::mem::size_of::<(Key, Known)>();
                    ledger.take::<u8>("the group bound", bytes)?;
                    self.bytes += bytes;
                    self.charged += 1024;
                }
                self.known.entry(key).or_insert(Known {
                    cost: 0,
                    exact: false,
                })
            }
        };
        if known.exact || (!entry.exact && known.cost > entry.cost) {
            *entry = known;
        }
        Ok(())
    }

    /// The A* of the module docs from `key`: the fewest pushes, a lower bound on them
    /// when it stops early, [`DEAD`] when it proves there is no solution. A finished
    /// search leaves its positions in `self.best`.
    fn search(&mut self, board: &Board, key: Key) -> u32 {
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
            self.expand(board, set, player, pushes);
        }
        DEAD
    }

    /// Queues the children of the position `set`, `player` reached in `pushes` pushes.
    fn expand(&mut self, board: &Board, set: u128, player: u16, pushes: u32) {
        let words = [set as u64, (set >> 64) as u64];
        self.region.analyse(board, &words, player);
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
            debug_assert_eq!(least, self.flood(board, child, from, false));
            let key = (child, least);
            if self.best.get(&key).is_some_and(|b| b.0 <= pushes + 1) {
                continue;
            }
            let estimate = self.estimate(board, key);
            if estimate == DEAD {
                continue;
            }
            self.best.insert(key, (pushes + 1, estimate));
            let f = pushes + 1 + estimate;
            self.open
                .push(Reverse((f, Reverse(pushes + 1), child, least)));
        }
        self.children = children;
    }

    /// The estimate of a position: its matching (every goal free), or what is known of
    /// it when larger; [`DEAD`] when a box reaches no goal.
    fn estimate(&mut self, board: &Board, (set, player): Key) -> u32 {
        self.cells.clear();
        let mut rest = set;
        while rest != 0 {
            self.cells.push(rest.trailing_zeros() as u16);
            rest &= rest - 1;
        }
        let Some(matching) = self.matcher.bound(board, &self.cells, player) else {
            return DEAD;
        };
        match self.known.get(&(set, player)) {
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
            return self
                .flood(board, child, from, true)
                .min(self.region.least[0]);
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
                least = least.min(self.pocket_of(board, self.expanded_set, next));
            } else if cut {
                least = least.min(self.region.least_of_part(board, to, next));
            }
        }
        least
    }

    /// The least cell of the pocket (a part of the free cells outside the analysed region
    /// of `set`) holding `cell`, flooded once per expansion and kept for its cells.
    fn pocket_of(&mut self, board: &Board, set: u128, cell: u16) -> u16 {
        if self.pocket_stamp[usize::from(cell)] == self.pockets {
            return self.pocket[usize::from(cell)];
        }
        let least = self.flood(board, set, cell, true);
        for k in 0..self.spread_count {
            let at = usize::from(self.queue[k]);
            self.pocket[at] = least;
            self.pocket_stamp[at] = self.pockets;
        }
        least
    }

    /// The least cell of the region of `start` among `set` (outside the analysed region
    /// when `outside`).
    fn flood(&mut self, board: &Board, set: u128, start: u16, outside: bool) -> u16 {
        let generation = self.next_generation();
        self.spread(board, set, start, generation, outside)
    }

    /// A new stamp for a flood.
    fn next_generation(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        self.generation
    }

    /// Floods from `start` among `set`, marking `generation` (outside the analysed region
    /// when `outside`): the cells in `self.queue[..self.spread_count]`, the least returned.
    fn spread(
        &mut self,
        board: &Board,
        set: u128,
        start: u16,
        generation: u32,
        outside: bool,
    ) -> u16 {
        self.stamp[usize::from(start)] = generation;
        self.queue[0] = start;
        let (mut head, mut tail, mut least) = (0, 1, start);
        while head < tail {
            let cell = self.queue[head];
            head += 1;
            for dir in 0..4 {
                let Some(next) = board.step(cell, dir) else {
                    continue;
                };
                let free = set >> next & 1 == 0 && !(outside && self.region.contains(next));
                if free && self.stamp[usize::from(next)] != generation {
                    self.stamp[usize::from(next)] = generation;
                    least = least.min(next);
                    self.queue[tail] = next;
                    tail += 1;
                }
            }
        }
        self.spread_count = tail;
        least
    }
}

/// The room of every floor cell (doorways given the nearest room's) and which rooms a
/// doorway joins, `None` with fewer than two rooms or more than [`MOST_ROOMS`].
fn rooms(board: &Board) -> Option<(Vec<u8>, Vec<Vec<bool>>)> {
    let floor = board.floor();
    let walled = |cell: u16, dir: usize| board.step(cell, dir).is_none();
    let door = |c: u16| (walled(c, 0) && walled(c, 2)) || (walled(c, 1) && walled(c, 3));
    let mut room = vec![u8::MAX; floor];
    let mut count = 0;
    let mut stack = Vec::new();
    for cell in 0..floor as u16 {
        if door(cell) || room[usize::from(cell)] != u8::MAX {
            continue;
        }
        if count == MOST_ROOMS {
            return None;
        }
        room[usize::from(cell)] = count as u8;
        stack.push(cell);
        while let Some(at) = stack.pop() {
            for next in (0..4).filter_map(|dir| board.step(at, dir)) {
                if !door(next) && room[usize::from(next)] == u8::MAX {
                    room[usize::from(next)] = count as u8;
                    stack.push(next);
                }
            }
        }
        count += 1;
    }
    if count < 2 {
        return None;
    }
    let mut adjacent = vec![vec![false; count]; count];
    for cell in (0..floor as u16).filter(|&c| door(c)) {
        let near: Vec<u8> = (0..4)
            .filter_map(|dir| board.step(cell, dir))
            .map(|next| room[usize::from(next)])
            .filter(|&r| r != u8::MAX)
            .collect();
        for &a in &near {
            for &b in near.iter().filter(|&&b| b != a) {
                adjacent[usize::from(a)][usize::from(b)] = true;
            }
        }
    }
    // Doorways take the room nearest them (a breadth-first spread from the rooms), and
    // cells no room reaches (floor walled off from every room) the first room.
    let mut queue: Vec<u16> = (0..floor as u16)
        .filter(|&c| room[usize::from(c)] != u8::MAX)
        .collect();
    let mut head = 0;
    while head < queue.len() {
        let at = queue[head];
        head += 1;
        for next in (0..4).filter_map(|dir| board.step(at, dir)) {
            if room[usize::from(next)] == u8::MAX {
                room[usize::from(next)] = room[usize::from(at)];
                queue.push(next);
            }
        }
    }
    for r in room.iter_mut().filter(|r| **r == u8::MAX) {
        *r = 0;
    }
    Some((room, adjacent))
}

/// Splits of the rooms (a group number per room): for each two rooms a doorway joins,
/// those two together, then each other room in order with the first room joined to it
/// and not yet grouped; the same split found twice is kept once.
fn splits(adjacent: &[Vec<bool>]) -> Vec<Vec<u8>> {
    let count = adjacent.len();
    let mut found: Vec<Vec<u8>> = Vec::new();
    for a in 0..count {
        for b in (a + 1..count).filter(|&b| adjacent[a][b]) {
            let mut group = vec![u8::MAX; count];
            (group[a], group[b]) = (0, 0);
            let mut next = 1;
            for x in 0..count {
                if group[x] != u8::MAX {
                    continue;
                }
                group[x] = next;
                if let Some(y) = (0..count).find(|&y| adjacent[x][y] && group[y] == u8::MAX) {
                    group[y] = next;
                }
                next += 1;
            }
            // The groups numbered by first room, so that the same split compares equal.
            let mut names = Vec::new();
            for g in group.iter_mut() {
                *g = match names.iter().position(|n| n == g) {
                    Some(k) => k as u8,
                    None => {
                        names.push(*g);
                        (names.len() - 1) as u8
                    }
                };
            }
            if !found.contains(&group) && found.len() < MOST_SPLITS {
                found.push(group);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use std::collections::{HashSet, VecDeque};

    use puzzle_frame::budget::{Ledger, MemoryBudget};

    use super::super::board::{test_random, test_random_board, Board};
    use super::super::{solve_with_split, Limits};
    use super::Groups;

    /// The fewest pushes that put every box of `boxes` on a goal with the player on
    /// `player`, by a 0-1 breadth-first search over the literal state (sorted boxes,
    /// player cell; a walk costs 0, a push 1): `Some(None)` when there is none, `None`
    /// past `most` states.
    fn fewest_pushes(
        board: &Board,
        boxes: &[u16],
        player: u16,
        most: usize,
    ) -> Option<Option<u32>> {
        let mut start = boxes.to_vec();
        start.sort_unstable();
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from([(start, player, 0)]);
        while let Some((boxes, player, pushes)) = queue.pop_front() {
            if !seen.insert((boxes.clone(), player)) {
                continue;
            }
            if seen.len() > most {
                return None;
            }
            if boxes.iter().all(|&b| board.is_goal[usize::from(b)]) {
                return Some(Some(pushes));
            }
            for dir in 0..4 {
                let Some(next) = board.step(player, dir) else {
                    continue;
                };
                match boxes.iter().position(|&b| b == next) {
                    None => queue.push_front((boxes.clone(), next, pushes)),
                    Some(index) => match board.step(next, dir) {
                        Some(ahead) if !boxes.contains(&ahead) => {
                            let mut moved = boxes.clone();
                            moved[index] = ahead;
                            moved.sort_unstable();
                            queue.push_back((moved, next, pushes + 1));
                        }
                        _ => {}
                    },
                }
            }
        }
        Some(None)
    }

    #[test]
    fn a_group_bound_never_exceeds_the_fewest_pushes_and_one_group_mostly_meets_them() {
        let mut below = test_random(0x2545_F491_4F6C_DD1D);
        let (mut checked, mut met, mut dead, mut solvable) = (0, 0, 0, 0);
        while checked < 3000 {
            let mut ledger = Ledger::new(MemoryBudget::new(1 << 26));
            let Some((problem, board)) = test_random_board(&mut below, 5, 15, (3, 3)) else {
                continue;
            };
            let floor = board.floor();
            if floor < 8 {
                continue;
            }
            // One group of every box, and two groups split by columns; several states a
            // board, so that known costs are used again.
            let halves = board
                .cells
                .iter()
                .map(|&cell| u8::from(cell % problem.cols * 2 >= problem.cols))
                .collect();
            let splits = vec![vec![0; floor]];
            let mut whole = Groups::with_splits(&board, 4, splits, &mut ledger).unwrap();
            let mut split = Groups::with_splits(&board, 4, vec![halves], &mut ledger).unwrap();
            for _ in 0..20 {
                let count = 2 + below(3);
                let mut cells: Vec<u16> = (0..=count).map(|_| below(floor) as u16).collect();
                let player = cells.pop().unwrap();
                cells.sort_unstable();
                cells.dedup();
                if cells.contains(&player) || cells.len() > board.goals.len() {
                    continue;
                }
                let Some(answer) = fewest_pushes(&board, &cells, player, 50_000) else {
                    continue;
                };
                checked += 1;
                let one = whole.bound(&board, &cells, player, 0, &mut ledger).unwrap();
                let two = split.bound(&board, &cells, player, 0, &mut ledger).unwrap();
                match answer {
                    Some(pushes) => {
                        assert!(
                            one.is_some_and(|b| b <= pushes),
                            "{cells:?} {player}: {one:?} > {pushes}"
                        );
                        assert!(
                            two.is_some_and(|b| b <= pushes),
                            "{cells:?} {player}: {two:?} > {pushes}"
                        );
                        met += usize::from(one == Some(pushes));
                        solvable += 1;
                    }
                    None => dead += usize::from(one.is_none()),
                }
            }
        }
        println!("{met} met of {solvable} solvable, {dead} proved dead of {checked}");
        assert!(met * 10 > solvable * 9, "only {met} of {solvable} met");
        assert!(
            dead * 2 > checked - solvable,
            "only {dead} of {checked} proved dead"
        );
    }

    #[test]
    fn the_search_with_a_group_bound_from_the_start_finds_the_fewest_pushes() {
        let mut below = test_random(0x9E37_79B9_7F4A_7C15);
        let limits = Limits {
            max_states: 1_000_000,
            budget: puzzle_frame::budget::MemoryBudget::new(1 << 28),
        };
        let (mut checked, mut solvable) = (0, 0);
        while checked < 1500 {
            let Some((mut problem, board)) = test_random_board(&mut below, 5, 15, (2, 3)) else {
                continue;
            };
            let floor = board.floor();
            if floor < 8 || board.goals.len() < 2 {
                continue;
            }
            let count = 2 + below(board.goals.len() - 1);
            let mut cells: Vec<u16> = (0..=count).map(|_| below(floor) as u16).collect();
            let player = cells.pop().unwrap();
            cells.sort_unstable();
            cells.dedup();
            if cells.contains(&player) || cells.len() > board.goals.len() {
                continue;
            }
            let Some(answer) = fewest_pushes(&board, &cells, player, 50_000) else {
                continue;
            };
            problem.player = board.cells[usize::from(player)];
            problem.boxes = cells.iter().map(|&c| board.cells[usize::from(c)]).collect();
            let cols = problem.cols;
            let split = move |cell: usize| u8::from(cell % cols * 2 >= cols);
            let lurd = solve_with_split(&problem, &limits, &split).unwrap();
            let pushes = lurd.map(|l| l.iter().filter(|b| b.is_ascii_uppercase()).count() as u32);
            assert_eq!(pushes, answer, "{problem:?}");
            checked += 1;
            solvable += usize::from(answer.is_some());
        }
        assert!(solvable > 200, "only {solvable} of {checked} solvable");
    }
}
