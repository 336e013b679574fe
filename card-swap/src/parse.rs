//! The input format, read one board (one [`Case`]) at a time.
//!
//! The input is boards one after another until the end of input (there is no terminator
//! line), each `rows` lines of
//! `cols` characters from `A`, `B`, `*` and a space (the blank); the judge's board is
//! 2 lines of 3. Lines may end in `\n` or `\r\n`, and blank lines (empty or only
//! whitespace) may stand between boards. A line whose last character is the blank may
//! arrive with that space stripped: a line exactly one character short is padded with a
//! blank. Anything else is an [`InputError`] naming the case (the board's number), the
//! line and the column: a stray character, a line too long or too short, a second `A`,
//! `B` or blank, a missing `A`, `B` or blank, a board cut short by the end of input.

use crate::solve::Options;
use crate::CardSwap;
use grid_common::Grid;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::cli::Stop;
use puzzle_frame::input::{describe_byte, one_of, InputError, Reader};
use puzzle_frame::puzzle::Reading;

use crate::{Case, Cell, MAX_CELLS};

/// The characters of a board row.
const ALPHABET: &[u8] = b"AB* ";

/// The size of the boards in an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    rows: usize,
    cols: usize,
}

impl Shape {
    /// The judge's boards: 2 rows of 3.
    pub const JUDGE: Shape = Shape { rows: 2, cols: 3 };

    /// Boards of `rows` x `cols`: at least 1 row, at least 2 columns (so that a line of
    /// only whitespace is never a row, and blank lines can separate boards), at least 3
    /// cells and at most [`MAX_CELLS`]. The error is a message for the user.
    pub fn new(rows: usize, cols: usize) -> Result<Shape, String> {
        if rows == 0 {
            return Err("a board has at least 1 row".to_string());
        }
        if cols < 2 {
            return Err("a board has at least 2 columns".to_string());
        }
        match rows.checked_mul(cols) {
            Some(cells) if (3..=MAX_CELLS).contains(&cells) => Ok(Shape { rows, cols }),
            Some(cells) if cells < 3 => Err(format!(
                "a {rows} x {cols} board has {cells} cells, fewer than A, B and the blank need"
            )),
            _ => Err(format!(
                "a {rows} x {cols} board is too large: at most {MAX_CELLS} cells are supported"
            )),
        }
    }

    /// Number of rows.
    pub fn rows(self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(self) -> usize {
        self.cols
    }
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::JUDGE
    }
}

/// The cases of an input, one at a time: `Some(Ok(case))` per board, then `None` at the
/// end of input; after an error (`Some(Err(..))`) it yields nothing more. Each board is
/// read in the shape the iterator holds.
///
/// ```
/// use card_swap::parse::{cases, Shape};
///
/// let judge: Vec<_> = cases(b"* A\n**B\nA B\n***\n", Shape::JUDGE).collect();
/// assert_eq!(judge.len(), 2);
/// let wide = cases(b"A  B\n", Shape::new(1, 4).expect("a shape"));
/// assert!(wide.map(|case| case.is_ok()).eq([false]));
/// ```
pub type Cases<'a> = puzzle_frame::input::Cases<'a, Case, Shape>;

/// The boards of `input`, each read in `shape` (`--rows`, `--cols`; [`Shape::JUDGE`] by
/// default).
pub fn cases(input: &[u8], shape: Shape) -> Cases<'_> {
    Cases::new(input, read_case, shape)
}

impl Reading for CardSwap {
    type Cases<'a> = Cases<'a>;

    fn cases<'a>(input: &'a [u8], options: &Options, _: MemoryBudget) -> Result<Cases<'a>, Stop> {
        Ok(cases(input, options.shape))
    }
}

/// Reads the next board, of `shape`; `Ok(None)` at the end of input.
fn read_case(reader: &mut Reader<'_>, shape: &Shape) -> Result<Option<Case>, InputError> {
    reader.skip_blank_lines();
    if reader.remaining() == 0 {
        return Ok(None);
    }
    let Shape { rows, cols } = *shape;
    let first_line = reader.offset();
    // Each cell with the byte offset it came from (a padded blank: the end of its line).
    let mut cells: Vec<(Cell, usize, bool)> = Vec::with_capacity(rows * cols);
    // The first A, B and blank seen: (offset, padded).
    let mut seen: [Option<(usize, bool)>; 3] = [None; 3];
    for row in 0..rows {
        let at = reader.offset();
        let line = reader.line().ok_or_else(|| {
            reader.error_at(
                at,
                format!("row {} of the board (a board has {rows} rows)", row + 1),
                "end of input",
            )
        })?;
        let text = line.text;
        for (i, &byte) in text.iter().enumerate() {
            let offset = line.offset + i;
            if i >= cols {
                return Err(reader.row_too_long(offset, cols, describe_char(&text[i..])));
            }
            let Some(cell) = Cell::from_byte(byte) else {
                return Err(reader.error_at(offset, one_of(ALPHABET), describe_char(&text[i..])));
            };
            cells.push((cell, offset, false));
        }
        if text.len() + 1 == cols {
            cells.push((Cell::Blank, line.offset + text.len(), true));
        } else if text.len() < cols {
            return Err(reader.error_at(
                line.offset + text.len(),
                format!("{} (a row has {cols} characters)", one_of(ALPHABET)),
                "end of line",
            ));
        }
    }
    for &(cell, offset, padded) in &cells {
        let slot = match cell {
            Cell::A => 0,
            Cell::B => 1,
            Cell::Blank => 2,
            Cell::Soldier => continue,
        };
        let Some((first, first_padded)) = seen[slot] else {
            seen[slot] = Some((offset, padded));
            continue;
        };
        let here = reader.error_at(first, "", "");
        let others: Vec<u8> = ALPHABET
            .iter()
            .copied()
            .filter(|&b| Cell::from_byte(b) != Some(cell))
            .collect();
        let name = match cell {
            Cell::A => "'A'",
            Cell::B => "'B'",
            _ => "blank",
        };
        let left_out = if first_padded {
            ", left out at the end of the line"
        } else {
            ""
        };
        let (line, column) = (here.line, here.column);
        return Err(if padded {
            let expected = format!(
                "{} (a row has {cols} characters; only a row ending in the board's one blank \
                     may leave it out, and the blank is at line {line}, column {column})",
                one_of(&others)
            );
            reader.error_at(offset, expected, "end of line")
        } else {
            let expected = format!(
                "{} (the board's {name} is at line {line}, column {column}{left_out})",
                one_of(&others)
            );
            reader.error_at(offset, expected, describe_byte(cell.to_char() as u8))
        });
    }
    for (slot, wanted, missing) in [
        (0, "'A'", "'A'"),
        (1, "'B'", "'B'"),
        (2, "blank (a space)", "a blank"),
    ] {
        if seen[slot].is_none() {
            return Err(reader.error_at(
                first_line,
                format!("a board with one {wanted}"),
                format!("a board without {missing}"),
            ));
        }
    }
    let cells = cells.into_iter().map(|(cell, _, _)| cell).collect();
    Grid::from_cells(rows, cols, cells)
        .ok_or(crate::CaseError::Shape)
        .and_then(Case::new)
        .map(Some)
        .map_err(|e| reader.error_at(first_line, "a valid board", e.to_string()))
}

/// The character starting `bytes` as an error message shows it: `'Q'`, `'？'`, `a tab`,
/// or a byte that is not UTF-8 as `byte 0xff`.
fn describe_char(bytes: &[u8]) -> String {
    let first = bytes.first().copied().unwrap_or(b'\n');
    if first.is_ascii() {
        return describe_byte(first);
    }
    let len = bytes.len().min(4);
    (1..=len)
        .find_map(|n| std::str::from_utf8(&bytes[..n]).ok())
        .and_then(|s| s.chars().next())
        .map_or_else(|| describe_byte(first), |c| format!("'{c}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_all(input: &[u8], shape: Shape) -> Result<Vec<Case>, InputError> {
        cases(input, shape).collect()
    }

    fn first_error(input: &str) -> String {
        match parse_all(input.as_bytes(), Shape::JUDGE) {
            Ok(boards) => panic!("parsed {} boards", boards.len()),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn forms_of_the_same_board() {
        let plain = parse_all(b"* A\n**B\n", Shape::JUDGE).expect("plain");
        assert_eq!(plain.len(), 1);
        for form in ["* A\r\n**B\r\n", "\n\n* A\n**B", "  \n* A\n**B\n\n \n"] {
            assert_eq!(
                parse_all(form.as_bytes(), Shape::JUDGE),
                Ok(plain.clone()),
                "{form:?}"
            );
        }
        let stripped = parse_all(b"A*B\n**\n", Shape::JUDGE).expect("stripped");
        assert_eq!(stripped[0].lines(), vec!["A*B", "** "]);
        assert_eq!(parse_all(b" \n\n", Shape::JUDGE), Ok(vec![]));
    }

    #[test]
    fn errors_point_at_the_spot() {
        assert_eq!(
            first_error("* A\n**B\nA A\n***\n"),
            "case 2, line 3, column 3: expected one of 'B', '*', ' ' (a space) (the board's 'A' is at line 3, column 1), found 'A'\n  3 | A A\n    |   ^"
        );
        assert!(first_error("A*B\n***\n").starts_with(
            "case 1, line 1, column 1: expected a board with one blank (a space), found a board without a blank"
        ));
        assert!(first_error("A B*\n***\n").starts_with(
            "case 1, line 1, column 4: expected end of line (a row has 3 characters), found '*'"
        ));
        assert!(first_error("A B\n*\n").starts_with("case 1, line 2, column 2: expected one of 'A', 'B', '*', ' ' (a space) (a row has 3 characters), found end of line"));
        assert!(first_error("A？B\n***\n").contains("found '？'"));
        assert!(first_error("A B\n***\n* A\n").starts_with("case 2, line 4, column 1: expected row 2 of the board (a board has 2 rows), found end of input"));
        assert!(first_error("A B\n**\n").starts_with("case 1, line 2, column 3: expected one of 'A', 'B', '*' (a row has 3 characters; only a row ending in the board's one blank may leave it out, and the blank is at line 1, column 2), found end of line"));
        assert!(first_error("AB\n* *\n").contains("(the board's blank is at line 1, column 3, left out at the end of the line), found ' ' (a space)"));
    }

    #[test]
    fn shapes() {
        assert!(Shape::new(2, 3).is_ok());
        assert!(Shape::new(12, 12).is_ok());
        assert!(Shape::new(13, 12).is_err());
        assert!(Shape::new(3, 1).is_err());
        assert!(Shape::new(0, 5).is_err());
        assert!(Shape::new(1, 2).is_err());
        assert!(Shape::new(usize::MAX, 2).is_err());
        let boards = parse_all(b"A *\n * \n* B\n", Shape::new(3, 3).expect("3x3"));
        assert!(boards.is_err());
        let boards = parse_all(b"A *\n***\n**B\n", Shape::new(3, 3).expect("3x3"));
        assert!(boards.is_ok());
    }
}
