//! The input format, case by case.
//!
//! A case is a line `R C`; R lines of C whitespace-separated tokens (a token of only `.`
//! is an empty cell, any other names the block covering the cell); a line with the target
//! block's name; a line `r c`, where the top-left corner of the target's bounding box must
//! end (0-based, row first). Cases follow one another until the end of the input; blank
//! lines before a line are skipped. Errors name the case, line and column.

use grid_common::Pos;
use puzzle_frame::input::{describe_token, InputError, Line, Reader};

use crate::case::{is_empty_token, Case, CaseError, MAX_CELLS};
use crate::Klotski;
use puzzle_frame::input::CaseReader;
use puzzle_frame::puzzle::CaseByCase;

/// The cases of an input, one at a time; after an error, nothing more.
pub type Cases<'a> = puzzle_frame::input::Cases<'a, Case>;

/// The cases of `input`.
pub fn cases(input: &[u8]) -> Cases<'_> {
    Cases::new(input, read_next, ())
}

/// Every case of `input`, or the first error.
pub fn parse_all(input: &[u8]) -> Result<Vec<Case>, InputError> {
    cases(input).collect()
}

/// The next case, `Ok(None)` at the end of the input.
fn read_next(reader: &mut Reader<'_>, _: &()) -> Result<Option<Case>, InputError> {
    if reader.at_end() {
        return Ok(None);
    }
    read_case(reader).map(Some)
}

impl CaseByCase for Klotski {
    const READ_CASE: CaseReader<Case> = read_next;
}

/// One token of a line: its byte offset and text.
type Token<'a> = (usize, &'a [u8]);

/// The next line with content, split into tokens, at most `most + 1` of them (one past
/// what the line may hold tells a long line: a huge line is never split whole); an error
/// naming `what` at the end of input.
fn tokens_of<'a>(
    reader: &mut Reader<'a>,
    what: &str,
    most: usize,
) -> Result<(Line<'a>, Vec<Token<'a>>), InputError> {
    reader.skip_blank_lines();
    let at = reader.offset();
    let line = reader
        .line()
        .ok_or_else(|| reader.error_at(at, what, "end of input"))?;
    let mut tokens = Vec::new();
    let mut i = 0;
    let text = line.text;
    while i < text.len() && tokens.len() <= most {
        if text[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && !text[i].is_ascii_whitespace() {
            i += 1;
        }
        tokens.push((line.offset + start, &text[start..i]));
    }
    Ok((line, tokens))
}

/// Requires exactly `count` tokens on a line, described by `what` ("2 numbers").
fn exactly<'a>(
    reader: &Reader<'a>,
    line: Line<'a>,
    tokens: &[Token<'a>],
    count: usize,
    what: &str,
) -> Result<(), InputError> {
    if let Some(&(at, extra)) = tokens.get(count) {
        return Err(reader.error_at(
            at,
            format!("end of line (the line holds {what})"),
            describe_token(extra),
        ));
    }
    if tokens.len() < count {
        return Err(reader.error_at(line.offset + line.text.len(), what, "end of line"));
    }
    Ok(())
}

/// A token as a number in `range`.
fn number(
    reader: &Reader<'_>,
    (at, text): Token<'_>,
    what: &str,
    range: std::ops::RangeInclusive<usize>,
) -> Result<usize, InputError> {
    std::str::from_utf8(text)
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            let expected = format!(
                "{what} (an integer from {} to {})",
                range.start(),
                range.end()
            );
            reader.error_at(at, expected, describe_token(text))
        })
}

fn read_case(reader: &mut Reader<'_>) -> Result<Case, InputError> {
    let (line, header) = tokens_of(reader, "a line 'R C' (the box's rows and columns)", 2)?;
    // A first token that is no number says more than a missing second one.
    if let Some(&first) = header.first() {
        number(reader, first, "the number of rows", 1..=MAX_CELLS)?;
    }
    exactly(
        reader,
        line,
        &header,
        2,
        "2 numbers, the rows and the columns",
    )?;
    let rows = number(reader, header[0], "the number of rows", 1..=MAX_CELLS)?;
    let cols = number(reader, header[1], "the number of columns", 1..=MAX_CELLS)?;
    if rows * cols > MAX_CELLS {
        return Err(reader.error_at(
            header[0].0,
            format!("a box of at most {MAX_CELLS} cells"),
            format!("{rows} x {cols} = {} cells", rows * cols),
        ));
    }
    let mut names: Vec<Option<String>> = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        let what = format!("row {} of the box ({cols} tokens)", r + 1);
        let (line, tokens) = tokens_of(reader, &what, cols)?;
        exactly(reader, line, &tokens, cols, &format!("{cols} tokens"))?;
        for &(at, token) in &tokens {
            let text = std::str::from_utf8(token)
                .map_err(|_| reader.error_at(at, "a block name in UTF-8", describe_token(token)))?;
            if is_empty_token(text) {
                names.push(None);
            } else if text.contains('.') {
                return Err(reader.error_at(
                    at,
                    "a block name (no '.') or only dots (an empty cell)",
                    describe_token(token),
                ));
            } else {
                names.push(Some(text.to_string()));
            }
        }
    }
    let (line, target) = tokens_of(reader, "a line with the target block's name", 1)?;
    exactly(reader, line, &target, 1, "the target block's name")?;
    let (target_at, target_name) = target[0];
    let target_name = String::from_utf8_lossy(target_name).into_owned();
    let (line, goal) = tokens_of(reader, "a line 'r c' (where the target must end)", 2)?;
    exactly(
        reader,
        line,
        &goal,
        2,
        "2 numbers, the goal's row and column",
    )?;
    let row = number(reader, goal[0], "the goal's row", 0..=rows - 1)?;
    let col = number(reader, goal[1], "the goal's column", 0..=cols - 1)?;
    let cells: Vec<Option<&str>> = names.iter().map(Option::as_deref).collect();
    Case::new(rows, cols, &cells, &target_name, Pos::new(row, col)).map_err(|e| match e {
        CaseError::NoTarget(_) => reader.error_at(
            target_at,
            "the name of a block in the box",
            describe_token(target_name.as_bytes()),
        ),
        CaseError::GoalDoesNotFit { size: (h, w) } => reader.error_at(
            goal[0].0,
            format!(
                "a goal where the target ({h}x{w}) fits: row at most {}, column at most {}",
                rows - h,
                cols - w
            ),
            format!("{row} {col}"),
        ),
        other => reader.error_at(goal[0].0, "a valid case", other.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_error(input: &str) -> InputError {
        parse_all(input.as_bytes()).expect_err("an input error")
    }

    #[test]
    fn the_statement_example_reads() {
        let cases = parse_all(b"3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n").expect("valid");
        assert_eq!(cases.len(), 1);
        let case = &cases[0];
        assert_eq!(case.blocks.len(), 3);
        assert_eq!(&*case.blocks[case.target].name, "B");
        assert_eq!(case.blocks[case.target].top_left(), Pos::new(1, 0));
        assert_eq!(case.goal, Pos::new(0, 1));
    }

    #[test]
    fn errors_point_at_the_spot() {
        let e = first_error("2 2\nA .\nA . .\nA\n0 0\n");
        assert_eq!((e.case, e.line, e.column), (Some(1), 3, 5));
        let e = first_error("2 2\nA .\nA\nA\n0 0\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (3, 2, "end of line"));
        let e = first_error("1 2\nA. .\nA\n0 0\n");
        assert_eq!((e.line, e.column), (2, 1));
        let e = first_error("1 2\nA .\nB\n0 0\n");
        assert_eq!((e.line, e.column), (3, 1));
        let e = first_error("1 2\nA A\nA\n0 1\n");
        assert_eq!((e.line, e.column), (4, 1));
        let e = first_error("1 2\nA .\nA\n0 2\n");
        assert_eq!((e.line, e.column), (4, 3));
        let e = first_error("1 2\nA .\nA\n");
        assert_eq!((e.line, e.found.as_str()), (4, "end of input"));
        let e = first_error("1 2\nA .\nA\n0 0 x\n");
        assert_eq!((e.line, e.column), (4, 5));
        let e = first_error("9 9\n");
        assert_eq!((e.line, e.column), (1, 1));
    }
}
