//! Learnt deadlock patterns: a few boxes near the box just pushed, with the player's zone
//! among them, that a small search proves can never all reach goals, kept and matched
//! against every later state.
//!
//! **Why dropping a matched state is exact.** Take a state and a subset `S` of its boxes,
//! and the sub-level that keeps only `S` (the same board, the same player cell). A solution
//! of the state, its pushes of the other boxes left out, solves the sub-level: a walk of
//! the player crosses no box of `S` in the state, so it crosses none in the sub-level; a
//! push of a box of `S` goes into a cell free of every box, so free of `S`; and every box
//! of `S` ends on a goal (a sub-level is solved when every box of it stands on a goal,
//! whatever goals are left over). So when the sub-level has no solution, neither has the
//! state. The search below proves that by exhausting every push sequence of the
//! sub-level, leaving out only pushes onto dead squares and pushes that make a freeze
//! deadlock (both have no solution in any level, `board` and `deadlock`); a search that
//! passes its state limit or meets a solved position proves nothing. A proved sub-level
//! is kept as a pattern: its box cells and the player's zone among them (the cells the
//! player reaches without pushing them). A later state that holds every box of the
//! pattern and whose player stands in that zone restricts to the same sub-level (the
//! player's zone names it), so it has no solution either and is dropped.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use puzzle_frame::budget::{Ledger, OverBudget};

use super::bits;
use super::board::{opposite, Board};
use super::deadlock::{Freeze, FreezeCheck};

/// The most boxes of a pattern (a subset key packs them into 128 bits).
const MOST_BOXES: usize = 4;

/// The most positions a sub-level's search stores before it gives up.
const MOST_POSITIONS: usize = 2_000;

/// The learnt patterns, the sub-levels already searched, and scratch space.
pub(super) struct Patterns {
    /// Words of a set of floor cells.
    words: usize,
    /// Per floor cell, the patterns holding a box there.
    by_cell: Vec<Vec<u32>>,
    /// Per pattern, its box set (`words` words each).
    sets: Vec<u64>,
    /// Per pattern, the player's zone among its boxes (`words` words each).
    zones: Vec<u64>,
    /// Per subset searched (its cells packed), the zones it was searched from.
    tried: HashMap<u128, Vec<u32>, BuildHasherDefault<MixHasher>>,
    /// The zones of `tried`, `words` words each.
    tried_zones: Vec<u64>,
    /// The positions the current sub-level search has stored.
    seen: HashSet<Vec<u16>>,
    /// Scratch: the positions to expand (boxes, then the player's least cell), nearest
    /// the goals first.
    heap: BinaryHeap<(Reverse<u32>, Vec<u16>)>,
    /// Scratch: the pushes of a position (box number, cell it goes to).
    pushes: Vec<(usize, u16)>,
    /// Scratch: the box set of a position, the flood's marks and queue.
    boxes: Vec<u64>,
    marks: Vec<u64>,
    queue: Vec<u16>,
    /// Scratch: the cells the subset's walk has met.
    met: Vec<u64>,
    freeze: FreezeCheck,
    /// The positions the sub-level searches have stored so far.
    spent: u64,
}

impl Patterns {
    /// No patterns yet, on a board of `floor` cells.
    pub fn new(floor: usize, ledger: &mut Ledger) -> Result<Patterns, OverBudget> {
        ledger.take::<u16>(
            "the deadlock patterns",
            MOST_POSITIONS * (MOST_BOXES + 1) * 4,
        )?;
        let words = bits::words(floor);
        Ok(Patterns {
            words,
            by_cell: vec![Vec::new(); floor],
            sets: Vec::new(),
            zones: Vec::new(),
            tried: HashMap::default(),
            tried_zones: Vec::new(),
            seen: HashSet::new(),
            heap: BinaryHeap::new(),
            pushes: Vec::new(),
            boxes: vec![0; words],
            marks: vec![0; words],
            queue: Vec::with_capacity(floor),
            met: vec![0; words],
            freeze: FreezeCheck::new(),
            spent: 0,
        })
    }

    /// Whether the state `boxes`, the player on `player` and the box on `pushed` just
    /// pushed there (from the player's cell), has no solution by a learnt pattern. The
    /// subset around `pushed` ([`Patterns::subset`], `in_region` telling the player's
    /// region before the push) is searched first unless it was searched before from the same zone, or the
    /// sub-level searches have stored more positions than the main search's `states`
    /// (which keeps their cost within the search's own on every level).
    pub fn dead(
        &mut self,
        board: &Board,
        boxes: &[u64],
        in_region: &dyn Fn(u16) -> bool,
        (player, pushed): (u16, u16),
        states: u64,
        ledger: &mut Ledger,
    ) -> Result<bool, OverBudget> {
        if self.matches(boxes, player, pushed) {
            return Ok(true);
        }
        if self.spent > states {
            return Ok(false);
        }
        let Some(subset) = self.subset(board, boxes, in_region, pushed) else {
            return Ok(false);
        };
        let key = subset
            .iter()
            .fold(0u128, |key, &cell| (key << 16) | (u128::from(cell) + 1));
        let words = self.words;
        let zones = &self.tried_zones;
        let known = self.tried.get(&key).is_some_and(|ids| {
            ids.iter()
                .any(|&id| bits::has(&zones[id as usize * words..][..words], player))
        });
        if known {
            return Ok(false);
        }
        self.boxes.fill(0);
        for &cell in &subset {
            bits::insert(&mut self.boxes, cell);
        }
        let least = self.flood(board, player);
        let id = (self.tried_zones.len() / words) as u32;
        if id % 1024 == 0 {
            ledger.take::<u64>("the deadlock patterns", 1024 * (words + 4))?;
        }
        self.tried_zones.extend_from_slice(&self.marks);
        self.tried.entry(key).or_default().push(id);
        let zone = self.marks.clone();
        let dead = self.unsolvable(board, &subset, least);
        self.spent += self.seen.len() as u64;
        if !dead {
            return Ok(false);
        }
        let pattern = (self.sets.len() / words) as u32;
        let start = self.sets.len();
        self.sets.resize(start + words, 0);
        for &cell in &subset {
            bits::insert(&mut self.sets[start..], cell);
            self.by_cell[usize::from(cell)].push(pattern);
        }
        self.zones.extend_from_slice(&zone);
        Ok(true)
    }

    /// Whether a stored pattern with a box on `pushed` lies within `boxes` with `player`
    /// in its zone.
    fn matches(&self, boxes: &[u64], player: u16, pushed: u16) -> bool {
        let words = self.words;
        self.by_cell[usize::from(pushed)].iter().any(|&id| {
            let at = id as usize * words;
            bits::has(&self.zones[at..at + words], player)
                && self.sets[at..at + words]
                    .iter()
                    .zip(boxes)
                    .all(|(&set, &held)| set & !held == 0)
        })
    }

    /// The box on `pushed` and the boxes met from it by steps through cells outside the
    /// player's region (`in_region`), nearest first, at most [`MOST_BOXES`], sorted: the
    /// boxes around the corrals next to the push. `None` when fewer than two.
    fn subset(
        &mut self,
        board: &Board,
        boxes: &[u64],
        in_region: &dyn Fn(u16) -> bool,
        pushed: u16,
    ) -> Option<Vec<u16>> {
        let mut subset = vec![pushed];
        self.met.fill(0);
        bits::insert(&mut self.met, pushed);
        self.queue.clear();
        self.queue.push(pushed);
        let mut head = 0;
        while head < self.queue.len() && subset.len() < MOST_BOXES {
            let cell = self.queue[head];
            head += 1;
            for dir in 0..4 {
                let Some(next) = board.step(cell, dir) else {
                    continue;
                };
                if bits::has(&self.met, next) || in_region(next) {
                    continue;
                }
                bits::insert(&mut self.met, next);
                self.queue.push(next);
                if bits::has(boxes, next) && subset.len() < MOST_BOXES {
                    subset.push(next);
                }
            }
        }
        subset.sort_unstable();
        (subset.len() >= 2).then_some(subset)
    }

    /// Floods the player's zone from `start` among `self.boxes` into `self.marks`; its
    /// least cell.
    fn flood(&mut self, board: &Board, start: u16) -> u16 {
        self.marks.fill(0);
        bits::insert(&mut self.marks, start);
        let (marks, boxes, mut least) = (&mut self.marks, &self.boxes, start);
        board.flood(start, &mut self.queue, |next| {
            let enter = !bits::has(marks, next) && !bits::has(boxes, next);
            if enter {
                bits::insert(marks, next);
                least = least.min(next);
            }
            enter
        });
        least
    }

    /// Whether the sub-level of the boxes `subset` (sorted), the player's zone named by
    /// `least`, has no solution: true only when every push sequence was exhausted (never
    /// for boxes all on goals already: that sub-level is solved as it stands). The
    /// positions nearest the goals (the sum of each box's least push distance) go first,
    /// so that a sub-level with a solution mostly finds it early.
    fn unsolvable(&mut self, board: &Board, subset: &[u16], least: u16) -> bool {
        if subset.iter().all(|&cell| board.is_goal[usize::from(cell)]) {
            return false;
        }
        self.seen.clear();
        self.heap.clear();
        let mut start = subset.to_vec();
        start.push(least);
        self.seen.insert(start.clone());
        self.heap.push((Reverse(estimate(board, &start)), start));
        while let Some((_, position)) = self.heap.pop() {
            let count = position.len() - 1;
            self.boxes.fill(0);
            for &cell in &position[..count] {
                bits::insert(&mut self.boxes, cell);
            }
            self.flood(board, position[count]);
            self.pushes.clear();
            for (index, &from) in position[..count].iter().enumerate() {
                for dir in 0..4 {
                    let Some(to) = board.step(from, dir) else {
                        continue;
                    };
                    if bits::has(&self.boxes, to) || board.dead[usize::from(to)] {
                        continue;
                    }
                    if let Some(behind) = board.step(from, opposite(dir)) {
                        if bits::has(&self.marks, behind) {
                            self.pushes.push((index, to));
                        }
                    }
                }
            }
            let pushes = std::mem::take(&mut self.pushes);
            for &(index, to) in &pushes {
                let from = position[index];
                bits::remove(&mut self.boxes, from);
                bits::insert(&mut self.boxes, to);
                let mut child = Vec::new();
                if self.freeze.check(board, &self.boxes, to) != Freeze::Deadlock {
                    child = position.clone();
                    child[index] = to;
                    child[..count].sort_unstable();
                    child[count] = self.flood(board, from);
                }
                bits::remove(&mut self.boxes, to);
                bits::insert(&mut self.boxes, from);
                if child.is_empty() {
                    continue;
                }
                if child[..count]
                    .iter()
                    .all(|&c| board.is_goal[usize::from(c)])
                    || self.seen.len() >= MOST_POSITIONS
                {
                    return false;
                }
                if self.seen.insert(child.clone()) {
                    self.heap.push((Reverse(estimate(board, &child)), child));
                }
            }
            self.pushes = pushes;
        }
        true
    }
}

/// The sum over the boxes of `position` (boxes, then the player's least cell) of the
/// least push distance to a goal.
fn estimate(board: &Board, position: &[u16]) -> u32 {
    let (boxes, player) = position.split_at(position.len() - 1);
    boxes
        .iter()
        .map(|&cell| {
            let least = board.push_distances(cell, player[0]).iter().min();
            u32::from(least.copied().unwrap_or(0))
        })
        .sum()
}

/// A fast hasher for the packed subset keys (a multiply and a shift per word).
#[derive(Default)]
pub(super) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashSet, VecDeque};

    use puzzle_frame::budget::{Ledger, MemoryBudget};

    use super::super::bits;
    use super::super::board::{test_random, test_random_board, Board};
    use super::Patterns;

    /// Whether the boxes `boxes` with the player on `player` can all reach goals, by a
    /// breadth-first search over the literal state (sorted boxes, player cell); `None`
    /// past `most` states.
    fn solvable(board: &Board, boxes: &[u16], player: u16, most: usize) -> Option<bool> {
        let mut start = boxes.to_vec();
        start.sort_unstable();
        let mut seen = HashSet::from([(start.clone(), player)]);
        let mut queue = VecDeque::from([(start, player)]);
        while let Some((boxes, player)) = queue.pop_front() {
            if boxes.iter().all(|&b| board.is_goal[usize::from(b)]) {
                return Some(true);
            }
            for dir in 0..4 {
                let Some(next) = board.step(player, dir) else {
                    continue;
                };
                let mut moved = boxes.clone();
                if let Some(index) = boxes.iter().position(|&b| b == next) {
                    match board.step(next, dir) {
                        Some(ahead) if !boxes.contains(&ahead) => moved[index] = ahead,
                        _ => continue,
                    }
                    moved.sort_unstable();
                }
                if seen.insert((moved.clone(), next)) {
                    if seen.len() > most {
                        return None;
                    }
                    queue.push_back((moved, next));
                }
            }
        }
        Some(false)
    }

    #[test]
    fn a_state_a_pattern_drops_has_no_solution_by_the_reference() {
        let mut below = test_random(0x9E37_79B9_7F4A_7C15);
        let (mut checked, mut dropped) = (0, 0);
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 26));
        while checked < 6000 {
            let Some((_, board)) = test_random_board(&mut below, 5, 20, (2, 4)) else {
                continue;
            };
            let floor = board.floor();
            if floor < 8 {
                continue;
            }
            let mut patterns = Patterns::new(floor, &mut ledger).unwrap();
            // Several states on one board, so that learnt patterns are matched again.
            for _ in 0..30 {
                let count = 2 + below(4);
                let mut cells: Vec<u16> = (0..=count).map(|_| below(floor) as u16).collect();
                let player = cells.pop().unwrap();
                cells.sort_unstable();
                cells.dedup();
                if cells.contains(&player) || cells.len() < 2 {
                    continue;
                }
                let mut boxes = vec![0; bits::words(floor)];
                cells
                    .iter()
                    .for_each(|&cell| bits::insert(&mut boxes, cell));
                let pushed = cells[below(cells.len())];
                // A region of the player's cell alone: every other cell is walked through.
                let in_region = |cell| cell == player;
                let dead = patterns
                    .dead(
                        &board,
                        &boxes,
                        &in_region,
                        (player, pushed),
                        u64::MAX,
                        &mut ledger,
                    )
                    .unwrap();
                let Some(answer) = solvable(&board, &cells, player, 20_000) else {
                    continue;
                };
                checked += 1;
                if dead {
                    dropped += 1;
                    assert!(
                        !answer,
                        "a solvable state dropped: {cells:?}, player {player}"
                    );
                }
            }
        }
        assert!(dropped > 300, "only {dropped} of {checked} states dropped");
    }
}
