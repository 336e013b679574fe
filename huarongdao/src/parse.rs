//! The judge's input: `n m q`, then `n` rows of `m` cells (`1` movable, `0` fixed), then
//! `q` lines `EX EY SX SY TX TY` (the blank, the designated piece, its target; 1-based,
//! row first).
//!
//! The input is line-oriented: a row holds exactly `m` cells and a query line exactly six
//! numbers (spaces, tabs and a final `\r` are allowed anywhere on a line). Queries are read
//! one at a time ([`Cases`] is an iterator), so that a caller can answer query `k` before
//! query `k + 1` is parsed; an error in query `k` names it as case `k`. After the last
//! query only whitespace may follow.
//!
//! Nothing is allocated from the header's numbers: the board's cells are pushed as they
//! are read (one byte a cell, backed by at least two bytes of input), and the queries are
//! never stored. A header claiming a board far beyond the memory budget therefore costs
//! nothing before the solver checks the budget ([`crate::solve::Solver::new`]), or before
//! the input runs out.

use crate::case::{Board, Case, Query};
use crate::solve::{Options, Solver};
use crate::Huarongdao;
use grid_common::{Grid, Pos};
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::cli::Stop;
use puzzle_frame::input::{describe_token, InputError, Reader};
use puzzle_frame::puzzle::Reading;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// The largest number of rows or columns accepted (the judge's boards have at most 30).
pub const MAX_SIDE: usize = 1_000_000;
/// The largest number of queries accepted (the judge's inputs have at most 500).
pub const MAX_QUERIES: usize = 1_000_000_000;

/// The input being read: the board is parsed by [`Cases::new`], the queries one by one as
/// the iterator's items. After an `Err` it yields `None`.
#[derive(Debug)]
pub struct Cases<'a> {
    src: &'a [u8],
    reader: Reader<'a>,
    board: Board,
    queries: usize,
    read: usize,
    done: bool,
}

/// The header line `n m q`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The board's rows `n`.
    pub rows: usize,
    /// The board's columns `m`.
    pub cols: usize,
    /// The number of queries `q`.
    pub queries: usize,
}

impl Header {
    /// Reads the header line of `src`.
    pub fn read(src: &[u8]) -> Result<Header, InputError> {
        Header::read_with(&mut Reader::new(src), src)
    }

    fn read_with(reader: &mut Reader<'_>, src: &[u8]) -> Result<Header, InputError> {
        let rows = number_on_line(reader, src, "the number of rows n", 1..=MAX_SIDE)?;
        let cols = number_on_line(reader, src, "the number of columns m", 1..=MAX_SIDE)?;
        let queries = number_on_line(reader, src, "the number of queries q", 0..=MAX_QUERIES)?;
        reader.end_line()?;
        Ok(Header {
            rows,
            cols,
            queries,
        })
    }

    /// True when `src` is long enough to hold the board the header announces (a cell
    /// takes a byte at least); a shorter input is an input error, found while reading.
    pub fn backed_by(&self, src: &[u8]) -> bool {
        self.rows.saturating_mul(self.cols) <= src.len()
    }
}

impl<'a> Cases<'a> {
    /// Reads the header and the board.
    pub fn new(src: &'a [u8]) -> Result<Cases<'a>, InputError> {
        let mut reader = Reader::new(src);
        let Header {
            rows,
            cols,
            queries,
        } = Header::read_with(&mut reader, src)?;
        // Never allocate from the declared size: the cells are pushed as they are read,
        // so the input itself backs every byte allocated.
        let mut cells = Vec::with_capacity(rows.saturating_mul(cols).min(reader.remaining()));
        for r in 1..=rows {
            // Blank lines between the lines of the format are skipped, as a judge would.
            reader.skip_blank_lines();
            for c in 1..=cols {
                cells.push(cell(&mut reader, src, r, c)?);
            }
            reader.end_line()?;
        }
        let open = Grid::from_cells(rows, cols, cells).ok_or_else(|| {
            // Unreachable: exactly rows * cols cells were pushed.
            reader.error_at(reader.offset(), "a complete board", "a partial one")
        })?;
        Ok(Cases {
            src,
            reader,
            board: Board { open },
            queries,
            read: 0,
            done: false,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The number of queries the header announces.
    pub fn query_count(&self) -> usize {
        self.queries
    }

    /// The board, taken out (for a caller done with the queries).
    pub fn into_board(self) -> Board {
        self.board
    }

    fn parse_query(&mut self) -> Result<Query, InputError> {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        self.reader.skip_blank_lines();
        let mut cell = |row_name: &str, col_name: &str| -> Result<Pos, InputError> {
            let r = number_on_line(&mut self.reader, self.src, row_name, 1..=rows)?;
            let c = number_on_line(&mut self.reader, self.src, col_name, 1..=cols)?;
            Ok(Pos::new(r - 1, c - 1))
        };
        let blank = cell("the blank's row EX", "the blank's column EY")?;
        let piece = cell("the piece's row SX", "the piece's column SY")?;
        let target = cell("the target's row TX", "the target's column TY")?;
        self.reader.end_line()?;
        Ok(Query {
            blank,
            piece,
            target,
        })
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<Query, InputError>;

    /// The next query (errors name it as case `k`, 1-based), `None` after the last one.
    /// After the last query, only whitespace may be left: trailing garbage is an error
    /// (without a case number).
    fn next(&mut self) -> Option<Result<Query, InputError>> {
        if self.done {
            return None;
        }
        if self.read == self.queries {
            self.done = true;
            self.reader.set_case(None);
            return self.reader.expect_end().err().map(Err);
        }
        self.read += 1;
        self.reader.set_case(Some(self.read));
        let result = self.parse_query();
        if result.is_err() {
            self.done = true;
        }
        Some(result)
    }
}

/// The next cell of the board, `0` (fixed) or `1` (movable), on the current line (the fast
/// path of the parser: no allocation unless it is an error).
fn cell(reader: &mut Reader<'_>, src: &[u8], row: usize, col: usize) -> Result<bool, InputError> {
    reader.skip_spaces();
    let at = reader.offset();
    let found = match src.get(at) {
        None => "end of input".to_string(),
        Some(b'\n') => "end of line".to_string(),
        Some(_) => match reader.token() {
            Some((_, b"0")) => return Ok(false),
            Some((_, b"1")) => return Ok(true),
            Some((_, text)) => describe_token(text),
            None => "end of input".to_string(),
        },
    };
    Err(reader.error_at(at, format!("cell {col} of row {row} (0 or 1)"), found))
}

/// The next number on the current line, within `range`; the end of the line or of the input
/// is reported as such instead of reading on into the next line.
fn number_on_line(
    reader: &mut Reader<'_>,
    src: &[u8],
    what: &str,
    range: RangeInclusive<usize>,
) -> Result<usize, InputError> {
    reader.skip_spaces();
    let at = reader.offset();
    match src.get(at) {
        None | Some(b'\n') => {
            let found = if at >= src.len() {
                "end of input"
            } else {
                "end of line"
            };
            let expected = format!(
                "{what} (an integer from {} to {})",
                range.start(),
                range.end()
            );
            Err(reader.error_at(at, expected, found))
        }
        Some(_) => {
            // The fast path: a plain decimal within the range; anything else goes to the
            // reader, which builds the error.
            let mut probe = reader.clone();
            if let Some((_, text)) = probe.token() {
                let value = text.iter().try_fold(0usize, |n, &b| {
                    b.is_ascii_digit()
                        .then(|| n.checked_mul(10)?.checked_add(usize::from(b - b'0')))
                        .flatten()
                });
                if let Some(value) = value.filter(|v| range.contains(v)) {
                    *reader = probe;
                    return Ok(value);
                }
            }
            reader.number_in(what, range)
        }
    }
}

impl std::iter::FusedIterator for Cases<'_> {}

/// The queries of an input, each with the board: what the shared loop answers.
#[derive(Debug)]
pub struct CasesOnBoard<'a> {
    board: Arc<Board>,
    queries: Cases<'a>,
}

impl<'a> CasesOnBoard<'a> {
    /// The queries read by `queries`, each paired with its board.
    pub fn new(queries: Cases<'a>) -> CasesOnBoard<'a> {
        CasesOnBoard {
            board: Arc::new(queries.board().clone()),
            queries,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The number of queries the header announces.
    pub fn query_count(&self) -> usize {
        self.queries.query_count()
    }
}

impl Iterator for CasesOnBoard<'_> {
    type Item = Result<Case, InputError>;

    fn next(&mut self) -> Option<Result<Case, InputError>> {
        let query = self.queries.next()?;
        Some(query.map(|query| Case {
            board: Arc::clone(&self.board),
            query,
        }))
    }
}

impl std::iter::FusedIterator for CasesOnBoard<'_> {}

impl Reading for Huarongdao {
    type Cases<'a> = CasesOnBoard<'a>;

    /// The queries on the input's board; a board `budget` cannot hold is refused from its
    /// header line alone (when the input holds as many bytes as the header promises).
    fn cases<'a>(
        input: &'a [u8],
        options: &Options,
        budget: MemoryBudget,
    ) -> Result<CasesOnBoard<'a>, Stop> {
        if let Ok(header) = Header::read(input) {
            let options = Options { budget, ..*options };
            if header.backed_by(input) {
                if let Err(e) = Solver::check_size(header.rows, header.cols, &options) {
                    return Err(Stop::Limit(format!("case 1: {e}")));
                }
            }
        }
        let queries = Cases::new(input).map_err(|e| Stop::BadInput(e.to_string()))?;
        Ok(CasesOnBoard::new(queries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::to_judge_input;

    fn all(src: &str) -> Result<(Board, Vec<Query>), InputError> {
        let mut cases = Cases::new(src.as_bytes())?;
        let queries = cases.by_ref().collect::<Result<Vec<_>, _>>()?;
        Ok((cases.into_board(), queries))
    }

    #[test]
    fn sample_round_trips() {
        let src = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
        let (board, queries) = all(src).unwrap();
        assert_eq!(to_judge_input(&board, &queries), src);
        assert_eq!(queries[0].blank, Pos::new(2, 1));
        assert!(board.is_open(Pos::new(0, 1)));
        assert!(!board.is_open(Pos::new(0, 0)));
        assert!(!board.is_open(Pos::new(3, 0)));
    }

    #[test]
    fn errors_point_at_the_spot() {
        let err = all("2 2 1\n1 1\n1\n").unwrap_err();
        assert_eq!((err.case, err.line, err.column), (None, 3, 2));
        assert_eq!(err.found, "end of line");
        let err = all("2 2 1\n1 1\n1 1\n1 1 2 2 3 1\n").unwrap_err();
        assert_eq!((err.case, err.line, err.column), (Some(1), 4, 9));
        let err = all("2 2 2\n1 1\n1 1\n1 1 2 2 1 1\n").unwrap_err();
        assert_eq!((err.case, err.found.as_str()), (Some(2), "end of input"));
        let err = all("2 2 0\n1 1\n1 1\nx\n").unwrap_err();
        assert_eq!(
            (err.case, err.line, err.expected.as_str()),
            (None, 4, "end of input")
        );
        let err = all("99999 99999 1\n1\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(all("1 1 0\r\n1 \r\n").is_ok());
        let spaced = all("2 2 1\n\n1 1\n \n1 1\n\n1 1 2 2 1 2\n\n").unwrap();
        assert_eq!(spaced, all("2 2 1\n1 1\n1 1\n1 1 2 2 1 2\n").unwrap());
    }
}
