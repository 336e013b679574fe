//! A never-panicking input reader with errors that point at the spot.
//!
//! The whole input is read once into bytes; tokens remember their byte
//! offset, and line and column are computed only when an error is built.
//!
//! ```
//! use puzzle_frame::input::Reader;
//!
//! let mut reader = Reader::new(b"2 3\n#.Q\n");
//! let rows: usize = reader.number_in("the number of rows", 1..=500).unwrap();
//! let cols: usize = reader.number_in("the number of columns", 1..=500).unwrap();
//! reader.end_line().unwrap();
//! reader.set_case(Some(1));
//! let err = reader.row(cols, b"#.EXO", "a board row").unwrap_err();
//! assert_eq!((rows, err.line, err.column), (2, 2, 3));
//! assert_eq!(
//!     err.to_string(),
//!     "case 1, line 2, column 3: expected one of '#', '.', 'E', 'X', 'O', found 'Q'\n  2 | #.Q\n    |   ^"
//! );
//! ```

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

mod cases;

pub use cases::{CaseReader, Cases};

/// Bad input: where it is, what was expected there and what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The 1-based case number, for multi-case formats.
    pub case: Option<usize>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What the reader expected at that spot.
    pub expected: String,
    /// What it found there.
    pub found: String,
    /// The offending line for the caret display: the whole line, or for a line longer than
    /// [`LINE_WINDOW`] characters a window of that many around the spot, each cut end
    /// marked `...`.
    pub line_text: String,
    /// The 1-based column of the spot in `line_text`.
    pub text_column: usize,
}

/// The most characters of the offending line an [`InputError`] shows.
pub const LINE_WINDOW: usize = 80;

impl fmt::Display for InputError {
    /// `case 2, line 9, column 3: expected …, found …`, then the line with a caret under the spot.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(case) = self.case {
            write!(f, "case {case}, ")?;
        }
        write!(
            f,
            "line {}, column {}: expected {}, found {}",
            self.line, self.column, self.expected, self.found
        )?;
        let number = self.line.to_string();
        let pad = " ".repeat(number.len());
        write!(f, "\n  {number} | {}", self.line_text)?;
        write!(f, "\n  {pad} | {}^", " ".repeat(self.text_column - 1))
    }
}

impl std::error::Error for InputError {}

/// The position of the first `needle` in `bytes`, eight bytes at a time (a board row of
/// thousands of characters is one line).
fn find_byte(bytes: &[u8], needle: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let pattern = ONES * u64::from(needle);
    let mut chunks = bytes.chunks_exact(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_le_bytes(word) ^ pattern;
        // The high bit of each zero byte: exact up to the first one (the classic test).
        let zero = word.wrapping_sub(ONES) & !word & HIGHS;
        if zero != 0 {
            return Some(8 * i + zero.trailing_zeros() as usize / 8);
        }
    }
    let done = bytes.len() - chunks.remainder().len();
    let rest = chunks.remainder().iter().position(|&b| b == needle);
    rest.map(|i| done + i)
}

/// A raw line of input: its bytes without the line break (and without a final `\r`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// Byte offset of the line's first byte in the input.
    pub offset: usize,
    /// The line's bytes.
    pub text: &'a [u8],
}

/// Reads tokens and lines from an input held in memory.
///
/// A case's reader sets the case number its errors name, then reads its header and rows:
///
/// ```
/// use puzzle_frame::input::{InputError, Reader};
///
/// /// One case: a header `R C`, then R rows of `#.XO`.
/// fn board(reader: &mut Reader) -> Result<Vec<String>, InputError> {
///     let rows: usize = reader.number_in("the number of rows", 1..=100)?;
///     let cols: usize = reader.number_in("the number of columns", 1..=100)?;
///     reader.end_line()?;
///     (0..rows)
///         .map(|_| reader.row(cols, b"#.XO", "a board row"))
///         .map(|row| row.map(|row| String::from_utf8_lossy(row.text).into_owned()))
///         .collect()
/// }
///
/// let mut reader = Reader::new(b"1 3\nX.O\n2 2\nX.\n");
/// reader.set_case(Some(1));
/// assert_eq!(board(&mut reader)?, ["X.O"]);
/// reader.set_case(Some(2));
/// let short = board(&mut reader).unwrap_err();
/// assert_eq!((short.case, short.line, short.column), (Some(2), 5, 1));
/// assert_eq!((short.expected.as_str(), short.found.as_str()), ("a board row", "end of input"));
/// # Ok::<(), InputError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    src: &'a [u8],
    pos: usize,
    case: Option<usize>,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `src`.
    pub fn new(src: &'a [u8]) -> Reader<'a> {
        Reader {
            src,
            pos: 0,
            case: None,
        }
    }

    /// The whole input the reader reads.
    pub fn input(&self) -> &'a [u8] {
        self.src
    }

    /// Sets the case number that errors will name from now on.
    pub fn set_case(&mut self, case: Option<usize>) {
        self.case = case;
    }

    /// The case number errors name.
    pub fn case(&self) -> Option<usize> {
        self.case
    }

    /// Byte offset of the next unread byte.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Bytes not read yet: an upper bound on what the rest of the input can back up
    /// (check a declared size against it before allocating).
    pub fn remaining(&self) -> usize {
        self.src.len() - self.pos
    }

    /// The next unread byte, if any (for formats where line breaks matter).
    pub fn peek_byte(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    /// Skips spaces, tabs, carriage returns and line breaks.
    pub fn skip_whitespace(&mut self) {
        while self.pos < self.src.len() && self.src[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// Skips spaces, tabs and carriage returns, staying on the current line.
    pub fn skip_spaces(&mut self) {
        while self.pos < self.src.len() && matches!(self.src[self.pos], b' ' | b'\t' | b'\r') {
            self.pos += 1;
        }
    }

    /// True when only whitespace is left (which it skips).
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos >= self.src.len()
    }

    /// Skips lines that hold only whitespace; stops at the start of the next line with content
    /// (or at the end of input). Call it at the start of a line.
    pub fn skip_blank_lines(&mut self) {
        let mut probe = self.pos;
        loop {
            let line_start = probe;
            while probe < self.src.len() && matches!(self.src[probe], b' ' | b'\t' | b'\r') {
                probe += 1;
            }
            match self.src.get(probe) {
                Some(b'\n') => probe += 1,
                None => {
                    self.pos = probe;
                    return;
                }
                Some(_) => {
                    self.pos = line_start;
                    return;
                }
            }
        }
    }

    /// The next whitespace-separated token and its offset, or `None` at the end of input.
    pub fn token(&mut self) -> Option<(usize, &'a [u8])> {
        self.skip_whitespace();
        let start = self.pos;
        while self.pos < self.src.len() && !self.src[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        (self.pos > start).then(|| (start, &self.src[start..self.pos]))
    }

    /// The next token parsed as a number; `what` names it in the error ("the number of rows").
    pub fn number<T: FromStr>(&mut self, what: &str) -> Result<T, InputError> {
        self.number_at(what).map(|(_, n)| n)
    }

    /// Like [`Reader::number`], also returning the token's offset (to point at it in a later error).
    pub fn number_at<T: FromStr>(&mut self, what: &str) -> Result<(usize, T), InputError> {
        match self.token() {
            None => Err(self.error_at(self.pos, what, "end of input")),
            Some((at, text)) => std::str::from_utf8(text)
                .ok()
                .and_then(|s| s.parse::<T>().ok())
                .map(|n| (at, n))
                .ok_or_else(|| self.error_at(at, what, describe_token(text))),
        }
    }

    /// The next token as a number within `range`.
    pub fn number_in<T>(&mut self, what: &str, range: RangeInclusive<T>) -> Result<T, InputError>
    where
        T: FromStr + PartialOrd + fmt::Display,
    {
        self.number_in_at(what, range).map(|(_, n)| n)
    }

    /// Like [`Reader::number_in`], also returning the token's offset.
    pub fn number_in_at<T>(
        &mut self,
        what: &str,
        range: RangeInclusive<T>,
    ) -> Result<(usize, T), InputError>
    where
        T: FromStr + PartialOrd + fmt::Display,
    {
        // The message is built only for an error: readers call this for every number.
        let expected = || {
            format!(
                "{what} (an integer from {} to {})",
                range.start(),
                range.end()
            )
        };
        let Some((at, text)) = self.token() else {
            return Err(self.error_at(self.pos, expected(), "end of input"));
        };
        match std::str::from_utf8(text)
            .ok()
            .and_then(|s| s.parse::<T>().ok())
        {
            Some(n) if range.contains(&n) => Ok((at, n)),
            Some(n) => Err(self.error_at(at, expected(), format!("{n}"))),
            None => Err(self.error_at(at, expected(), describe_token(text))),
        }
    }

    /// The rest of the current line (without `\n` and a final `\r`), moving to the next line;
    /// `None` at the end of input.
    pub fn line(&mut self) -> Option<Line<'a>> {
        if self.pos >= self.src.len() {
            return None;
        }
        let start = self.pos;
        let end = find_byte(&self.src[start..], b'\n').map_or(self.src.len(), |i| start + i);
        self.pos = (end + 1).min(self.src.len());
        let mut text = &self.src[start..end];
        if let [rest @ .., b'\r'] = text {
            text = rest;
        }
        Some(Line {
            offset: start,
            text,
        })
    }

    /// Requires that the current line holds nothing more than spaces, then moves to the next line.
    pub fn end_line(&mut self) -> Result<(), InputError> {
        self.skip_spaces();
        match self.src.get(self.pos) {
            None => Ok(()),
            Some(b'\n') => {
                self.pos += 1;
                Ok(())
            }
            Some(_) => Err(self.error_at(self.pos, "end of line", self.found_at(self.pos))),
        }
    }

    /// The next line as a row of exactly `width` characters from `alphabet`.
    /// `what` names the row in the error when the input ends early ("row 3 of the board").
    pub fn row(
        &mut self,
        width: usize,
        alphabet: &[u8],
        what: &str,
    ) -> Result<Line<'a>, InputError> {
        let at = self.pos;
        let line = self
            .line()
            .ok_or_else(|| self.error_at(at, what, "end of input"))?;
        for (i, &b) in line.text.iter().enumerate() {
            if i >= width {
                return Err(self.row_too_long(line.offset + i, width, describe_byte(b)));
            }
            if !alphabet.contains(&b) {
                return Err(self.error_at(line.offset + i, one_of(alphabet), describe_byte(b)));
            }
        }
        if line.text.len() < width {
            return Err(self.error_at(
                line.offset + line.text.len(),
                format!("{} (a row has {width} characters)", one_of(alphabet)),
                "end of line",
            ));
        }
        Ok(line)
    }

    /// The error of a row longer than `width` characters: what was `found` at `offset`,
    /// the first character past the row.
    pub fn row_too_long(&self, offset: usize, width: usize, found: String) -> InputError {
        self.error_at(
            offset,
            format!("end of line (a row has {width} characters)"),
            found,
        )
    }

    /// Requires that nothing but whitespace is left.
    pub fn expect_end(&mut self) -> Result<(), InputError> {
        self.skip_whitespace();
        if self.pos < self.src.len() {
            Err(self.error_at(self.pos, "end of input", self.found_at(self.pos)))
        } else {
            Ok(())
        }
    }

    /// Describes what stands at `offset`: the token there, a single character, or end of input.
    pub fn found_at(&self, offset: usize) -> String {
        match self.src.get(offset) {
            None => "end of input".to_string(),
            Some(b) if b.is_ascii_whitespace() => describe_byte(*b),
            Some(_) => {
                let end = self.src[offset..]
                    .iter()
                    .position(|b| b.is_ascii_whitespace())
                    .map_or(self.src.len(), |i| offset + i);
                describe_token(&self.src[offset..end])
            }
        }
    }

    /// The 1-based line and column (in characters) of a byte offset, for messages that
    /// point back at an earlier spot ("the first 'O' is at line 3, column 7").
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let e = self.error_at(offset, "", "");
        (e.line, e.column)
    }

    /// An error at a byte offset, naming the current case.
    pub fn error_at(
        &self,
        offset: usize,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> InputError {
        let offset = offset.min(self.src.len());
        let line_start = self.src[..offset]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line_end = self.src[offset..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.src.len(), |i| offset + i);
        let line = 1 + self.src[..line_start]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        let before = String::from_utf8_lossy(&self.src[line_start..offset]);
        let column = 1 + before.chars().count();
        let mut text = &self.src[line_start..line_end];
        while let [rest @ .., b'\r'] = text {
            text = rest;
        }
        let (line_text, text_column) = line_window(text, (offset - line_start).min(text.len()));
        InputError {
            case: self.case,
            line,
            column,
            expected: expected.into(),
            found: found.into(),
            line_text,
            text_column,
        }
    }
}

/// The line (without its break) as an error shows it, and the 1-based column of byte `at`
/// in it: the whole line when it has at most [`LINE_WINDOW`] characters, else that many
/// around `at` (half before it), each cut end marked `...`. Reads only the bytes near `at`,
/// so a huge line costs nothing. Control characters are shown as spaces.
fn line_window(line: &[u8], at: usize) -> (String, usize) {
    let shown = |bytes: &[u8]| -> Vec<char> {
        String::from_utf8_lossy(bytes)
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect()
    };
    // A character is at most 4 bytes: these bytes hold more than the window.
    let reach = 4 * LINE_WINDOW + 4;
    if line.len() <= reach {
        let all = shown(line);
        if all.len() <= LINE_WINDOW {
            let before = shown(&line[..at]).len();
            return (all.into_iter().collect(), before + 1);
        }
    }
    let mut from = at.saturating_sub(reach);
    // Start on a character's first byte.
    while from < at && line[from] & 0xC0 == 0x80 {
        from += 1;
    }
    let to = at.saturating_add(reach).min(line.len());
    let before = shown(&line[from..at]);
    let after = shown(&line[at..to]);
    let half = LINE_WINDOW / 2;
    let take_before = before
        .len()
        .min(half.max(LINE_WINDOW.saturating_sub(after.len())));
    let take_after = after.len().min(LINE_WINDOW - take_before);
    let cut_before = take_before < before.len() || from > 0;
    let cut_after = take_after < after.len() || to < line.len();
    let mut text = String::new();
    if cut_before {
        text.push_str("...");
    }
    text.extend(&before[before.len() - take_before..]);
    let column = text.chars().count() + 1;
    text.extend(&after[..take_after]);
    if cut_after {
        text.push_str("...");
    }
    (text, column)
}

/// `one of '#', '.', 'E'` for an alphabet; a space is written `' ' (a space)`.
pub fn one_of(alphabet: &[u8]) -> String {
    let items: Vec<String> = alphabet.iter().map(|&b| describe_byte(b)).collect();
    match items.len() {
        1 => items[0].clone(),
        _ => format!("one of {}", items.join(", ")),
    }
}

/// A byte as an error message shows it: `'Q'`, `a space`, `a tab`, `end of line`.
pub fn describe_byte(b: u8) -> String {
    match b {
        b' ' => "' ' (a space)".to_string(),
        b'\t' => "a tab".to_string(),
        b'\n' => "end of line".to_string(),
        b'\r' => "a carriage return".to_string(),
        0x21..=0x7e => format!("'{}'", b as char),
        _ => format!("byte 0x{b:02x}"),
    }
}

/// A token as an error message shows it: `'Q'` for one character, `"abc"` for more
/// (long tokens are cut to 20 characters).
pub fn describe_token(text: &[u8]) -> String {
    // 20 characters are at most 80 bytes: a huge token is not copied.
    let s = String::from_utf8_lossy(&text[..text.len().min(84)]);
    let mut chars = s.chars();
    let shown: String = chars.by_ref().take(20).collect();
    let cut = if chars.next().is_some() || text.len() > 84 {
        "…"
    } else {
        ""
    };
    if shown.chars().count() == 1 && cut.is_empty() {
        format!("'{shown}'")
    } else {
        format!("\"{shown}{cut}\"")
    }
}

#[cfg(test)]
mod tests;
