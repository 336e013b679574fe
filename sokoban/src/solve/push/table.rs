//! The transposition table: every state met so far, its boxes in one flat arena (as a
//! bitset over the floor cells, or as the sorted list of box cells, four to a word, when
//! that is shorter: a large floor with few boxes), its search facts in a parallel list,
//! and an open-addressing index over both, all charged to the ledger before they grow.

use puzzle_frame::budget::{Ledger, OverBudget};

use super::bits;

/// An unused quarter of a listed key.
const NO_CELL: u16 = u16::MAX;

/// An empty slot of the index (a slot holds a state id in its low half and the high half
/// of the state's hash in its high half, so most misses need no look at the arena).
const EMPTY: u64 = u64::MAX;

/// The most states the table numbers (ids are `u32`, one value kept for "none").
const MOST_STATES: usize = u32::MAX as usize - 1;

/// What the search keeps of one state besides its boxes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The state it was first reached from with its best pushes (itself for the start).
    pub parent: u32,
    /// Pushes from the start.
    pub pushes: u32,
    /// The lower bound on the pushes left.
    pub bound: u32,
    /// The player's canonical cell: the least floor cell of the player's region.
    pub player: u16,
    /// The cell the last push moved its box from.
    pub moved_from: u16,
    /// The direction of the last push.
    pub dir: u8,
    /// The symmetry that maps the position the last push made onto this stored one.
    pub sym: u8,
    /// Whether the state was queued again with the bound its forced boxes refined.
    pub refined: bool,
    /// Whether the state has been expanded.
    pub closed: bool,
}

/// The states met so far.
pub(super) struct Table {
    /// Words of a stored key.
    words: usize,
    /// Whether keys are sorted cell lists (else bitsets).
    listed: bool,
    /// The key being looked up.
    key: Vec<u64>,
    boxes: Vec<u64>,
    nodes: Vec<Node>,
    slots: Vec<u64>,
}

/// The hash of a state.
fn hash(boxes: &[u64], player: u16) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = u64::from(player).wrapping_mul(K);
    for &word in boxes {
        h = (h.rotate_left(23) ^ word).wrapping_mul(K);
    }
    h ^ (h >> 29)
}

impl Table {
    /// An empty table for `boxes` boxes on `floor` cells.
    pub fn new(floor: usize, boxes: usize, ledger: &mut Ledger) -> Result<Table, OverBudget> {
        let set_words = bits::words(floor);
        let list_words = boxes.div_ceil(4).max(1);
        let (words, listed) = if list_words < set_words {
            (list_words, true)
        } else {
            (set_words, false)
        };
        Ok(Table {
            words,
            listed,
            key: vec![0; words],
            boxes: Vec::new(),
            nodes: Vec::new(),
            slots: ledger.vec("the transposition table", 1024, EMPTY)?,
        })
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The facts of state `id`.
    pub fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    /// The facts of state `id`, to change.
    pub fn node_mut(&mut self, id: u32) -> &mut Node {
        &mut self.nodes[id as usize]
    }

    /// The stored key of state `id`.
    fn key_of(&self, id: u32) -> &[u64] {
        let start = id as usize * self.words;
        &self.boxes[start..start + self.words]
    }

    /// Writes the box bitset of state `id` into `set`.
    pub fn load(&self, id: u32, set: &mut [u64]) {
        let key = self.key_of(id);
        if !self.listed {
            set.copy_from_slice(key);
            return;
        }
        set.fill(0);
        for &word in key {
            for quarter in 0..4 {
                let cell = (word >> (16 * quarter)) as u16;
                if cell != NO_CELL {
                    bits::insert(set, cell);
                }
            }
        }
    }

    /// Puts the key of the box bitset `boxes` into `self.key`.
    fn encode(&mut self, boxes: &[u64]) {
        if !self.listed {
            self.key.copy_from_slice(boxes);
            return;
        }
        self.key.fill(u64::MAX);
        let mut at = 0;
        for (w, &word) in boxes.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let cell = (w * 64) as u64 + u64::from(rest.trailing_zeros());
                let shift = 16 * (at % 4);
                self.key[at / 4] &= !(0xFFFF << shift);
                self.key[at / 4] |= cell << shift;
                at += 1;
                rest &= rest - 1;
            }
        }
    }

    /// The id of the state with `boxes` and `player`, or the slot where it would go.
    pub fn find(&mut self, boxes: &[u64], player: u16) -> Result<u32, usize> {
        self.encode(boxes);
        let mask = self.slots.len() - 1;
        let h = hash(&self.key, player);
        let mut slot = h as usize & mask;
        loop {
            let entry = self.slots[slot];
            if entry == EMPTY {
                return Err(slot);
            }
            let id = entry as u32;
            if entry >> 32 == h >> 32
                && self.nodes[id as usize].player == player
                && self.key_of(id) == self.key.as_slice()
            {
                return Ok(id);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Adds the state last looked up with [`Table::find`] at the `slot` it gave, with
    /// `node`; its id.
    pub fn insert(
        &mut self,
        slot: usize,
        node: Node,
        ledger: &mut Ledger,
    ) -> Result<u32, OverBudget> {
        if self.nodes.len() >= MOST_STATES {
            return Err(ledger.budget().refuse("the transposition table", u64::MAX));
        }
        let id = self.nodes.len() as u32;
        for i in 0..self.words {
            let word = self.key[i];
            ledger.push(&mut self.boxes, word, "the transposition table")?;
        }
        ledger.push(&mut self.nodes, node, "the transposition table")?;
        let h = hash(&self.key, node.player);
        self.slots[slot] = (h >> 32 << 32) | u64::from(id);
        if self.nodes.len() * 4 > self.slots.len() * 3 {
            self.grow(ledger)?;
        }
        Ok(id)
    }

    /// Doubles the index and places every state again.
    fn grow(&mut self, ledger: &mut Ledger) -> Result<(), OverBudget> {
        let size = self.slots.len() * 2;
        let mut slots = ledger.vec("the transposition table", size, EMPTY)?;
        let mask = size - 1;
        for id in 0..self.nodes.len() as u32 {
            let h = hash(self.key_of(id), self.nodes[id as usize].player);
            let mut slot = h as usize & mask;
            while slots[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            slots[slot] = (h >> 32 << 32) | u64::from(id);
        }
        ledger.give_back::<u64>(self.slots.len());
        self.slots = slots;
        Ok(())
    }
}
