//! POJ 1475's input: mazes of a line `r c`, then `r` rows of exactly `c` characters from
//! `#.SBT` (a final `\r` is tolerated): one `S` (the player), one `B` (the box), one `T`
//! (the target). A line `0 0` ends the input, and so does the end of the input; nothing but
//! whitespace may follow `0 0`. Rows are read one at a time, so a header promising more
//! than the input holds fails at its first missing row.

use super::MAX_CELLS;
use crate::case::{Board, Case, Format};
use puzzle_frame::input::{InputError, Reader};

/// The characters of a maze row.
pub const ALPHABET: &[u8] = b"#.SBT";

/// Reads the next maze; `Ok(None)` at `0 0` (when only whitespace follows) or at the end
/// of the input.
pub fn read_case(reader: &mut Reader<'_>) -> Result<Option<Case>, InputError> {
    let Some((rows, cols_at, cols)) = reader.grid_header()? else {
        return Ok(None);
    };
    if cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(reader.error_at(
            cols_at,
            format!("the number of columns (at least 1, at most {MAX_CELLS} cells in all)"),
            cols.to_string(),
        ));
    }
    reader.end_line()?;
    let board_at = reader.offset();
    let mut walls = Vec::new();
    // [player, box, target]: each cell and where it was read.
    let mut found: [Option<(usize, usize)>; 3] = [None; 3];
    for row in 0..rows {
        let what = format!("row {} of the {rows} rows of the maze", row + 1);
        let line = reader.row(cols, ALPHABET, &what)?;
        for (col, &b) in line.text.iter().enumerate() {
            walls.push(b == b'#');
            let Some(which) = b"SBT".iter().position(|&c| c == b) else {
                continue;
            };
            let at = line.offset + col;
            if let Some((_, first)) = found[which] {
                let (line, column) = reader.line_col(first);
                return Err(reader.error_at(
                    at,
                    format!(
                        "one '{}' ({}), which is at line {line}, column {column}",
                        b as char, NAMES[which]
                    ),
                    format!("a second '{}'", b as char),
                ));
            }
            found[which] = Some((row * cols + col, at));
        }
    }
    let mut cells = [0; 3];
    for (which, cell) in cells.iter_mut().enumerate() {
        let Some((at, _)) = found[which] else {
            let letter = b"SBT"[which] as char;
            return Err(reader.error_at(
                board_at,
                format!("a maze with one '{letter}' ({})", NAMES[which]),
                format!("no '{letter}' in its {rows} rows"),
            ));
        };
        *cell = at;
    }
    let [player, box_cell, target] = cells;
    let board = Board {
        rows,
        cols,
        walls,
        goals: vec![target],
        boxes: vec![box_cell],
        player,
    };
    Ok(Some(Case {
        format: Format::Poj,
        board,
    }))
}

/// What `S`, `B` and `T` stand for, in messages.
const NAMES: [&str; 3] = ["the player", "the box", "the target"];

#[cfg(test)]
mod tests {
    use crate::case::Format;
    use crate::parse::parse_all;
    use puzzle_frame::input::InputError;

    fn error(input: &str) -> InputError {
        parse_all(input.as_bytes(), Format::Poj).expect_err("the input is bad")
    }

    #[test]
    fn mazes_and_the_end_marker() {
        let cases = parse_all(b"1 3\nSBT\n\n2 2\r\nSB\r\n#T\r\n0 0\n  \n", Format::Poj).unwrap();
        assert_eq!(cases.len(), 2);
        let b = &cases[1].board;
        assert_eq!(
            (b.player, b.boxes.as_slice(), b.goals.as_slice()),
            (0, &[1][..], &[3][..])
        );
        assert!(b.walls[2] && !b.walls[3]);
        assert_eq!(cases[1].to_input(), "2 2\nSB\n#T\n");
        assert!(parse_all(b"", Format::Poj).unwrap().is_empty());
    }

    #[test]
    fn errors_point_at_the_spot() {
        let e = error("2 3\nSBT\n.S.\n");
        assert_eq!((e.case, e.line, e.column), (Some(1), 3, 2));
        assert!(e.expected.contains("line 2, column 1"), "{}", e.expected);
        let e = error("1 3\nSBT\n1 3\nSBX\n");
        assert_eq!((e.case, e.line, e.column), (Some(2), 4, 3));
        let e = error("1 3\nS.T\n");
        assert_eq!(
            (e.line, e.column, e.found.as_str()),
            (2, 1, "no 'B' in its 1 rows")
        );
        let e = error("300 300\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (1, 5, "300"));
        let e = error("1 3\nSBT\n0 0\nmore\n");
        assert_eq!((e.case, e.line), (None, 4));
    }
}
