//! The level as the search reads it: the non-void cells numbered in reading order, their
//! neighbours and kinds, the switches as masks, and the arrow presses of one state.
//!
//! **Local states** (below [`Board::locals`] = `3W + W²`, `W` the non-void cells; `3W`
//! without splitters):
//! - `3a`: the block standing on cell `a`;
//! - `3a + 1`: the block lying on `a` and the cell right of it;
//! - `3a + 2`: the block lying on `a` and the cell below it;
//! - `3W + aW + b` (`a < b`, never 4-adjacent): a cube on `a` and a cube on `b`.
//!
//! Cell numbers follow reading order, so the first cell of a lying block is its top or
//! left one, and two switches under a lying block are pressed smaller number first.
//!
//! **A switch** names each bridge cell at most once, so its actions commute: it is three
//! disjoint masks, and pressing it maps a bridge mask `m` to `((m | on) & !off) ^ toggle`.

use super::{Limit, TooLarge};
use crate::case::{Case, Effect, Tile};
use grid_common::{Dir, Pos};
use puzzle_frame::budget::Ledger;

/// No cell (off the board or void).
pub const NONE: u32 = u32::MAX;

/// Cell kinds.
pub(crate) const FLOOR: u8 = 0;
pub(crate) const ORANGE: u8 = 1;
pub(crate) const EXIT: u8 = 2;
pub(crate) const SOFT: u8 = 3;
pub(crate) const HEAVY: u8 = 4;
pub(crate) const SPLIT: u8 = 5;
pub(crate) const BRIDGE: u8 = 6;

/// A switch as three disjoint masks over the bridge bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Press {
    on: u64,
    off: u64,
    toggle: u64,
}

impl Press {
    /// The bridge mask after the press.
    #[inline]
    pub(crate) fn apply(self, mask: u64) -> u64 {
        ((mask | self.on) & !self.off) ^ self.toggle
    }
}

/// What an arrow press leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// A state: its bridge mask and its local number.
    State(u64, u64),
    /// The whole block stands on the exit.
    Goal,
}

/// The level's cell tables (see the module docs).
pub struct Board {
    /// Non-void cells.
    pub(crate) cells: usize,
    /// Per cell: its neighbour in each direction ([`Dir::index`]), or [`NONE`].
    pub(crate) next: Vec<[u32; 4]>,
    /// Per cell: its kind in the low byte, and its switch, splitter or bridge bit shifted
    /// left by 8 (one load tells whether a cell carries and what it does).
    pub(crate) meta: Vec<u32>,
    /// Per cell: its row and column.
    pub(crate) pos: Vec<(u32, u32)>,
    pub(crate) presses: Vec<Press>,
    /// Per splitter: its two targets' cells.
    pub(crate) splits: Vec<[u32; 2]>,
    pub(crate) start: u32,
    pub(crate) start_mask: u64,
}

impl Board {
    /// The tables of `case`, taken from the budget.
    pub(crate) fn new(case: &Case, memory: &mut Ledger) -> Result<Board, Limit> {
        let tiles = case.tiles();
        let what = "the cell tables";
        // Cells are numbered in 32 bits, `NONE` excluded.
        if tiles.len() >= NONE as usize
            && tiles.cells().iter().filter(|&&t| t != Tile::Void).count() >= NONE as usize
        {
            return Err(Limit::Other(TooLarge));
        }
        let mut number = memory.vec(what, tiles.len(), NONE)?;
        let mut cells = 0usize;
        for (n, tile) in number.iter_mut().zip(tiles.cells()) {
            if *tile != Tile::Void {
                *n = cells as u32;
                cells += 1;
            }
        }
        let at = |p: Pos| -> u32 {
            if tiles.contains(p) {
                number[tiles.index(p)]
            } else {
                NONE
            }
        };
        memory.take::<([u32; 4], u8, u32, (u32, u32))>(what, cells)?;
        let mut next = Vec::with_capacity(cells);
        let mut kind = Vec::with_capacity(cells);
        let mut aux = Vec::with_capacity(cells);
        let mut pos = Vec::with_capacity(cells);
        for p in tiles.positions() {
            let tile = case.tile(p);
            if tile == Tile::Void {
                continue;
            }
            next.push(Dir::ALL.map(|d| tiles.step(p, d).map_or(NONE, at)));
            pos.push((p.row as u32, p.col as u32));
            let (k, a) = match tile {
                Tile::Void | Tile::Floor => (FLOOR, 0),
                Tile::Orange => (ORANGE, 0),
                Tile::Exit => (EXIT, 0),
                Tile::Soft | Tile::Heavy => {
                    let i = case.switches().iter().position(|s| s.pos == p);
                    (if tile == Tile::Soft { SOFT } else { HEAVY }, index(i))
                }
                Tile::Splitter => (
                    SPLIT,
                    index(case.splitters().iter().position(|s| s.pos == p)),
                ),
                Tile::Bridge => (BRIDGE, index(case.bridge_bit(p))),
            };
            kind.push(k);
            aux.push(a);
        }
        let presses = case
            .switches()
            .iter()
            .map(|s| {
                let mut press = Press::default();
                for &(effect, cell) in &s.actions {
                    let bit = case.bridge_bit(cell).map_or(0, |b| 1u64 << b);
                    match effect {
                        Effect::On => press.on |= bit,
                        Effect::Off => press.off |= bit,
                        Effect::Toggle => press.toggle |= bit,
                    }
                }
                press
            })
            .collect();
        let splits = case.splitters().iter().map(|s| s.targets.map(at)).collect();
        let start = at(case.start());
        memory.take::<u32>(what, cells)?;
        let meta = kind
            .iter()
            .zip(&aux)
            .map(|(&k, &a)| u32::from(k) | a << 8)
            .collect();
        Ok(Board {
            cells,
            next,
            meta,
            pos,
            presses,
            splits,
            start,
            start_mask: case.start_bridges(),
        })
    }

    /// The number of local states, `3W + W²` (only `3W` on a level without splitters,
    /// where there are never two cubes), or `None` past `u64`.
    pub fn locals(&self) -> Option<u64> {
        let w = self.cells as u64;
        if self.splits.is_empty() {
            return w.checked_mul(3);
        }
        w.checked_mul(w)?.checked_add(w.checked_mul(3)?)
    }

    /// The local number of two cubes on cells `a` and `b` (in either order).
    #[inline]
    pub(crate) fn cubes(&self, a: u32, b: u32) -> u64 {
        let (a, b) = (a.min(b) as u64, a.max(b) as u64);
        let w = self.cells as u64;
        3 * w + a * w + b
    }

    /// The local number of the block lying on the 4-adjacent cells `a` and `b`.
    #[inline]
    fn lying(&self, a: u32, b: u32) -> u64 {
        let first = a.min(b);
        let along_row = self.pos[a as usize].0 == self.pos[b as usize].0;
        3 * first as u64 + if along_row { 1 } else { 2 }
    }

    /// True when cells `a` and `b` share a side.
    #[inline]
    pub(crate) fn adjacent(&self, a: u32, b: u32) -> bool {
        let (pa, pb) = (self.pos[a as usize], self.pos[b as usize]);
        pa.0.abs_diff(pb.0) + pa.1.abs_diff(pb.1) == 1
    }

    /// The neighbour of `c` in direction `d` (`NONE` stays `NONE`).
    #[inline]
    pub(crate) fn step(&self, c: u32, d: usize) -> u32 {
        if c == NONE {
            NONE
        } else {
            self.next[c as usize][d]
        }
    }

    /// The cells the block covers after rolling from local state `local` (a block) in
    /// direction `d`, and the new orientation (0 standing, 1 along a row, 2 along a
    /// column): standing on `first` (`second` is [`NONE`]), or lying on both; a cell
    /// off the board or void is [`NONE`] too, so a standing result is told by the
    /// orientation.
    #[inline(always)]
    fn roll(&self, local: u64, d: usize) -> (u32, u32, u64) {
        let a = (local / 3) as u32;
        let o = local % 3;
        let across_rows = d >= 2;
        if o == 0 {
            let n = self.step(a, d);
            return (n, self.step(n, d), if across_rows { 1 } else { 2 });
        }
        // The block's second cell: right of `a` or below it.
        let b = self.step(
            a,
            if o == 1 {
                Dir::Right.index()
            } else {
                Dir::Down.index()
            },
        );
        if (o == 1) == across_rows {
            // Along its length: Up and Left leave from the first cell, Down and Right
            // from the second.
            let from = if d % 2 == 0 { a } else { b };
            (self.step(from, d), NONE, 0)
        } else {
            (self.step(a, d), self.step(b, d), o)
        }
    }

    /// The meta word of cell `c` when something may arrive on it under `mask`.
    #[inline(always)]
    fn arrive(&self, c: u32, mask: u64) -> Option<u32> {
        let meta = *self.meta.get(c as usize)?;
        if meta as u8 == BRIDGE && mask >> (meta >> 8) & 1 == 0 {
            return None;
        }
        Some(meta)
    }

    /// `mask` after a switch with meta word `meta` is pressed (soft ones; heavy ones too
    /// when `heavy_too`).
    #[inline(always)]
    fn pressed(&self, meta: u32, mask: u64, heavy_too: bool) -> u64 {
        let k = meta as u8;
        if k == SOFT || (heavy_too && k == HEAVY) {
            self.presses[(meta >> 8) as usize].apply(mask)
        } else {
            mask
        }
    }

    /// The arrow press in direction `d` from the block in local state `local` under the
    /// bridge mask `mask`, with FORMAT.md's steps: landing, switches, splitter, merge,
    /// exit. `None` when the block falls. A split's result tells which cell holds the
    /// selected cube (`true`: the larger-numbered one).
    #[inline(always)]
    pub(crate) fn roll_block(&self, local: u64, d: usize, mask: u64) -> Option<(Next, bool)> {
        let (first, second, o) = self.roll(local, d);
        let meta = self.arrive(first, mask)?;
        if o != 0 {
            let second_meta = self.arrive(second, mask)?;
            // Reading order: the smaller cell number first.
            let (m1, m2) = if first < second {
                (meta, second_meta)
            } else {
                (second_meta, meta)
            };
            let mask = self.pressed(m2, self.pressed(m1, mask, false), false);
            return Some((Next::State(mask, 3 * first.min(second) as u64 + o), false));
        }
        match meta as u8 {
            ORANGE => None,
            EXIT => Some((Next::Goal, false)),
            SPLIT => {
                let [t1, t2] = self.splits[(meta >> 8) as usize];
                self.arrive(t1, mask)?;
                self.arrive(t2, mask)?;
                let next = if self.adjacent(t1, t2) {
                    self.lying(t1, t2)
                } else {
                    self.cubes(t1, t2)
                };
                Some((Next::State(mask, next), t1 > t2))
            }
            _ => Some((
                Next::State(self.pressed(meta, mask, true), 3 * first as u64),
                false,
            )),
        }
    }

    /// The arrow press in direction `d` moving the cube on `mover` while the other cube
    /// rests on `other` (at row and column `at`), under the bridge mask `mask`: the new
    /// mask and local state (two cubes, or the block lying after a merge); `None` when the
    /// cube falls.
    #[inline(always)]
    pub(crate) fn move_cube(
        &self,
        mover: u32,
        (other, at): (u32, (u32, u32)),
        d: usize,
        mask: u64,
    ) -> Option<(u64, u64)> {
        let to = self.next[mover as usize][d];
        if to == NONE {
            return None;
        }
        let meta = self.meta[to as usize];
        let mut mask = mask;
        match meta as u8 {
            BRIDGE if mask >> (meta >> 8) & 1 == 0 => return None,
            SOFT => mask = self.presses[(meta >> 8) as usize].apply(mask),
            _ => {}
        }
        let (row, col) = self.pos[to as usize];
        let next = if row.abs_diff(at.0) + col.abs_diff(at.1) == 1 {
            self.lying(to, other)
        } else {
            self.cubes(to, other)
        };
        Some((mask, next))
    }
}

/// A position found by `position`, or 0 (the parser guarantees it is found).
fn index<T: TryInto<u32>>(i: Option<T>) -> u32 {
    i.and_then(|i| i.try_into().ok()).unwrap_or(0)
}
