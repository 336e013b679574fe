//! The moves of the box path read straight from a table: for each kind of line (the exit
//! row, the other rows, the columns), each placement and each pattern of cells the other
//! direction takes, the placements one slide reaches *and* how far each moves the
//! board's place in its cluster's box (the change of the line's rank in its group, to be
//! scaled by the line's stride, [`super::dense`]). One table read and one multiply a
//! move, no rank lookups.

use super::dense::Boxes;
use super::space::{Cells, LineTable, Space, State};

/// One slide: the placement it reaches and the change of the line's rank in its group.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The placement reached.
    pub to: u16,
    /// Its rank in the group minus the rank of the placement left.
    pub rank: i16,
}

/// The steps of one kind of line, per (placement, blocked pattern).
#[derive(Debug)]
pub struct StepTable {
    /// Where the steps of `(e << n) | blocked` start in `steps` (one more at the end).
    starts: Vec<u32>,
    /// The steps, flat.
    steps: Vec<Step>,
}

impl StepTable {
    fn new(table: &LineTable, rank: impl Fn(usize) -> u32, n: usize) -> StepTable {
        let mut starts = Vec::new();
        let mut steps = Vec::new();
        for e in 0..table.placements.len() {
            for blocked in 0..1u32 << n {
                starts.push(steps.len() as u32);
                steps.extend(table.slides(e, blocked, n).iter().map(|&t| Step {
                    to: t,
                    // Group ranks are below the line's placements, at most 2^10: the
                    // packed state gives each of the 2n >= 6 lines at most 10 bits.
                    rank: (rank(t as usize) as i32 - rank(e) as i32) as i16,
                }));
            }
        }
        starts.push(steps.len() as u32);
        StepTable { starts, steps }
    }

    /// The steps of placement `e` with the cells `blocked` taken (`at = (e << n) |
    /// blocked`).
    #[inline]
    pub fn at(&self, at: usize) -> &[Step] {
        let (from, to) = (self.starts[at] as usize, self.starts[at + 1] as usize);
        &self.steps[from..to]
    }
}

/// The step tables of a space's three kinds of line, which kind each line is, and the
/// masks that find the lines with a move.
#[derive(Debug)]
pub struct Steps {
    tables: [StepTable; 3],
    kind: Vec<usize>,
    /// Per cell (bit `y * n + x`): its row `y` and its column's line `n + x`.
    line_of: [[u8; 64]; 2],
    /// Per line: its cells (a column's in the row-major board).
    line_cells: [u64; 16],
    /// Every cell but those of the last column, and but those of the first.
    not_last: u64,
    not_first: u64,
    /// Every cell.
    board: u64,
    /// The board's side.
    n: usize,
}

impl Steps {
    /// The steps of `space`, ranks from `boxes`.
    pub fn new(space: &Space, boxes: &Boxes) -> Steps {
        let n = space.n;
        let column = n;
        let other = (0..n)
            .find(|&y| y != space.exit_row)
            .unwrap_or(space.exit_row);
        let make = |l: usize| StepTable::new(space.table(l), |e| boxes.rank(l, e), n);
        let mut line_of = [[0u8; 64]; 2];
        let mut line_cells = [0u64; 16];
        for y in 0..n {
            for x in 0..n {
                let at = y * n + x;
                line_of[0][at] = y as u8;
                line_of[1][at] = (n + x) as u8;
                line_cells[y] |= 1 << at;
                line_cells[n + x] |= 1 << at;
            }
        }
        let board = (0..n).fold(0, |m, y| m | line_cells[y]);
        Steps {
            line_of,
            not_last: board & !line_cells[2 * n - 1],
            not_first: board & !line_cells[n],
            board,
            n,
            line_cells,
            tables: [make(space.exit_row), make(other), make(column)],
            kind: (0..2 * n)
                .map(|l| match l {
                    l if l == space.exit_row => 0,
                    l if l < n => 1,
                    _ => 2,
                })
                .collect(),
        }
    }

    /// The cells of the board `c` next to which a piece can slide: horizontally (they
    /// lie in the rows with a move), vertically (in the columns with a move).
    #[inline]
    fn free_ends(&self, c: &Cells) -> (u64, u64) {
        let free = !(c.horizontal | c.vertical) & self.board;
        let across = ((c.movable >> 1) & self.not_last) | ((c.movable << 1) & self.not_first);
        let down = (c.vertical >> self.n) | (c.vertical << self.n);
        (across & free, down & free)
    }

    /// The line of the row (`direction` 0) or column (1) of the lowest cell of `cells`
    /// (not empty), and `cells` without that line's.
    #[inline]
    fn take_line(&self, cells: u64, direction: usize) -> (usize, u64) {
        let l = self.line_of[direction][cells.trailing_zeros() as usize & 63] as usize;
        (l, cells & !self.line_cells[l])
    }

    /// Calls `f(line, from, step)` for every move of board `s` (whose cells are `c`;
    /// `width` bits per line): only the lines with a free cell next to one of their
    /// pieces are read, rows first.
    #[inline(always)]
    pub fn for_each(&self, s: State, c: &Cells, width: u32, mut f: impl FnMut(usize, usize, Step)) {
        let n = self.n;
        let (full, mask) = ((1u64 << n) - 1, (1u64 << width) - 1);
        let (mut rows, mut columns) = self.free_ends(c);
        loop {
            let (l, blocked) = if rows != 0 {
                let (y, rest) = self.take_line(rows, 0);
                rows = rest;
                (y, c.vertical >> (y * n))
            } else if columns != 0 {
                let (l, rest) = self.take_line(columns, 1);
                columns = rest;
                (l, c.horizontal_t >> ((l - n) * n))
            } else {
                break;
            };
            let e = ((s >> (l as u32 * width)) & mask) as usize;
            for &step in self.line(l).at((e << n) | (blocked & full) as usize) {
                f(l, e, step);
            }
        }
    }

    /// The step table of line `l` (rows `0..n`, then columns).
    #[inline]
    pub fn line(&self, l: usize) -> &StepTable {
        &self.tables[self.kind[l]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random boards of each small space: the steps are the slides of
    /// [`Space::for_each_slide`] (no more, no fewer) and move the place as
    /// [`Boxes::place`] says.
    #[test]
    fn steps_are_the_slides_and_move_the_place() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        for (n, walls) in [
            (3, 0),
            (3, 2),
            (4, 0),
            (4, 1),
            (4, 2),
            (5, 0),
            (5, 1),
            (6, 0),
        ] {
            let space = Space::new(n, walls).expect("space");
            let boxes = Boxes::new(&space);
            let steps = Steps::new(&space, &boxes);
            let mut boards = 0;
            while boards < 400 {
                let mut s = space.row_tuple(next(space.row_tuples()));
                if space.walls(s) > walls {
                    continue;
                }
                for x in 0..n {
                    let taken = space.blocked(&space.cells(s), n + x);
                    let fit: Vec<usize> = (0..space.column.placements.len())
                        .filter(|&e| space.column.cells[e] & taken == 0)
                        .collect();
                    let e = fit[next(fit.len() as u64) as usize];
                    s = space.with_field(s, n + x, e);
                }
                boards += 1;
                let c = space.cells(s);
                let frame = boxes.frame(&space, s);
                let at = boxes.place(&space, &frame, s) as i64;
                let mut want = Vec::new();
                space.for_each_slide(s, &c, |l, e, t, _| want.push((l, e, t)));
                let mut got = Vec::new();
                steps.for_each(s, &c, space.width, |l, e, step| {
                    let t = step.to as usize;
                    let u = space.with_field(s, l, t);
                    let to = at + i64::from(step.rank) * frame.stride(l) as i64;
                    assert_eq!(to, boxes.place(&space, &frame, u) as i64, "{n} {walls}");
                    got.push((l, e, t));
                });
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(
                    got,
                    want,
                    "{n}x{n}, {walls} walls: {}",
                    space.board_string(s)
                );
            }
        }
    }
}
