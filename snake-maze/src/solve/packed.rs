//! The search over packed bodies, for bodies of any length: a position is the head's cell
//! (14 bits: a lair has at most 100 x 100 cells) followed by two bits per block for the absolute direction to the next block,
//! in as many 64-bit words as that takes. Positions are kept in an arena in the order they
//! are first reached, with an open-addressing hash table over it and, with paths, a parent
//! per position.

use super::tables::{direction_of, directions, Board, NONE};
use super::{Found, Limit, TooManyStates};
use crate::case::{Case, Move};
use grid_common::Dir;
use puzzle_frame::budget::{Ledger, OverBudget};

/// Bits of the head cell in a packed position (cells < 2^14).
const HEAD_BITS: usize = 14;
const HEAD_MASK: u64 = (1 << HEAD_BITS) - 1;

const LISTS: &str = "the lists of positions to expand";
const ARENA: &str = "the arena of visited positions";
const TABLE: &str = "the hash table of visited positions";

/// Visited positions packed in words, in the order they were reached, with a hash table.
struct Arena {
    words: usize,
    data: Vec<u64>,
    /// Each slot holds a position's index, or [`NONE`]; a power-of-two length.
    table: Vec<u32>,
    len: usize,
}

impl Arena {
    fn get(&self, index: usize) -> &[u64] {
        &self.data[index * self.words..(index + 1) * self.words]
    }

    fn hash(key: &[u64]) -> u64 {
        let mut h = 0u64;
        for &w in key {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31);
        }
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 33)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    fn find(&self, key: &[u64]) -> usize {
        let mask = self.table.len() - 1;
        let mut slot = Arena::hash(key) as usize & mask;
        loop {
            let at = self.table[slot];
            if at == NONE || self.get(at as usize) == key {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Adds `key` at `slot` (from [`Arena::find`]); its index.
    fn insert(
        &mut self,
        mut slot: usize,
        key: &[u64],
        ledger: &mut Ledger,
    ) -> Result<usize, OverBudget> {
        if (self.len + 1) * 2 > self.table.len() {
            self.grow(ledger)?;
            slot = self.find(key);
        }
        if self.data.len() + self.words > self.data.capacity() {
            ledger.grow(&mut self.data, self.words, ARENA)?;
        }
        self.table[slot] = self.len as u32;
        self.data.extend_from_slice(key);
        self.len += 1;
        Ok(self.len - 1)
    }

    #[cold]
    fn grow(&mut self, ledger: &mut Ledger) -> Result<(), OverBudget> {
        let size = self.table.len() * 2;
        let mut table = ledger.vec(TABLE, size, NONE)?;
        let mask = size - 1;
        for index in 0..self.len {
            let mut slot = Arena::hash(self.get(index)) as usize & mask;
            while table[slot] != NONE {
                slot = (slot + 1) & mask;
            }
            table[slot] = index as u32;
        }
        ledger.release(self.table.len() as u64 * 4);
        self.table = table;
        Ok(())
    }
}

/// Writes `head` and `dirs` into `key`.
fn pack(key: &mut [u64], head: usize, dirs: &[usize]) {
    key.fill(0);
    key[0] = head as u64;
    for (j, &d) in dirs.iter().enumerate() {
        let bit = HEAD_BITS + 2 * j;
        key[bit / 64] |= (d as u64) << (bit % 64);
    }
}

/// Reads the directions of `key` into `dirs`; the head's cell.
fn unpack(key: &[u64], dirs: &mut [usize]) -> usize {
    for (j, d) in dirs.iter_mut().enumerate() {
        let bit = HEAD_BITS + 2 * j;
        *d = ((key[bit / 64] >> (bit % 64)) & 3) as usize;
    }
    (key[0] & HEAD_MASK) as usize
}

/// `key` after the head moves to `to`, leaving in direction `dir` (the new first
/// direction): every direction moves up one place, the last drops out.
fn shifted(key: &mut [u64], bits: usize, to: u32, dir: usize) {
    for w in (1..key.len()).rev() {
        key[w] = key[w] << 2 | key[w - 1] >> 62;
    }
    key[0] =
        (key[0] << 2) & !((1 << (HEAD_BITS + 2)) - 1) | u64::from(to) | (dir as u64) << HEAD_BITS;
    if bits % 64 != 0 {
        if let Some(last) = key.last_mut() {
            *last &= (1 << (bits % 64)) - 1;
        }
    }
}

/// The fewest moves for `case` (the head not on (1,1), and with a way there when `guided`),
/// with the moves when `want_moves`; layers as in [`super::shaped`].
///
/// Not inlined (one call a case), so that its loop over the body, the search's hot spot,
/// is compiled on its own rather than with whatever its caller holds.
#[inline(never)]
pub(crate) fn search(
    case: &Case,
    board: &Board,
    ledger: &mut Ledger,
    guided: bool,
    want_moves: bool,
    max_states: u64,
) -> Result<Found, Limit> {
    let n = case.body.len() - 1;
    let bits = HEAD_BITS + 2 * n;
    let words = bits.div_ceil(64);
    let mut arena = Arena {
        words,
        data: Vec::new(),
        table: ledger.vec(TABLE, 1024, NONE)?,
        len: 0,
    };
    // The indices are u32, the last one kept for "none".
    let max_states = max_states.min(u64::from(NONE - 1));
    let mut dirs = directions(case);
    let head = case.stone.index(case.body[0]);
    let mut key = vec![0u64; words];
    pack(&mut key, head, &dirs);
    let slot = arena.find(&key);
    arena.insert(slot, &key, ledger)?;
    let mut parents: Vec<u32> = Vec::new();
    if want_moves {
        ledger.push(&mut parents, NONE, "the parents of visited positions")?;
    }
    let mut incoming: Vec<u32> = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    let mut next: Vec<u32> = Vec::new();
    ledger.push(&mut incoming, 0, LISTS)?;
    let base = if guided {
        board.distance[head] as usize
    } else {
        0
    };
    let mut layer = 0;
    let mut from_key = vec![0u64; words];
    while !incoming.is_empty() {
        for &entry in &incoming {
            let mut index = entry as usize;
            loop {
                from_key.copy_from_slice(arena.get(index));
                let cell = unpack(&from_key, &mut dirs);
                let mut mask = 1u8 << dirs[0];
                let (mut r, mut c) = (0isize, 0isize);
                for &d in &dirs {
                    r += Dir::DELTA_ROW[d];
                    c += Dir::DELTA_COL[d];
                    if r.abs() + c.abs() == 1 {
                        mask |= 1 << direction_of(r, c);
                    }
                }
                let closer = board.closer[cell];
                for m in 0..4 {
                    let to = board.next[cell * 4 + m];
                    if mask & (1 << m) != 0 || to == NONE {
                        continue;
                    }
                    key.copy_from_slice(&from_key);
                    shifted(&mut key, bits, to, Dir::opposite_index(m));
                    let now = !guided || closer & (1 << m) != 0;
                    let slot = arena.find(&key);
                    if arena.table[slot] != NONE {
                        continue;
                    }
                    let new = arena.insert(slot, &key, ledger)?;
                    if arena.len as u64 > max_states {
                        return Err(Limit::Other(TooManyStates { max_states }));
                    }
                    if want_moves {
                        let what = "the parents of visited positions";
                        ledger.push(&mut parents, index as u32, what)?;
                    }
                    if to == 0 {
                        let steps = if guided { base + 2 * layer } else { layer + 1 };
                        return Ok(Found {
                            steps: Some(steps),
                            moves: want_moves.then(|| walk_back(&arena, &parents, new)),
                            states: arena.len as u64,
                        });
                    }
                    let list = if guided && now { &mut stack } else { &mut next };
                    ledger.push(list, new as u32, LISTS)?;
                }
                match stack.pop() {
                    Some(popped) => index = popped as usize,
                    None => break,
                }
            }
        }
        std::mem::swap(&mut incoming, &mut next);
        next.clear();
        layer += 1;
    }
    Ok(Found {
        steps: None,
        moves: None,
        states: arena.len as u64,
    })
}

/// The moves to position `goal`, from the parents.
fn walk_back(arena: &Arena, parents: &[u32], goal: usize) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut index = goal;
    while let Some(&parent) = parents.get(index).filter(|&&p| p != NONE) {
        let first = (arena.get(index)[0] >> HEAD_BITS & 3) as usize;
        moves.push(Move::from_index(Dir::opposite_index(first)));
        index = parent as usize;
        if moves.len() > arena.len {
            break; // a cycle cannot happen; the bound keeps a mistake from hanging
        }
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shift_equals_packing_the_moved_body() {
        for n in [1usize, 5, 24, 25, 57, 100] {
            let bits = HEAD_BITS + 2 * n;
            let words = bits.div_ceil(64);
            let dirs: Vec<usize> = (0..n).map(|j| (j * 7 + j / 3) % 4).collect();
            let mut key = vec![0; words];
            pack(&mut key, 1234, &dirs);
            shifted(&mut key, bits, 99, 2);
            let moved: Vec<usize> = std::iter::once(2)
                .chain(dirs[..n - 1].iter().copied())
                .collect();
            let mut expected = vec![0; words];
            pack(&mut expected, 99, &moved);
            assert_eq!(key, expected, "n = {n}");
        }
    }
}
