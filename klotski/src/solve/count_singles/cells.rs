//! Bit helpers over a box's cells for the 1x1 blocks' places: where each cell of one set
//! falls among the cells of another ([`moved_index`]), the place after a move by such a
//! map ([`place_after`]), the `n`-th cell of a set ([`nth_bit`]).

use super::Singles;

/// For each cell of `before` (in order), its index among the cells of `after`, four bits
/// each (cells not in `after`: any); at most 16 cells each.
pub(super) fn moved_index(before: u64, after: u64) -> u64 {
    let (mut map, mut i, mut j) = (0u64, 0u32, 0u64);
    let mut either = before | after;
    while either != 0 {
        let cell = either & either.wrapping_neg();
        either &= either - 1;
        if before & cell != 0 {
            map |= (j & 15) << (4 * i);
            i += 1;
        }
        j += u64::from(after & cell != 0);
    }
    map
}

/// The place after a move of map `map` (of [`moved_index`]) of the 1x1 blocks on the free
/// cells of indices `packed` (none on a cell the move covers), by [`Singles::place_of`].
#[inline]
pub(super) fn place_after(s: &Singles, map: u64, mut packed: u64) -> u32 {
    let mut after = 0usize;
    while packed != 0 {
        after |= 1 << (map >> (4 * packed.trailing_zeros()) & 15);
        packed &= packed - 1;
    }
    s.place_of.get(after).copied().unwrap_or(0)
}

/// The `index`-th set bit of `bits`, alone.
#[inline]
pub(super) fn nth_bit(mut bits: u64, index: usize) -> u64 {
    for _ in 0..index {
        bits &= bits - 1;
    }
    bits & bits.wrapping_neg()
}
