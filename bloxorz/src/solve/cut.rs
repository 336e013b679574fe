//! Two cheap proofs that the target cannot be reached, run before the searches.
//!
//! **Around the target** (`goal_cut_off`): a breadth-first search from the goal state,
//! capped at [`BACKWARD_CAP`] states, that runs out of states without meeting the start.
//! Rolling is reversible, so the states it met are all the goal can be reached from.
//!
//! **Apart on the plane** (`cells_apart`): every roll covers, before and after, cells
//! that form one straight line of two to four cells (the box tips over onto its
//! neighbours or beyond its own end, or slides one step sideways), all of them non-empty.
//! So the box's cells never leave one 4-connected region of non-empty cells. When the
//! start and the target lie in different regions, the answer is `Impossible`. The
//! regions are found over runs of cells rather than cells (a scan of the board and a
//! union-find over a few runs a row), for a small fraction of a search's cost.

use super::plane::{Plane, State};
use grid_common::Dir;
use puzzle_frame::budget::{Ledger, OverBudget};

/// The most states the capped search from the goal visits before giving up.
pub const BACKWARD_CAP: usize = 1024;

/// True when a breadth-first search from the goal, capped at [`BACKWARD_CAP`] states,
/// runs out of states without meeting the start.
pub(super) fn goal_cut_off(plane: &Plane, ledger: &mut Ledger) -> Result<bool, OverBudget> {
    // One bit per orientation; zeroed pages cost nothing until the search touches them.
    let mut seen = ledger.vec(
        "solving the board (the search around the target)",
        plane.len(),
        0u8,
    )?;
    let (cell, o) = plane.goal;
    seen[cell] |= 1 << o;
    let mut queue: Vec<State> = vec![plane.goal];
    let mut head = 0;
    let cut = 'search: loop {
        let Some(&state) = queue.get(head) else {
            break true;
        };
        head += 1;
        for d in Dir::ALL {
            let next @ (cell, o) = plane.roll(state, d);
            if !plane.legal(next) || seen[cell] >> o & 1 != 0 {
                continue;
            }
            if next == plane.start || queue.len() >= BACKWARD_CAP {
                break 'search false;
            }
            seen[cell] |= 1 << o;
            queue.push(next);
        }
    };
    ledger.give_back::<u8>(seen.len());
    Ok(cut)
}

/// True when the start's cells and the target lie in different 4-connected regions of
/// non-empty cells (see the module docs).
///
/// The regions are found as runs: each row's maximal stretches of non-empty cells, joined
/// with a union-find wherever two runs of neighbouring rows share a column.
pub(super) fn cells_apart(plane: &Plane, ledger: &mut Ledger) -> Result<bool, OverBudget> {
    let width = plane.width();
    let rows = plane.len() / width;
    // The runs, row after row: (first cell, last cell), padded indices.
    let mut runs: Vec<(u32, u32)> = Vec::new();
    // Row `r`'s runs are `runs[row_start[r]..row_start[r + 1]]`.
    let mut row_start = ledger.vec("solving the board (the runs of cells)", rows + 1, 0u32)?;
    for (r, row) in plane.ground_rows().enumerate() {
        row_start[r] = runs.len() as u32;
        let mut col = 0;
        while let Some(first) = first_byte(&row[col..], |word| word) {
            let first = col + first;
            let len = first_byte(&row[first..], zero_bytes).unwrap_or(row.len() - first);
            col = first + len;
            if runs.len() == runs.capacity() {
                let more = runs.capacity().max(64);
                ledger.take::<(u32, u32)>("solving the board (the runs of cells)", more)?;
                runs.reserve_exact(more);
            }
            let base = r * width;
            runs.push(((base + first) as u32, (base + col - 1) as u32));
        }
    }
    row_start[rows] = runs.len() as u32;
    let mut parent: Vec<u32> =
        ledger.vec("solving the board (the runs of cells)", runs.len(), 0u32)?;
    for (i, p) in parent.iter_mut().enumerate() {
        *p = i as u32;
    }
    for r in 0..rows - 1 {
        let (mut a, a_end) = (row_start[r] as usize, row_start[r + 1] as usize);
        let (mut b, b_end) = (a_end, row_start[r + 2] as usize);
        while a < a_end && b < b_end {
            let (a_first, a_last) = runs[a];
            let (b_first, b_last) = (runs[b].0 as usize - width, runs[b].1 as usize - width);
            if a_first as usize <= b_last && b_first <= a_last as usize {
                union(&mut parent, a, b);
            }
            if (a_last as usize) < b_last {
                a += 1;
            } else {
                b += 1;
            }
        }
    }
    let run_of = |cell: usize| {
        let r = cell / width;
        let row = &runs[row_start[r] as usize..row_start[r + 1] as usize];
        row_start[r] as usize + row.partition_point(|&(_, last)| (last as usize) < cell)
    };
    let (start, goal) = (run_of(plane.start.0), run_of(plane.goal.0));
    let apart = find(&mut parent, start) != find(&mut parent, goal);
    ledger.give_back::<u32>(row_start.len() + parent.len());
    ledger.give_back::<(u32, u32)>(runs.capacity());
    Ok(apart)
}

/// The position of the first byte of `bytes` marked in `mark(word)`, eight bytes at a
/// time: `mark` sets at least the high bit of each byte it selects in a little-endian
/// word, and may set bits above the first selected byte only.
fn first_byte(bytes: &[u8], mark: impl Fn(u64) -> u64) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let marked = mark(u64::from_le_bytes(word));
        if marked != 0 {
            return Some(8 * i + marked.trailing_zeros() as usize / 8);
        }
    }
    let done = bytes.len() - chunks.remainder().len();
    let rest = chunks
        .remainder()
        .iter()
        .map(|&b| mark(u64::from(b)) & 0xff);
    rest.zip(done..).find(|&(m, _)| m != 0).map(|(_, i)| i)
}

/// A word's zero bytes marked by their high bits (exact up to the first zero byte, the
/// classic test; bytes above it may be marked wrongly, which [`first_byte`] ignores).
fn zero_bytes(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    word.wrapping_sub(ONES) & !word & HIGHS
}

/// The root of `i`'s set, halving the path on the way.
fn find(parent: &mut [u32], mut i: usize) -> usize {
    while parent[i] as usize != i {
        let up = parent[parent[i] as usize];
        parent[i] = up;
        i = up as usize;
    }
    i
}

/// Joins the sets of `a` and `b`.
fn union(parent: &mut [u32], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb) as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_bytes_eight_at_a_time_agree_with_one_at_a_time() {
        let alphabet = [0, 0, 1, 3, 0x80, 0xff];
        for bytes in puzzle_frame::testkit::byte_strings(12345, 40, 50, &alphabet) {
            assert_eq!(
                first_byte(&bytes, |w| w),
                bytes.iter().position(|&b| b != 0),
                "{bytes:?}"
            );
            assert_eq!(
                first_byte(&bytes, zero_bytes),
                bytes.iter().position(|&b| b == 0),
                "{bytes:?}"
            );
        }
    }
}
