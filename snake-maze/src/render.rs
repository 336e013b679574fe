//! `--show`: the lair at each step of a path.
//!
//! `#` a stone, `.` a free cell, `*` the goal (1,1) when free, `H` the head, `o` the body,
//! `T` the tail. Lairs wider than [`MAX_WIDTH`] or taller than [`MAX_HEIGHT`] are cropped to
//! the cells the snake uses over the whole path, with a margin of one cell, and a line says
//! which rows and columns are shown.

use crate::parse::Case;
use crate::replay::{replay, ReplayError};
use grid_common::{Dir, Pos};

/// Lairs up to this many columns are drawn whole.
pub const MAX_WIDTH: usize = 60;
/// Lairs up to this many rows are drawn whole.
pub const MAX_HEIGHT: usize = 30;

/// The frames of a path: the start, then the lair after each move, separated by blank lines.
pub fn render(case: &Case, moves: &[Dir]) -> Result<String, ReplayError> {
    let bodies = replay(case, moves)?;
    let (rows, cols) = (case.rows(), case.cols());
    let (mut top, mut bottom, mut left, mut right) = (0, rows - 1, 0, cols - 1);
    let cropped = rows > MAX_HEIGHT || cols > MAX_WIDTH;
    if cropped {
        let cells = bodies.iter().flatten();
        top = cells
            .clone()
            .map(|p| p.row)
            .min()
            .unwrap_or(0)
            .saturating_sub(1);
        left = cells
            .clone()
            .map(|p| p.col)
            .min()
            .unwrap_or(0)
            .saturating_sub(1);
        bottom = (cells.clone().map(|p| p.row).max().unwrap_or(0) + 1).min(rows - 1);
        right = (cells.map(|p| p.col).max().unwrap_or(0) + 1).min(cols - 1);
    }
    let mut out = String::new();
    for (i, body) in bodies.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        match i {
            0 => out.push_str("start\n"),
            _ => out.push_str(&format!("move {i}: {}\n", moves[i - 1])),
        }
        if cropped {
            out.push_str(&format!(
                "(rows {} to {}, columns {} to {} of {rows} x {cols})\n",
                top + 1,
                bottom + 1,
                left + 1,
                right + 1
            ));
        }
        for r in top..=bottom {
            for c in left..=right {
                let p = Pos::new(r, c);
                let ch = match body.iter().position(|&b| b == p) {
                    Some(0) => 'H',
                    Some(k) if k + 1 == body.len() => 'T',
                    Some(_) => 'o',
                    None if case.stone[p] => '#',
                    None if p == Pos::new(0, 0) => '*',
                    None => '.',
                };
                out.push(ch);
            }
            out.push('\n');
        }
    }
    Ok(out)
}
