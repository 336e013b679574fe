//! The one case iterator: an input's cases read one at a time by a puzzle's per-case
//! reading function.

use super::{InputError, Reader};

/// A puzzle's reading of one case: the next case from `reader` under the puzzle's reading
/// options `O` (card-swap's board shape; `()` for most), `Ok(None)` at the end of the input
/// or after its terminator line (see [`Reader::end_marker`]).
pub type CaseReader<C, O = ()> =
    for<'r, 'a> fn(&'r mut Reader<'a>, &O) -> Result<Option<C>, InputError>;

/// The cases of an input, in order: `Ok(case)` each, until the reading function finds the
/// end; after an `Err` the iterator ends (it is fused). Before each case the reader is told
/// its number (1-based), which errors name.
///
/// ```
/// use puzzle_frame::input::{CaseReader, Cases, InputError, Reader};
///
/// // One number a line; a line `0` ends the input.
/// fn read(reader: &mut Reader<'_>, _: &()) -> Result<Option<u32>, InputError> {
///     if reader.at_end() {
///         return Ok(None);
///     }
///     match reader.number::<u32>("a number")? {
///         0 => reader.end_marker(),
///         n => Ok(Some(n)),
///     }
/// }
/// let read = read as CaseReader<u32>;
/// assert_eq!(Cases::new(b"3\n4\n0\n", read, ()).collect::<Result<Vec<_>, _>>(), Ok(vec![3, 4]));
/// let mut bad = Cases::new(b"3\nx\n5\n", read, ());
/// assert_eq!(bad.next(), Some(Ok(3)));
/// assert_eq!(bad.next().and_then(Result::err).map(|e| (e.case, e.line)), Some((Some(2), 2)));
/// assert_eq!(bad.next(), None);
/// let after_end = Cases::new(b"3\n0\n5\n", read, ()).last();
/// assert!(after_end.is_some_and(|e| e.is_err()), "nothing may follow the end marker");
/// ```
pub struct Cases<'a, C, O = ()> {
    reader: Reader<'a>,
    read: CaseReader<C, O>,
    options: O,
    /// The number of the next case (1-based); `None` once the input is over.
    next: Option<usize>,
}

impl<'a, C, O> Cases<'a, C, O> {
    /// The cases of `input`, each read by `read` under `options`.
    pub fn new(input: &'a [u8], read: CaseReader<C, O>, options: O) -> Cases<'a, C, O> {
        Cases {
            reader: Reader::new(input),
            read,
            options,
            next: Some(1),
        }
    }
}

impl<C, O> Iterator for Cases<'_, C, O> {
    type Item = Result<C, InputError>;

    fn next(&mut self) -> Option<Result<C, InputError>> {
        let number = self.next?;
        self.reader.set_case(Some(number));
        let read = (self.read)(&mut self.reader, &self.options);
        self.next = match read {
            Ok(Some(_)) => Some(number + 1),
            _ => None,
        };
        read.transpose()
    }
}

impl<C, O> std::iter::FusedIterator for Cases<'_, C, O> {}

impl Reader<'_> {
    /// A case's header `R C` (a board's rows, then its columns): `Some((R, offset of C, C))`
    /// with `R > 0`; `Ok(None)` at the end of the input, or at the terminator `0 0` (see
    /// [`Reader::end_marker`]); `0 C` with `C > 0` is an error at `C`. The caller checks
    /// `C` (at its offset) and ends the line.
    pub fn grid_header(&mut self) -> Result<Option<(usize, usize, usize)>, InputError> {
        if self.at_end() {
            return Ok(None);
        }
        let rows = self.number::<usize>("the number of rows")?;
        let (cols_at, cols) = self.number_at::<usize>("the number of columns")?;
        if rows == 0 {
            if cols != 0 {
                return Err(self.error_at(
                    cols_at,
                    "0 (only the end marker `0 0` has 0 rows)",
                    cols.to_string(),
                ));
            }
            return self.end_marker();
        }
        Ok(Some((rows, cols_at, cols)))
    }

    /// The end of the input at its terminator line (`0 0`), which the reading function has
    /// just read: nothing but whitespace may follow (an error outside any case otherwise).
    pub fn end_marker<C>(&mut self) -> Result<Option<C>, InputError> {
        self.set_case(None);
        self.expect_end()?;
        Ok(None)
    }
}
