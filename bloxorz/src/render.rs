//! `--show`: the board at each step, in the input's characters.
//!
//! The box is drawn `X`, the target `O` (unless the box covers it). Boards of more than
//! [`CROP_ROWS`] rows or [`CROP_COLUMNS`] columns are cropped to the region the path uses
//! (the cells the box covers at some step, and the target) with a margin of one cell,
//! and a line says which rows and columns are shown.

use crate::board::{Block, Board};
use grid_common::{Dir, Pos};

/// Boards with more rows than this are cropped.
pub const CROP_ROWS: usize = 40;
/// Boards with more columns than this are cropped.
pub const CROP_COLUMNS: usize = 80;

/// The placements (start first, as [`crate::replay::replay`] gives them) drawn one after
/// the other, each under a line `step k of n: D` naming the roll that led there.
pub fn show(board: &Board, rolls: &[Dir], placements: &[Block]) -> String {
    let grid = board.grid();
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut top = board.target();
    let mut bottom = board.target();
    for block in placements {
        let (a, b) = block.cells();
        for p in std::iter::once(a).chain(b) {
            top = Pos::new(top.row.min(p.row), top.col.min(p.col));
            bottom = Pos::new(bottom.row.max(p.row), bottom.col.max(p.col));
        }
    }
    let crop = rows > CROP_ROWS || cols > CROP_COLUMNS;
    let (first_row, last_row, first_col, last_col) = if crop {
        (
            top.row.saturating_sub(1),
            (bottom.row + 1).min(rows - 1),
            top.col.saturating_sub(1),
            (bottom.col + 1).min(cols - 1),
        )
    } else {
        (0, rows - 1, 0, cols - 1)
    };
    let mut text = String::new();
    if (first_row, last_row, first_col, last_col) != (0, rows - 1, 0, cols - 1) {
        text.push_str(&format!(
            "(rows {}-{}, columns {}-{} of the {rows} x {cols} plane)\n",
            first_row + 1,
            last_row + 1,
            first_col + 1,
            last_col + 1
        ));
    }
    let steps = placements.len().saturating_sub(1);
    for (k, &block) in placements.iter().enumerate() {
        let how = match k.checked_sub(1).and_then(|i| rolls.get(i)) {
            Some(dir) => dir.letter().to_string(),
            None => "start".to_string(),
        };
        text.push_str(&format!("step {k} of {steps}: {how}\n"));
        for row in first_row..=last_row {
            for col in first_col..=last_col {
                let pos = Pos::new(row, col);
                let c = if block.covers(pos) {
                    'X'
                } else if pos == board.target() {
                    'O'
                } else {
                    grid.get(pos).map_or('#', |c| c.to_char())
                };
                text.push(c);
            }
            text.push('\n');
        }
    }
    text
}
