//! Box sets as bitsets over the floor cells, one `u64` word per 64 cells.

/// Whether `cell` is in the set.
#[inline]
pub(super) fn has(set: &[u64], cell: u16) -> bool {
    set[usize::from(cell) / 64] >> (cell % 64) & 1 == 1
}

/// Puts `cell` in the set.
#[inline]
pub(super) fn insert(set: &mut [u64], cell: u16) {
    set[usize::from(cell) / 64] |= 1 << (cell % 64);
}

/// Takes `cell` out of the set.
#[inline]
pub(super) fn remove(set: &mut [u64], cell: u16) {
    set[usize::from(cell) / 64] &= !(1 << (cell % 64));
}

/// The cells of the set in increasing order, written into `out`.
pub(super) fn cells(set: &[u64], out: &mut Vec<u16>) {
    out.clear();
    for (w, &word) in set.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            out.push((w * 64) as u16 + rest.trailing_zeros() as u16);
            rest &= rest - 1;
        }
    }
}

/// The words a set over `floor` cells needs.
pub(super) fn words(floor: usize) -> usize {
    floor.div_ceil(64).max(1)
}
