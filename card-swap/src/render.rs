//! `--show`: the boards step by step, framed like the statement's drawing.
//!
//! Each step is a panel: a caption (`start`, then `3: A left` for the third move, which
//! slid `A` one cell to the left) over the framed board, the blank drawn empty. Panels
//! stand side by side, as many as fit in [`WIDTH`] columns, in bands separated by an
//! empty line; the whole block ends with an empty line. Boards are at most 12 x 12
//! ([`crate::MAX_CELLS`]), 49 columns framed, so nothing needs cropping.

use grid_common::Dir;

use crate::{replay, Board, Move};

/// The terminal width the panels are laid out in.
pub const WIDTH: usize = 78;

/// The gap between two panels.
const GAP: &str = "   ";

/// The framed board, one string per line.
pub fn frame(board: &Board) -> Vec<String> {
    let rule = format!("+{}", "---+".repeat(board.cols()));
    let mut lines = vec![rule.clone()];
    for row in board.cells().chunks(board.cols()) {
        let mut line = String::from("|");
        for cell in row {
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
    let mut panels = vec![("start".to_string(), frame(board))];
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
                panels.push((caption, frame(&current)));
            }
        }
    }
    let mut out = String::new();
    let mut band: Vec<(String, Vec<String>)> = Vec::new();
    let mut band_width = 0;
    for (caption, lines) in panels {
        let width = lines
            .iter()
            .map(String::len)
            .chain([caption.len()])
            .max()
            .unwrap_or(0);
        if !band.is_empty() && band_width + GAP.len() + width > WIDTH {
            write_band(&mut out, &band);
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
    write_band(&mut out, &band);
    if let Some(note) = note {
        out.push_str(&note);
        out.push('\n');
    }
    out.push('\n');
    out
}

/// Writes panels side by side (captions first), trailing spaces trimmed.
fn write_band(out: &mut String, band: &[(String, Vec<String>)]) {
    if band.is_empty() {
        return;
    }
    if !out.is_empty() {
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
