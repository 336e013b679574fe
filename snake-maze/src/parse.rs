//! The judge's input format, read one case at a time.
//!
//! ```text
//! n m L          rows, columns (1..=100 each), body length (2..=n*m); `0 0 0` ends the input
//! r c            L lines: the body, head first, 1-based row and column
//! K              the number of stones (0..=n*m)
//! r c            K lines: the stones
//! ```
//!
//! Every record stands on its own line; blank lines may appear between lines (between cases,
//! typically). The end of input also ends the cases cleanly, with or without `0 0 0`; after
//! `0 0 0` only whitespace may follow.

use crate::case::{Case, MAX_SIDE};
use crate::SnakeMaze;
use grid_common::{Grid, Pos};
use puzzle_frame::input::{CaseReader, InputError, Reader};
use puzzle_frame::puzzle::CaseByCase;
use std::ops::RangeInclusive;

/// The cases of an input, read one at a time so that case k is answered before case k+1 is
/// read: `Ok(case)` for each, `Err` at the first bad one, then `None` (after `0 0 0`, at the
/// end of the input, or after an error).
pub type Cases<'a> = puzzle_frame::input::Cases<'a, Case>;

/// The cases of `src`.
pub fn cases(src: &[u8]) -> Cases<'_> {
    Cases::new(src, read_case, ())
}

/// Reads the next case; `Ok(None)` after `0 0 0` or at the end of the input.
fn read_case(reader: &mut Reader<'_>, _: &()) -> Result<Option<Case>, InputError> {
    let src = reader.input();
    Fields { reader, src }.read_case()
}

impl CaseByCase for SnakeMaze {
    const READ_CASE: CaseReader<Case> = read_case;
}

/// The reader of one case's fields.
struct Fields<'r, 'a> {
    reader: &'r mut Reader<'a>,
    src: &'a [u8],
}

impl Fields<'_, '_> {
    fn read_case(&mut self) -> Result<Option<Case>, InputError> {
        self.reader.skip_blank_lines();
        if self.reader.at_end() {
            return Ok(None);
        }
        let rows_what = format!("the number of rows n (an integer from 1 to {MAX_SIDE})");
        let cols_what = format!("the number of columns m (an integer from 1 to {MAX_SIDE})");
        let (n_at, n) = self.raw_field(&rows_what)?;
        let (m_at, m) = self.raw_field(&cols_what)?;
        // L's range is only known once n and m are valid; say so in the message.
        let (l_at, l) = self.raw_field("the body length L (an integer from 2 to n*m)")?;
        self.reader.end_line()?;
        if (n, m, l) == (0, 0, 0) {
            return self.reader.end_marker();
        }
        let side = 1..=MAX_SIDE as u64;
        if !side.contains(&n) {
            return Err(self.reader.error_at(n_at, rows_what, n.to_string()));
        }
        if !side.contains(&m) {
            return Err(self.reader.error_at(m_at, cols_what, m.to_string()));
        }
        let (rows, cols) = (n as usize, m as usize);
        let cells = rows * cols;
        if !(2..=cells as u64).contains(&l) {
            return Err(self.reader.error_at(
                l_at,
                format!("the body length L (an integer from 2 to {cells})"),
                l.to_string(),
            ));
        }
        let length = l as usize;
        // Which body block (1-based) stands on each cell, 0 for none.
        let mut block_on = Grid::new(rows, cols, 0usize);
        let mut body: Vec<Pos> = Vec::new();
        for i in 1..=length {
            let (at, p) = self.cell(&format!("body block {i}"), rows, cols)?;
            if let Some(&j) = block_on.get(p).filter(|&&j| j != 0) {
                return Err(self.reader.error_at(
                    at,
                    "a cell not already in the body (the body is a chain of distinct cells)",
                    format!("{p}, the cell of body block {j}"),
                ));
            }
            if let Some(&prev) = body.last() {
                if !prev.is_adjacent(p) {
                    return Err(self.reader.error_at(
                        at,
                        format!(
                            "a cell next to body block {} at {prev} (the body is a chain of adjacent cells)",
                            i - 1
                        ),
                        p.to_string(),
                    ));
                }
            }
            block_on[p] = i;
            body.push(p);
        }
        self.reader.skip_blank_lines();
        let (_, k) = self.field("the number of stones K", 0..=cells)?;
        self.reader.end_line()?;
        let mut stone = Grid::new(rows, cols, false);
        for j in 1..=k {
            let (at, p) = self.cell(&format!("stone {j}"), rows, cols)?;
            if let Some(&b) = block_on.get(p).filter(|&&b| b != 0) {
                return Err(self.reader.error_at(
                    at,
                    "a stone off the body",
                    format!("{p}, the cell of body block {b}"),
                ));
            }
            stone[p] = true;
        }
        Ok(Some(Case { stone, body }))
    }

    /// A line `r c` inside the lair, as a 0-based position with the row's offset.
    fn cell(&mut self, what: &str, rows: usize, cols: usize) -> Result<(usize, Pos), InputError> {
        self.reader.skip_blank_lines();
        let (at, r) = self.field(&format!("the row of {what}"), 1..=rows)?;
        let (_, c) = self.field(&format!("the column of {what}"), 1..=cols)?;
        self.reader.end_line()?;
        Ok((at, Pos::new(r - 1, c - 1)))
    }

    /// A number on the current line, within `range`.
    fn field(
        &mut self,
        what: &str,
        range: RangeInclusive<usize>,
    ) -> Result<(usize, usize), InputError> {
        let expected = format!(
            "{what} (an integer from {} to {})",
            range.start(),
            range.end()
        );
        self.on_line(&expected)?;
        self.reader.number_in_at(what, range)
    }

    /// A non-negative number on the current line, unchecked; `what` names it in errors.
    fn raw_field(&mut self, what: &str) -> Result<(usize, u64), InputError> {
        self.on_line(what)?;
        self.reader.number_at(what)
    }

    /// Fails unless a token follows on the current line.
    fn on_line(&mut self, expected: &str) -> Result<(), InputError> {
        self.reader.skip_spaces();
        let at = self.reader.offset();
        match self.src.get(at) {
            None => Err(self.reader.error_at(at, expected, "end of input")),
            Some(b'\n') => Err(self.reader.error_at(at, expected, "end of line")),
            Some(_) => Ok(()),
        }
    }
}

/// Every case of an input, or its first error (for tests and tools; the binary reads case
/// by case).
pub fn parse_all(src: &[u8]) -> Result<Vec<Case>, InputError> {
    cases(src).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(src: &str) -> InputError {
        parse_all(src.as_bytes()).unwrap_err()
    }

    #[test]
    fn sample_parses() {
        let src = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n";
        let cases = parse_all(src.as_bytes()).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].body[0], Pos::new(3, 0));
        assert!(cases[1].stone[Pos::new(3, 1)]);
        let again: String = cases.iter().map(Case::to_string).collect();
        assert_eq!(parse_all(again.as_bytes()).unwrap(), cases);
    }

    #[test]
    fn case_new_checks_the_body() {
        let lair = Grid::new(2, 3, false);
        let ok = Case::new(lair.clone(), vec![Pos::new(0, 0), Pos::new(0, 1)]).unwrap();
        assert_eq!(ok.body().len(), 2);
        assert!(Case::new(lair.clone(), vec![Pos::new(0, 0)]).is_err());
        assert!(Case::new(lair.clone(), vec![Pos::new(0, 0), Pos::new(1, 1)]).is_err());
        assert!(Case::new(lair.clone(), vec![Pos::new(0, 2), Pos::new(0, 3)]).is_err());
        let three = vec![Pos::new(0, 0), Pos::new(0, 1), Pos::new(0, 0)];
        assert!(Case::new(lair.clone(), three).is_err());
        let mut stones = lair;
        stones[Pos::new(0, 1)] = true;
        assert!(Case::new(stones, vec![Pos::new(0, 0), Pos::new(0, 1)]).is_err());
        let huge = Grid::new(101, 1, false);
        assert!(Case::new(huge, vec![Pos::new(0, 0), Pos::new(1, 0)]).is_err());
    }

    #[test]
    fn end_of_input_without_terminator_is_fine() {
        assert_eq!(parse_all(b"2 1 2\n2 1\n1 1\n0\n").unwrap().len(), 1);
        assert_eq!(parse_all(b"").unwrap().len(), 0);
        assert_eq!(parse_all(b"\n\n0 0 0\n\n").unwrap().len(), 0);
    }

    #[test]
    fn bad_inputs_point_at_the_spot() {
        let e = err("2 2 1\n1 1\n0\n");
        assert_eq!(
            (e.case, e.line, e.column, e.found.as_str()),
            (Some(1), 1, 5, "1")
        );
        let e = err("3 3 2\n1 1\n2 2\n0\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (3, 1, "(2, 2)"));
        let e = err("3 3 3\n1 1\n1 2\n1 1\n0\n");
        assert!(e.found.contains("body block 1"), "{e}");
        let e = err("3 3 2\n1 1\n1 4\n0\n");
        assert_eq!((e.line, e.column), (3, 3));
        let e = err("3 3 2\n1 1\n1 2\n1\n1 2\n");
        assert_eq!(e.expected, "a stone off the body");
        let e = err("3 3 2\n1 1\n1 2\n2\n3 3\n");
        assert_eq!(e.found, "end of input");
        let e = err("3 3 2\n1 1\n1 2\n1\n3 3\n3 3 2\n");
        assert_eq!((e.case, e.found.as_str()), (Some(2), "end of input"));
        let e = err("3 3 2\n1 1\n1 2\n0\n0 0 0\nx\n");
        assert_eq!((e.case, e.expected.as_str()), (None, "end of input"));
        let e = err("99999999 99999999 99999999\n");
        assert!(e.expected.contains("rows"));
        let e = err("3 3\n");
        assert_eq!(e.found, "end of line");
    }
}
