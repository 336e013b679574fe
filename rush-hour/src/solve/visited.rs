//! The search's visited sets: a bitset over the dense ranks of the states when their
//! number is small, otherwise an open-addressing hash set of the packed states. The solver
//! keeps both from one case to the next ([`super::search::Solver`]): a case clears what the last
//! one used, and allocates only when it reaches more states than any case before it.
//!
//! **Dense.** A state's rank is its pieces' places read as one mixed-radix number (piece
//! `i`'s digit is its place, its radix the number of places it has): every state of the
//! case, reachable or not, has its own rank below the product of the radices, and the
//! bitset holds one bit per rank.
//!
//! **Hashed.** Linear probing over a power-of-two prefix of the allocated slots, at most
//! half full; a state never equals [`Packed::EMPTY`] (a place is below 8, so no nibble is
//! 15). Every slot past the prefix is empty, so the prefix doubles in place: the slots it
//! held are emptied and every state reached so far (the search's queue holds each once) is
//! put back. A case starts on the smallest prefix and empties, when it is done with it, only
//! the prefix it used.
//!
//! Both are charged to the solve's ledger before they are allocated or grown.

use crate::board::{Layout, Packed};
use puzzle_frame::budget::{Ledger, OverBudget};

/// The most states a bitset is used for by default (128 KiB of bits).
pub const DENSE_AUTO_MAX: u128 = 1 << 20;

/// The name the budget's messages give the visited sets.
pub const WHAT: &str = "the search's visited set";

/// The slots of a case's first hash table: `2^FIRST_BITS`.
const FIRST_BITS: u32 = 10;

/// The number of states of `layout` (the product of its pieces' places), if it fits a
/// `u128`.
pub fn state_count(layout: &Layout) -> Option<u128> {
    layout
        .pieces
        .iter()
        .try_fold(1u128, |n, p| n.checked_mul(p.places as u128))
}

/// A set of states (see the module docs).
pub trait Seen<P: Packed> {
    /// Adds `state`: true when it was not in the set yet.
    fn insert(&mut self, state: P) -> bool;
    /// True when the set must grow before it takes one more state.
    fn full(&self) -> bool;
    /// Makes room for more states; `all` holds every state in the set, each once.
    fn grow(&mut self, all: &[P], ledger: &mut Ledger) -> Result<(), OverBudget>;
}

/// One bit per rank of a case's states.
#[derive(Clone, Debug, Default)]
pub struct Dense {
    bits: Vec<u64>,
    /// The weight of each piece's place in the rank.
    weights: Vec<u64>,
}

impl Dense {
    /// The bytes it holds.
    pub fn held_bytes(&self) -> u64 {
        (8 * (self.bits.capacity() + self.weights.capacity())) as u64
    }

    /// An empty bitset over every state of `layout`, charging what it allocates beyond
    /// what it held (the solver charged that).
    pub fn start(&mut self, layout: &Layout, ledger: &mut Ledger) -> Result<(), OverBudget> {
        let count = state_count(layout).unwrap_or(u128::MAX);
        let words = usize::try_from(count.div_ceil(64))
            .map_err(|_| ledger.budget().refuse(WHAT, u64::MAX))?;
        self.bits.clear();
        if words > self.bits.capacity() {
            ledger.take::<u64>(WHAT, words - self.bits.capacity())?;
            self.bits.reserve_exact(words);
        }
        self.bits.resize(words, 0);
        self.weights.clear();
        let mut weight = 1u64;
        for piece in &layout.pieces {
            self.weights.push(weight);
            weight = weight.saturating_mul(piece.places as u64);
        }
        Ok(())
    }
}

impl<P: Packed> Seen<P> for Dense {
    #[inline(always)]
    fn insert(&mut self, state: P) -> bool {
        let rank = self
            .weights
            .iter()
            .enumerate()
            .map(|(i, w)| state.place(i) as u64 * w)
            .sum::<u64>() as usize;
        let (word, bit) = (rank / 64, 1u64 << (rank % 64));
        let new = self.bits[word] & bit == 0;
        self.bits[word] |= bit;
        new
    }

    #[inline(always)]
    fn full(&self) -> bool {
        false
    }

    fn grow(&mut self, _: &[P], _: &mut Ledger) -> Result<(), OverBudget> {
        Ok(())
    }
}

/// An open-addressing table of packed states, kept from case to case.
#[derive(Clone, Debug)]
pub struct Hashed<P: Packed> {
    /// Every slot allocated; those past `used` are empty.
    slots: Vec<P>,
    /// The slots in use: a power of two.
    used: usize,
    /// `64 - log2(used)`: a hash's top bits are its slot.
    shift: u32,
    /// The states stored.
    len: usize,
}

impl<P: Packed> Default for Hashed<P> {
    fn default() -> Hashed<P> {
        Hashed {
            slots: Vec::new(),
            used: 0,
            shift: 64,
            len: 0,
        }
    }
}

impl<P: Packed> Hashed<P> {
    /// The bytes it holds.
    pub fn held_bytes(&self) -> u64 {
        (self.slots.capacity() * std::mem::size_of::<P>()) as u64
    }

    /// Empties the set (the prefix the last case used) and takes the smallest prefix,
    /// charging the slots it allocates beyond those it held (the solver charged those).
    pub fn start(&mut self, ledger: &mut Ledger) -> Result<(), OverBudget> {
        self.slots[..self.used].fill(P::EMPTY);
        self.len = 0;
        self.resize(1 << FIRST_BITS, ledger)
    }

    /// Uses the first `used` slots (a power of two, all empty); when there are fewer, the
    /// old slots are dropped (their states are in the search's queue) and `used` empty ones
    /// are charged, then made.
    fn resize(&mut self, used: usize, ledger: &mut Ledger) -> Result<(), OverBudget> {
        if used > self.slots.len() {
            ledger.give_back::<P>(self.slots.capacity());
            self.slots = Vec::new();
            self.used = 0;
            ledger.take::<P>(WHAT, used)?;
            self.slots.reserve_exact(used);
            self.slots.resize(used, P::EMPTY);
        }
        self.used = used;
        self.shift = u64::BITS - used.trailing_zeros();
        Ok(())
    }
}

impl<P: Packed> Seen<P> for Hashed<P> {
    #[inline(always)]
    fn insert(&mut self, state: P) -> bool {
        let mask = self.used - 1;
        // The top bits of a multiplicative hash are its best mixed.
        let mut i = (state.hash() >> self.shift) as usize;
        loop {
            let slot = self.slots[i];
            if slot == state {
                return false;
            }
            if slot == P::EMPTY {
                self.slots[i] = state;
                self.len += 1;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    #[inline(always)]
    fn full(&self) -> bool {
        2 * self.len > self.used
    }

    /// Doubles the prefix (charging what it allocates first) and puts `all` back.
    #[cold]
    fn grow(&mut self, all: &[P], ledger: &mut Ledger) -> Result<(), OverBudget> {
        self.slots[..self.used].fill(P::EMPTY);
        self.resize(self.used * 2, ledger)?;
        self.len = 0;
        for &state in all {
            self.insert(state);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::board;
    use puzzle_frame::budget::MemoryBudget;

    /// Every state of `layout`, each once.
    fn every_state(layout: &Layout) -> Vec<u64> {
        let count = state_count(layout).unwrap();
        (0..count)
            .map(|rank| {
                let mut state = 0u64;
                let mut rest = rank;
                for (i, p) in layout.pieces.iter().enumerate() {
                    state = Layout::with_place(state, i, (rest % p.places as u128) as usize);
                    rest /= p.places as u128;
                }
                state
            })
            .collect()
    }

    /// Inserts `all` twice: new the first time, known the second; grows when full.
    fn fill<S: Seen<u64>>(set: &mut S, all: &[u64], ledger: &mut Ledger) {
        for (n, &s) in all.iter().enumerate() {
            assert!(set.insert(s));
            if set.full() {
                set.grow(&all[..=n], ledger).unwrap();
            }
        }
        for &s in all {
            assert!(!set.insert(s));
        }
    }

    #[test]
    fn both_sets_see_each_state_once_case_after_case() {
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 20));
        let (mut dense, mut hashed) = (Dense::default(), Hashed::<u64>::default());
        // A large case, then a small one: nothing of the first is left in either set.
        for text in ["ooBoAABoxoooCCoo", "ooBAABooo"] {
            let layout = Layout::new(&board(text).expect("a valid board"));
            let all = every_state(&layout);
            dense.start(&layout, &mut ledger).unwrap();
            fill(&mut dense, &all, &mut ledger);
            hashed.start(&mut ledger).unwrap();
            fill(&mut hashed, &all, &mut ledger);
        }
    }

    #[test]
    fn the_table_grows_within_the_budget_only() {
        let mut ledger = Ledger::new(MemoryBudget::new(40_000));
        let mut set = Hashed::<u128>::default();
        set.start(&mut ledger).unwrap();
        assert_eq!(ledger.used(), 16 << FIRST_BITS);
        let (mut all, mut grown) = (Vec::new(), Vec::new());
        for s in 0..10_000u128 {
            assert!(set.insert(s));
            all.push(s);
            if set.full() {
                if let Err(over) = set.grow(&all, &mut ledger) {
                    assert_eq!(over.what, WHAT);
                    break;
                }
                grown.push((all.len(), ledger.used()));
            }
        }
        // 1024 slots (16 KiB) grow to 2048 (32 KiB, the old ones dropped first) at the 513th
        // state; 4096 would pass 40,000 bytes at the 1025th.
        assert_eq!(grown, [(513, 32 << 10)]);
        assert_eq!(all.len(), 1025);
    }
}
