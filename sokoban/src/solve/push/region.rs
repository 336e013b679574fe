//! The player's region of the state being expanded, with what lets most children name
//! their own region without a flood: the region's two least cells and its cut cells
//! (cells whose loss splits it, by Tarjan's depth-first search).

use super::bits;
use super::board::{Board, NONE};

/// The region and its cut cells, in stamps that need no clearing between states.
pub(super) struct Region {
    /// Discovery times (a cell is in the region when its time is at least `base`).
    discovered: Vec<u32>,
    low: Vec<u32>,
    /// Cells stamped `base` are cut cells.
    cut: Vec<u32>,
    base: u32,
    clock: u32,
    /// The two least cells of the region ([`NONE`] if it has one cell).
    pub least: [u16; 2],
    stack: Vec<(u16, u8)>,
}

impl Region {
    /// Space for a board of `floor` cells.
    pub fn new(floor: usize) -> Region {
        Region {
            discovered: vec![0; floor],
            low: vec![0; floor],
            cut: vec![0; floor],
            base: 0,
            clock: 0,
            least: [NONE; 2],
            stack: Vec::with_capacity(floor),
        }
    }

    /// Whether `cell` is in the region.
    #[inline]
    pub fn contains(&self, cell: u16) -> bool {
        self.discovered[usize::from(cell)] >= self.base
    }

    /// Whether taking `cell` out of the region splits it.
    #[inline]
    pub fn is_cut(&self, cell: u16) -> bool {
        self.cut[usize::from(cell)] == self.base
    }

    /// Finds the region of `start` among `boxes`, its least cells and its cut cells.
    pub fn analyse(&mut self, board: &Board, boxes: &[u64], start: u16) {
        if self.clock > u32::MAX - 2 * board.floor() as u32 - 2 {
            self.discovered.fill(0);
            self.low.fill(0);
            self.cut.fill(0);
            self.clock = 0;
        }
        self.clock += 1;
        self.base = self.clock;
        self.least = [start, NONE];
        let mut root_children = 0;
        self.visit(start);
        self.stack.push((start, 0));
        while let Some(top) = self.stack.last_mut() {
            let (cell, dir) = *top;
            if dir < 4 {
                top.1 += 1;
                let d = usize::from(dir);
                let Some(next) = board.step(cell, d) else {
                    continue;
                };
                if bits::has(boxes, next) {
                    continue;
                }
                if self.contains(next) {
                    let low = self.low[usize::from(cell)].min(self.discovered[usize::from(next)]);
                    self.low[usize::from(cell)] = low;
                } else {
                    self.visit(next);
                    self.stack.push((next, 0));
                }
                continue;
            }
            self.stack.pop();
            let Some(&(parent, _)) = self.stack.last() else {
                break;
            };
            let (cell, parent) = (usize::from(cell), usize::from(parent));
            self.low[parent] = self.low[parent].min(self.low[cell]);
            if parent == usize::from(start) {
                root_children += 1;
            } else if self.low[cell] >= self.discovered[parent] {
                self.cut[parent] = self.base;
            }
        }
        if root_children > 1 {
            self.cut[usize::from(start)] = self.base;
        }
    }

    /// Stamps `cell` discovered and keeps the two least cells.
    fn visit(&mut self, cell: u16) {
        self.clock += 1;
        self.discovered[usize::from(cell)] = self.clock;
        self.low[usize::from(cell)] = self.clock;
        if cell < self.least[0] {
            self.least = [cell, self.least[0]];
        } else if cell != self.least[0] && cell < self.least[1] {
            self.least[1] = cell;
        }
    }
}
