//! The case (one board) and one move.

use std::fmt;

use grid_common::{Dir, Grid, Pos};

/// The largest board the solver accepts, in cells (12 x 12). The fast solver's state
/// space is `cells³`, so 144 cells mean about 3 million states.
pub const MAX_CELLS: usize = 144;

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// The card `A` (关羽).
    A,
    /// The card `B` (张飞).
    B,
    /// A soldier `*`; soldiers are interchangeable.
    Soldier,
    /// The one empty cell, written as a space.
    Blank,
}

impl Cell {
    /// The cell written as `byte` in the input (`A`, `B`, `*` or a space).
    pub fn from_byte(byte: u8) -> Option<Cell> {
        match byte {
            b'A' => Some(Cell::A),
            b'B' => Some(Cell::B),
            b'*' => Some(Cell::Soldier),
            b' ' => Some(Cell::Blank),
            _ => None,
        }
    }

    /// The character of the cell in the input format.
    pub fn to_char(self) -> char {
        match self {
            Cell::A => 'A',
            Cell::B => 'B',
            Cell::Soldier => '*',
            Cell::Blank => ' ',
        }
    }
}

/// One case of the input: a valid board, with one `A`, one `B`, one blank and soldiers
/// elsewhere, at most [`MAX_CELLS`] cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    grid: Grid<Cell>,
    a: Pos,
    b: Pos,
    blank: Pos,
}

/// Why cells do not make a valid [`Case`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseError {
    /// A board without cells, or rows that differ in length.
    Shape,
    /// More than [`MAX_CELLS`] cells.
    TooLarge {
        /// The board's number of cells.
        cells: usize,
    },
    /// Not exactly one `A`, one `B` and one blank.
    Count {
        /// The cell kind that is missing or repeated.
        cell: Cell,
        /// How many the board has.
        found: usize,
    },
    /// A character other than `A`, `B`, `*` or a space.
    Character(char),
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Shape => write!(f, "the board is not a non-empty rectangle"),
            CaseError::TooLarge { cells } => {
                write!(
                    f,
                    "the board has {cells} cells; at most {MAX_CELLS} are supported"
                )
            }
            CaseError::Count { cell, found } => {
                let name = match cell {
                    Cell::A => "'A'",
                    Cell::B => "'B'",
                    Cell::Soldier => "soldier",
                    Cell::Blank => "blank",
                };
                write!(f, "the board needs exactly one {name}, it has {found}")
            }
            CaseError::Character(c) => write!(f, "{c:?} is not one of 'A', 'B', '*', ' '"),
        }
    }
}

impl std::error::Error for CaseError {}

impl Case {
    /// A case from its board, checked.
    pub fn new(grid: Grid<Cell>) -> Result<Case, CaseError> {
        if grid.is_empty() {
            return Err(CaseError::Shape);
        }
        if grid.len() > MAX_CELLS {
            return Err(CaseError::TooLarge { cells: grid.len() });
        }
        // Per slot (A, B, blank): how many, and the index of the last one.
        let mut count = [0; 3];
        let mut at = [0; 3];
        for (i, &cell) in grid.cells().iter().enumerate() {
            let slot = match cell {
                Cell::A => 0,
                Cell::B => 1,
                Cell::Blank => 2,
                Cell::Soldier => continue,
            };
            count[slot] += 1;
            at[slot] = i;
        }
        for (slot, cell) in [Cell::A, Cell::B, Cell::Blank].into_iter().enumerate() {
            if count[slot] != 1 {
                let found = count[slot];
                return Err(CaseError::Count { cell, found });
            }
        }
        let [a, b, blank] = at.map(|i| grid.pos(i));
        Ok(Case { grid, a, b, blank })
    }

    /// A case from its rows as text (`"* A"`); every row must have the same length.
    /// (The lenient input format, with stripped blanks and error positions, is
    /// [`crate::parse`].)
    pub fn from_lines<S: AsRef<str>>(lines: &[S]) -> Result<Case, CaseError> {
        let rows = lines.len();
        let cols = lines.first().map_or(0, |l| l.as_ref().chars().count());
        let mut cells = Vec::new();
        for line in lines {
            let line = line.as_ref();
            if line.chars().count() != cols {
                return Err(CaseError::Shape);
            }
            for c in line.chars() {
                let cell = u8::try_from(c)
                    .ok()
                    .and_then(Cell::from_byte)
                    .ok_or(CaseError::Character(c))?;
                cells.push(cell);
            }
        }
        Case::new(Grid::from_cells(rows, cols, cells).ok_or(CaseError::Shape)?)
    }

    /// The board.
    pub fn grid(&self) -> &Grid<Cell> {
        &self.grid
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.grid.rows()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.grid.cols()
    }

    /// Where `A` stands (and where `B` must go).
    pub fn a(&self) -> Pos {
        self.a
    }

    /// Where `B` stands (and where `A` must go).
    pub fn b(&self) -> Pos {
        self.b
    }

    /// Where the blank is.
    pub fn blank(&self) -> Pos {
        self.blank
    }

    /// The rows as text, blanks as spaces (not stripped).
    pub fn lines(&self) -> Vec<String> {
        (0..self.rows())
            .map(|r| self.grid.row(r).iter().map(|c| c.to_char()).collect())
            .collect()
    }
}

impl fmt::Display for Case {
    /// The rows, one per line, in the input format (trailing blanks kept).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.lines() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// One move: `card` slides one cell in `dir` into the blank.
///
/// Written as the card's character and the direction's letter: `AD` (A moves down),
/// `*L` (a soldier moves left), `BR`, … A path is such tokens separated by spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The card that moves (`A`, `B` or a soldier; never the blank).
    pub card: Cell,
    /// The direction the card moves (the blank moves the other way).
    pub dir: Dir,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.card.to_char(), self.dir.letter())
    }
}

impl std::str::FromStr for Move {
    type Err = String;

    /// Parses a token like `AD` or `*L`.
    fn from_str(token: &str) -> Result<Move, String> {
        let mut chars = token.chars();
        let card = match chars.next() {
            Some('A') => Cell::A,
            Some('B') => Cell::B,
            Some('*') => Cell::Soldier,
            _ => return Err(format!("bad move {token:?}: it starts with A, B or *")),
        };
        let dir = chars
            .next()
            .and_then(Dir::from_letter)
            .ok_or_else(|| format!("bad move {token:?}: its direction is U, D, L or R"))?;
        if chars.next().is_some() {
            return Err(format!("bad move {token:?}: a move has two characters"));
        }
        Ok(Move { card, dir })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_checked() {
        let case = Case::from_lines(&["* A", "**B"]).expect("valid");
        assert_eq!(
            (case.a(), case.b(), case.blank()),
            (Pos::new(0, 2), Pos::new(1, 2), Pos::new(0, 1))
        );
        assert_eq!(case.to_string(), "* A\n**B\n");
        let count = |cell, found| Err(CaseError::Count { cell, found });
        assert_eq!(Case::from_lines(&["A B", "*A*"]), count(Cell::A, 2));
        assert_eq!(Case::from_lines(&["A *", "***"]), count(Cell::B, 0));
        assert_eq!(Case::from_lines(&["A B", " **"]), count(Cell::Blank, 2));
        assert_eq!(Case::from_lines(&["A B", "**"]), Err(CaseError::Shape));
        assert_eq!(Case::from_lines::<&str>(&[]), Err(CaseError::Shape));
        assert_eq!(Case::from_lines(&["A Bx"]), Err(CaseError::Character('x')));
        let long = format!("AB {}", "*".repeat(MAX_CELLS - 2));
        assert_eq!(
            Case::from_lines(&[long]),
            Err(CaseError::TooLarge {
                cells: MAX_CELLS + 1
            })
        );
    }

    #[test]
    fn moves_read_back() {
        for token in ["AD", "*L", "BR", "AU"] {
            let mv: Move = token.parse().expect("a move");
            assert_eq!(mv.to_string(), token);
        }
        for bad in ["", "A", "CD", "AX", "ADD", " D"] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?}");
        }
    }
}
