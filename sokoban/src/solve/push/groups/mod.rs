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
//! proves the sub-level unsolvable, and with it the state. The children of every
//! position expanded are kept (`memo`: what they are depends on the position alone), so
//! the searches of neighbouring states, which meet the same positions, work each out once.
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

use super::board::{Board, NONE};
use super::deadlock::FreezeCheck;
use super::matching::Matcher;
use super::patterns::MixHasher;
use super::region::Region;

mod memo;
mod rooms;
mod search;
#[cfg(test)]
mod tests;

use memo::{Child, Memo};
use rooms::{rooms, splits};

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

/// What is known of a sub-level's fewest pushes: always a lower bound, either its own
/// search's answer (`searched`: exact when the search finished, the open list's least
/// estimate when it hit its cap; a sub-level is searched at most once) or learnt from
/// another sub-level's search.
#[derive(Clone, Copy)]
struct Known {
    cost: u32,
    searched: bool,
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
    /// Per floor cell, its neighbours (a bit per cell).
    near: Vec<u128>,
    /// The cells of the analysed region, and those the last flood reached.
    region_cells: u128,
    spread: u128,
    /// The most expansions of one search.
    cap: usize,
    /// The expansions of every group search so far.
    spent: u64,
    cells: Vec<u16>,
    children: Vec<(u128, u16, u16)>,
    /// The children of the positions expanded so far, and the scratch of one.
    memo: Memo,
    kept: Vec<Child>,
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
            + floor * std::mem::size_of::<u128>()
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
            near: (0..floor as u16)
                .map(|cell| {
                    (0..4)
                        .filter_map(|dir| board.step(cell, dir))
                        .fold(0, |near, next| near | 1 << next)
                })
                .collect(),
            region_cells: 0,
            spread: 0,
            cap: MOST_EXPANSIONS,
            spent: 0,
            cells: Vec::with_capacity(boxes),
            children: Vec::new(),
            memo: Memo::default(),
            kept: Vec::new(),
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
        ledger.give_back::<u8>(self.bytes + self.memo.charged);
    }

    /// The group bound of the boxes `list` with the player's region holding `player`:
    /// the largest over the splits of the sum of the groups' costs, `None` when a group's
    /// sub-level has no solution (then neither has the state). Once the group searches
    /// have made more than [`SPENT_FREE`] and [`SPENT_PER_STATE`] expansions per state of
    /// the main search (`states`), a group not searched yet costs what is known of it, or 0
    /// (a lower bound still), which keeps their cost within the search's own.
    pub fn bound(
        &mut self,
        board: &Board,
        list: &[u16],
        player: u16,
        states: u64,
        ledger: &mut Ledger,
    ) -> Result<Option<u32>, OverBudget> {
        self.memo.make_room(ledger);
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
                let least = self.flood(set, player, false);
                match self.cost(board, (set, least), searching, ledger)? {
                    DEAD => return Ok(None),
                    cost => sum += cost,
                }
            }
            best = best.max(sum);
        }
        Ok(Some(best))
    }

    /// The cost of the sub-level `key`, searched unless searched already (or not
    /// `searching`: then what is known, or 0).
    fn cost(
        &mut self,
        board: &Board,
        key: Key,
        searching: bool,
        ledger: &mut Ledger,
    ) -> Result<u32, OverBudget> {
        match self.known.get(&key) {
            Some(known) if known.searched || !searching => return Ok(known.cost),
            None if !searching => return Ok(0),
            _ => {}
        }
        let cost = self.search(board, key, ledger);
        self.learn(
            key,
            Known {
                cost,
                searched: true,
            },
            ledger,
        )?;
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
                            searched: false,
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
                    searched: false,
                })
            }
        };
        if known.searched || (!entry.searched && known.cost > entry.cost) {
            *entry = known;
        }
        Ok(())
    }
}
