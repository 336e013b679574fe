//! The level file, one level at a time ([`Cases`]), as FORMAT.md fixes it.
//!
//! A level is a line `R C` (both at least 1), `R` rows of exactly `C` characters from
//! `#.EXOSHTBb`, then exactly one line per `S`, `H` and `T` cell, in any order:
//! `switch R C: on R C, off R C, toggle R C, ...` (possibly with no action) and
//! `split R C: R1 C1, R2 C2`. Coordinates are 0-based, decimal, without a sign. A line
//! `0 0` ends the file and nothing after it is read; without it the file ends after its
//! last level. A file with no level is malformed. Lines may end in `\r\n`, spaces and tabs
//! at the end of a line are ignored, empty lines may stand where a header is expected
//! (never inside a level), and any run of spaces or tabs may separate the words of a
//! switch or split line (also around `:` and `,`).
//!
//! Nothing is allocated from a declared size: the grid grows a row at a time, so a header
//! promising more than the input holds fails at its first missing row. The first error
//! met is reported, naming the level, line and column, what was expected and what was
//! found.

use crate::case::{cell_name, Case, Effect, Splitter, Switch, Tile, MAX_BRIDGES};
use crate::BloxorzGame;
use grid_common::{Grid, Pos};
use puzzle_frame::input::{
    describe_byte, describe_token, one_of, CaseReader, InputError, Line, Reader,
};
use puzzle_frame::puzzle::CaseByCase;

/// The characters of a grid row.
pub const ALPHABET: &[u8] = b"#.EXOSHTBb";

/// The levels of an input, in order: `Ok(level)` each, until the end of the input or its
/// `0 0` line; after an `Err` the iterator ends.
pub type Cases<'a> = puzzle_frame::input::Cases<'a, Case>;

/// Every level of `input`, or the first error.
pub fn parse_all(input: &[u8]) -> Result<Vec<Case>, InputError> {
    Cases::new(input, read_level, ()).collect()
}

/// A token of a header, switch or split line: a run of digits, a run of letters, or one
/// other character; with its byte offset in the input.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    at: usize,
    text: &'a [u8],
}

impl Token<'_> {
    fn is(&self, text: &str) -> bool {
        self.text == text.as_bytes()
    }

    fn found(&self) -> String {
        match self.text {
            [b] if !b.is_ascii_alphanumeric() => describe_byte(*b),
            _ => describe_token(self.text),
        }
    }
}

/// The tokens of a line (spaces and tabs separate them), then where the line ends.
struct Tokens<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    end: usize,
}

impl<'a> Tokens<'a> {
    fn new(line: Line<'a>) -> Tokens<'a> {
        let text = line.text;
        let mut tokens = Vec::new();
        let mut i = 0;
        while i < text.len() {
            let b = text[i];
            let run = |pred: fn(&u8) -> bool| text[i..].iter().take_while(|b| pred(b)).count();
            let len = if b == b' ' || b == b'\t' {
                i += 1;
                continue;
            } else if b.is_ascii_digit() {
                run(u8::is_ascii_digit)
            } else if b.is_ascii_alphabetic() {
                run(u8::is_ascii_alphabetic)
            } else {
                1
            };
            tokens.push(Token {
                at: line.offset + i,
                text: &text[i..i + len],
            });
            i += len;
        }
        Tokens {
            tokens,
            next: 0,
            end: line.offset + text.len(),
        }
    }

    /// The next token, or `Err((offset, "end of line"))` after the last one.
    fn next(&mut self) -> Result<Token<'a>, (usize, String)> {
        match self.tokens.get(self.next) {
            Some(&t) => {
                self.next += 1;
                Ok(t)
            }
            None => Err((self.end, "end of line".to_string())),
        }
    }

    fn peek(&self) -> Option<Token<'a>> {
        self.tokens.get(self.next).copied()
    }
}

/// Reads the next level, numbered `number` in error messages; `Ok(None)` at `0 0` or at
/// the end of the input.
fn read_level(reader: &mut Reader<'_>, _: &()) -> Result<Option<Case>, InputError> {
    let number = reader.case().unwrap_or(1);
    reader.skip_blank_lines();
    let at = reader.offset();
    let Some(line) = reader.line() else {
        if number == 1 {
            return Err(reader.error_at(
                at,
                "a level: a line 'R C' (a file holds at least one level)",
                "end of input",
            ));
        }
        return Ok(None);
    };
    let Some((rows, cols)) = header(reader, line, number)? else {
        return Ok(None);
    };
    let grid = read_grid(reader, rows, cols)?;
    read_lines(reader, grid).map(Some)
}

impl CaseByCase for BloxorzGame {
    const READ_CASE: CaseReader<Case> = read_level;
}

/// The `R C` line: `Some((R, C))`, or `None` for the end marker `0 0`.
fn header(
    reader: &Reader<'_>,
    line: Line<'_>,
    number: usize,
) -> Result<Option<(usize, usize)>, InputError> {
    let mut tokens = Tokens::new(line);
    let err = |(at, found): (usize, String), expected: &str| reader.error_at(at, expected, found);
    let number_of = |tokens: &mut Tokens<'_>, what: &str| -> Result<(usize, usize), InputError> {
        let t = tokens.next().map_err(|e| err(e, what))?;
        let n = std::str::from_utf8(t.text)
            .ok()
            .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|s| s.parse::<usize>().ok());
        n.map(|n| (t.at, n))
            .ok_or_else(|| reader.error_at(t.at, what, t.found()))
    };
    let what = if number > 1
        && tokens
            .peek()
            .is_some_and(|t| t.is("switch") || t.is("split"))
    {
        "a level: a line 'R C' (the level before has one line per 'S', 'H' and 'T' \
         cell already)"
    } else {
        "a level: a line 'R C' (the number of rows, at least 1)"
    };
    let (rows_at, rows) = number_of(&mut tokens, what)?;
    let (cols_at, cols) = number_of(&mut tokens, "the number of columns (at least 1)")?;
    if let Some(t) = tokens.peek() {
        return Err(reader.error_at(t.at, "end of line", t.found()));
    }
    match (rows, cols) {
        (0, 0) if number == 1 => Err(reader.error_at(
            rows_at,
            "a level before the end marker '0 0' (a file holds at least one level)",
            "'0 0'",
        )),
        (0, 0) => Ok(None),
        (0, c) => Err(reader.error_at(
            cols_at,
            "0 (a level has at least 1 row; '0 0' ends the file)",
            c.to_string(),
        )),
        (_, 0) => Err(reader.error_at(cols_at, "the number of columns (at least 1)", "0")),
        (r, c) => Ok(Some((r, c))),
    }
}

/// The grid as read, before the switch and split lines.
struct ReadGrid {
    tiles: Grid<Tile>,
    start: Pos,
    exit: Pos,
    bridges: Vec<Pos>,
    start_bridges: u64,
    /// The `S`, `H` and `T` cells in reading order.
    specials: Vec<Pos>,
}

/// The `rows` rows of `cols` characters.
fn read_grid(reader: &mut Reader<'_>, rows: usize, cols: usize) -> Result<ReadGrid, InputError> {
    let grid_at = reader.offset();
    let mut tiles = Vec::new();
    let mut start: Option<(Pos, usize)> = None;
    let mut exit: Option<(Pos, usize)> = None;
    let mut bridges = Vec::new();
    let mut start_bridges = 0u64;
    let mut specials = Vec::new();
    for row in 0..rows {
        let at = reader.offset();
        let what = format!("row {} of the {rows} rows of the grid", row + 1);
        let line = reader
            .line()
            .ok_or_else(|| reader.error_at(at, what, "end of input"))?;
        let text = trim_end(line.text);
        for (col, &b) in text.iter().enumerate() {
            let at = line.offset + col;
            if col >= cols {
                return Err(reader.row_too_long(at, cols, describe_byte(b)));
            }
            let Some(tile) = Tile::from_byte(b) else {
                return Err(reader.error_at(at, one_of(ALPHABET), describe_byte(b)));
            };
            let pos = Pos::new(row, col);
            let once = |seen: &mut Option<(Pos, usize)>, what: &str| match *seen {
                Some((_, first)) => {
                    let (l, c) = reader.line_col(first);
                    Err(reader.error_at(
                        at,
                        format!(
                            "a grid with one '{}' ({what}; it is at line {l}, column {c})",
                            b as char
                        ),
                        format!("a second '{}'", b as char),
                    ))
                }
                None => {
                    *seen = Some((pos, at));
                    Ok(())
                }
            };
            match b {
                b'X' => once(&mut start, "the start")?,
                b'O' => once(&mut exit, "the exit")?,
                b'B' | b'b' => {
                    if bridges.len() == MAX_BRIDGES {
                        return Err(reader.error_at(
                            at,
                            format!("at most {MAX_BRIDGES} bridge cells ('B' or 'b') in a level"),
                            format!("a bridge cell past the {MAX_BRIDGES}th"),
                        ));
                    }
                    if b == b'B' {
                        start_bridges |= 1 << bridges.len();
                    }
                    bridges.push(pos);
                }
                b'S' | b'H' | b'T' => specials.push(pos),
                _ => {}
            }
            tiles.push(tile);
        }
        if text.len() < cols {
            return Err(reader.error_at(
                line.offset + text.len(),
                format!("{} (a row has {cols} characters)", one_of(ALPHABET)),
                "end of line",
            ));
        }
    }
    let missing = |what: &str| {
        reader.error_at(
            grid_at,
            format!("a grid with one '{what}"),
            format!("none in its {rows} rows"),
        )
    };
    let (start, _) = start.ok_or_else(|| missing("X' (the start)"))?;
    let (exit, _) = exit.ok_or_else(|| missing("O' (the exit)"))?;
    let tiles = Grid::from_cells(rows, cols, tiles)
        .ok_or_else(|| reader.error_at(grid_at, "a rectangular grid", "rows of other lengths"))?;
    Ok(ReadGrid {
        tiles,
        start,
        exit,
        bridges,
        start_bridges,
        specials,
    })
}

/// `text` without the spaces and tabs at its end.
fn trim_end(mut text: &[u8]) -> &[u8] {
    while let [rest @ .., b' ' | b'\t'] = text {
        text = rest;
    }
    text
}

/// The switch and split lines, one per `S`, `H` and `T` cell; the finished level.
fn read_lines(reader: &mut Reader<'_>, grid: ReadGrid) -> Result<Case, InputError> {
    let count = grid.specials.len();
    // For each special cell, the line (1-based) that gave it its line so far.
    let mut given: Vec<Option<usize>> = vec![None; count];
    let mut switches = Vec::new();
    let mut splitters = Vec::new();
    for k in 0..count {
        let expected = || {
            let first = given.iter().position(Option::is_none).unwrap_or(0);
            let pos = grid.specials[first];
            let c = grid.tiles.get(pos).map_or('?', |t| t.to_char());
            let lines = if k == 1 { "line" } else { "lines" };
            format!(
                "a line 'switch R C: ...' or 'split R C: ...' for the '{c}' at {} (the \
                 level has {count} 'S', 'H' and 'T' cells, and {k} {lines} so far)",
                cell_name(pos)
            )
        };
        let at = reader.offset();
        let Some(line) = reader.line() else {
            return Err(reader.error_at(at, expected(), "end of input"));
        };
        let mut tokens = Tokens::new(line);
        let word = tokens
            .next()
            .map_err(|(at, found)| reader.error_at(at, expected(), found))?;
        let is_switch = word.is("switch");
        if !is_switch && !word.is("split") {
            return Err(reader.error_at(word.at, expected(), word.found()));
        }
        let mut lines = LineReader {
            reader,
            tokens,
            grid: &grid,
        };
        let (cell_at, pos) = lines.cell("the row of a cell", "the column of a cell")?;
        let tile = lines.tile(pos);
        let kinds_ok = if is_switch {
            matches!(tile, Tile::Soft | Tile::Heavy)
        } else {
            tile == Tile::Splitter
        };
        if !kinds_ok {
            let wanted = if is_switch {
                "the cell of an 'S' or 'H' (a 'switch' line names a switch)"
            } else {
                "the cell of a 'T' (a 'split' line names a splitter)"
            };
            return Err(lines.error(cell_at, wanted, lines.described(pos)));
        }
        let index = grid.specials.binary_search(&pos).unwrap_or(0);
        if let Some(first) = given[index] {
            return Err(lines.error(
                cell_at,
                "a cell whose line has not been given yet",
                format!("{}, whose line is line {first}", cell_name(pos)),
            ));
        }
        lines.punct(":")?;
        if is_switch {
            let actions = lines.actions()?;
            switches.push(Switch {
                pos,
                heavy: tile == Tile::Heavy,
                actions,
            });
        } else {
            splitters.push(Splitter {
                pos,
                targets: lines.targets()?,
            });
        }
        given[index] = Some(reader.line_col(cell_at).0);
    }
    switches.sort_by_key(|s| s.pos);
    splitters.sort_by_key(|s| s.pos);
    Ok(Case {
        tiles: grid.tiles,
        start: grid.start,
        exit: grid.exit,
        bridges: grid.bridges,
        start_bridges: grid.start_bridges,
        switches,
        splitters,
    })
}

/// Reads the rest of one switch or split line.
struct LineReader<'r, 'a, 'g> {
    reader: &'r Reader<'a>,
    tokens: Tokens<'a>,
    grid: &'g ReadGrid,
}

impl LineReader<'_, '_, '_> {
    fn error(
        &self,
        at: usize,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> InputError {
        self.reader.error_at(at, expected, found)
    }

    fn next(&mut self, expected: &str) -> Result<Token<'_>, InputError> {
        self.tokens
            .next()
            .map_err(|(at, found)| self.reader.error_at(at, expected, found))
    }

    fn tile(&self, pos: Pos) -> Tile {
        self.grid.tiles.get(pos).copied().unwrap_or(Tile::Void)
    }

    /// `'.' at (1, 2)`, with `b` for an absent bridge and `X` for the start.
    fn described(&self, pos: Pos) -> String {
        let c = match self.tile(pos) {
            _ if pos == self.grid.start => 'X',
            Tile::Bridge => match self.grid.bridges.binary_search(&pos) {
                Ok(bit) if self.grid.start_bridges >> bit & 1 == 1 => 'B',
                _ => 'b',
            },
            t => t.to_char(),
        };
        format!("'{c}' at {}", cell_name(pos))
    }

    /// A coordinate below `limit`.
    fn coordinate(&mut self, what: &str, limit: usize) -> Result<(usize, usize), InputError> {
        let expected = format!("{what} (from 0 to {})", limit - 1);
        let t = self.next(&expected)?;
        let (at, found) = (t.at, t.found());
        let n = std::str::from_utf8(t.text)
            .ok()
            .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|s| s.parse::<usize>().ok())
            .filter(|&n| n < limit);
        n.map(|n| (at, n))
            .ok_or_else(|| self.error(at, expected, found))
    }

    /// A cell `R C` of the board: its offset and position.
    fn cell(&mut self, row: &str, col: &str) -> Result<(usize, Pos), InputError> {
        let (rows, cols) = (self.grid.tiles.rows(), self.grid.tiles.cols());
        let (at, r) = self.coordinate(row, rows)?;
        let (_, c) = self.coordinate(col, cols)?;
        Ok((at, Pos::new(r, c)))
    }

    /// The punctuation `p`.
    fn punct(&mut self, p: &str) -> Result<(), InputError> {
        let expected = format!("'{p}'");
        let t = self.next(&expected)?;
        if t.is(p) {
            Ok(())
        } else {
            let (at, found) = (t.at, t.found());
            Err(self.error(at, expected, found))
        }
    }

    /// The end of the line.
    fn end(&mut self, expected: &str) -> Result<(), InputError> {
        match self.tokens.peek() {
            None => Ok(()),
            Some(t) => Err(self.error(t.at, expected, t.found())),
        }
    }

    /// A switch's actions: `on R C, off R C, toggle R C`, possibly none.
    fn actions(&mut self) -> Result<Vec<(Effect, Pos)>, InputError> {
        let mut actions: Vec<(Effect, Pos)> = Vec::new();
        if self.tokens.peek().is_none() {
            return Ok(actions);
        }
        loop {
            let expected = "an action: 'on', 'off' or 'toggle'";
            let t = self.next(expected)?;
            let effect = match t.text {
                b"on" => Effect::On,
                b"off" => Effect::Off,
                b"toggle" => Effect::Toggle,
                _ => {
                    let (at, found) = (t.at, t.found());
                    return Err(self.error(at, expected, found));
                }
            };
            let (at, pos) = self.cell("the row of a bridge cell", "the column of a bridge cell")?;
            if self.tile(pos) != Tile::Bridge {
                return Err(self.error(at, "a bridge cell ('B' or 'b')", self.described(pos)));
            }
            if actions.iter().any(|&(_, p)| p == pos) {
                return Err(self.error(
                    at,
                    "a bridge cell this switch does not name yet",
                    format!("{} again", cell_name(pos)),
                ));
            }
            actions.push((effect, pos));
            match self.tokens.peek() {
                None => return Ok(actions),
                Some(t) if t.is(",") => {
                    self.tokens.next = self.tokens.next.saturating_add(1);
                }
                Some(t) => return Err(self.error(t.at, "',' or end of line", t.found())),
            }
        }
    }

    /// A splitter's two targets: `R1 C1, R2 C2`.
    fn targets(&mut self) -> Result<[Pos; 2], InputError> {
        let mut targets = [Pos::default(); 2];
        for (i, which) in ["first", "second"].into_iter().enumerate() {
            if i == 1 {
                self.punct(",")?;
            }
            let (at, pos) = self.cell(
                &format!("the row of the {which} target"),
                &format!("the column of the {which} target"),
            )?;
            if self.tile(pos) == Tile::Void {
                return Err(self.error(
                    at,
                    "a target that is not '#' (a cube must land on something)",
                    self.described(pos),
                ));
            }
            if i == 1 && pos == targets[0] {
                return Err(self.error(
                    at,
                    "a second target other than the first",
                    format!("{} again", cell_name(pos)),
                ));
            }
            targets[i] = pos;
        }
        self.end("end of line")?;
        Ok(targets)
    }
}

#[cfg(test)]
mod tests;
