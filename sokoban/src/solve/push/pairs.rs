//! Pair penalties: what two boxes cost beyond their push distances when they are solved
//! together, exactly, with every other box removed (a pattern database of box pairs).
//!
//! **The table.** For every set `{g, h}` of two goals, a breadth-first search by pulls
//! (walks cost nothing, a pull one push) from every position with the two boxes on `g`
//! and `h` gives `exact(a, b, p)`: the fewest pushes that bring boxes on `a` and `b`,
//! the player on `p` and nothing else on the board, onto `g` and `h`. The pair's
//! penalty for that set is `exact - min(d(a, g) + d(b, h), d(a, h) + d(b, g))`, `d`
//! the push distance of one box alone with the player on `p`'s side of it
//! ([`Board::push_distance`]); `pen(a, b, p)` is its least over every goal set ([`DEAD`]
//! when no set is reachable at all).
//!
//! **Why the bound stays admissible.** Take a solution from a state and the goal `σ(i)`
//! each box `i` ends on (distinct goals). Remove every box but two, `i` and `j`: the
//! solution's pushes of `i` and `j`, in order, are still legal (a push needs a free cell
//! ahead and the player on the cell behind, and fewer boxes only free cells and widen
//! the player's walks), and they bring the pair onto `{σ(i), σ(j)}`. So the solution
//! pushes `i` and `j` at least `exact ≥ lone + pen` times, `lone` the least of the two
//! ways round (`d(i, σ(i)) + d(j, σ(j))` or the pair's goals swapped) and `pen` the least
//! over sets; a box alone needs at least `d(i, σ(i))`. This is *not* `d(i, σ(i)) + d(j,
//! σ(j)) + pen` when `σ` takes the dearer way round; so let `σ'` be `σ` with each chosen
//! pair's two goals given the cheaper way round (still one distinct goal a box). For
//! pairs that share no box, pushes of different pairs are different pushes, so the
//! solution's length is at least `Σ d(i, σ'(i)) + Σ pen ≥ matching + Σ pen`, the
//! matching being the least of `Σ d` over every assignment, `σ'` among them. Any set of
//! disjoint pairs gives a lower bound, so the search may take them greedily. A pair with
//! [`DEAD`] cannot reach any two goals even alone: the state has no solution. (A bound
//! that restricts which goals a box may take, as a split of the assignments would, must
//! keep `σ'` allowed whenever it allows `σ`: a restriction on one box of a pair and not
//! on the other, or not the same for both goals of the pair, breaks this step.)
//!
//! With the forced refinement (a box on a goal that must move costs 2 there, not 0) only
//! pairs without a forced box are added: the refinement's argument is about that box's
//! own pushes, which then belong to no pair.
//!
//! The player's region among all boxes lies within its region among the two (fewer boxes,
//! fewer walls), so its least cell names the pair's player for the table.

use puzzle_frame::budget::{Ledger, OverBudget};

use super::bits;
use super::board::{opposite, Board, UNREACHABLE};

/// The penalty of a pair that reaches no two goals.
pub(super) const DEAD: u8 = u8::MAX;

/// The most floor cells for which the table is built (`floor³` bytes and twice that
/// while it is built, and `floor²` bitsets of the partners, 256 KiB at most).
const MOST_FLOOR: usize = 128;

/// The most goal sets times table entries the searches that build the table may visit
/// (under a second: Microban 144, 31 M of them, builds in 0.14 s): a larger level goes
/// without penalties.
const MOST_WORK: usize = 1 << 27;

/// Not reached yet in a search of one goal set.
const FAR: u16 = u16::MAX;

/// The place in the table of boxes on `a` and `b` (either order) and the player on `p`:
/// by player first, so that the pairs of one state lie within `floor²` bytes.
#[inline]
fn slot(floor: usize, a: u16, b: u16, p: u16) -> usize {
    let (a, b) = (a.min(b), a.max(b));
    (usize::from(p) * floor + usize::from(a)) * floor + usize::from(b)
}

/// The pair penalties of one level.
pub(super) struct Pairs {
    floor: usize,
    /// `pen[(p * floor + a) * floor + b]` for boxes on `a < b` and the player on `p`.
    pen: Vec<u8>,
    /// Per player `p` and box `a`, the cells `b` whose pair with `a` has a penalty other
    /// than 0 (positive or [`DEAD`]), a bitset of [`Pairs::words`] words at
    /// `(p * floor + a) * words`: a box with none of them among the boxes adds nothing.
    partners: Vec<u64>,
    /// The words of a bitset over the floor.
    words: usize,
    /// Scratch: the boxes of the state [`Pairs::sum`] is asked about, as a bitset.
    present: Vec<u64>,
    /// Scratch for the greedy choice of disjoint pairs.
    found: Vec<(u8, u16, u16)>,
    used: Vec<bool>,
}

impl Pairs {
    /// The penalties of `board`, or `None` when it is too large for the table or has
    /// fewer than two goals (then no penalty is added).
    pub fn new(board: &Board, ledger: &mut Ledger) -> Result<Option<Pairs>, OverBudget> {
        let (floor, goals) = (board.floor(), board.goals.len());
        let size = floor * floor * floor;
        if floor > MOST_FLOOR || goals < 2 || goals * (goals - 1) / 2 * size > MOST_WORK {
            return Ok(None);
        }
        let mut pen = ledger.vec("the pair penalties", size, DEAD)?;
        let mut exact = ledger.vec("the pair penalties", size, FAR)?;
        let (mut current, mut next) = (Vec::new(), Vec::new());
        // The searches number (a, b, p) with the player last: a walk stays near.
        let index = |a: u16, b: u16, p: u16| {
            (usize::from(a.min(b)) * floor + usize::from(a.max(b))) * floor + usize::from(p)
        };
        let goals = &board.goals;
        for (k, &g) in goals.iter().enumerate() {
            for (l, &h) in goals.iter().enumerate().skip(k + 1) {
                exact.fill(FAR);
                current.clear();
                next.clear();
                for p in 0..floor as u16 {
                    if p != g && p != h {
                        next.push((g.min(h), g.max(h), p));
                    }
                }
                let mut pushes = 0u16;
                while !next.is_empty() {
                    std::mem::swap(&mut current, &mut next);
                    next.clear();
                    current.retain(|&(a, b, p)| {
                        let fresh = exact[index(a, b, p)] == FAR;
                        if fresh {
                            exact[index(a, b, p)] = pushes;
                        }
                        fresh
                    });
                    let mut head = 0;
                    while head < current.len() {
                        let (a, b, p) = current[head];
                        head += 1;
                        for dir in 0..4 {
                            let Some(q) = board.step(p, dir) else {
                                continue;
                            };
                            if q == a || q == b {
                                // A pull: the player steps back from the box on `q`,
                                // which follows onto `p`.
                                let Some(back) = board.step(p, opposite(dir)) else {
                                    continue;
                                };
                                if back != a && back != b {
                                    let other = if q == a { b } else { a };
                                    next.push((p.min(other), p.max(other), back));
                                }
                            } else if exact[index(a, b, q)] == FAR {
                                exact[index(a, b, q)] = pushes;
                                current.push((a, b, q));
                            }
                        }
                    }
                    pushes += 1;
                }
                // Only `a < b` is searched (a pair is stored with its cells in order).
                for (a, b) in (0..floor).flat_map(|a| (a + 1..floor).map(move |b| (a, b))) {
                    let row = &exact[(a * floor + b) * floor..][..floor];
                    let (a, b) = (a as u16, b as u16);
                    for (p, &e) in row.iter().enumerate() {
                        if e == FAR {
                            continue;
                        }
                        let p = p as u16;
                        let d = |goal, cell| u32::from(board.push_distance(goal, cell, p));
                        let lone = (d(k, a) + d(l, b)).min(d(l, a) + d(k, b));
                        debug_assert!(lone < 2 * u32::from(UNREACHABLE), "a pair solved alone");
                        debug_assert!(u32::from(e) >= lone, "a pair costs its push distances");
                        let penalty = (u32::from(e).saturating_sub(lone)).min(u32::from(DEAD) - 1);
                        let at = slot(floor, a, b, p);
                        pen[at] = pen[at].min(penalty as u8);
                    }
                }
            }
        }
        drop(exact);
        ledger.give_back::<u16>(size);
        let words = bits::words(floor);
        let mut partners = ledger.vec("the pair penalties", floor * floor * words, 0u64)?;
        for p in 0..floor {
            for (a, b) in (0..floor).flat_map(|a| (a + 1..floor).map(move |b| (a, b))) {
                if pen[slot(floor, a as u16, b as u16, p as u16)] != 0 {
                    let row = |cell: usize| (p * floor + cell) * words;
                    bits::insert(&mut partners[row(a)..][..words], b as u16);
                    bits::insert(&mut partners[row(b)..][..words], a as u16);
                }
            }
        }
        Ok(Some(Pairs {
            floor,
            pen,
            partners,
            words,
            present: ledger.vec("the pair penalties", words, 0)?,
            found: Vec::new(),
            used: Vec::new(),
        }))
    }

    /// The sum of penalties over disjoint pairs of `boxes` (cells) chosen greedily,
    /// the boxes on `skip` left out; `None` when some pair is [`DEAD`].
    pub fn sum(&mut self, boxes: &[u16], player: u16, skip: &[u16]) -> Option<u32> {
        self.found.clear();
        // The penalties with the player on `player`: a block of `floor²` ([`slot`]).
        let floor = self.floor;
        self.present.fill(0);
        for &cell in boxes {
            bits::insert(&mut self.present, cell);
        }
        let block = &self.pen[slot(floor, 0, 0, player)..][..floor * floor];
        for (i, &a) in boxes.iter().enumerate() {
            // A box none of whose pairs with the others has a penalty other than 0 adds
            // nothing: its pairs are looked at only when it has one.
            let at = (usize::from(player) * floor + usize::from(a)) * self.words;
            let row = &self.partners[at..][..self.words];
            if row.iter().zip(&self.present).all(|(r, p)| r & p == 0)
                || (!skip.is_empty() && skip.contains(&a))
            {
                continue;
            }
            for (j, &b) in boxes.iter().enumerate().skip(i + 1) {
                let pen = block[slot(floor, a, b, 0)];
                if pen == DEAD {
                    return None;
                }
                if pen > 0 && (skip.is_empty() || !skip.contains(&b)) {
                    self.found.push((pen, i as u16, j as u16));
                }
            }
        }
        if self.found.is_empty() {
            return Some(0);
        }
        self.found.sort_unstable_by(|x, y| y.cmp(x));
        self.used.clear();
        self.used.resize(boxes.len(), false);
        let mut total = 0;
        for &(pen, i, j) in &self.found {
            let (i, j) = (usize::from(i), usize::from(j));
            if !self.used[i] && !self.used[j] {
                self.used[i] = true;
                self.used[j] = true;
                total += u32::from(pen);
            }
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{test_random, test_random_board};
    use super::*;
    use puzzle_frame::budget::MemoryBudget;

    /// The greedy sum over every pair of `boxes`, none passed over: what [`Pairs::sum`]
    /// must equal.
    fn every_pair(pairs: &Pairs, boxes: &[u16], player: u16, skip: &[u16]) -> Option<u32> {
        let mut found = Vec::new();
        for (i, &a) in boxes.iter().enumerate() {
            for (j, &b) in boxes.iter().enumerate().skip(i + 1) {
                let pen = pairs.pen[slot(pairs.floor, a, b, player)];
                if skip.contains(&a) {
                    continue;
                }
                if pen == DEAD {
                    return None;
                }
                if pen > 0 && !skip.contains(&b) {
                    found.push((pen, i, j));
                }
            }
        }
        found.sort_unstable_by(|x, y| y.cmp(x));
        let mut used = vec![false; boxes.len()];
        let mut total = 0;
        for (pen, i, j) in found {
            if !used[i] && !used[j] {
                (used[i], used[j]) = (true, true);
                total += u32::from(pen);
            }
        }
        Some(total)
    }

    /// [`Pairs::sum`], which looks at a box's pairs only when the box has a partner
    /// (a pair with a penalty other than 0) among the others, gives the sum of looking
    /// at every pair, on random boards, box lists in any order, players and skipped boxes.
    #[test]
    fn passing_over_boxes_without_partners_changes_no_sum() {
        let mut below = test_random(0x9E37_79B9_7F4A_7C15u64);
        let (mut positive, mut dead) = (0, 0);
        for _ in 0..2000 {
            let Some((_, board)) = test_random_board(&mut below, 4, 25, (2, 4)) else {
                continue;
            };
            let mut ledger = Ledger::new(MemoryBudget::new(1 << 26));
            let Ok(Some(mut pairs)) = Pairs::new(&board, &mut ledger) else {
                continue;
            };
            // Boxes mostly on live cells (from which a box alone reaches a goal), where
            // pairs have positive penalties; the player anywhere else.
            let live: Vec<u16> = (0..board.floor() as u16)
                .filter(|&c| !board.dead[usize::from(c)])
                .collect();
            for _ in 0..50 {
                let count = 2 + below(4);
                if count >= live.len() {
                    break;
                }
                let mut boxes = Vec::new();
                while boxes.len() < count {
                    let cell = match below(8) {
                        0 => below(board.floor()) as u16,
                        _ => live[below(live.len())],
                    };
                    if !boxes.contains(&cell) {
                        boxes.push(cell);
                    }
                }
                let player = boxes.pop().unwrap_or(0);
                let skip: Vec<u16> = boxes.iter().copied().filter(|_| below(4) == 0).collect();
                let expected = every_pair(&pairs, &boxes, player, &skip);
                assert_eq!(
                    pairs.sum(&boxes, player, &skip),
                    expected,
                    "{boxes:?} {player}"
                );
                match expected {
                    Some(0) => {}
                    Some(_) => positive += 1,
                    None => dead += 1,
                }
            }
        }
        assert!(
            positive > 100 && dead > 100,
            "{positive} positive, {dead} dead"
        );
    }
}
