//! The level's symmetries: the turns and mirrors of the grid that map its floor onto its
//! floor and its goals onto its goals (Microban 93, 145 and 146 have all eight, 144 has
//! four).
//!
//! **Why storing one state per symmetry class is exact.** Such a map `σ` carries every
//! legal push of a position to a legal push of its image (it keeps walls, floor and the
//! steps between cells, turning directions with the grid) and every solved position to a
//! solved one, so a position and its image need the same fewest pushes. The bound, the
//! dead squares and every pruning rule are built from the floor and the goals alone, so
//! they treat a position and its image alike. The search therefore stores each position
//! in the least of its images (its box set first, then its region's least cell) and
//! expands that one: a path of pushes found between stored positions is, image by image,
//! a path between real positions, and the stored map of each step turns it back (the
//! answer's pushes are played from the real start). The start itself is stored as it is.

use puzzle_frame::budget::{Ledger, OverBudget};

use super::board::{Board, NONE};

/// The eight linear maps of the grid, as `(row, column) -> (a·row + b·column, c·row +
/// d·column)`; the first is the identity.
const MAPS: [[i32; 4]; 8] = [
    [1, 0, 0, 1],
    [1, 0, 0, -1],
    [-1, 0, 0, 1],
    [-1, 0, 0, -1],
    [0, 1, 1, 0],
    [0, -1, -1, 0],
    [0, 1, -1, 0],
    [0, -1, 1, 0],
];

/// The four directions as (row, column) steps, in LURD order.
const STEPS: [(i32, i32); 4] = [(0, -1), (-1, 0), (0, 1), (1, 0)];

/// The symmetries of one level; number 0 is the identity.
pub(super) struct Symmetries {
    /// The image of every floor cell, per symmetry.
    cells: Vec<Vec<u16>>,
    /// The image of every direction, per symmetry.
    dirs: Vec<[u8; 4]>,
    /// The preimage of every floor cell, per symmetry.
    inverse_cells: Vec<Vec<u16>>,
    /// The preimage of every direction, per symmetry.
    inverse_dirs: Vec<[u8; 4]>,
}

impl Symmetries {
    /// The symmetries of `board` (laid out on a grid of `cols` columns), charged to the
    /// ledger.
    pub fn new(board: &Board, cols: usize, ledger: &mut Ledger) -> Result<Symmetries, OverBudget> {
        let floor = board.floor();
        let mut symmetries = Symmetries {
            cells: vec![(0..floor as u16).collect()],
            dirs: vec![[0, 1, 2, 3]],
            inverse_cells: vec![(0..floor as u16).collect()],
            inverse_dirs: vec![[0, 1, 2, 3]],
        };
        ledger.take::<u16>("the symmetries", 2 * floor)?;
        if floor == 0 {
            return Ok(symmetries);
        }
        let at = |cell: u16| {
            let grid = board.cells[usize::from(cell)];
            ((grid / cols) as i32, (grid % cols) as i32)
        };
        let (mut top, mut left) = (i32::MAX, i32::MAX);
        let (mut bottom, mut right) = (i32::MIN, i32::MIN);
        for cell in 0..floor as u16 {
            let (r, c) = at(cell);
            (top, bottom) = (top.min(r), bottom.max(r));
            (left, right) = (left.min(c), right.max(c));
        }
        let (height, width) = (bottom - top, right - left);
        for &[a, b, c, d] in &MAPS[1..] {
            // The image of the floor's bounding box, shifted back onto it.
            let corners = [(0, 0), (height, 0), (0, width), (height, width)];
            let image = |(r, c0): (i32, i32)| (a * r + b * c0, c * r + d * c0);
            let low_r = corners.iter().map(|&p| image(p).0).min().unwrap_or(0);
            let low_c = corners.iter().map(|&p| image(p).1).min().unwrap_or(0);
            let mut cells = Vec::with_capacity(floor);
            for cell in 0..floor as u16 {
                let (r, c0) = at(cell);
                let (ir, ic) = image((r - top, c0 - left));
                let (gr, gc) = (ir - low_r + top, ic - low_c + left);
                let target = (gr >= 0 && gc >= 0 && (gc as usize) < cols)
                    .then(|| gr as usize * cols + gc as usize)
                    .and_then(|g| board.index.get(g).copied())
                    .filter(|&i| i != NONE);
                match target {
                    Some(i)
                        if board.is_goal[usize::from(i)] == board.is_goal[usize::from(cell)] =>
                    {
                        cells.push(i)
                    }
                    _ => break,
                }
            }
            if cells.len() < floor {
                continue;
            }
            let mut dirs = [0u8; 4];
            for (dir, &(dr, dc)) in STEPS.iter().enumerate() {
                let turned = (a * dr + b * dc, c * dr + d * dc);
                dirs[dir] = STEPS.iter().position(|&s| s == turned).unwrap_or(dir) as u8;
            }
            let mut inverse_cells = vec![NONE; floor];
            for (cell, &image) in cells.iter().enumerate() {
                inverse_cells[usize::from(image)] = cell as u16;
            }
            if inverse_cells.contains(&NONE) {
                continue;
            }
            let mut inverse_dirs = [0u8; 4];
            for (dir, &image) in dirs.iter().enumerate() {
                inverse_dirs[usize::from(image)] = dir as u8;
            }
            ledger.take::<u16>("the symmetries", 2 * floor)?;
            symmetries.cells.push(cells);
            symmetries.dirs.push(dirs);
            symmetries.inverse_cells.push(inverse_cells);
            symmetries.inverse_dirs.push(inverse_dirs);
        }
        Ok(symmetries)
    }

    /// The number of symmetries, the identity included.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// The image of `cell` under symmetry `k`.
    #[inline]
    pub fn cell(&self, k: usize, cell: u16) -> u16 {
        self.cells[k][usize::from(cell)]
    }

    /// The pushes `chain` (each `(box cell, direction, symmetry)`: a push made in the
    /// frame of the stored position before it, then the symmetry that stored the position
    /// after it) as pushes of the real positions from the start (stored as it is).
    pub fn unfold(&self, chain: &[(u16, u8, u8)]) -> Vec<(u16, u8)> {
        let floor = self.cells[0].len();
        // The map from the stored frame of the current position to the real one.
        let mut cells: Vec<u16> = (0..floor as u16).collect();
        let mut dirs = [0u8, 1, 2, 3];
        let mut pushes = Vec::with_capacity(chain.len());
        for &(from, dir, k) in chain {
            pushes.push((cells[usize::from(from)], dirs[usize::from(dir)]));
            let k = usize::from(k);
            if k == 0 {
                continue;
            }
            // Real = map(stored before) and stored after = σ(child): real = map ∘ σ⁻¹.
            let inverse = &self.inverse_cells[k];
            cells = inverse.iter().map(|&c| cells[usize::from(c)]).collect();
            let turned = self.inverse_dirs[k];
            dirs = turned.map(|d| dirs[usize::from(d)]);
        }
        pushes
    }
}
