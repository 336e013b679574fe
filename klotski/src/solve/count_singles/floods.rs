//! The 1x1 blocks' moves for a whole set of placements at once (a large layout at a time,
//! [`super::skeleton`]) with no table per pattern of the free cells: the level's
//! placements grouped by where all blocks but one stand, and one flood fill per group.
//!
//! **Why it is exact.** A 1x1 block on cell `a`, the others on the cells `R`, slides by
//! unit steps over the free cells not in `R`: it reaches exactly the cells of `a`'s region
//! of the free cells without `R`, each the placement `R` and `a'`. So the placements one
//! move of a block from those of the set where the others stand on `R` (the moving one on
//! one of the cells `A`) are `R` and `a'` for `a'` in the union of the regions of the cells
//! of `A`: the flood fill from all of `A` at once, `R` a wall (the region of a cell holds
//! the region of every cell it reaches). Every move is one block's, the others standing
//! still, so the union over the groups `R` is every placement one move away, with the
//! set's own placements too (`a'` = `a`): those are left out (they are marked already, so
//! they would not be claimed anyway).

use super::SinglesWalker;

/// The most free cells a box may have for [`Floods`] (two 1x1 blocks within the 128
/// placements of a large layout at a time have at most 16: `C(17, 2)` is 136).
pub(super) const MOST_FREE: u32 = 16;

/// One thread's room for the groups of a level's placements.
pub(super) struct Floods {
    /// Per set of free cells' indices (all the blocks but one), the cells the moving
    /// block stands on in the level's placements with the others there.
    cells: Vec<u64>,
    /// The sets of `cells` not empty.
    groups: Vec<u64>,
}

impl Floods {
    /// The room for boxes of `free` free cells; `None` past [`MOST_FREE`] (a group is a
    /// set of free cells' indices, so the room is `2^free` words).
    pub(super) fn new(free: u32) -> Option<Floods> {
        (free <= MOST_FREE).then(|| Floods {
            cells: vec![0; 1 << free],
            groups: Vec::new(),
        })
    }

    /// The placements one 1x1 block's move from those of `level`, in the large layout
    /// `walker` has loaded (which has the tables of places of [`super::Singles`]).
    pub(super) fn single_moves(&mut self, walker: &SinglesWalker, level: u128) -> u128 {
        let s = walker.singles;
        let mut each = level;
        while each != 0 {
            let packed = s.unplace[each.trailing_zeros() as usize];
            each &= each - 1;
            let mut blocks = packed;
            while blocks != 0 {
                let block = blocks & blocks.wrapping_neg();
                blocks &= blocks - 1;
                let rest = (packed ^ block) as usize;
                let cell = walker.free_bit[block.trailing_zeros() as usize];
                if let Some(group) = self.cells.get_mut(rest) {
                    if *group == 0 {
                        self.groups.push(rest as u64);
                    }
                    *group |= cell;
                }
            }
        }
        let mut own = 0u128;
        for &rest in &self.groups {
            let Some(group) = self.cells.get_mut(rest as usize) else {
                continue;
            };
            let mut walls = 0u64;
            let mut each = rest;
            while each != 0 {
                walls |= walker.free_bit[each.trailing_zeros() as usize];
                each &= each - 1;
            }
            let open = walker.free & !walls;
            let mut reached = *group;
            *group = 0;
            loop {
                let next = (reached | s.frame.step(reached)) & open;
                if next == reached {
                    break;
                }
                reached = next;
            }
            while reached != 0 {
                let a = walker.index_of[reached.trailing_zeros() as usize];
                reached &= reached - 1;
                own |= 1u128 << s.place_of[rest as usize | 1 << a];
            }
        }
        self.groups.clear();
        own & !level
    }
}
