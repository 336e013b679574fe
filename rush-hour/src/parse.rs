//! The input, one board per line ([`Cases`]).
//!
//! A board is one line of `N * N` characters, the rows top to bottom, for a side `N` from
//! 3 to 8: `o` or `.` an empty cell, `x` a wall, `A` the red car, `B`..`Z` the other pieces
//! (every cell of one letter is one piece, `O` and `X` included). A final `\r`, and spaces
//! or tabs at the end of a line, are ignored; blank lines are skipped. The end of the input
//! ends it. The first error met is reported, at its line and column: for a board, the
//! earliest cell in reading order at which it breaks a rule.

use crate::case::{Case, Piece, MAX_SIZE, MIN_SIZE, RED_CAR};
use crate::RushHour;
use puzzle_frame::input::{describe_byte, CaseReader, InputError, Reader};
use puzzle_frame::puzzle::CaseByCase;

/// The characters of a board other than the piece letters `A`..`Z`.
pub const EMPTY_AND_WALL: &[u8] = b"o.x";

/// The boards of an input, in order: `Ok(case)` each, until the end of the input; after an
/// `Err` the iterator ends.
pub type Cases<'a> = puzzle_frame::input::Cases<'a, Case>;

/// Every board of `input`, or the first error.
pub fn parse_all(input: &[u8]) -> Result<Vec<Case>, InputError> {
    Cases::new(input, read_case, ()).collect()
}

/// Reads the next board (skipping blank lines); `Ok(None)` at the end of the input.
fn read_case(reader: &mut Reader<'_>, _: &()) -> Result<Option<Case>, InputError> {
    while let Some(line) = reader.line() {
        let text = trim_end(line.text);
        if !text.is_empty() {
            return read_board(reader, line.offset, text).map(Some);
        }
    }
    Ok(None)
}

impl CaseByCase for RushHour {
    const READ_CASE: CaseReader<Case> = read_case;
}

/// One board from a string (tests and generators): the case, or the error as text.
pub fn board(text: &str) -> Result<Case, InputError> {
    let reader = Reader::new(text.as_bytes());
    read_board(&reader, 0, trim_end(text.as_bytes()))
}

/// The line without its trailing spaces and tabs.
fn trim_end(text: &[u8]) -> &[u8] {
    let end = text
        .iter()
        .rposition(|&b| b != b' ' && b != b'\t')
        .map_or(0, |i| i + 1);
    &text[..end]
}

/// A rule a board breaks: where (byte offset in the line), what was expected, what found.
type Broken = (usize, String, String);

/// Reads the board `text`, which starts at byte `offset` of the input.
fn read_board(reader: &Reader<'_>, offset: usize, text: &[u8]) -> Result<Case, InputError> {
    let fail = |(at, expected, found): Broken| reader.error_at(offset + at, expected, found);
    if let Some(at) = text
        .iter()
        .position(|&b| !b.is_ascii_uppercase() && !EMPTY_AND_WALL.contains(&b))
    {
        return Err(fail((
            at,
            "a cell: 'o' or '.' (empty), 'x' (a wall) or a piece letter 'A'..'Z'".to_string(),
            describe_byte(text[at]),
        )));
    }
    let size = side(text.len()).map_err(fail)?;
    let mut walls = Vec::new();
    let mut cells_of: Vec<Vec<usize>> = vec![Vec::new(); 26];
    let mut first_seen: Vec<u8> = Vec::new();
    for (i, &b) in text.iter().enumerate() {
        if b == b'x' {
            walls.push((i / size, i % size));
        } else if b.is_ascii_uppercase() {
            let cells = &mut cells_of[usize::from(b - b'A')];
            if cells.is_empty() {
                first_seen.push(b);
            }
            cells.push(i);
        }
    }
    let mut pieces = Vec::new();
    let mut broken: Vec<Broken> = Vec::new();
    for &letter in &first_seen {
        match piece(letter, &cells_of[usize::from(letter - b'A')], size) {
            Ok(piece) => pieces.push(piece),
            Err(e) => broken.push(e),
        }
    }
    if let Some(first) = broken.into_iter().min_by_key(|b| b.0) {
        return Err(fail(first));
    }
    let Some(red) = pieces.iter().position(|p| p.letter == RED_CAR) else {
        return Err(fail((
            text.len(),
            "a red car 'A' on the board".to_string(),
            "no 'A' in the board".to_string(),
        )));
    };
    if !pieces[red].horizontal {
        let second = cells_of[0][1];
        return Err(fail((
            second,
            "a horizontal red car 'A' (it drives along its row to the exit)".to_string(),
            "a vertical 'A'".to_string(),
        )));
    }
    let red_car = pieces.remove(red);
    pieces.insert(0, red_car);
    Ok(Case {
        size,
        text: text.to_vec(),
        walls,
        pieces,
    })
}

/// The side of a board of `len` characters.
fn side(len: usize) -> Result<usize, Broken> {
    let squares = "N * N characters, N from 3 to 8 (9, 16, 25, 36, 49 or 64)";
    if len > MAX_SIZE * MAX_SIZE {
        return Err((
            MAX_SIZE * MAX_SIZE,
            format!("the end of the board: {squares}"),
            format!("{len} characters"),
        ));
    }
    match (MIN_SIZE..=MAX_SIZE).find(|n| n * n == len) {
        Some(size) => Ok(size),
        None => Err((
            len,
            squares.to_string(),
            format!("the end of the line after {len} characters"),
        )),
    }
}

/// The piece `letter` from its cells (offsets in reading order), or the first rule it
/// breaks: 2 or 3 cells, contiguous, in one row or one column.
fn piece(letter: u8, cells: &[usize], size: usize) -> Result<Piece, Broken> {
    let name = letter as char;
    let found = |what: &str| format!("{what} (a piece of 1 cell, or of 4 or more, is not one)");
    match cells.len() {
        1 => {
            return Err((
                cells[0],
                format!("a piece '{name}' of 2 or 3 cells"),
                found(&format!("'{name}' covering only this cell")),
            ))
        }
        4.. => {
            return Err((
                cells[3],
                format!("a piece '{name}' of 2 or 3 cells"),
                found(&format!("a 4th cell of '{name}'")),
            ))
        }
        _ => {}
    }
    let (row, col) = (cells[0] / size, cells[0] % size);
    let horizontal = cells[1] == cells[0] + 1 && cells[1] / size == row;
    let step = if horizontal { 1 } else { size };
    for (k, &cell) in cells.iter().enumerate().skip(1) {
        if cell != cells[0] + k * step || (horizontal && cell / size != row) {
            let expected = if k == 1 {
                format!("the second cell of '{name}' right of or below its first one")
            } else {
                format!(
                    "the third cell of '{name}' {} its first two",
                    if horizontal { "right of" } else { "below" }
                )
            };
            return Err((
                cell,
                expected,
                format!("a cell of '{name}' apart from them (a bent or split piece)"),
            ));
        }
    }
    Ok(Piece {
        letter,
        horizontal,
        len: cells.len(),
        line: if horizontal { row } else { col },
        start: if horizontal { col } else { row },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> InputError {
        parse_all(input.as_bytes()).expect_err("the input is bad")
    }

    #[test]
    fn boards_and_blank_lines() {
        let cases =
            parse_all(b"ooBoCCooBoooAABoooDDDooEoooooEoooooE\n\n..B...B.......AA\r\n  \n").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].size(), 6);
        let letters: Vec<u8> = cases[0].pieces().iter().map(|p| p.letter).collect();
        assert_eq!(letters, b"ABCDE");
        assert_eq!(
            cases[0].pieces()[1],
            Piece {
                letter: b'B',
                horizontal: false,
                len: 3,
                line: 2,
                start: 0
            }
        );
        assert_eq!(cases[1].size(), 4);
        assert_eq!(cases[1].exit_row(), 3);
        assert!(parse_all(b"").unwrap().is_empty());
        let walls = board("AAxooooxx").unwrap();
        assert_eq!(walls.walls(), [(0, 2), (2, 1), (2, 2)]);
    }

    #[test]
    fn errors_point_at_the_cell() {
        let at = |input: &str| {
            let e = error(input);
            (e.case, e.line, e.column)
        };
        // A bad character, then a piece of one cell, on the second board.
        assert_eq!(at("AAooooooo\nAAo?ooooo\n"), (Some(2), 2, 4));
        assert_eq!(at("\nAABoooooo\n"), (Some(1), 2, 3));
        // Four cells: the fourth is named.
        assert_eq!(at("AAoooBBBBooooooo"), (Some(1), 1, 9));
        // Bent, split, wrapping from one row to the next.
        assert_eq!(at("AABoBoooo"), (Some(1), 1, 5));
        assert_eq!(at("BoBAAoooo"), (Some(1), 1, 3));
        assert_eq!(at("ooBBAAooo"), (Some(1), 1, 4));
        // No A, a vertical A, a length that is no square.
        assert_eq!(at("BBooooooo"), (Some(1), 1, 10));
        assert_eq!(at("Aoo\nAoo"), (Some(1), 1, 4));
        assert_eq!(at("AooAooooo"), (Some(1), 1, 4));
        assert_eq!(at("AoooAoooooooooooo"), (Some(1), 1, 18));
        assert_eq!(at("AAoooooooooo"), (Some(1), 1, 13));
        let long = format!("AA{}", "o".repeat(79));
        assert_eq!(at(&long), (Some(1), 1, 65));
        let e = error("AooAooooo");
        assert_eq!(e.found, "a vertical 'A'");
        // The earliest broken cell in reading order wins.
        let e = error("BBAAooooDDDDoooo");
        assert_eq!((e.column, e.found.contains("4th")), (12, true));
        let e = error("BBAACooCoDDDDooo");
        assert_eq!((e.column, e.found.contains("bent")), (8, true));
        let e = error("AAC.C.o.o");
        assert_eq!(e.column, 5);
    }
}
