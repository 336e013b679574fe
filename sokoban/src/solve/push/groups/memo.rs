//! The children of the positions the group searches have expanded, kept from one search
//! to the next: neighbouring states of the main search ask about sub-levels whose searches
//! meet the same positions (on Microban 144, 4.3 M expansions of 0.68 M positions).
//!
//! **Why the searches stay the same.** What a position's expansion works out for a child
//! depends on the position's name alone: its box set and the least cell of the player's
//! region give the region, hence which pushes there are, each child's box set and region
//! ([`Groups::child_least`](super::Groups)), whether the pushed box freezes, and the
//! child's matching (its boxes, and each box's side of the player, which the region
//! fixes). A kept child is those values as they were worked out, so a search that finds
//! its position here queues the same children with the same estimates as one that works
//! them out again; only what is known of a child (learnt lower bounds, which change from
//! search to search) is looked up each time. Children the expansion skips whatever the
//! search (a freeze deadlock, a box that reaches no goal) are not kept.
//!
//! **Memory.** Charged to the ledger in chunks, at most an eighth of the budget; when
//! the ledger refuses a chunk, or the eighth is reached, the memo stops growing (what it
//! holds stays usable), so it never fails a search itself. It is given up, its memory
//! given back, before the rest of the search could need that memory
//! ([`Memo::make_room`]: when the rest, doubled, would not fit beside it), so that it
//! does not make a search fail that passes without it (the search's tables grow by
//! doubling; a charge of more than what is held at once could still meet the memo).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use puzzle_frame::budget::Ledger;

use super::super::patterns::MixHasher;
use super::Key;

/// The bytes charged at a time.
const CHUNK: usize = 1 << 20;

/// The memo holds at most this share of the budget.
const SHARE: u64 = 8;

/// A child of a kept position: the pushed box's cell and the cell it goes to, the least
/// cell of the child's player region and the child's matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Child {
    pub from: u8,
    pub to: u8,
    pub least: u16,
    pub matching: u32,
}

/// The kept children by position.
#[derive(Default)]
pub(super) struct Memo {
    /// Per position, its first child in `children` and their number.
    index: HashMap<Key, (u32, u32), BuildHasherDefault<MixHasher>>,
    children: Vec<Child>,
    /// The bytes charged to the ledger so far.
    pub charged: usize,
    /// Whether the ledger has refused a chunk (then nothing more is kept).
    full: bool,
}

impl Memo {
    /// A memo that keeps nothing (for the tests: the searches as they were without it).
    #[cfg(test)]
    pub fn closed() -> Memo {
        Memo {
            full: true,
            ..Memo::default()
        }
    }

    /// The number of positions kept.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// The children kept for `key`, if any.
    pub fn get(&self, key: &Key) -> Option<&[Child]> {
        let &(start, count) = self.index.get(key)?;
        let start = start as usize;
        Some(&self.children[start..start + count as usize])
    }

    /// Gives the memo up (its memory back to the ledger, and nothing kept from now on)
    /// once what the rest of the search holds, doubled, would no longer fit beside it: the
    /// search's tables grow by doubling, so a table that fits in the budget alone still
    /// fits when it grows.
    pub fn make_room(&mut self, ledger: &mut Ledger) {
        let (used, memo) = (ledger.used(), self.charged as u64);
        if memo > 0 && used + (used - memo.min(used)) > ledger.budget().bytes() {
            ledger.give_back::<u8>(self.charged);
            *self = Memo::default();
            self.full = true;
        }
    }

    /// Keeps `children` for `key` (new to the memo) when the ledger allows.
    pub fn keep(&mut self, key: Key, children: &[Child], ledger: &mut Ledger) {
        if self.full || self.children.len() + children.len() > u32::MAX as usize {
            return;
        }
        // A map's table holds up to about twice its entries, a list up to twice its items.
        let needed = 5 * (self.index.len() + 1) * std::mem::size_of::<(Key, (u32, u32))>() / 2
            + 2 * (self.children.len() + children.len()) * std::mem::size_of::<Child>();
        while needed > self.charged {
            let most = ledger.budget().bytes() / SHARE;
            let taken = (self.charged + CHUNK) as u64 <= most
                && ledger.take::<u8>("the group searches' memo", CHUNK).is_ok();
            if !taken {
                self.full = true;
                return;
            }
            self.charged += CHUNK;
        }
        let start = self.children.len() as u32;
        self.children.extend_from_slice(children);
        self.index.insert(key, (start, children.len() as u32));
    }
}
