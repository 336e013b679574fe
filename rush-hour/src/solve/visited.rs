//! The search's visited set: a bitset over the dense ranks of the states when their
//! number is small, otherwise an open-addressing hash set of the packed states.
//!
//! **Dense.** A state's rank is its pieces' places read as one mixed-radix number (piece
//! `i`'s digit is its place, its radix the number of places it has): every state of the
//! case, reachable or not, has its own rank below the product of the radices, and the
//! bitset holds one bit per rank. **Hashed.** Linear probing over a power-of-two table of
//! packed states ([`Packed`]), at most half full; a state never equals [`Packed::EMPTY`] (a
//! place is below 8, so no nibble is 15). Both are charged to the solve's ledger before they are allocated or
//! grown.

use crate::board::{Layout, Packed};
use puzzle_frame::budget::{Ledger, OverBudget};
/// The most states a bitset is used for by default (128 KiB of bits).
pub const DENSE_AUTO_MAX: u128 = 1 << 20;

const WHAT: &str = "the search's visited set";

/// The visited set (see the module docs).
pub enum Visited<P: Packed> {
    /// One bit per rank; `radix_weight[i]` is the weight of piece `i`'s place.
    Dense {
        /// The bits.
        bits: Vec<u64>,
        /// The weight of each piece's digit.
        weights: Vec<u64>,
    },
    /// An open-addressing table.
    Hashed {
        /// The slots ([`Packed::EMPTY`] when free).
        slots: Vec<P>,
        /// The states stored.
        len: usize,
    },
}

/// The number of states of `layout` (the product of its pieces' places), if it fits a
/// `u128`.
pub fn state_count(layout: &Layout) -> Option<u128> {
    layout
        .pieces
        .iter()
        .try_fold(1u128, |n, p| n.checked_mul(p.places as u128))
}

impl<P: Packed> Visited<P> {
    /// A bitset over every state of `layout`.
    pub fn dense(layout: &Layout, ledger: &mut Ledger) -> Result<Visited<P>, OverBudget> {
        let count = state_count(layout).unwrap_or(u128::MAX);
        let words = usize::try_from(count.div_ceil(64))
            .map_err(|_| ledger.budget().refuse(WHAT, u64::MAX))?;
        let bits = ledger.vec(WHAT, words, 0u64)?;
        let mut weights = Vec::with_capacity(layout.pieces.len());
        let mut weight = 1u64;
        for piece in &layout.pieces {
            weights.push(weight);
            weight = weight.saturating_mul(piece.places as u64);
        }
        Ok(Visited::Dense { bits, weights })
    }

    /// An empty hash set.
    pub fn hashed(ledger: &mut Ledger) -> Result<Visited<P>, OverBudget> {
        Ok(Visited::Hashed {
            slots: ledger.vec(WHAT, 1024, P::EMPTY)?,
            len: 0,
        })
    }

    /// Adds `state`: true when it was not in the set yet.
    #[inline(always)]
    pub fn insert(&mut self, state: P, ledger: &mut Ledger) -> Result<bool, OverBudget> {
        match self {
            Visited::Dense { bits, weights } => {
                let rank = weights
                    .iter()
                    .enumerate()
                    .map(|(i, w)| state.place(i) as u64 * w)
                    .sum::<u64>() as usize;
                let (word, bit) = (rank / 64, 1u64 << (rank % 64));
                let new = bits[word] & bit == 0;
                bits[word] |= bit;
                Ok(new)
            }
            Visited::Hashed { slots, len } => {
                if !insert_slot(slots, state) {
                    return Ok(false);
                }
                *len += 1;
                if 2 * *len > slots.len() {
                    grow(slots, ledger)?;
                }
                Ok(true)
            }
        }
    }
}

/// Puts `state` in `slots` unless it is there: true when it was not.
#[inline]
fn insert_slot<P: Packed>(slots: &mut [P], state: P) -> bool {
    let mask = slots.len() - 1;
    // The top bits of a multiplicative hash are its best mixed.
    let mut i = (state.hash() >> (64 - slots.len().trailing_zeros())) as usize;
    loop {
        let slot = slots[i];
        if slot == state {
            return false;
        }
        if slot == P::EMPTY {
            slots[i] = state;
            return true;
        }
        i = (i + 1) & mask;
    }
}

/// Doubles the table, charging the new one before it is made.
#[cold]
fn grow<P: Packed>(slots: &mut Vec<P>, ledger: &mut Ledger) -> Result<(), OverBudget> {
    let mut bigger = ledger.vec(WHAT, slots.len() * 2, P::EMPTY)?;
    for &state in slots.iter().filter(|&&s| s != P::EMPTY) {
        insert_slot(&mut bigger, state);
    }
    ledger.give_back::<P>(slots.len());
    *slots = bigger;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::board;
    use puzzle_frame::budget::MemoryBudget;

    #[test]
    fn both_sets_see_each_state_once() {
        let layout = Layout::new(&board("ooBoAABoxoooCCoo").expect("a valid board"));
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 20));
        let count = state_count(&layout).unwrap();
        for mut set in [
            Visited::<u64>::dense(&layout, &mut ledger).unwrap(),
            Visited::<u64>::hashed(&mut ledger).unwrap(),
        ] {
            let mut all = Vec::new();
            for rank in 0..count {
                let mut state = 0u64;
                let mut rest = rank;
                for (i, p) in layout.pieces.iter().enumerate() {
                    state = Layout::with_place(state, i, (rest % p.places as u128) as usize);
                    rest /= p.places as u128;
                }
                all.push(state);
            }
            for &s in &all {
                assert!(set.insert(s, &mut ledger).unwrap());
            }
            for &s in &all {
                assert!(!set.insert(s, &mut ledger).unwrap());
            }
        }
    }

    #[test]
    fn the_table_grows_within_the_budget_only() {
        let mut ledger = Ledger::new(MemoryBudget::new(40_000));
        let mut set = Visited::<u128>::hashed(&mut ledger).unwrap();
        let mut grown = 0;
        for s in 0..10_000u128 {
            match set.insert(s, &mut ledger) {
                Ok(_) => grown += 1,
                Err(over) => {
                    assert_eq!(over.what, WHAT);
                    break;
                }
            }
        }
        assert_eq!(grown, 512, "a table of 1024 slots grows at its 513th state");
    }
}
