//! `--show`: the boards step by step, framed like the statement's drawing.
//!
//! Each step is a panel: a caption (`start`, then `3: A left` for the third move, which
//! slid `A` one cell to the left) over the framed board, the blank drawn empty. Panels
//! stand side by side, as many as fit in [`WIDTH`] columns, in bands separated by an
//! empty line; the whole block ends with an empty line.
//!
//! A board too wide to frame in [`WIDTH`] columns (more than 19 columns, like a 2 x 72
//! corridor) is cropped to the rectangle of cells that change during the solution (for a
//! board without solution: the rectangle around `A`, `B` and the blank), announced by a
//! line `rows 1-2, columns 30-41 of the 2 x 72 board`; if that is still too wide, the
//! rows are drawn compactly, one character per cell between bars, with `.` for the blank.

use grid_common::Dir;

use crate::{replay, Board, Cell, Move};

/// The terminal width the panels are laid out in.
pub const WIDTH: usize = 78;

/// The gap between two panels.
const GAP: &str = "   ";

/// The framed board, one string per line.
pub fn frame(board: &Board) -> Vec<String> {
    let region = Region {
        rows: (0, board.rows() - 1),
        cols: (0, board.cols() - 1),
    };
    draw(board, region, false)
}

/// A rectangle of cells: inclusive (first, last) rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Region {
    rows: (usize, usize),
    cols: (usize, usize),
}

impl Region {
    /// The smallest region holding every cell index in `cells` on a board `cols` wide.
    fn around(cells: impl Iterator<Item = usize>, cols: usize) -> Option<Region> {
        cells.fold(None, |region, i| {
            let (r, c) = (i / cols, i % cols);
            Some(match region {
                None => Region {
                    rows: (r, r),
                    cols: (c, c),
                },
                Some(Region { rows, cols }) => Region {
                    rows: (rows.0.min(r), rows.1.max(r)),
                    cols: (cols.0.min(c), cols.1.max(c)),
                },
            })
        })
    }

    fn width(self) -> usize {
        self.cols.1 - self.cols.0 + 1
    }
}

/// The region of `board` framed (`compact` false) or drawn compactly, one string per line.
fn draw(board: &Board, region: Region, compact: bool) -> Vec<String> {
    let cells = board.cells();
    let row_cells = |r: usize| {
        let start = r * board.cols();
        cells
            .get(start + region.cols.0..=start + region.cols.1)
            .unwrap_or(&[])
    };
    let mut lines = Vec::new();
    if compact {
        for r in region.rows.0..=region.rows.1 {
            let text: String = row_cells(r)
                .iter()
                .map(|&c| if c == Cell::Blank { '.' } else { c.to_char() })
                .collect();
            lines.push(format!("|{text}|"));
        }
        return lines;
    }
    let rule = format!("+{}", "---+".repeat(region.width()));
    lines.push(rule.clone());
    for r in region.rows.0..=region.rows.1 {
        let mut line = String::from("|");
        for cell in row_cells(r) {
            line.push(' ');
            line.push(cell.to_char());
            line.push_str(" |");
        }
        lines.push(line);
        lines.push(rule.clone());
    }
    lines
}

/// `left`, `right`, `up` or `down`.
fn word(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "up",
        Dir::Down => "down",
        Dir::Left => "left",
        Dir::Right => "right",
    }
}

/// The start board and the board after each move, laid out in panels; `moves` of `None`
/// (no solution) shows the start board and says so. A move that does not replay (never
/// the case for the solver's moves) ends the display with a line saying why.
pub fn show(board: &Board, moves: Option<&[Move]>) -> String {
    let mut boards = vec![("start".to_string(), board.clone())];
    let mut note = None;
    match moves {
        None => note = Some("A and B cannot be swapped on this board".to_string()),
        Some(moves) => {
            let mut current = board.clone();
            for (i, &mv) in moves.iter().enumerate() {
                if let Err(why) = replay::apply(&mut current, mv) {
                    note = Some(format!("move {} ({mv}) is illegal: {why}", i + 1));
                    break;
                }
                let caption = format!("{}: {} {}", i + 1, mv.card.to_char(), word(mv.dir));
                boards.push((caption, current.clone()));
            }
        }
    }
    let full = Region {
        rows: (0, board.rows() - 1),
        cols: (0, board.cols() - 1),
    };
    let framed_width = |region: Region| 4 * region.width() + 1;
    let mut out = String::new();
    let (region, compact) = if framed_width(full) <= WIDTH {
        (full, false)
    } else {
        // The cells that ever change (or A, B and the blank when nothing moves).
        let changing = (0..board.cells().len()).filter(|&i| {
            let first = board.cells()[i];
            if boards.len() == 1 {
                first != Cell::Soldier
            } else {
                boards.iter().any(|(_, b)| b.cells()[i] != first)
            }
        });
        let region = Region::around(changing, board.cols()).unwrap_or(full);
        let compact = framed_width(region) > WIDTH;
        out.push_str(&format!(
            "rows {}-{}, columns {}-{} of the {} x {} board{}:\n",
            region.rows.0 + 1,
            region.rows.1 + 1,
            region.cols.0 + 1,
            region.cols.1 + 1,
            board.rows(),
            board.cols(),
            if compact { " ('.' is the blank)" } else { "" },
        ));
        (region, compact)
    };
    let panels: Vec<(String, Vec<String>)> = boards
        .iter()
        .map(|(caption, b)| (caption.clone(), draw(b, region, compact)))
        .collect();
    let mut band: Vec<(String, Vec<String>)> = Vec::new();
    let mut band_width = 0;
    let mut first = true;
    for (caption, lines) in panels {
        let width = lines
            .iter()
            .map(|l| l.chars().count())
            .chain([caption.len()])
            .max()
            .unwrap_or(0);
        if !band.is_empty() && band_width + GAP.len() + width > WIDTH {
            write_band(&mut out, &band, first);
            first = false;
            band.clear();
            band_width = 0;
        }
        band_width += if band.is_empty() {
            width
        } else {
            GAP.len() + width
        };
        band.push((caption, lines));
    }
    write_band(&mut out, &band, first);
    if let Some(note) = note {
        out.push_str(&note);
        out.push('\n');
    }
    out.push('\n');
    out
}

/// Writes panels side by side (captions first), trailing spaces trimmed; every band but
/// the `first` after an empty line.
fn write_band(out: &mut String, band: &[(String, Vec<String>)], first: bool) {
    if band.is_empty() {
        return;
    }
    if !first {
        out.push('\n');
    }
    let height = band.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
    for row in 0..=height {
        let mut line = String::new();
        for (i, (caption, lines)) in band.iter().enumerate() {
            let width = lines
                .iter()
                .map(String::len)
                .chain([caption.len()])
                .max()
                .unwrap_or(0);
            if i > 0 {
                line.push_str(GAP);
            }
            let text = if row == 0 {
                caption.as_str()
            } else {
                lines.get(row - 1).map_or("", String::as_str)
            };
            line.push_str(&format!("{text:<width$}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;

    #[test]
    fn one_move() {
        let board = Board::from_lines(&["A B", "***"]).expect("board");
        let moves = [Move {
            card: Cell::A,
            dir: Dir::Right,
        }];
        let shown = show(&board, Some(&moves));
        assert_eq!(
            shown,
            "start           1: A right\n\
             +---+---+---+   +---+---+---+\n\
             | A |   | B |   |   | A | B |\n\
             +---+---+---+   +---+---+---+\n\
             | * | * | * |   | * | * | * |\n\
             +---+---+---+   +---+---+---+\n\n"
        );
    }
}
