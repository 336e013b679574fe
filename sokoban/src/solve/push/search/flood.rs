//! The player's floods: the region reachable from a cell without pushing.

use super::super::bits;
use super::Search;

impl Search<'_> {
    /// Floods the player's region from `start` among `boxes` and returns its least cell.
    pub(super) fn normalise(&mut self, boxes: &[u64], start: u16) -> u16 {
        self.flood(boxes, start).1
    }

    /// Floods the player's region from `start` among `boxes`: its cells are then
    /// `self.queue[..count]`; the count and the least cell.
    pub(super) fn flood(&mut self, boxes: &[u64], start: u16) -> (usize, u16) {
        self.flood_within(boxes, start, false)
    }

    /// [`Search::flood`] kept outside the expanded state's region: from the cell a box
    /// was pushed from into a corral, the cells the child's region adds to its parent's
    /// (which it holds whole: the box left the cell next to it and landed outside it).
    pub(in super::super) fn flood_outside(&mut self, boxes: &[u64], start: u16) -> (usize, u16) {
        self.flood_within(boxes, start, true)
    }

    /// The flood of [`Search::flood`], outside the expanded state's region when
    /// `outside`.
    fn flood_within(&mut self, boxes: &[u64], start: u16, outside: bool) -> (usize, u16) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.flood.fill(0);
            self.generation = 1;
        }
        let generation = self.generation;
        let stamps = &mut self.flood;
        let region = &self.region;
        stamps[usize::from(start)] = generation;
        self.queue[0] = start;
        let (mut head, mut tail, mut least) = (0, 1, start);
        while head < tail {
            let cell = self.queue[head];
            head += 1;
            for dir in 0..4 {
                let Some(next) = self.board.step(cell, dir) else {
                    continue;
                };
                if stamps[usize::from(next)] != generation
                    && !bits::has(boxes, next)
                    && !(outside && region.contains(next))
                {
                    stamps[usize::from(next)] = generation;
                    least = least.min(next);
                    self.queue[tail] = next;
                    tail += 1;
                }
            }
        }
        (tail, least)
    }
}
