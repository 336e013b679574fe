//! The left-right mirror of a layout, for boxes whose census is mirror symmetric.
//!
//! **When.** Mirroring the box (column `c` to `cols - 1 - c`) maps layouts to layouts and
//! moves to moves when every class's shape is its own mirror image and the target's goal
//! is its own mirror (the goal anchor's column `c` and `cols - width - c` agree). Then a
//! layout and its mirror have the same distance to the goal (a solution of one, mirrored,
//! solves the other; the goal set is mapped onto itself) and lie in mirror-image groups.
//! The census ([`super::graph`]) uses it to expand one layout of each mirror pair.

use grid_common::Pos;

use super::rank::{Ranker, EMPTY};
use super::Pieces;

/// The mirror of a symmetric census: each class's bounding-box width and the box's columns,
/// and per class and anchor the first cell (in reading order) of the block's mirror image.
#[derive(Clone, Debug)]
pub(crate) struct Mirror {
    cols: u8,
    widths: Vec<u8>,
    image_first: Vec<[u8; 64]>,
}

impl Mirror {
    /// The mirror of `pieces`, or `None` when the census is not left-right symmetric (a
    /// shape that is not its own mirror image, or a goal off the middle).
    pub(crate) fn of(pieces: &Pieces) -> Option<Mirror> {
        let widths: Vec<usize> = pieces.shapes.iter().map(|s| width(s)).collect();
        let symmetric = pieces.shapes.iter().zip(&widths).all(|(cells, &w)| {
            let mut mirrored: Vec<Pos> = cells
                .iter()
                .map(|p| Pos::new(p.row, w - 1 - p.col))
                .collect();
            let mut cells = cells.clone();
            mirrored.sort_unstable_by_key(|p| (p.row, p.col));
            cells.sort_unstable_by_key(|p| (p.row, p.col));
            mirrored == cells
        });
        let goal_col = pieces.goal.col;
        let goal_fits = pieces.cols >= widths[0] + goal_col;
        (symmetric && goal_fits && pieces.cols - widths[0] - goal_col == goal_col).then(|| {
            let mut mirror = Mirror {
                cols: pieces.cols as u8,
                widths: widths.iter().map(|&w| w as u8).collect(),
                image_first: Vec::new(),
            };
            mirror.image_first = (pieces.shapes.iter().enumerate())
                .map(|(k, cells)| mirror.first_cells(pieces.cols, k, cells))
                .collect();
            mirror
        })
    }

    /// For each anchor where a block of class `k` (of `cells`) fits in a box of `cols`
    /// columns, the first cell of its mirror image (0 elsewhere).
    fn first_cells(&self, cols: usize, k: usize, cells: &[Pos]) -> [u8; 64] {
        let first = cells
            .iter()
            .map(|p| p.row * cols + p.col)
            .min()
            .unwrap_or(0);
        let mut table = [0u8; 64];
        for (a, slot) in table.iter_mut().enumerate() {
            if a % cols + usize::from(self.widths[k]) <= cols {
                let image = usize::from(self.anchor(k, a as u8)) + first;
                *slot = image.min(63) as u8;
            }
        }
        table
    }

    /// The mirror image of anchor `anchor` of a block of class `class`.
    #[inline]
    pub(crate) fn anchor(&self, class: usize, anchor: u8) -> u8 {
        let (row, col) = (anchor / self.cols, anchor % self.cols);
        row * self.cols + (self.cols - self.widths[class] - col)
    }

    /// The rank of the mirror image of the layout `blocks` (class and anchor each), after
    /// the move `moved` (class, from, to) when given.
    #[inline]
    pub(crate) fn rank(
        &self,
        ranker: &Ranker,
        blocks: &[(usize, u8)],
        moved: Option<(usize, u8, u8)>,
    ) -> u64 {
        let mut letter_at = [EMPTY; 64];
        for &(k, a) in blocks {
            let a = match moved {
                Some((class, from, to)) if class == k && from == a => to,
                _ => a,
            };
            letter_at[usize::from(self.image_first[k][usize::from(a) & 63])] = k as u8 + 1;
        }
        ranker.rank_of_letters(&letter_at)
    }
}

/// The width of a shape's bounding box.
fn width(cells: &[Pos]) -> usize {
    cells.iter().map(|p| p.col + 1).max().unwrap_or(1)
}
