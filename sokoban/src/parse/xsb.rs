//! XSB levels: `#` wall, ` `, `-` or `_` floor, `.` goal, `$` box, `*` box on a goal, `@`
//! the player, `+` the player on a goal.
//!
//! A level is a run of board lines: lines of those characters holding at least one `#`.
//! Any other line ends a level and is skipped between levels: blank lines, comments (`;`)
//! and titles. A line that starts (after floor characters) with `#` but holds another
//! character is a board row with a bad character, an error. Rows may differ in length;
//! what lies outside the level's outer wall (reached from beyond the rows without crossing
//! a wall) is not part of the level, and a player, box or goal there is an error. Cells
//! inside the walls that the player can never reach are part of the level (Microban 155
//! seals ten boxes on their goals). Other errors: no player or two, fewer goals than boxes,
//! a level of more than [`MAX_CELLS`] cells (rows times the longest row).

use super::MAX_CELLS;
use crate::case::{Board, Case, Format};
use puzzle_frame::input::{describe_byte, one_of, InputError, Line, Reader};

/// The characters of a board row.
pub const ALPHABET: &[u8] = b"# -_.$*@+";

/// What a line of the file is.
enum Kind {
    /// A board row.
    Row,
    /// A board row with a character outside [`ALPHABET`] at this column (0-based).
    BadRow(usize),
    /// Anything else: blank, a comment, a title.
    Other,
}

/// What the line `text` is.
fn kind(text: &[u8]) -> Kind {
    if text.iter().all(|b| ALPHABET.contains(b)) {
        return match text.contains(&b'#') {
            true => Kind::Row,
            false => Kind::Other,
        };
    }
    let first = text.iter().position(|b| !b" -_".contains(b));
    match first.map(|i| text[i]) {
        Some(b'#') => Kind::BadRow(text.iter().position(|b| !ALPHABET.contains(b)).unwrap_or(0)),
        _ => Kind::Other,
    }
}

/// Reads the next level, numbered `case` in error messages; `Ok(None)` when no level is
/// left.
pub fn read_level(reader: &mut Reader<'_>, case: usize) -> Result<Option<Case>, InputError> {
    reader.set_case(Some(case));
    let mut rows: Vec<Line<'_>> = Vec::new();
    let mut cols = 0;
    loop {
        let resume = reader.clone();
        let Some(line) = reader.line() else { break };
        match kind(line.text) {
            Kind::Row => {}
            Kind::BadRow(col) => {
                let at = line.offset + col;
                return Err(reader.error_at(at, one_of(ALPHABET), describe_byte(line.text[col])));
            }
            Kind::Other if rows.is_empty() => continue,
            Kind::Other => {
                *reader = resume;
                break;
            }
        }
        cols = cols.max(line.text.len());
        if (rows.len() + 1).saturating_mul(cols) > MAX_CELLS {
            return Err(reader.error_at(
                line.offset,
                format!("a level of at most {MAX_CELLS} cells (rows times the longest row)"),
                format!("{} rows, the longest {cols} long", rows.len() + 1),
            ));
        }
        rows.push(line);
    }
    if rows.is_empty() {
        return Ok(None);
    }
    build(reader, &rows, cols).map(Some)
}

/// The level of `rows` (`cols` the longest), checked.
fn build(reader: &Reader<'_>, rows: &[Line<'_>], cols: usize) -> Result<Case, InputError> {
    let height = rows.len();
    let at = |cell: usize| rows[cell / cols].offset + cell % cols;
    let mut chars = vec![b' '; height * cols];
    for (r, line) in rows.iter().enumerate() {
        chars[r * cols..r * cols + line.text.len()].copy_from_slice(line.text);
    }
    let outside = outside_cells(&chars, height, cols);
    let (mut player, mut goals, mut boxes) = (None::<usize>, Vec::new(), Vec::new());
    for (cell, &c) in chars.iter().enumerate() {
        if matches!(c, b'#' | b' ' | b'-' | b'_') {
            continue;
        }
        if outside[cell] {
            return Err(reader.error_at(
                at(cell),
                "a player, box or goal inside the level's outer wall",
                format!("'{}' outside it", c as char),
            ));
        }
        if matches!(c, b'@' | b'+') {
            if let Some(first) = player {
                let (line, column) = reader.line_col(at(first));
                return Err(reader.error_at(
                    at(cell),
                    format!("one player ('@' or '+'), which is at line {line}, column {column}"),
                    format!("a second '{}'", c as char),
                ));
            }
            player = Some(cell);
        }
        if matches!(c, b'.' | b'*' | b'+') {
            goals.push(cell);
        }
        if matches!(c, b'$' | b'*') {
            boxes.push(cell);
        }
    }
    let Some(player) = player else {
        return Err(reader.error_at(rows[0].offset, "a level with a player ('@' or '+')", "none"));
    };
    if goals.len() < boxes.len() {
        return Err(reader.error_at(
            rows[0].offset,
            "a level with at least as many goals as boxes",
            format!("{} boxes and {} goals", boxes.len(), goals.len()),
        ));
    }
    let walls = chars
        .iter()
        .zip(&outside)
        .map(|(&c, &out)| c == b'#' || out)
        .collect();
    let board = Board {
        rows: height,
        cols,
        walls,
        goals,
        boxes,
        player,
    };
    Ok(Case {
        format: Format::Xsb,
        board,
    })
}

/// The cells reached from beyond the board's edge without crossing a wall `#`.
fn outside_cells(chars: &[u8], rows: usize, cols: usize) -> Vec<bool> {
    let mut outside = vec![false; chars.len()];
    let mut stack: Vec<usize> = (0..chars.len())
        .filter(|&c| {
            let (r, col) = (c / cols, c % cols);
            r == 0 || r + 1 == rows || col == 0 || col + 1 == cols
        })
        .collect();
    while let Some(cell) = stack.pop() {
        if outside[cell] || chars[cell] == b'#' {
            continue;
        }
        outside[cell] = true;
        let (r, c) = (cell / cols, cell % cols);
        if r > 0 {
            stack.push(cell - cols);
        }
        if r + 1 < rows {
            stack.push(cell + cols);
        }
        if c > 0 {
            stack.push(cell - 1);
        }
        if c + 1 < cols {
            stack.push(cell + 1);
        }
    }
    outside
}

#[cfg(test)]
mod tests {
    use crate::case::Format;
    use crate::parse::parse_all;
    use puzzle_frame::input::InputError;

    fn error(input: &str) -> InputError {
        parse_all(input.as_bytes(), Format::Xsb).expect_err("the input is bad")
    }

    #[test]
    fn levels_titles_and_ragged_rows() {
        let input = "; 1\n\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\nTitle\n  #####\n  #@$.#\n  #####\n";
        let cases = parse_all(input.as_bytes(), Format::Xsb).unwrap();
        assert_eq!(cases.len(), 2);
        let b = &cases[0].board;
        assert_eq!((b.rows, b.cols), (7, 6));
        assert_eq!((b.boxes.len(), b.goals.len(), b.player), (2, 2, 3 * 6 + 2));
        // Beyond a short row is outside: a wall.
        assert!(b.walls[4] && b.walls[6 * 6 + 5]);
        assert_eq!(cases[1].board.player, 7 + 3);
        assert_eq!(cases[1].to_input(), "#######\n###@$.#\n#######\n");
    }

    #[test]
    fn sealed_boxes_are_part_of_the_level() {
        let input = "#######\n#@$ .##\n####*.#\n#######\n";
        let b = &parse_all(input.as_bytes(), Format::Xsb).unwrap()[0].board;
        assert_eq!((b.boxes.len(), b.goals.len()), (2, 3));
    }

    #[test]
    fn errors_point_at_the_spot() {
        let e = error("; x\n#####\n#@$.#\n#@ ##\n#####\n");
        assert_eq!((e.case, e.line, e.column), (Some(1), 4, 2));
        let e = error("#####\n#@$.#\n#####\n\n#####\n# $.#\n#####\n");
        assert_eq!(
            (e.case, e.line, e.column, e.found.as_str()),
            (Some(2), 5, 1, "none")
        );
        let e = error("######\n#@$$.#\n######\n");
        assert_eq!((e.line, e.found.as_str()), (1, "2 boxes and 1 goals"));
        let e = error("#####\n#@$x#\n#####\n");
        assert_eq!((e.line, e.column), (2, 4));
        let e = error("#####\n#@$.#\n#####\n#   $\n");
        assert_eq!((e.line, e.column), (4, 5));
        let big = format!("{}\n", "#".repeat(300)).repeat(300);
        assert!(error(&big).expected.contains("65535"));
    }
}
