//! The judge's input, one case at a time ([`Cases`]).
//!
//! Each case is a line `R C`, then `R` rows of exactly `C` characters from `#.PG` (a final
//! `\r` is tolerated): one `P` (the piece) and one `G` (its goal). A line `0 0` ends the
//! input, and so does the end of the input; nothing but whitespace may follow `0 0`. There
//! is no size limit here: rows are read one at a time, so a header promising more than the
//! input holds fails at its first missing row, and the solver checks what it allocates
//! against the memory budget. The first error met is reported, at its line and column.

use crate::case::{Case, Cell};
use grid_common::{Grid, Pos};
use puzzle_frame::input::{InputError, Reader};

/// The characters of a board row.
pub const ALPHABET: &[u8] = b"#.PG";

/// The cases of an input, in order: `Ok(case)` each, until the end of the input or its
/// `0 0` line; after an `Err` the iterator ends.
pub struct Cases<'a> {
    reader: Reader<'a>,
    /// The number of the next case (1-based); `None` once the input is over.
    next: Option<usize>,
}

impl<'a> Cases<'a> {
    /// The cases of `input`, numbered from 1 in error messages.
    pub fn new(input: &'a [u8]) -> Cases<'a> {
        Cases {
            reader: Reader::new(input),
            next: Some(1),
        }
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<Case, InputError>;

    fn next(&mut self) -> Option<Result<Case, InputError>> {
        let number = self.next?;
        let read = read_case(&mut self.reader, number);
        self.next = match read {
            Ok(Some(_)) => Some(number + 1),
            _ => None,
        };
        read.transpose()
    }
}

impl std::iter::FusedIterator for Cases<'_> {}

/// Every case of `input`, or the first error.
pub fn parse_all(input: &[u8]) -> Result<Vec<Case>, InputError> {
    Cases::new(input).collect()
}

/// Reads the next case, numbered `case` in error messages; `Ok(None)` at `0 0` (when only
/// whitespace follows) or at the end of the input.
fn read_case(reader: &mut Reader<'_>, case: usize) -> Result<Option<Case>, InputError> {
    reader.set_case(Some(case));
    if reader.at_end() {
        return Ok(None);
    }
    let rows = reader.number::<usize>("the number of rows")?;
    let (cols_at, cols) = reader.number_at::<usize>("the number of columns")?;
    if rows == 0 {
        if cols != 0 {
            return Err(reader.error_at(
                cols_at,
                "0 (only the end marker `0 0` has 0 rows)",
                cols.to_string(),
            ));
        }
        reader.set_case(None);
        reader.expect_end()?;
        return Ok(None);
    }
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
    let mut piece: Option<(Pos, usize)> = None;
    let mut goal: Option<(Pos, usize)> = None;
    for row in 0..rows {
        let what = format!("row {} of the {rows} rows of the board", row + 1);
        let line = reader.row(cols, ALPHABET, &what)?;
        for (col, &b) in line.text.iter().enumerate() {
            cells.push(if b == b'#' { Cell::Wall } else { Cell::Floor });
            let (found, name) = match b {
                b'P' => (&mut piece, "piece"),
                b'G' => (&mut goal, "goal"),
                _ => continue,
            };
            let at = line.offset + col;
            if let Some((_, first)) = *found {
                let (line, column) = reader.line_col(first);
                return Err(reader.error_at(
                    at,
                    format!(
                        "one '{}' (the {name}), which is at line {line}, column {column}",
                        b as char
                    ),
                    format!("a second '{}'", b as char),
                ));
            }
            *found = Some((Pos::new(row, col), at));
        }
    }
    let missing = |letter: char, name: &str| {
        reader.error_at(
            board_at,
            format!("a board with one '{letter}' ({name})"),
            format!("no '{letter}' in its {rows} rows"),
        )
    };
    let Some((start, _)) = piece else {
        return Err(missing('P', "the piece"));
    };
    let Some((goal, _)) = goal else {
        return Err(missing('G', "its goal"));
    };
    let Some(grid) = Grid::from_cells(rows, cols, cells) else {
        // Every row was checked to hold `cols` characters, so this cannot happen.
        return Err(reader.error_at(board_at, "a rectangular board", "rows of other lengths"));
    };
    Ok(Some(Case { grid, start, goal }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> InputError {
        parse_all(input.as_bytes()).expect_err("the input is bad")
    }

    #[test]
    fn cases_and_the_end_marker() {
        let cases = parse_all(b"1 3\nP.G\n\n2 2\r\nP#\r\n.G\r\n0 0\n  \n").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(
            (cases[0].start(), cases[0].goal()),
            (Pos::new(0, 0), Pos::new(0, 2))
        );
        assert_eq!(cases[1].grid().get(Pos::new(0, 1)), Some(&Cell::Wall));
        assert_eq!(cases[1].to_input(), "2 2\nP#\n.G\n");
        assert!(parse_all(b"").unwrap().is_empty());
        let mut cases = Cases::new(b"1 2\nPG\n1 2\nP\n1 2\nGP\n");
        assert!(cases.next().is_some_and(|c| c.is_ok()));
        assert!(cases.next().is_some_and(|c| c.is_err()));
        assert!(cases.next().is_none(), "nothing after an error");
    }

    #[test]
    fn errors_point_at_the_spot() {
        let e = error("2 3\nP.G\n.P.\n");
        assert_eq!((e.case, e.line, e.column), (Some(1), 3, 2));
        assert_eq!(e.found, "a second 'P'");
        assert!(e.expected.contains("line 2, column 1"), "{}", e.expected);
        let e = error("1 2\nPG\n1 3\nG.Q\n");
        assert_eq!((e.case, e.line, e.column), (Some(2), 4, 3));
        let e = error("1 3\nP..\n");
        assert_eq!((e.line, e.column), (2, 1));
        assert_eq!(e.found, "no 'G' in its 1 rows");
        let e = error("0 3\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (1, 3, "3"));
        let e = error("3 0\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (1, 3, "0"));
        let e = error("1 2\nPG\n0 0\nmore\n");
        assert_eq!((e.case, e.line, e.found.as_str()), (None, 4, "\"more\""));
        let e = error("99999999999 99999999999\n");
        assert_eq!((e.line, e.found.as_str()), (2, "end of input"));
    }
}
