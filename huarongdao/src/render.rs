//! `--show`: the board after each move, for following a solution by eye.
//!
//! Each step is a header line (`step 0/N: start`, then `step k/N: U` with the blank's
//! move) and the board, one character a cell: `#` a fixed piece, `.` a movable piece, `_`
//! the blank, `P` the designated piece, `T` its target, `*` the piece on its target. A
//! blank line follows each board. Boards larger than 40 rows or 80 columns are cropped to
//! the rows and columns the solution uses, plus a margin of one cell, and a first line says
//! which part is shown.

use crate::replay::replay;
use crate::{Board, Query};
use grid_common::Dir;
use std::fmt::Write;

/// Boards up to this many rows are shown whole.
const FULL_ROWS: usize = 40;
/// Boards up to this many columns are shown whole.
const FULL_COLS: usize = 80;

/// The board at each step of `moves` (which must be legal), or the replay error in words.
pub fn render(board: &Board, query: &Query, moves: &[Dir]) -> Result<String, String> {
    let placements = replay(board, query, moves).map_err(|e| e.to_string())?;
    let (rows, cols) = (board.rows(), board.cols());
    let (mut top, mut bottom, mut left, mut right) =
        (0, rows.saturating_sub(1), 0, cols.saturating_sub(1));
    let mut out = String::new();
    if rows > FULL_ROWS || cols > FULL_COLS {
        let cells = placements
            .iter()
            .flat_map(|p| [p.blank, p.piece])
            .chain([query.target]);
        (top, bottom, left, right) = (usize::MAX, 0, usize::MAX, 0);
        for c in cells {
            (top, bottom) = (top.min(c.row), bottom.max(c.row));
            (left, right) = (left.min(c.col), right.max(c.col));
        }
        (top, left) = (top.saturating_sub(1), left.saturating_sub(1));
        (bottom, right) = ((bottom + 1).min(rows - 1), (right + 1).min(cols - 1)); // rows, cols >= 1 here
        let _ = writeln!(
            out,
            "rows {}-{}, columns {}-{} of the {rows}x{cols} board",
            top + 1,
            bottom + 1,
            left + 1,
            right + 1
        );
    }
    let total = moves.len();
    for (k, at) in placements.iter().enumerate() {
        match k {
            0 => {
                let _ = writeln!(out, "step 0/{total}: start");
            }
            _ => {
                let _ = writeln!(out, "step {k}/{total}: {}", moves[k - 1]);
            }
        }
        for r in top..=bottom {
            for c in left..=right {
                let pos = grid_common::Pos::new(r, c);
                let ch = if pos == at.piece {
                    if pos == query.target {
                        '*'
                    } else {
                        'P'
                    }
                } else if pos == at.blank {
                    '_'
                } else if pos == query.target {
                    'T'
                } else if board.is_open(pos) {
                    '.'
                } else {
                    '#'
                };
                out.push(ch);
            }
            out.push('\n');
        }
        out.push('\n');
    }
    Ok(out)
}
