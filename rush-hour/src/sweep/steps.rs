//! The moves of the box path read straight from a table: for each kind of line (the exit
//! row, the other rows, the columns), each placement and each pattern of cells the other
//! direction takes, the placements one slide reaches, how far each moves the board's
//! place in its cluster's box (the change of the line's rank in its group, to be scaled
//! by the line's stride, [`super::dense`]) and the cells it changes. A board keeps, per
//! line, where its placement's entries start ([`Board::entry`]), so a line's moves are
//! one read at that entry plus the line's blocked cells; one multiply a move, no rank
//! lookups; a new board is the old one with a few exclusive-ors and one line's entry
//! moved ([`Steps::apply`]).
//!
//! The move loop is compiled once per side (`by_side!`), so that each line's shifts and
//! masks are constants, and what only a new board needs is read when one is built
//! rather than worked out for every line. 5x5 without walls, one thread, under
//! callgrind: 4.77 G instructions before these, 4.28 G after. The moves and their order
//! are the same, so the searches and their answers are too.
//!
//! Each entry holds the same number of steps, the most any line has ([`Steps::width`]),
//! its own first and then *still* steps (no change: rank 0, the board's own place), so
//! that a line's steps are a loop of a fixed length, which the branch predictor learns,
//! where a loop over a list of varying length missed its end about once a line. The
//! caller is told which steps are real and counts only those (see `cluster/boxed.rs`).
//! Measured (one thread, interleaved runs, medians, a loaded machine): 5x5 with at most
//! one wall 4.32 -> 4.03 s user (11 runs each), without walls 0.51 -> 0.49 s (11);
//! 6x6 chunk 300 of 762 alone 6.59 -> 6.60 s (4, no change). Callgrind counts more
//! instructions (6x6 chunk 180: 4.92 G -> 6.90 G), and its branch model, a counter per
//! branch without history, cannot show a fixed-length loop's gain: time is the measure.
//!
//! That length is a constant of the side ([`step_width`]: the most slides any line of
//! `n` cells has, whatever its pieces and walls, 3 for 5x5, 4 for 6x6), so the compiler
//! unrolls each line's loop (no counter, no end test). Its entries hold the same steps,
//! so the moves, their order and the searches are the same. 5x5 without walls, one
//! thread, callgrind: 5.48 G -> 4.61 G instructions; at most one wall, one thread, 5
//! interleaved runs: 3.58 -> 3.34 s user (medians).
//!
//! From 6x6 on, of each entry's steps all but the last are taken without a test
//! ([`fixed_width`]), and the last only when it is a slide (its `flip` is not 0): a
//! line's last slide is rare (5x5 with at most 2 walls: 14% of the lines read have 3
//! slides, 34% 2, 52% 1, so 46% of the steps taken are still steps), and the test, though
//! the predictor misses it now and then, costs less than the still steps it skips. The
//! same slides come in the same order (a still step lists nothing), so the lists and the
//! searches are the same. 6x6 chunks 100, 221 and 650 alone, one thread, 4 interleaved
//! rounds at load 6-7, totals 13.87 / 14.09 / 13.80 / 14.11 s -> 13.42 / 13.52 / 13.67
//! / 13.59 s (each chunk lower in each round); chunks 207 and 400 (memory-bound) even.
//! For 5x5 it did not pay (no walls 0.40 -> 0.42 s, 7 rounds; at most 1 wall 3.50 ->
//! 3.53 s, 5 rounds; at most 2 walls 14.89 -> 15.04 s and 15.07 -> 14.75 s, 3 rounds
//! each), so 5x5 takes every step as before.
//!
//! The rows and the columns with a move are one loop over a mask of lines
//! (`Steps::lines`: bit `y` a row, bit `N + x` a column), where there were a loop over
//! the rows and one over the columns, each of a length that varies from board to board
//! and so missed its end about once a board. A line's blocked cells and a new board's
//! change are chosen by `row` without a branch. The lines come in the same order (rows
//! from the top, then columns from the left), so the moves do too. More instructions
//! (5x5 without walls, callgrind: 4.61 G -> 4.76 G) but less time: one thread, at most
//! one wall 3.04 -> 2.86 s user (5 interleaved runs each), at most two walls 13.22 ->
//! 12.33 s (3 each), medians.

use super::dense::Boxes;
use super::space::{Cells, LineTable, Space, State};

/// A board of the box path: its packed state, its cells by direction (as in [`Cells`];
/// the movable cells are the horizontal ones but the cluster's walls), and per line
/// where its placement's entries start in the step table ([`Steps::board`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Board {
    /// The packed state.
    pub s: State,
    /// Horizontal pieces and walls, row-major.
    pub horizontal: u64,
    /// The same, column-major.
    pub horizontal_t: u64,
    /// Vertical pieces, row-major.
    pub vertical: u64,
    /// Per line: its placement's first entry in the step table (the entry of its
    /// placement `e` with no cell blocked, `e << n` past its kind's first), so that a
    /// line's moves are one table read away (`entry | blocked`).
    pub entry: [u16; 16],
}

impl Board {
    /// Its cells, the walls being `walls`.
    pub fn cells(&self, walls: u64) -> Cells {
        Cells {
            horizontal: self.horizontal,
            horizontal_t: self.horizontal_t,
            vertical: self.vertical,
            movable: self.horizontal & !walls,
        }
    }
}

/// Evaluates `$body` with the constant `$N` the side `$n` (3 to 8, as [`Space::new`]
/// checks): the move loops ([`Steps::for_each`]) are compiled once per side, with the
/// side's shifts and masks constant.
macro_rules! by_side {
    ($n:expr, $N:ident => $body:expr) => {
        by_side!(@ $n, $N, $body, [3, 4, 5, 6, 7])
    };
    (@ $n:expr, $N:ident, $body:expr, [$($side:literal),*]) => {
        match $n {
            $($side => {
                const $N: usize = $side;
                $body
            })*
            // 8, the largest side.
            _ => {
                const $N: usize = 8;
                $body
            }
        }
    };
}
pub(crate) use by_side;

/// One slide: the placement it reaches (as its index exclusive-or the placement left's),
/// the change of the line's rank in its group and of its entry in the step table, and
/// the line's cells it changes (bit `i` the line's cell `i`; spread, bit `i * n`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Step {
    /// The placement reached, exclusive-or the placement left.
    pub flip: u16,
    /// Its rank in the group minus the rank of the placement left.
    pub rank: i16,
    /// Its first entry in the step table minus the placement left's ([`Board::entry`]).
    pub entry: i16,
    /// The line's cells left or taken, along the line.
    pub cells: u16,
    /// The same spread to a board column (bit `i` to bit `i * n`).
    pub spread: u64,
}

/// The step tables of a space's three kinds of line (flat), where each line's kind
/// starts, and the masks that find the lines with a move.
#[derive(Debug)]
pub struct Steps {
    /// Per kind of line and `(e << n) | blocked` (at `base[line]`): how many steps it has.
    lens: Vec<u8>,
    /// The steps, `width` per entry (the entry's steps, then still steps: rank 0, no
    /// change), so that a line's steps are a fixed-length loop.
    steps: Vec<Step>,
    /// The steps of one entry: [`step_width`] of the side.
    width: usize,
    /// Per line: where its kind's entries start in `lens`.
    base: [usize; 16],
    /// Every cell but those of the last column, and but those of the first.
    not_last: u64,
    not_first: u64,
    /// Every cell.
    board: u64,
    /// The exit cell (the last of the exit row): the red car covers it exactly when the
    /// board is solved (no other horizontal piece shares its row, walls stand left of it).
    goal: u64,
    /// The cells of the exit row.
    exit_cells: u64,
    /// The board's side.
    n: usize,
    /// Per line: where its field starts in the packed state (`line * width`), read only
    /// when a board is built ([`Steps::apply`]).
    shift: [u32; 16],
}

/// The steps each entry of the table holds for side `n` (its own, then still steps): the
/// most slides one line of `n` cells has, whatever its pieces and walls (two cars with
/// every free cell between them, or for `n` up to 6 one car alone: `n - 2`). A constant
/// of the side, so that a line's steps are a loop of a length the compiler knows, which
/// it unrolls: no loop counter, no end test.
pub const fn step_width(n: usize) -> usize {
    match n {
        0..=3 => 1,
        4..=6 => n - 2,
        _ => 2 * (n - 4),
    }
}

/// The steps of an entry the move loop takes without a test, for side `n`: from 6x6 on,
/// all but the last of [`step_width`] (a line's last slide is rare); up to 5x5, all
/// (there the test did not pay: module docs).
pub const fn fixed_width(n: usize) -> usize {
    match n {
        0..=5 => step_width(n),
        _ => step_width(n) - 1,
    }
}

/// The most moves one board has, for side `n`: a slide left (right, up, down) ends on an
/// empty cell with the slid piece next to that cell's gap on the right (left, below,
/// above), a different cell for each slide, so each empty cell ends at most four, and
/// fewer than `n * n` cells are empty.
pub fn most_moves(n: usize) -> usize {
    4 * n * n
}

impl Steps {
    /// The steps of `space`, ranks from `boxes`.
    pub fn new(space: &Space, boxes: &Boxes) -> Steps {
        let n = space.n;
        let other = (0..n)
            .find(|&y| y != space.exit_row)
            .unwrap_or(space.exit_row);
        let mut line_cells = [0u64; 16];
        for y in 0..n {
            for x in 0..n {
                let at = y * n + x;
                line_cells[y] |= 1 << at;
                line_cells[n + x] |= 1 << at;
            }
        }
        let board = (0..n).fold(0, |m, y| m | line_cells[y]);
        let mut lists = Vec::new();
        let mut kinds = [0usize; 3];
        for (k, l) in [space.exit_row, other, n].into_iter().enumerate() {
            kinds[k] = lists.len();
            add_kind(space.table(l), |e| boxes.rank(l, e), n, &mut lists);
        }
        // No line has more slides than `step_width(n)` (`no_line_slides_more_than_its_width`
        // tries every line of every side); `min` only keeps a mistake there from panicking.
        let width = step_width(n);
        debug_assert!(lists.iter().all(|list| list.len() <= width));
        let lens = lists
            .iter()
            .map(|list| list.len().min(width) as u8)
            .collect();
        let mut steps = Vec::with_capacity(lists.len() * width);
        for list in &lists {
            let real = &list[..list.len().min(width)];
            steps.extend_from_slice(real);
            steps.resize(steps.len() + width - real.len(), Step::default());
        }
        let mut base = [0usize; 16];
        for (l, b) in base.iter_mut().enumerate().take(2 * n) {
            *b = match l {
                l if l == space.exit_row => kinds[0],
                l if l < n => kinds[1],
                _ => kinds[2],
            };
        }
        Steps {
            lens,
            steps,
            width,
            base,
            not_last: board & !line_cells[2 * n - 1],
            not_first: board & !line_cells[n],
            board,
            goal: 1 << (space.exit_row * n + n - 1),
            exit_cells: line_cells[space.exit_row],
            n,
            shift: std::array::from_fn(|l| l as u32 * space.width),
        }
    }

    /// Board `s` of `space` (this table's), whose cells are `c`.
    pub fn board(&self, space: &Space, s: State, c: &Cells) -> Board {
        let mut entry = [0u16; 16];
        for (l, first) in entry.iter_mut().enumerate().take(2 * self.n) {
            // Below 3 * 2^(width + n) <= 3 * 2^13: the packed state holds 2n fields of
            // `width` bits in 63, so `width` is at most 10, 7, 6, 5, 4, 3 for n = 3..8.
            *first = (self.base[l] + (space.field(s, l) << self.n)) as u16;
        }
        Board {
            s,
            horizontal: c.horizontal,
            horizontal_t: c.horizontal_t,
            vertical: c.vertical,
            entry,
        }
    }

    /// Whether `b` is solved.
    #[inline]
    pub fn solved(&self, b: &Board) -> bool {
        b.horizontal & self.goal != 0
    }

    /// [`Space::lower_bound`] of `b`: one move for the car unless solved, one for each
    /// vertical piece between the car and the exit. The car is the exit row's last
    /// horizontal piece (walls stand left of it), so it ends at the row's highest bit.
    #[inline]
    pub fn lower_bound(&self, b: &Board) -> u32 {
        if self.solved(b) {
            return 0;
        }
        let row = b.horizontal & self.exit_cells;
        let end = 63 - row.leading_zeros().min(63);
        let ahead = self.exit_cells & !((1u64 << end) << 1).wrapping_sub(1);
        1 + (b.vertical & ahead).count_ones()
    }

    /// The board that step `step` of line `l` (a row when `row`) makes of `b`, whose
    /// side is `N`.
    #[inline(always)]
    pub fn apply<const N: usize>(&self, b: &Board, l: usize, step: Step, row: bool) -> Board {
        let mut next = *b;
        self.apply_into::<N>(b, l, step, row, &mut next);
        next
    }

    /// [`Steps::apply`] written into `next` (over whatever it held): the board copied,
    /// then its changed fields written in place, so that no wider read of a board
    /// follows the narrow writes that change it.
    #[inline(always)]
    pub fn apply_into<const N: usize>(
        &self,
        b: &Board,
        l: usize,
        step: Step,
        row: bool,
        next: &mut Board,
    ) {
        *next = *b;
        next.s = b.s ^ u64::from(step.flip) << self.shift[l & 15];
        next.entry[l & 15] = b.entry[l & 15].wrapping_add_signed(step.entry);
        // Without a branch on `row` (rows and columns come mixed in one loop): the
        // other direction's change is masked to nothing.
        let rows = 0u64.wrapping_sub(u64::from(row));
        let spread = step.spread;
        next.horizontal =
            b.horizontal ^ (u64::from(step.cells).wrapping_shl((l * N) as u32)) & rows;
        next.horizontal_t = b.horizontal_t ^ spread.wrapping_shl(l as u32) & rows;
        next.vertical = b.vertical ^ spread.wrapping_shl(l.wrapping_sub(N) as u32) & !rows;
    }

    /// Calls `f(line, step, row, real)` for every move of `b` (the walls being `walls`),
    /// `real` true, and for the still steps that pad each line's to [`fixed_width`],
    /// `real` false: only the lines with a free cell next to one of their pieces are read,
    /// rows first (`row` true), then columns, in one loop (`Steps::lines`). Returns
    /// whether `b` is a seed (no slide left or up).
    /// `N` is the board's side (the space's `n`), a constant so that each line's shifts
    /// and masks are too.
    #[inline(always)]
    pub fn for_each<const N: usize>(
        &self,
        b: &Board,
        walls: u64,
        mut f: impl FnMut(usize, Step, bool, bool),
    ) -> bool {
        debug_assert_eq!(N, self.n);
        let full = (1u64 << N) - 1;
        let free = !(b.horizontal | b.vertical) & self.board;
        let movable = b.horizontal & !walls;
        let left = (movable >> 1) & self.not_last & free;
        let right = (movable << 1) & self.not_first & free;
        let up = (b.vertical >> N) & free;
        let down = (b.vertical << N) & free;
        let mut lines = self.lines::<N>(left | right, up | down);
        while lines != 0 {
            let l = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            let row = l < N;
            // A row's blocked cells are the vertical pieces' in it, a column's the
            // horizontal pieces' (column-major).
            let (other, first) = match row {
                true => (b.vertical, l * N),
                false => (b.horizontal_t, (l - N) * N),
            };
            let blocked = (other >> (first & 63)) & full;
            let at = b.entry[l & 15] as usize | blocked as usize;
            let len = self.lens[at] as usize;
            let (fixed, rest) = self.at::<N>(at).split_at(fixed_width(N));
            for (k, &step) in fixed.iter().enumerate() {
                f(l, step, row, k < len);
            }
            // The rare steps past the fixed ones: only the real (a slide's `flip` is
            // never 0, a still step's always).
            for &step in rest {
                if step.flip != 0 {
                    f(l, step, row, true);
                }
            }
        }
        left | up == 0
    }

    /// The lines with a move, rows first (bit `y`), then columns (bit `N + x`), from the
    /// cells a piece can slide into along a row (`across`) and along a column (`down`).
    #[inline(always)]
    fn lines<const N: usize>(&self, across: u64, down: u64) -> u64 {
        let full = (1u64 << N) - 1;
        let mut lines = 0;
        for y in 0..N {
            lines |= u64::from((across >> (y * N)) & full != 0) << y;
        }
        // Every row folded onto the first: bit `x` is column `x`'s.
        let mut columns = down | down >> N;
        columns |= columns >> (2 * N);
        columns |= columns >> ((4 * N) & 63);
        lines | (columns & full) << N
    }

    /// The steps of entry `at` (a line's [`Board::entry`] with the cells blocked), side
    /// `N`: a slice of the constant length [`step_width`]`(N)`, so that the loop over it
    /// is unrolled.
    #[inline(always)]
    fn at<const N: usize>(&self, at: usize) -> &[Step] {
        let width = step_width(N);
        &self.steps[at * width..(at + 1) * width]
    }

    /// The most steps one line has (the still steps the move loop calls with pad each
    /// line's to this).
    pub fn width(&self) -> usize {
        self.width
    }
}

/// Adds the steps of one kind of line (`table`, group ranks `rank`) to the flat lists.
fn add_kind(table: &LineTable, rank: impl Fn(usize) -> u32, n: usize, lists: &mut Vec<Vec<Step>>) {
    let spread = |cells: u32| {
        (0..n)
            .filter(|i| cells >> i & 1 == 1)
            .fold(0u64, |m, i| m | 1 << (i * n))
    };
    for e in 0..table.placements.len() {
        for blocked in 0..1u32 << n {
            lists.push(
                table
                    .slides(e, blocked, n)
                    .iter()
                    .map(|&t| {
                        let cells = table.cells[e] ^ table.cells[t as usize];
                        Step {
                            flip: e as u16 ^ t,
                            // Group ranks are below the line's placements, at most 2^10: the
                            // packed state gives each of the 2n >= 6 lines at most 10 bits;
                            // so `(t - e) << n` is below 2^13 (see `Steps::board`).
                            rank: (rank(t as usize) as i32 - rank(e) as i32) as i16,
                            entry: ((t as i32 - e as i32) << n) as i16,
                            // A line has at most 8 cells.
                            cells: cells as u16,
                            spread: spread(cells),
                        }
                    })
                    .collect(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random boards of each small space: the steps are the slides of
    /// [`Space::for_each_slide`] (no more, no fewer), move the place as [`Boxes::place`]
    /// says and the board as [`Space::cells`] says; the seed and solved tests and the
    /// lower bound agree with [`Space`]'s, and no board has more than [`most_moves`].
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
                let wall_cells = c.horizontal & !c.movable;
                let b = steps.board(&space, s, &c);
                let frame = boxes.frame(&space, s);
                let at = boxes.place(&space, &frame, s) as i64;
                let mut want = Vec::new();
                space.for_each_slide(s, &c, |l, e, t, _| want.push((l, e, t)));
                let mut got = Vec::new();
                let seed = by_side!(n, N => steps.for_each::<N>(&b, wall_cells, |l, step, row, real| {
                    assert_eq!(row, l < n);
                    if !real {
                        // A still step: it leaves the board at its place.
                        assert_eq!((step.rank, step.flip, step.entry), (0, 0, 0));
                        return;
                    }
                    let e = space.field(s, l);
                    let t = e ^ step.flip as usize;
                    let u = space.with_field(s, l, t);
                    let to = at + i64::from(step.rank) * frame.stride(l) as i64;
                    assert_eq!(to, boxes.place(&space, &frame, u) as i64, "{n} {walls}");
                    let moved = steps.apply::<N>(&b, l, step, row);
                    assert_eq!(moved, steps.board(&space, u, &space.cells(u)), "{n} {walls}");
                    assert_eq!(moved.cells(wall_cells).movable, space.cells(u).movable);
                    assert_eq!(steps.solved(&moved), space.solved(u));
                    got.push((l, e, t));
                }));
                assert_eq!(seed, space.is_seed(&c));
                assert_eq!(steps.solved(&b), space.solved(s));
                assert_eq!(steps.lower_bound(&b), space.lower_bound(s));
                assert!(got.len() <= most_moves(n));
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

    /// [`step_width`] is the most slides of any line of `n` cells: every layout of walls,
    /// cars and trucks (covering fewer than `n` cells), nothing blocked (blocked cells
    /// only take slides away), each movable piece sliding over the free cells next to it.
    #[test]
    fn step_width_is_the_most_slides_of_a_line() {
        fn most(n: usize, at: usize, cells: u32, pieces: &mut Vec<(usize, usize)>) -> usize {
            if at >= n {
                if cells.count_ones() as usize >= n {
                    return 0;
                }
                let free = |x: usize| cells >> x & 1 == 0;
                let mut slides = 0;
                for &(start, len) in pieces.iter().filter(|&&(_, len)| len > 1) {
                    slides += (0..start).rev().take_while(|&x| free(x)).count();
                    slides += (start + len..n).take_while(|&x| free(x)).count();
                }
                return slides;
            }
            let mut best = most(n, at + 1, cells, pieces);
            for len in 1..=3 {
                if at + len <= n {
                    pieces.push((at, len));
                    let taken = cells | ((1 << len) - 1) << at;
                    best = best.max(most(n, at + len, taken, pieces));
                    pieces.pop();
                }
            }
            best
        }
        for n in 3..=8 {
            assert_eq!(most(n, 0, 0, &mut Vec::new()), step_width(n), "side {n}");
        }
    }

    /// No entry of any space's tables has more slides than [`step_width`].
    #[test]
    fn no_line_slides_more_than_its_width() {
        each_space(3, |n, walls, space| {
            for table in [&space.exit, &space.row, &space.column] {
                for e in 0..table.placements.len() {
                    for blocked in 0..1u32 << n {
                        let slides = table.slides(e, blocked, n).len();
                        assert!(slides <= step_width(n), "{n} {walls}: {slides}");
                    }
                }
            }
        });
    }

    /// Calls `f(n, walls, space)` for every space of side 3 to 8 and at most `most_walls`
    /// walls that fits the packed state.
    fn each_space(most_walls: u32, mut f: impl FnMut(usize, u32, &Space)) {
        for n in 3..=8 {
            for walls in 0..=most_walls {
                if let Ok(space) = Space::new(n, walls) {
                    f(n, walls, &space);
                }
            }
        }
    }

    /// The red car covers the exit cell exactly when it is at the exit, in every exit-row
    /// placement of every space ([`Steps::solved`] reads only that cell).
    #[test]
    fn the_exit_cell_is_the_car_at_the_exit() {
        each_space(2, |n, walls, space| {
            for (e, p) in space.exit.placements.iter().enumerate() {
                let s = space.with_field(0, space.exit_row, e);
                let covers = space.exit.cells[e] >> (n - 1) & 1 == 1;
                assert_eq!(covers, space.solved(s), "{n} {walls}: {:?}", p.spans);
            }
        });
    }
}
