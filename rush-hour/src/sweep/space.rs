//! The space of one sweep: a board as one placement per row and per column, packed in a
//! `u64`, the slides of one board read from per-line tables, and the dense rank of a
//! *seed* (a board of Fogleman's enumeration: no piece can slide left or up).
//!
//! Horizontal pieces and walls never leave their row, vertical pieces never leave their
//! column, so a board is the tuple of its rows' and columns' placements; the two
//! directions only have to avoid each other's cells. The seeds of one *row tuple* (one
//! placement per row) are the product of each column's placements that fit it, so a
//! seed's rank is the row tuple's offset plus a mixed-radix number over the columns, his
//! enumeration order exactly.

use super::entries::{placements, slides, LineKind, Placement, Span};
use super::SweepError;
use std::collections::HashMap;

/// A board of the space: each line's placement index in its field.
pub type State = u64;

/// One kind of line (the exit row, the other rows, the columns) and its tables.
#[derive(Debug)]
pub struct LineTable {
    /// The placements, in Fogleman's order.
    pub placements: Vec<Placement>,
    /// Each placement's cells spread to a board column (bit `i` to bit `i * n`).
    pub spread: Vec<u64>,
    /// The same for the cells each placement requires covered in a seed.
    require_spread: Vec<u64>,
    /// Flat lists of the placements one slide reaches, per placement and blocked pattern.
    slide_targets: Vec<u16>,
    /// Where each (placement, blocked) list starts in `slide_targets` (one more at the end).
    slide_starts: Vec<u32>,
    /// Per placement: removing its piece `k` gives placement `remove[e][k]`.
    pub remove: Vec<Vec<u16>>,
    /// Each placement's cells.
    pub cells: Vec<u32>,
    /// Each placement's cells of movable pieces (walls left out).
    pub movable: Vec<u32>,
}

impl LineTable {
    fn new(n: usize, kind: LineKind, max_walls: u32) -> LineTable {
        let list = placements(n, kind, max_walls);
        let by_spans: HashMap<Vec<Span>, usize> = list
            .iter()
            .enumerate()
            .map(|(i, p)| (p.spans.clone(), i))
            .collect();
        let index = |spans: &[Span]| by_spans.get(spans).copied().unwrap_or(usize::MAX);
        let mut slide_targets = Vec::new();
        let mut slide_starts = Vec::new();
        for p in &list {
            for blocked in 0..1u32 << n {
                slide_starts.push(slide_targets.len() as u32);
                if p.cells & blocked == 0 {
                    let reached = slides(p, blocked, n, &index);
                    slide_targets.extend(reached.iter().map(|&i| i as u16));
                }
            }
        }
        slide_starts.push(slide_targets.len() as u32);
        let require_spread = list.iter().map(|p| spread(p.require, n)).collect();
        let spread = list.iter().map(|p| spread(p.cells, n)).collect();
        let remove = list
            .iter()
            .map(|p| {
                (0..p.spans.len())
                    .map(|k| {
                        let mut spans = p.spans.clone();
                        spans.remove(k);
                        index(&spans) as u16
                    })
                    .collect()
            })
            .collect();
        let cells = list.iter().map(|p| p.cells).collect();
        let movable = list
            .iter()
            .map(|p| {
                p.spans
                    .iter()
                    .filter(|s| !s.is_wall())
                    .fold(0, |m, s| m | s.pattern())
            })
            .collect();
        LineTable {
            cells,
            movable,
            placements: list,
            spread,
            require_spread,
            slide_targets,
            slide_starts,
            remove,
        }
    }

    /// The cells placement `e` requires covered in a seed, spread to a board column
    /// (bit `i` to bit `i * n`).
    #[inline]
    pub fn require_spread(&self, e: usize) -> u64 {
        self.require_spread[e]
    }

    /// The placements one slide reaches from `e` with `blocked` cells taken.
    #[inline]
    pub fn slides(&self, e: usize, blocked: u32, n: usize) -> &[u16] {
        let at = (e << n) | blocked as usize;
        &self.slide_targets[self.slide_starts[at] as usize..self.slide_starts[at + 1] as usize]
    }
}

/// Bit `i` of `pattern` to bit `i * n`.
fn spread(pattern: u32, n: usize) -> u64 {
    (0..n)
        .filter(|i| pattern >> i & 1 == 1)
        .fold(0, |m, i| m | 1 << (i * n))
}

/// The boards of one sweep: `n` x `n`, the red car in row `(n - 1) / 2`, at most
/// `max_walls` walls.
#[derive(Debug)]
pub struct Space {
    /// The board's side.
    pub n: usize,
    /// The exit row.
    pub exit_row: usize,
    /// The most walls a board has.
    pub max_walls: u32,
    /// Placements of the exit row.
    pub exit: LineTable,
    /// Placements of the other rows.
    pub row: LineTable,
    /// Placements of the columns.
    pub column: LineTable,
    /// Bits per field of the packed state.
    pub width: u32,
    /// The cells of the last column.
    last_column: u64,
    /// The lines' tables, rows then columns.
    line_kind: Vec<u8>,
    /// Per placement of the exit row: whether the red car is at the exit.
    solved_exit: Vec<bool>,
    /// Seeds by column fit: for each (horizontal cells, required cells) of a column, the
    /// column placements a seed may have there, in order.
    fits: Vec<Vec<u16>>,
    /// Per fit pattern and column placement: its rank among the fitting ones.
    fit_rank: Vec<u16>,
}

/// The cells of a board split by direction (bit `y * n + x` is cell (x, y)).
#[derive(Clone, Copy, Debug)]
pub struct Cells {
    /// Horizontal pieces and walls, row-major.
    pub horizontal: u64,
    /// The same, column-major (bit `x * n + y`).
    pub horizontal_t: u64,
    /// Vertical pieces, row-major.
    pub vertical: u64,
    /// Horizontal pieces but walls, row-major.
    pub movable: u64,
}

impl Space {
    /// The space of `n` x `n` boards with up to `max_walls` walls.
    pub fn new(n: usize, max_walls: u32) -> Result<Space, SweepError> {
        if !(3..=8).contains(&n) {
            return Err(SweepError::Size(n));
        }
        let exit = LineTable::new(n, LineKind::Exit, max_walls);
        let row = LineTable::new(n, LineKind::Row, max_walls);
        let column = LineTable::new(n, LineKind::Column, 0);
        let most = exit
            .placements
            .len()
            .max(row.placements.len())
            .max(column.placements.len());
        let width = usize::BITS - (most - 1).leading_zeros();
        if width as usize * 2 * n > 63 || most > u16::MAX as usize {
            return Err(SweepError::TooLarge { n, max_walls });
        }
        let exit_row = (n - 1) / 2;
        let line_kind = (0..2 * n)
            .map(|l| match l {
                l if l == exit_row => 0,
                l if l < n => 1,
                _ => 2,
            })
            .collect();
        let solved_exit = exit
            .placements
            .iter()
            .map(|p| p.spans[0].start as usize + 2 == n)
            .collect();
        let mut space = Space {
            solved_exit,
            n,
            exit_row,
            max_walls,
            exit,
            row,
            column,
            width,
            last_column: (0..n).fold(0, |m, y| m | 1 << (y * n + n - 1)),
            line_kind,
            fits: Vec::new(),
            fit_rank: Vec::new(),
        };
        space.build_fits();
        Ok(space)
    }

    fn build_fits(&mut self) {
        let n = self.n;
        let count = self.column.placements.len();
        for pattern in 0..1usize << (2 * n) {
            let taken = (pattern & ((1 << n) - 1)) as u32;
            let required = (pattern >> n) as u32;
            let mut list = Vec::new();
            for (e, p) in self.column.placements.iter().enumerate() {
                let ok =
                    p.cells & taken == 0 && p.require & !taken == 0 && required & !p.cells == 0;
                self.fit_rank
                    .push(if ok { list.len() as u16 } else { u16::MAX });
                if ok {
                    list.push(e as u16);
                }
            }
            debug_assert_eq!(self.fit_rank.len(), (pattern + 1) * count);
            self.fits.push(list);
        }
    }

    /// The table of line `l` (rows `0..n`, then columns).
    #[inline]
    pub fn table(&self, l: usize) -> &LineTable {
        match self.line_kind[l] {
            0 => &self.exit,
            1 => &self.row,
            _ => &self.column,
        }
    }

    /// The placement index of line `l` in `s`.
    #[inline]
    pub fn field(&self, s: State, l: usize) -> usize {
        ((s >> (l as u32 * self.width)) & ((1 << self.width) - 1)) as usize
    }

    /// `s` with line `l` set to placement `e`.
    #[inline]
    pub fn with_field(&self, s: State, l: usize, e: usize) -> State {
        let shift = l as u32 * self.width;
        (s & !(((1 << self.width) - 1) << shift)) | ((e as u64) << shift)
    }

    /// The cells of `s` by direction.
    #[inline]
    pub fn cells(&self, s: State) -> Cells {
        let n = self.n;
        let mut c = Cells {
            horizontal: 0,
            horizontal_t: 0,
            vertical: 0,
            movable: 0,
        };
        for y in 0..n {
            let t = if y == self.exit_row {
                &self.exit
            } else {
                &self.row
            };
            let e = self.field(s, y);
            c.horizontal |= (t.cells[e] as u64) << (y * n);
            c.movable |= (t.movable[e] as u64) << (y * n);
            c.horizontal_t |= t.spread[e] << y;
        }
        for x in 0..n {
            c.vertical |= self.column.spread[self.field(s, n + x)] << x;
        }
        c
    }

    /// The cells of line `l` taken by the other direction.
    #[inline]
    pub fn blocked(&self, c: &Cells, l: usize) -> u32 {
        let n = self.n;
        let full = (1u64 << n) - 1;
        if l < n {
            ((c.vertical >> (l * n)) & full) as u32
        } else {
            ((c.horizontal_t >> ((l - n) * n)) & full) as u32
        }
    }

    /// Calls `f` with every board one move from `s`.
    #[inline]
    pub fn for_each_neighbour(&self, s: State, f: impl FnMut(State)) {
        self.for_each_neighbour_of(s, &self.cells(s), f)
    }

    /// [`Space::for_each_neighbour`] with the cells of `s` known.
    #[inline]
    pub fn for_each_neighbour_of(&self, s: State, c: &Cells, mut f: impl FnMut(State)) {
        self.for_each_slide(s, c, |_, _, _, t| f(t))
    }

    /// Calls `f(line, from, to, board)` for every board one move from `s` (whose cells
    /// are `c`): line `line` goes from placement `from` to placement `to`.
    #[inline]
    pub fn for_each_slide(
        &self,
        s: State,
        c: &Cells,
        mut f: impl FnMut(usize, usize, usize, State),
    ) {
        let n = self.n;
        let full = (1u64 << n) - 1;
        let mask = (1u64 << self.width) - 1;
        for l in 0..2 * n {
            let (table, blocked) = if l < n {
                let t = if l == self.exit_row {
                    &self.exit
                } else {
                    &self.row
                };
                (t, (c.vertical >> (l * n)) & full)
            } else {
                (&self.column, (c.horizontal_t >> ((l - n) * n)) & full)
            };
            let shift = l as u32 * self.width;
            let e = ((s >> shift) & mask) as usize;
            let at = (e << n) | blocked as usize;
            let (from, to) = (
                table.slide_starts[at] as usize,
                table.slide_starts[at + 1] as usize,
            );
            if from == to {
                continue;
            }
            let base = s & !(mask << shift);
            for &t in &table.slide_targets[from..to] {
                f(l, e, t as usize, base | (t as u64) << shift);
            }
        }
    }

    /// The cells of the board that line `l` going from placement `e` to `t` makes of a
    /// board whose cells are `c` (what [`Space::cells`] gives, from the one line).
    #[inline]
    pub fn moved_cells(&self, c: &Cells, l: usize, e: usize, t: usize) -> Cells {
        let n = self.n;
        let mut m = *c;
        if l < n {
            let table = if l == self.exit_row {
                &self.exit
            } else {
                &self.row
            };
            m.horizontal ^= u64::from(table.cells[e] ^ table.cells[t]) << (l * n);
            m.movable ^= u64::from(table.movable[e] ^ table.movable[t]) << (l * n);
            m.horizontal_t ^= (table.spread[e] ^ table.spread[t]) << l;
        } else {
            m.vertical ^= (self.column.spread[e] ^ self.column.spread[t]) << (l - n);
        }
        m
    }

    /// Whether the red car is at the exit.
    #[inline]
    pub fn solved(&self, s: State) -> bool {
        self.solved_exit
            .get(self.field(s, self.exit_row))
            .is_some_and(|&b| b)
    }

    /// A lower bound of the moves `s` needs: one for the car unless solved, one for each
    /// vertical piece between the car and the exit.
    #[inline]
    pub fn lower_bound(&self, s: State) -> u32 {
        let n = self.n;
        let car = self.exit.placements[self.field(s, self.exit_row)].spans[0];
        let end = car.start as usize + 2;
        if end == n {
            return 0;
        }
        let blockers = (end..n)
            .filter(|&x| {
                let column = self.column.cells[self.field(s, n + x)];
                column >> self.exit_row & 1 == 1
            })
            .count() as u32;
        1 + blockers
    }

    /// Whether `s` is a seed: no piece can slide left or up.
    #[inline]
    pub fn is_seed(&self, c: &Cells) -> bool {
        let taken = c.horizontal | c.vertical;
        let left = (c.movable >> 1) & !self.last_column & !taken;
        let up = (c.vertical >> self.n) & !taken;
        left | up == 0
    }

    /// How many row tuples: the exit row's placements times the others' per row.
    pub fn row_tuples(&self) -> u64 {
        let rows = self.row.placements.len() as u64;
        (self.exit.placements.len() as u64).saturating_mul(rows.saturating_pow(self.n as u32 - 1))
    }

    /// The rank of the row tuple of `s` (his order: the exit row first, then the rows
    /// from the top).
    pub fn row_tuple_rank(&self, s: State) -> u64 {
        let rows = self.row.placements.len() as u64;
        let mut rank = self.field(s, self.exit_row) as u64;
        for y in (0..self.n).filter(|&y| y != self.exit_row) {
            rank = rank * rows + self.field(s, y) as u64;
        }
        rank
    }

    /// The board of row tuple `rank` with every column empty.
    pub fn row_tuple(&self, mut rank: u64) -> State {
        let rows = self.row.placements.len() as u64;
        let mut s = 0;
        for y in (0..self.n).rev().filter(|&y| y != self.exit_row) {
            s = self.with_field(s, y, (rank % rows) as usize);
            rank /= rows;
        }
        self.with_field(s, self.exit_row, rank as usize)
    }

    /// Walls of the row tuple in `s`.
    pub fn walls(&self, s: State) -> u32 {
        (0..self.n)
            .map(|y| self.table(y).placements[self.field(s, y)].walls)
            .sum()
    }

    /// The cells the rows of `s` require covered, column-major (bit `x * n + y`).
    #[inline]
    fn required_t(&self, s: State) -> u64 {
        (0..self.n).fold(0, |m, y| {
            m | self.table(y).require_spread[self.field(s, y)] << y
        })
    }

    /// The fit pattern of column `x`: the cells the rows take in its low bits, those they
    /// require covered ([`Space::required_t`]) above them.
    #[inline]
    fn fit_pattern(&self, c: &Cells, required_t: u64, x: usize) -> usize {
        let n = self.n;
        let taken = self.blocked(c, n + x) as usize;
        let required = (required_t >> (x * n)) as usize & ((1 << n) - 1);
        taken | required << n
    }

    /// The column placements that complete the rows of `s` to a seed, per column.
    pub fn column_fits(&self, s: State) -> Vec<&[u16]> {
        let c = self.cells(s);
        if self.walls(s) > self.max_walls {
            return vec![&[]; self.n];
        }
        let required = self.required_t(s);
        (0..self.n)
            .map(|x| self.fits[self.fit_pattern(&c, required, x)].as_slice())
            .collect()
    }

    /// How many seeds have the rows of `s` (the product of [`Space::column_fits`]'s
    /// lengths, without building the lists).
    pub fn seeds_of_rows(&self, s: State) -> u64 {
        if self.walls(s) > self.max_walls {
            return 0;
        }
        let (c, required) = (self.cells(s), self.required_t(s));
        (0..self.n)
            .map(|x| self.fits[self.fit_pattern(&c, required, x)].len() as u64)
            .product()
    }

    /// How many column placements fit pattern `pattern` (the cells the rows take in its
    /// low `n` bits, those they require covered above them), as in [`Space::column_fits`].
    #[inline]
    pub fn fit_count(&self, pattern: usize) -> u64 {
        self.fits[pattern].len() as u64
    }

    /// The rank of seed `s` among the seeds of its row tuple.
    pub fn column_rank(&self, s: State, c: &Cells) -> u64 {
        let (count, required) = (self.column.placements.len(), self.required_t(s));
        let mut rank = 0u64;
        for x in 0..self.n {
            let pattern = self.fit_pattern(c, required, x);
            let e = self.field(s, self.n + x);
            rank =
                rank * self.fits[pattern].len() as u64 + self.fit_rank[pattern * count + e] as u64;
        }
        rank
    }

    /// Fogleman's key of `s`: horizontal cells (walls included), then vertical cells.
    pub fn key(&self, s: State) -> (u64, u64) {
        let c = self.cells(s);
        (c.horizontal, c.vertical)
    }

    /// Every piece of `s` as (line, index in the line's placement), in his labelling
    /// order: the exit row (the red car first), the other rows from the top, the columns
    /// from the left.
    pub fn pieces(&self, s: State) -> impl Iterator<Item = (usize, usize)> + '_ {
        let order = std::iter::once(self.exit_row)
            .chain((0..self.n).filter(move |&y| y != self.exit_row))
            .chain(self.n..2 * self.n);
        order.flat_map(move |l| {
            let count = self.table(l).placements[self.field(s, l)].spans.len();
            (0..count).map(move |k| (l, k))
        })
    }

    /// The board string of `s` as in his database: pieces lettered in his order (a wall
    /// uses up a letter and prints `x`), `o` for empty.
    pub fn board_string(&self, s: State) -> String {
        let n = self.n;
        let mut grid = vec![b'o'; n * n];
        for (i, (l, k)) in self.pieces(s).enumerate() {
            let span = self.table(l).placements[self.field(s, l)].spans[k];
            let letter = if span.is_wall() {
                b'x'
            } else {
                b'A' + (i % 26) as u8
            };
            for d in 0..span.len as usize {
                let at = span.start as usize + d;
                let cell = if l < n { l * n + at } else { at * n + (l - n) };
                grid[cell] = letter;
            }
        }
        String::from_utf8_lossy(&grid).into_owned()
    }

    /// `s` without piece `k` of line `l`.
    pub fn without(&self, s: State, l: usize, k: usize) -> State {
        let e = self.field(s, l);
        self.with_field(s, l, self.table(l).remove[e][k] as usize)
    }
}

impl Space {
    /// How many boards the space holds in all (every position, seeds or not).
    pub fn all_boards(&self) -> u64 {
        let n = self.n;
        let free: Vec<u64> = (0..1u32 << n)
            .map(|taken| {
                self.column
                    .placements
                    .iter()
                    .filter(|p| p.cells & taken == 0)
                    .count() as u64
            })
            .collect();
        let mut total = 0;
        for rank in 0..self.row_tuples() {
            let s = self.row_tuple(rank);
            if self.walls(s) > self.max_walls {
                continue;
            }
            let c = self.cells(s);
            total += (0..n)
                .map(|x| free[self.blocked(&c, n + x) as usize])
                .product::<u64>();
        }
        total
    }
}
