//! The judge's input, one case at a time ([`Cases`]).
//!
//! Each case is a line `R C`, then `R` rows of exactly `C` characters from `#.EXO`
//! (a final `\r` is tolerated). `0 0` ends the input, and so does the end of the input.
//! Nothing but whitespace may follow `0 0`. A board holds exactly one `O` and one `X` or
//! two adjacent `X`. There is no size limit here: the board is read a row at a time, so
//! a header promising more than the input holds fails at its first missing row, and the
//! solver checks what it allocates against the memory budget. The first error met while
//! reading is reported.

use crate::case::{Block, Case, Cell};
use crate::Bloxorz;
use grid_common::{Grid, Pos};
use puzzle_frame::input::{CaseReader, InputError, Line, Reader};
use puzzle_frame::puzzle::CaseByCase;

/// The characters of a board row.
pub const ALPHABET: &[u8] = b"#.EXO";

/// The cases of an input, in order: `Ok(case)` each, until the end of the input or its
/// `0 0` line; after an `Err` the iterator ends.
pub type Cases<'a> = puzzle_frame::input::Cases<'a, Case>;

/// Every case of `input`, or the first error.
pub fn parse_all(input: &[u8]) -> Result<Vec<Case>, InputError> {
    Cases::new(input, read_case, ()).collect()
}

/// Reads the next case; `Ok(None)` at `0 0` (when only whitespace follows) or at the end
/// of the input.
fn read_case(reader: &mut Reader<'_>, _: &()) -> Result<Option<Case>, InputError> {
    let Some((rows, cols_at, cols)) = reader.grid_header()? else {
        return Ok(None);
    };
    if cols == 0 {
        return Err(reader.error_at(cols_at, "the number of columns (at least 1)", "0"));
    }
    reader.end_line()?;

    let mut cells = Vec::new();
    // Reserve only what the rest of the input can back up.
    if rows.saturating_mul(cols) <= reader.remaining() {
        cells.reserve(rows * cols);
    }
    let board_at = reader.offset();
    let mut target: Option<(Pos, usize)> = None;
    let mut boxes: Vec<(Pos, usize)> = Vec::with_capacity(2);
    for row in 0..rows {
        let line = board_row(reader, cols, row, rows)?;
        // Whole-row passes without early exits, so that they run over many bytes at once.
        cells.extend(line.text.iter().map(|&b| match b {
            b'#' => Cell::Empty,
            b'E' => Cell::Fragile,
            _ => Cell::Rigid,
        }));
        // An or over the row, which runs many bytes at a time.
        let special = line
            .text
            .iter()
            .fold(0u8, |any, &b| any | u8::from((b == b'X') | (b == b'O')));
        if special == 0 {
            continue;
        }
        for (col, &b) in line.text.iter().enumerate() {
            let at = line.offset + col;
            let pos = Pos::new(row, col);
            match b {
                b'O' => {
                    if let Some((_, first)) = target {
                        return Err(reader.error_at(
                            at,
                            format!(
                                "one of '#', '.', 'E', 'X' (the board has its one 'O' already, at {})",
                                where_is(reader, first)
                            ),
                            "'O'",
                        ));
                    }
                    target = Some((pos, at));
                }
                b'X' => match boxes.as_slice() {
                    [] => boxes.push((pos, at)),
                    [(first, first_at)] => {
                        let next_to = Pos::new(first.row, first.col + 1) == pos
                            || Pos::new(first.row + 1, first.col) == pos;
                        if !next_to {
                            return Err(reader.error_at(
                                at,
                                format!(
                                    "the second 'X' right of or below the first one (at {})",
                                    where_is(reader, *first_at)
                                ),
                                "an 'X' not next to it",
                            ));
                        }
                        boxes.push((pos, at));
                    }
                    [(_, a), (_, b), ..] => {
                        return Err(reader.error_at(
                            at,
                            format!(
                                "at most two 'X' (the box covers one or two cells; they are at {} and {})",
                                where_is(reader, *a),
                                where_is(reader, *b)
                            ),
                            "a third 'X'",
                        ));
                    }
                },
                _ => {}
            }
        }
    }
    let Some((target, _)) = target else {
        return Err(reader.error_at(
            board_at,
            "a board with one 'O' (the target)",
            format!("no 'O' in its {rows} rows"),
        ));
    };
    let box_cells: Vec<Pos> = boxes.iter().map(|&(p, _)| p).collect();
    let Some(start) = Block::from_cells(&box_cells) else {
        return Err(reader.error_at(
            board_at,
            "a board with one 'X' or two adjacent 'X' (the box)",
            format!("no 'X' in its {rows} rows"),
        ));
    };
    let Some(grid) = Grid::from_cells(rows, cols, cells) else {
        // Every row was checked to hold `cols` characters, so this cannot happen.
        return Err(reader.error_at(board_at, "a rectangular board", "rows of other lengths"));
    };
    Ok(Some(Case {
        grid,
        start,
        target,
    }))
}

impl CaseByCase for Bloxorz {
    const READ_CASE: CaseReader<Case> = read_case;
}

/// Board row `row` (0-based) of `rows`: a line of exactly `cols` characters from
/// [`ALPHABET`]. Checked at full speed first; only a bad row goes through
/// [`Reader::row`], for its error.
fn board_row<'a>(
    reader: &mut Reader<'a>,
    cols: usize,
    row: usize,
    rows: usize,
) -> Result<Line<'a>, InputError> {
    // A row holds no spaces, so, as a judge reading rows with scanf("%s") would, blank
    // lines before a row and spaces or tabs after it are skipped.
    reader.skip_blank_lines();
    let mut ahead = reader.clone();
    if let Some(mut line) = ahead.line() {
        while let [rest @ .., b' ' | b'\t'] = line.text {
            line.text = rest;
        }
        let invalid = |b: u8| u8::from(!matches!(b, b'#' | b'.' | b'E' | b'X' | b'O'));
        // An or over the row, which runs many bytes at a time.
        if line.text.len() == cols && line.text.iter().fold(0, |bad, &b| bad | invalid(b)) == 0 {
            *reader = ahead;
            return Ok(line);
        }
    }
    reader.row(
        cols,
        ALPHABET,
        &format!("row {} of the {rows} rows of the board", row + 1),
    )
}

/// `line L, column C` of a byte offset.
fn where_is(reader: &Reader<'_>, offset: usize) -> String {
    let (line, column) = reader.line_col(offset);
    format!("line {line}, column {column}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Orientation;

    fn error(input: &str) -> InputError {
        parse_all(input.as_bytes()).expect_err("the input is bad")
    }

    #[test]
    fn starts_and_ends() {
        let boards = parse_all(b"1 3\nXXO\n\n2 2\r\nXO\r\n#.\r\n").unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[0].start().orientation, Orientation::AlongRow);
        assert_eq!(boards[0].target(), Pos::new(0, 2));
        assert_eq!(boards[1].start().orientation, Orientation::Standing);
        let boards = parse_all(b"3 1\nX\nX\nO\n0 0\n  \n").unwrap();
        assert_eq!(boards[0].start().orientation, Orientation::AlongColumn);
        assert_eq!(boards[0].to_string(), "3 1\nX\nX\nO\n");
        assert!(parse_all(b"").unwrap().is_empty());
    }

    #[test]
    fn errors_point_at_the_spot() {
        let e = error("2 3\nXO.\nXX.\n");
        assert_eq!((e.case, e.line, e.column), (Some(1), 3, 2));
        assert_eq!(e.found, "a third 'X'");
        let e = error("2 3\nX.O\n.X.\n");
        assert_eq!((e.line, e.column), (3, 2));
        assert!(e.expected.contains("line 2, column 1"), "{}", e.expected);
        let e = error("1 3\nXXO\n2 3\nX.O\n.O.\n");
        assert_eq!(
            (e.case, e.line, e.column, e.found.as_str()),
            (Some(2), 5, 2, "'O'")
        );
        let e = error("1 3\nX..\n");
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.found.contains("no 'O'"));
        let e = error("1 3\n..O\n");
        assert!(e.found.contains("no 'X'"));
        let e = error("0 3\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (1, 3, "3"));
        let e = error("3 0\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (1, 3, "0"));
        let e = error("1 2\nXO\n0 0\nmore\n");
        assert_eq!((e.case, e.line, e.found.as_str()), (None, 4, "\"more\""));
        let e = error("99999999999 99999999999\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (2, 1, "end of input"));
        let e = error("100000 100000\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (2, 1, "end of input"));
        let e = error("30000 30000\n#");
        assert_eq!((e.line, e.column, e.found.as_str()), (2, 2, "end of line"));
    }
}
