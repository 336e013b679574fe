//! The case (one level): the board's tiles, the bridges, the switches and the
//! splitters; a key (an arrow, or space), and a move (an arrow press, with the space
//! press before it that selects the cube it moves).
//!
//! Cells are named as the level file names them: `(row, column)`, 0-based, row first
//! ([`cell_name`]).

use grid_common::{Dir, Grid, Pos};
use std::fmt;

/// One key: an arrow (a counted press) or space (free: it selects the other cube).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// `U`, `D`, `L`, `R`: the block rolls, or the selected cube moves one cell.
    Arrow(Dir),
    /// `S`: with two cubes, the other cube becomes the selected one; with the whole block,
    /// nothing.
    Space,
}

impl Key {
    /// The key's letter in a `--path` line: `U`, `D`, `L`, `R` or `S`.
    pub fn letter(self) -> char {
        match self {
            Key::Arrow(dir) => dir.letter(),
            Key::Space => 'S',
        }
    }

    /// The key of a `--path` letter, if it is one.
    pub fn from_letter(letter: char) -> Option<Key> {
        match letter {
            'S' => Some(Key::Space),
            _ => Dir::from_letter(letter).map(Key::Arrow),
        }
    }

    /// The keys of a `--path` line, or the first character that is not a key.
    pub fn parse_line(line: &str) -> Result<Vec<Key>, char> {
        line.chars().map(|c| Key::from_letter(c).ok_or(c)).collect()
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One move of a solution: one arrow press (the answer counts these), preceded by a
/// space press when the arrow is for the cube that is not selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// A space press comes first (`S`): the other cube is selected, then moves.
    pub switch_cube: bool,
    /// The arrow.
    pub arrow: Dir,
}

impl Move {
    /// An arrow press without a space before it.
    pub const fn arrow(arrow: Dir) -> Move {
        Move {
            switch_cube: false,
            arrow,
        }
    }

    /// The move's keys: `S` if it switches the cube, then the arrow.
    pub fn keys(self) -> impl Iterator<Item = Key> {
        self.switch_cube
            .then_some(Key::Space)
            .into_iter()
            .chain(std::iter::once(Key::Arrow(self.arrow)))
    }
}

/// The keys of a sequence of moves, in order.
pub fn keys_of(moves: &[Move]) -> Vec<Key> {
    moves.iter().flat_map(|m| m.keys()).collect()
}

/// What a cell of the board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// `#`: nothing.
    Void,
    /// `.` (and `X`, the start): floor.
    Floor,
    /// `E`: orange; the whole block may not stand upright on it.
    Orange,
    /// `O`: the exit; only the whole block standing on it solves the level.
    Exit,
    /// `S`: a soft switch, pressed by anything that arrives on it.
    Soft,
    /// `H`: a heavy switch, pressed only by the whole block standing on it.
    Heavy,
    /// `T`: a splitter, acting when the whole block stands on it.
    Splitter,
    /// `B` or `b`: a bridge cell (present or absent, see [`Case::start_bridges`]).
    Bridge,
}

impl Tile {
    /// The tile of a level character (`X` is floor, `B` and `b` are bridges); `None`
    /// outside `#.EXOSHTBb`.
    pub fn from_byte(b: u8) -> Option<Tile> {
        Some(match b {
            b'#' => Tile::Void,
            b'.' | b'X' => Tile::Floor,
            b'E' => Tile::Orange,
            b'O' => Tile::Exit,
            b'S' => Tile::Soft,
            b'H' => Tile::Heavy,
            b'T' => Tile::Splitter,
            b'B' | b'b' => Tile::Bridge,
            _ => return None,
        })
    }

    /// The character of the tile (`B` for a bridge: the caller knows whether it is there).
    pub fn to_char(self) -> char {
        match self {
            Tile::Void => '#',
            Tile::Floor => '.',
            Tile::Orange => 'E',
            Tile::Exit => 'O',
            Tile::Soft => 'S',
            Tile::Heavy => 'H',
            Tile::Splitter => 'T',
            Tile::Bridge => 'B',
        }
    }
}

/// What a switch does to one bridge cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// `on`: the cell becomes present.
    On,
    /// `off`: the cell becomes absent.
    Off,
    /// `toggle`: the cell flips.
    Toggle,
}

impl Effect {
    /// The word of the level file.
    pub fn word(self) -> &'static str {
        match self {
            Effect::On => "on",
            Effect::Off => "off",
            Effect::Toggle => "toggle",
        }
    }

    /// The bridge cell's presence after the effect.
    pub fn apply(self, present: bool) -> bool {
        match self {
            Effect::On => true,
            Effect::Off => false,
            Effect::Toggle => !present,
        }
    }
}

/// A switch (`S` or `H`) and its actions, in the order of its line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Switch {
    /// Its cell.
    pub pos: Pos,
    /// True for a heavy switch (`H`).
    pub heavy: bool,
    /// What it does, each to a distinct bridge cell, in the line's order.
    pub actions: Vec<(Effect, Pos)>,
}

/// A splitter (`T`) and where it puts the two cubes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Splitter {
    /// Its cell.
    pub pos: Pos,
    /// The two cubes' cells; the first one's cube is selected after the split.
    pub targets: [Pos; 2],
}

/// The most bridge cells a level may have.
pub const MAX_BRIDGES: usize = 64;

/// One level, as [`crate::parse::Cases`] reads it.
///
/// Guaranteed by the parser: exactly one start and one exit, on different cells; at most
/// [`MAX_BRIDGES`] bridge cells; exactly one switch per `S`/`H` cell and one splitter per
/// `T` cell, each action naming a bridge cell (at most once per switch), each split target
/// a non-void cell of the board, the two targets distinct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub(crate) tiles: Grid<Tile>,
    pub(crate) start: Pos,
    pub(crate) exit: Pos,
    /// The bridge cells in reading order; bit `i` of a bridge mask is `bridges[i]`.
    pub(crate) bridges: Vec<Pos>,
    pub(crate) start_bridges: u64,
    /// Sorted by cell (reading order).
    pub(crate) switches: Vec<Switch>,
    /// Sorted by cell (reading order).
    pub(crate) splitters: Vec<Splitter>,
}

impl Case {
    /// The board's tiles.
    pub fn tiles(&self) -> &Grid<Tile> {
        &self.tiles
    }

    /// The tile at `pos` (`Void` off the board).
    pub fn tile(&self, pos: Pos) -> Tile {
        self.tiles.get(pos).copied().unwrap_or(Tile::Void)
    }

    /// Where the block starts standing (`X`).
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The exit (`O`).
    pub fn exit(&self) -> Pos {
        self.exit
    }

    /// The bridge cells in reading order (row, then column): bit `i` of a bridge mask
    /// stands for `bridges()[i]`.
    pub fn bridges(&self) -> &[Pos] {
        &self.bridges
    }

    /// The bridge cells present at the start (`B`), as a mask over [`Case::bridges`].
    pub fn start_bridges(&self) -> u64 {
        self.start_bridges
    }

    /// The bit of the bridge cell at `pos`, if it is one.
    pub fn bridge_bit(&self, pos: Pos) -> Option<usize> {
        self.bridges.binary_search(&pos).ok()
    }

    /// The switches, in reading order of their cells.
    pub fn switches(&self) -> &[Switch] {
        &self.switches
    }

    /// The switch at `pos`, if there is one.
    pub fn switch_at(&self, pos: Pos) -> Option<&Switch> {
        let i = self.switches.binary_search_by_key(&pos, |s| s.pos).ok()?;
        self.switches.get(i)
    }

    /// The splitters, in reading order of their cells.
    pub fn splitters(&self) -> &[Splitter] {
        &self.splitters
    }

    /// The splitter at `pos`, if there is one.
    pub fn splitter_at(&self, pos: Pos) -> Option<&Splitter> {
        let i = self.splitters.binary_search_by_key(&pos, |s| s.pos).ok()?;
        self.splitters.get(i)
    }

    /// The text `Display` writes.
    fn text(&self) -> String {
        let (rows, cols) = (self.tiles.rows(), self.tiles.cols());
        let mut text = format!("{rows} {cols}\n");
        for row in 0..rows {
            for col in 0..cols {
                let pos = Pos::new(row, col);
                text.push(self.char_at(pos, self.start_bridges));
            }
            text.push('\n');
        }
        for s in &self.switches {
            text.push_str(&format!("switch {} {}:", s.pos.row, s.pos.col));
            for (i, (effect, cell)) in s.actions.iter().enumerate() {
                let sep = if i == 0 { " " } else { ", " };
                text.push_str(&format!("{sep}{} {} {}", effect.word(), cell.row, cell.col));
            }
            text.push('\n');
        }
        for s in &self.splitters {
            let [a, b] = s.targets;
            text.push_str(&format!(
                "split {} {}: {} {}, {} {}\n",
                s.pos.row, s.pos.col, a.row, a.col, b.row, b.col
            ));
        }
        text
    }

    /// The character of `pos` in the level file with the bridges of `mask` (`X` at the
    /// start, `b` for an absent bridge cell).
    pub fn char_at(&self, pos: Pos, mask: u64) -> char {
        if pos == self.start {
            return 'X';
        }
        match self.tile(pos) {
            Tile::Bridge => match self.bridge_bit(pos) {
                Some(bit) if mask >> bit & 1 == 1 => 'B',
                _ => 'b',
            },
            tile => tile.to_char(),
        }
    }
}

/// The level in the file's format: `R C`, the rows, then one line per switch and
/// splitter (in reading order of their cells).
impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// A cell as the level file writes it: `(row, column)`, 0-based.
pub fn cell_name(pos: Pos) -> String {
    format!("({}, {})", pos.row, pos.col)
}
