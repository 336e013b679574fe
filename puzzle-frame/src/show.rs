//! `--show`: a [`Film`] drawn in the terminal, the same way for every puzzle.
//!
//! - Each frame is captioned `step 0/n: start`, then `step k/n: MOVE`.
//! - Frames stand side by side when several fit the width ([`ShowOptions::width`]: the
//!   `COLUMNS` variable, else [`DEFAULT_WIDTH`]).
//! - A board larger than [`CROP_ROWS`] x [`CROP_COLUMNS`] is cropped to one window around
//!   the cells the solution uses ([`crop_window`]), announced by one line.
//! - A solution of more than twice [`CAP_STEPS`] moves shows its first and last
//!   [`CAP_STEPS`] steps and one line saying how many were skipped, unless
//!   [`ShowOptions::all`] (`--show-all`).

use std::io::{self, Write};

use crate::film::Film;
use grid_common::{Grid, Pos};

/// The terminal width assumed when `COLUMNS` is not set.
pub const DEFAULT_WIDTH: usize = 100;
/// Boards with more rows than this are cropped.
pub const CROP_ROWS: usize = 40;
/// Boards with more columns than this are cropped.
pub const CROP_COLUMNS: usize = 80;
/// Without `--show-all`, a long solution shows this many steps at each end.
pub const CAP_STEPS: usize = 20;
/// Spaces between frames that stand side by side.
const GAP: usize = 3;

/// How to draw a film.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowOptions {
    /// The width frames are laid out in, in characters.
    pub width: usize,
    /// Every step, however long the solution (`--show-all`).
    pub all: bool,
}

impl Default for ShowOptions {
    fn default() -> ShowOptions {
        ShowOptions {
            width: DEFAULT_WIDTH,
            all: false,
        }
    }
}

impl ShowOptions {
    /// The width from the `COLUMNS` variable (else [`DEFAULT_WIDTH`]); `all` as given.
    pub fn from_env(all: bool) -> ShowOptions {
        let width = std::env::var("COLUMNS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&w| w > 0)
            .unwrap_or(DEFAULT_WIDTH);
        ShowOptions { width, all }
    }
}

/// The part of the board that is drawn: rows `top..top+rows`, columns `left..left+cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// First row drawn (0-based).
    pub top: usize,
    /// First column drawn (0-based).
    pub left: usize,
    /// Number of rows drawn.
    pub rows: usize,
    /// Number of columns drawn.
    pub cols: usize,
}

impl Window {
    /// True when the window is the whole `board`.
    pub fn is_whole(&self, board: &Grid<char>) -> bool {
        (self.top, self.left, self.rows, self.cols) == (0, 0, board.rows(), board.cols())
    }
}

/// The window drawn for a film: the whole board when it is at most [`CROP_ROWS`] rows and
/// [`CROP_COLUMNS`] characters wide as drawn (a boxed cell is four characters wide), else
/// the cells the solution changes and its focus cells with a margin of one cell (the
/// top-left corner when there are none).
pub fn crop_window(film: &Film) -> Window {
    let (rows, cols) = (film.start.rows(), film.start.cols());
    let max_cols = if film.boxed {
        (CROP_COLUMNS - 1) / 4
    } else {
        CROP_COLUMNS
    };
    if rows <= CROP_ROWS && cols <= max_cols {
        return Window {
            top: 0,
            left: 0,
            rows,
            cols,
        };
    }
    match film.used_area() {
        Some((a, b)) => {
            let top = a.row.saturating_sub(1);
            let left = a.col.saturating_sub(1);
            let bottom = (b.row + 1).min(rows - 1);
            let right = (b.col + 1).min(cols - 1);
            Window {
                top,
                left,
                rows: bottom - top + 1,
                cols: right - left + 1,
            }
        }
        None => Window {
            top: 0,
            left: 0,
            rows: rows.min(CROP_ROWS),
            cols: cols.min(max_cols),
        },
    }
}

/// The film drawn as text (see the module docs).
pub fn render(film: &Film, options: &ShowOptions) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write(&mut out, film, options);
    String::from_utf8_lossy(&out).into_owned()
}

/// Writes the film as text (see the module docs).
pub fn write(out: &mut dyn Write, film: &Film, options: &ShowOptions) -> io::Result<()> {
    for line in &film.preface {
        writeln!(out, "{line}")?;
    }
    let area = crop_window(film);
    let (max_rows, max_cols) = (CROP_ROWS, max_drawn_cols(film));
    // The cells the solution uses do not fit one window: each frame gets its own, which
    // follows that step's changes, and says where it is in its caption.
    let follows = area.rows > max_rows || area.cols > max_cols;
    if follows {
        writeln!(
            out,
            "(a window of {} x {} cells of the {} x {} board follows the moves)",
            area.rows.min(max_rows),
            area.cols.min(max_cols),
            film.start.rows(),
            film.start.cols()
        )?;
    } else if !area.is_whole(&film.start) {
        writeln!(
            out,
            "(rows {}-{}, columns {}-{} of the {} x {} board)",
            area.top + 1,
            area.top + area.rows,
            area.left + 1,
            area.left + area.cols,
            film.start.rows(),
            film.start.cols()
        )?;
    }
    let n = film.len();
    let capped = !options.all && n > 2 * CAP_STEPS;
    let shown = |k: usize| !capped || k <= CAP_STEPS || k > n - CAP_STEPS;
    // Frame `i` is the board after `film.steps[i - 1]`: move `number(i)` of the solution
    // (the film may hold fewer steps than moves, see `FilmPlan`).
    let number = |i: usize| i.checked_sub(1).map_or(0, |i| film.number(i));
    let windows = if follows {
        following_windows(film, area, (max_rows, max_cols))
    } else {
        vec![area; film.steps.len() + 1]
    };
    let caption = |i: usize| {
        let w = windows[i];
        match follows {
            true => format!(
                "{} (rows {}-{}, columns {}-{})",
                film.caption(number(i)),
                w.top + 1,
                w.top + w.rows,
                w.left + 1,
                w.left + w.cols
            ),
            false => film.caption(number(i)),
        }
    };
    // Every caption shown, for one column width across the whole film.
    let caption_width = (0..=film.steps.len())
        .filter(|&i| shown(number(i)))
        .map(|k| caption(k).chars().count())
        .max()
        .unwrap_or(0);
    let drawn_cols = windows.iter().map(|w| w.cols).max().unwrap_or(0);
    let board_width = if film.boxed {
        4 * drawn_cols + 1
    } else {
        drawn_cols
    };
    let column = board_width.max(caption_width);
    let per_row = ((options.width + GAP) / (column + GAP)).max(1);

    let mut board = film.start.clone();
    let mut pending: Vec<Vec<String>> = Vec::new();
    let mut first_row = true;
    let mut flush = |out: &mut dyn Write, pending: &mut Vec<Vec<String>>| -> io::Result<()> {
        if pending.is_empty() {
            return Ok(());
        }
        if !first_row {
            writeln!(out)?;
        }
        first_row = false;
        write_side_by_side(out, pending, column)?;
        pending.clear();
        Ok(())
    };
    for (i, &window) in windows.iter().enumerate() {
        if let Some(step) = i.checked_sub(1).and_then(|i| film.steps.get(i)) {
            for &(pos, c) in &step.changes {
                if let Some(cell) = board.get_mut(pos) {
                    *cell = c;
                }
            }
        }
        let k = number(i);
        if !shown(k) {
            continue;
        }
        if capped && k == n - CAP_STEPS + 1 {
            flush(out, &mut pending)?;
            writeln!(out)?;
            writeln!(
                out,
                "... {} steps skipped (--show-all shows every step) ...",
                n - 2 * CAP_STEPS
            )?;
        }
        let mut lines = vec![caption(i)];
        lines.extend(draw(&board, window, film.boxed));
        pending.push(lines);
        if pending.len() == per_row {
            flush(out, &mut pending)?;
        }
    }
    flush(out, &mut pending)
}

/// The most board columns one frame may draw: [`CROP_COLUMNS`] characters, a boxed cell
/// being four characters wide.
fn max_drawn_cols(film: &Film) -> usize {
    if film.boxed {
        (CROP_COLUMNS - 1) / 4
    } else {
        CROP_COLUMNS
    }
}

/// One window per frame, each of at most `size` cells inside `area`, following the moves:
/// a frame keeps the window before it while its step's changes lie inside it, else the
/// window is centred on them (step 0 on the first step's changes).
fn following_windows(film: &Film, area: Window, size: (usize, usize)) -> Vec<Window> {
    let (rows, cols) = (area.rows.min(size.0), area.cols.min(size.1));
    let centred = |first: usize, last: usize, start: usize, len: usize, span: usize| {
        let centre = (first + last) / 2;
        centre
            .saturating_sub(span / 2)
            .clamp(start, start + len - span)
    };
    let mut window = Window {
        top: area.top,
        left: area.left,
        rows,
        cols,
    };
    let mut windows = Vec::with_capacity(film.steps.len() + 1);
    for k in 0..=film.steps.len() {
        let step = film.steps.get(k.saturating_sub(1));
        let changes = step.map_or(&[][..], |s| s.changes.as_slice());
        let rows_used = changes.iter().map(|(p, _)| p.row).minmax();
        let cols_used = changes.iter().map(|(p, _)| p.col).minmax();
        if let (Some((r0, r1)), Some((c0, c1))) = (rows_used, cols_used) {
            let inside = |w: &Window| {
                r0 >= w.top && r1 < w.top + w.rows && c0 >= w.left && c1 < w.left + w.cols
            };
            if !inside(&window) {
                window.top = centred(r0, r1, area.top, area.rows, rows);
                window.left = centred(c0, c1, area.left, area.cols, cols);
            }
        }
        windows.push(window);
    }
    windows
}

/// The smallest and largest of some numbers.
trait MinMax: Iterator<Item = usize> + Sized {
    fn minmax(self) -> Option<(usize, usize)> {
        self.fold(None, |acc, x| match acc {
            None => Some((x, x)),
            Some((lo, hi)) => Some((lo.min(x), hi.max(x))),
        })
    }
}

impl<I: Iterator<Item = usize>> MinMax for I {}

/// The window of the board as lines of text, plain or boxed.
fn draw(board: &Grid<char>, window: Window, boxed: bool) -> Vec<String> {
    let cell = |r: usize, c: usize| {
        board
            .get(Pos::new(window.top + r, window.left + c))
            .copied()
            .unwrap_or(' ')
    };
    if !boxed {
        return (0..window.rows)
            .map(|r| (0..window.cols).map(|c| cell(r, c)).collect())
            .collect();
    }
    let rule: String = "+---".repeat(window.cols) + "+";
    let mut lines = vec![rule.clone()];
    for r in 0..window.rows {
        let mut line = String::new();
        for c in 0..window.cols {
            line.push_str("| ");
            line.push(cell(r, c));
            line.push(' ');
        }
        line.push('|');
        lines.push(line);
        lines.push(rule.clone());
    }
    lines
}

/// Frames (each a list of lines) side by side, each padded to `column` characters.
fn write_side_by_side(
    out: &mut dyn Write,
    frames: &[Vec<String>],
    column: usize,
) -> io::Result<()> {
    let height = frames.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..height {
        let mut line = String::new();
        for (j, frame) in frames.iter().enumerate() {
            let text = frame.get(i).map_or("", String::as_str);
            if j > 0 {
                line.push_str(&" ".repeat(GAP));
            }
            line.push_str(text);
            line.push_str(&" ".repeat(column.saturating_sub(text.chars().count())));
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::MemoryBudget;
    use crate::film::{FilmBuilder, FilmPlan};

    /// A piece `A` walking right along a 1 x `len` board, `moves` times.
    fn walk(rows: usize, len: usize, moves: usize) -> Film {
        walk_planned(rows, len, moves, FilmPlan::whole())
    }

    /// [`walk`] under `plan`.
    fn walk_planned(rows: usize, len: usize, moves: usize, plan: FilmPlan) -> Film {
        let mut start = Grid::new(rows, len, '.');
        if let Some(c) = start.get_mut(Pos::new(0, 0)) {
            *c = 'A';
        }
        let mut b = FilmBuilder::planned(start, plan);
        for i in 0..moves {
            b.set(Pos::new(0, i), '.');
            b.set(Pos::new(0, i + 1), 'A');
            b.step("R");
        }
        b.finish()
    }

    #[test]
    fn frames_stand_side_by_side_within_the_width() {
        let film = walk(1, 3, 2);
        let narrow = ShowOptions {
            width: 33,
            all: false,
        };
        assert_eq!(
            render(&film, &narrow),
            "step 0/2: start   step 1/2: R\nA..               .A.\n\nstep 2/2: R\n..A\n"
        );
        let one = ShowOptions {
            width: 1,
            all: false,
        };
        assert_eq!(render(&film, &one).lines().count(), 3 * 2 + 2);
    }

    #[test]
    fn long_solutions_are_capped_unless_all() {
        let film = walk(1, 60, 50);
        let text = render(&film, &ShowOptions::default());
        assert!(text.contains("... 10 steps skipped (--show-all shows every step) ..."));
        assert!(text.contains("step 20/50: R") && text.contains("step 31/50: R"));
        assert!(!text.contains("step 21/50") && !text.contains("step 30/50"));
        let all = render(
            &film,
            &ShowOptions {
                width: 100,
                all: true,
            },
        );
        assert!(all.contains("step 25/50: R") && !all.contains("skipped"));
    }

    #[test]
    fn a_film_that_keeps_only_the_shown_steps_shows_the_same() {
        let plan = |moves, budget| FilmPlan {
            moves,
            ends: Some(CAP_STEPS),
            budget: MemoryBudget::new(budget),
        };
        // Boards within one window: the same text. (On a larger board the window after the
        // skipped steps follows their net changes, not each of them.)
        for (rows, len, moves) in [(1, 60, 50), (30, 70, 69), (1, 60, 40), (1, 60, 41)] {
            let whole = walk(rows, len, moves);
            let cut = walk_planned(rows, len, moves, plan(moves, u64::MAX));
            assert_eq!(cut.len(), moves);
            assert_eq!(cut.steps.len(), moves.min(2 * CAP_STEPS + 1));
            let options = ShowOptions::default();
            assert_eq!(render(&cut, &options), render(&whole, &options));
            let last = |f: &Film| f.frames().last().map(|f| (f.caption, f.board));
            assert_eq!(last(&cut), last(&whole));
        }
        // Over its budget the film holds nothing and says why.
        let refused = walk_planned(50, 300, 290, plan(290, 50 * 300 * 8 + 100));
        let over = refused.refused.as_ref().expect("over the budget");
        assert_eq!(over.what, "the film of the solution");
        assert!(refused.steps.is_empty() && refused.start.is_empty());
    }

    /// The window of the top-left `rows` x `cols` cells.
    fn top_left(rows: usize, cols: usize) -> Window {
        Window {
            top: 0,
            left: 0,
            rows,
            cols,
        }
    }

    #[test]
    fn large_boards_are_cropped_to_the_cells_used() {
        let film = walk(50, 100, 3);
        assert_eq!(crop_window(&film), top_left(2, 5));
        let text = render(&film, &ShowOptions::default());
        assert!(text.starts_with("(rows 1-2, columns 1-5 of the 50 x 100 board)\n"));
        assert!(text.contains("...A."));
    }

    #[test]
    fn boxed_boards_are_cropped_by_their_drawn_width() {
        let mut film = walk(2, 30, 2);
        assert!(crop_window(&film).is_whole(&film.start));
        film.boxed = true;
        assert_eq!(crop_window(&film), top_left(2, 4));
    }

    #[test]
    fn boxed_cells() {
        let mut film = walk(1, 2, 0);
        film.boxed = true;
        assert_eq!(
            render(&film, &ShowOptions::default()),
            "step 0/0: start\n+---+---+\n| A | . |\n+---+---+\n"
        );
    }
    #[test]
    fn a_solution_larger_than_the_window_is_followed_frame_by_frame() {
        // A piece walks down the first column of a 300 x 200 board, then along the last row.
        let (rows, cols) = (300, 200);
        let mut start = Grid::new(rows, cols, '.');
        start[Pos::new(0, 0)] = 'A';
        let mut b = FilmBuilder::new(start);
        let mut at = Pos::new(0, 0);
        let path = (1..rows)
            .map(|r| Pos::new(r, 0))
            .chain((1..cols).map(|c| Pos::new(rows - 1, c)));
        for next in path {
            b.set(at, '.');
            b.set(next, 'A');
            b.step("M");
            at = next;
        }
        let film = b.finish();
        let text = render(&film, &ShowOptions::default());
        assert!(text
            .starts_with("(a window of 40 x 80 cells of the 300 x 200 board follows the moves)\n"));
        // 41 frames of 41 lines of at most 80 cells (one frame a row at 100 columns).
        assert!(text.len() < 41 * 41 * 101 + 200, "{}", text.len());
        let captions: Vec<&str> = text.lines().filter(|l| l.starts_with("step ")).collect();
        assert_eq!(captions.len(), 41);
        assert_eq!(captions[0], "step 0/498: start (rows 1-40, columns 1-80)");
        assert_eq!(captions[1], "step 1/498: M (rows 1-40, columns 1-80)");
        // The last step's change, (300, 200) 1-based, lies inside its window.
        assert_eq!(
            captions[40],
            "step 498/498: M (rows 261-300, columns 121-200)"
        );
        // Every frame draws the piece: the window follows it.
        for frame in text.split("\n\n").filter(|f| f.starts_with("step ")) {
            assert!(frame.contains('A'), "{frame}");
        }
    }
}
