//! `--show`: the board after each move, for following a solution by eye.
//!
//! Each step is a header line (`step 0/N: start`, then `step k/N: U` with the blank's
//! move) and the board, one character a cell: `#` a fixed piece, `.` a movable piece, `_`
//! the blank, `P` the designated piece, `T` its target, `*` the piece on its target. A
//! blank line follows each board. Boards larger than 40 rows or 80 columns are cropped to
//! the rows and columns the solution uses, plus a margin of one cell, and a first line says
//! which part is shown.

use crate::replay::{replay, IllegalMove};
use crate::{Board, Query};
use grid_common::Dir;
use std::io::{self, Write};

/// Boards up to this many rows are shown whole.
const FULL_ROWS: usize = 40;
/// Boards up to this many columns are shown whole.
const FULL_COLS: usize = 80;

/// Why a board could not be shown.
#[derive(Debug)]
pub enum ShowError {
    /// The moves are not legal on the board.
    Illegal(IllegalMove),
    /// Writing failed.
    Output(io::Error),
}

impl From<io::Error> for ShowError {
    fn from(e: io::Error) -> ShowError {
        ShowError::Output(e)
    }
}

/// The board at each step of `moves` as a string (see [`write_steps`]).
pub fn render(board: &Board, query: &Query, moves: &[Dir]) -> Result<String, String> {
    let mut out = Vec::new();
    match write_steps(&mut out, board, query, moves) {
        Ok(()) => Ok(String::from_utf8_lossy(&out).into_owned()),
        Err(ShowError::Illegal(e)) => Err(e.to_string()),
        Err(ShowError::Output(e)) => Err(e.to_string()),
    }
}

/// Writes the board at each step of `moves` to `out`, one step at a time (a long solution
/// on a large board is never held in memory whole). The moves are checked first.
pub fn write_steps(
    out: &mut impl Write,
    board: &Board,
    query: &Query,
    moves: &[Dir],
) -> Result<(), ShowError> {
    let placements = replay(board, query, moves).map_err(ShowError::Illegal)?;
    let (rows, cols) = (board.rows(), board.cols());
    let (mut top, mut bottom, mut left, mut right) =
        (0, rows.saturating_sub(1), 0, cols.saturating_sub(1));
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
        writeln!(
            out,
            "rows {}-{}, columns {}-{} of the {rows}x{cols} board",
            top + 1,
            bottom + 1,
            left + 1,
            right + 1
        )?;
    }
    let total = moves.len();
    for (k, at) in placements.iter().enumerate() {
        match k {
            0 => writeln!(out, "step 0/{total}: start")?,
            _ => writeln!(out, "step {k}/{total}: {}", moves[k - 1])?,
        }
        let mut line = Vec::with_capacity(right + 2 - left);
        for r in top..=bottom {
            line.clear();
            for c in left..=right {
                let pos = grid_common::Pos::new(r, c);
                let ch = if pos == at.piece {
                    if pos == query.target {
                        b'*'
                    } else {
                        b'P'
                    }
                } else if pos == at.blank {
                    b'_'
                } else if pos == query.target {
                    b'T'
                } else if board.is_open(pos) {
                    b'.'
                } else {
                    b'#'
                };
                line.push(ch);
            }
            line.push(b'\n');
            out.write_all(&line)?;
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}
