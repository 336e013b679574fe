//! The input, one case at a time ([`Cases`]): POJ 1475 mazes ([`poj`]) or XSB levels
//! ([`xsb`]).
//!
//! The largest board either reader accepts has [`MAX_CELLS`] cells: the solvers number a
//! cell in 16 bits. The first error met is reported, at its case (maze or level), line and
//! column.

pub mod poj;
pub mod xsb;

use crate::case::{Case, Format};
use puzzle_frame::input::{InputError, Reader};

/// The most cells a board may have (rows times the longest row): a cell is numbered in 16
/// bits.
pub const MAX_CELLS: usize = u16::MAX as usize;

/// The cases of an input, in order: `Ok(case)` each, until the end of the input (or POJ's
/// `0 0` line); after an `Err` the iterator ends.
pub struct Cases<'a> {
    reader: Reader<'a>,
    format: Format,
    /// The number of the next case (1-based); `None` once the input is over.
    next: Option<usize>,
}

impl<'a> Cases<'a> {
    /// The cases of `input` in `format`, numbered from 1 in error messages.
    pub fn new(input: &'a [u8], format: Format) -> Cases<'a> {
        Cases {
            reader: Reader::new(input),
            format,
            next: Some(1),
        }
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<Case, InputError>;

    fn next(&mut self) -> Option<Result<Case, InputError>> {
        let number = self.next?;
        let read = match self.format {
            Format::Poj => poj::read_case(&mut self.reader, number),
            Format::Xsb => xsb::read_level(&mut self.reader, number),
        };
        self.next = match read {
            Ok(Some(_)) => Some(number + 1),
            _ => None,
        };
        read.transpose()
    }
}

impl std::iter::FusedIterator for Cases<'_> {}

/// Every case of `input` in `format`, or the first error.
pub fn parse_all(input: &[u8], format: Format) -> Result<Vec<Case>, InputError> {
    Cases::new(input, format).collect()
}

/// The format of an input read without `--xsb`: XSB when its first line that is not blank
/// starts (after spaces) with `;` or `#`, which no POJ input can (it starts with the
/// numbers `r c`); otherwise POJ.
pub fn detect(input: &[u8]) -> Format {
    let first = input
        .split(|&b| b == b'\n')
        .map(|line| {
            let start = line.iter().position(|b| !b.is_ascii_whitespace());
            &line[start.unwrap_or(line.len())..]
        })
        .find(|line| !line.is_empty());
    match first.and_then(|line| line.first()) {
        Some(b';' | b'#') => Format::Xsb,
        _ => Format::Poj,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_is_told_by_the_first_line_with_text() {
        assert_eq!(detect(b"1 3\nSBT\n0 0\n"), Format::Poj);
        assert_eq!(detect(b"\n  \n; 1\n####\n"), Format::Xsb);
        assert_eq!(detect(b"\n  ####\n#@$.#\n"), Format::Xsb);
        assert_eq!(detect(b""), Format::Poj);
        assert_eq!(detect(b"x y\n"), Format::Poj);
    }
}
