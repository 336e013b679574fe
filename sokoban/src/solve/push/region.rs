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
    /// Each cell's parent in the depth-first tree.
    parent: Vec<u16>,
    /// One past the last discovery time of each cell's subtree.
    end: Vec<u32>,
    /// The least cell of each cell's subtree.
    subtree_least: Vec<u16>,
    /// The region's cells in discovery order.
    order: Vec<u16>,
    /// `before[k]`: the least of `order[..k]`; `after[k]`: the least of `order[k..]`.
    before: Vec<u16>,
    after: Vec<u16>,
    /// Whether `before` and `after` belong to the latest region.
    prepared: bool,
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
            parent: vec![NONE; floor],
            end: vec![0; floor],
            subtree_least: vec![NONE; floor],
            order: Vec::with_capacity(floor),
            before: Vec::with_capacity(floor + 1),
            after: Vec::with_capacity(floor + 1),
            prepared: false,
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
        self.order.clear();
        let mut root_children = 0;
        self.visit(start);
        self.parent[usize::from(start)] = NONE;
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
                    self.parent[usize::from(next)] = cell;
                    self.stack.push((next, 0));
                }
                continue;
            }
            self.stack.pop();
            self.end[usize::from(cell)] = self.clock + 1;
            let Some(&(parent, _)) = self.stack.last() else {
                break;
            };
            let (cell, parent) = (usize::from(cell), usize::from(parent));
            self.low[parent] = self.low[parent].min(self.low[cell]);
            self.subtree_least[parent] = self.subtree_least[parent].min(self.subtree_least[cell]);
            if parent == usize::from(start) {
                root_children += 1;
            } else if self.low[cell] >= self.discovered[parent] {
                self.cut[parent] = self.base;
            }
        }
        if root_children > 1 {
            self.cut[usize::from(start)] = self.base;
        }
        self.prepared = false;
    }

    /// Fills `before` and `after` for the latest region (once per region, when a child
    /// first needs them).
    fn prepare(&mut self) {
        self.prepared = true;
        self.before.clear();
        self.before.push(NONE);
        for k in 0..self.order.len() {
            let least = self.before[k].min(self.order[k]);
            self.before.push(least);
        }
        self.after.clear();
        self.after.resize(self.order.len() + 1, NONE);
        for k in (0..self.order.len()).rev() {
            self.after[k] = self.after[k + 1].min(self.order[k]);
        }
    }

    /// The least cell of the part holding `cell` when the cut cell `cut` leaves the
    /// region (both in the region, `cell != cut`). A subtree below a child `u` of `cut`
    /// whose low time does not reach above `cut` is a part of its own; everything else
    /// (the cells discovered before `cut` or after its subtree, and the other subtrees
    /// below it, which reach above it) is one part.
    pub fn least_of_part(&mut self, board: &Board, cut: u16, cell: u16) -> u16 {
        if !self.prepared {
            self.prepare();
        }
        let at = |c: u16| self.discovered[usize::from(c)];
        let mut rest = NONE;
        for dir in 0..4 {
            let Some(child) = board.step(cut, dir) else {
                continue;
            };
            if !self.contains(child) || self.parent[usize::from(child)] != cut {
                continue;
            }
            let (start, end) = (at(child), self.end[usize::from(child)]);
            let own_part = self.low[usize::from(child)] >= at(cut);
            if (start..end).contains(&at(cell)) && own_part {
                return self.subtree_least[usize::from(child)];
            }
            if !own_part {
                rest = rest.min(self.subtree_least[usize::from(child)]);
            }
        }
        let index = |time: u32| (time - self.base - 1) as usize;
        let end = self.end[usize::from(cut)];
        rest.min(self.before[index(at(cut))])
            .min(self.after[index(end)])
    }

    /// Stamps `cell` discovered and keeps the two least cells.
    fn visit(&mut self, cell: u16) {
        self.clock += 1;
        self.discovered[usize::from(cell)] = self.clock;
        self.low[usize::from(cell)] = self.clock;
        self.subtree_least[usize::from(cell)] = cell;
        self.order.push(cell);
        if cell < self.least[0] {
            self.least = [cell, self.least[0]];
        } else if cell != self.least[0] && cell < self.least[1] {
            self.least[1] = cell;
        }
    }
}
