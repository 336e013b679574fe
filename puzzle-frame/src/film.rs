//! The frame model: a solution as a start board and, per move, the cells it changes.
//!
//! Every puzzle turns a solution into a [`Film`]; `--show` ([`crate::show`]) draws it in
//! the terminal and the `--html` page plays it in a browser, so that no puzzle's drawing
//! is written twice. A film stores the start frame whole and only the changed cells of
//! each step, so a solution of tens of thousands of moves on a large board stays small.
//!
//! ```
//! use grid_common::{Grid, Pos};
//! use puzzle_frame::film::FilmBuilder;
//!
//! let start = Grid::from_cells(1, 3, vec!['A', '.', '.']).unwrap();
//! let mut film = FilmBuilder::new(start);
//! film.set(Pos::new(0, 0), '.');
//! film.set(Pos::new(0, 1), 'A');
//! film.step("R");
//! let film = film.finish();
//! assert_eq!(film.caption(1), "step 1/1: R");
//! assert_eq!(film.frames().last().unwrap().rows(), vec![".A.".to_string()]);
//! ```

use grid_common::{Grid, Pos};

/// One move of a film: its label (as `--path` writes the move) and the cells it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The move, as the puzzle writes it (`R`, `AD`, `B (0,1) (1,1)`).
    pub label: String,
    /// The cells whose character changes, with the new character.
    pub changes: Vec<(Pos, char)>,
}

/// A solution drawn step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Film {
    /// The board before the first move, one character per cell.
    pub start: Grid<char>,
    /// The moves in order.
    pub steps: Vec<Step>,
    /// Cells that must stay in view when a large board is cropped (a target, a goal),
    /// besides every cell some step changes.
    pub focus: Vec<Pos>,
    /// What each character means, for a legend: `('#', "wall")`.
    pub legend: Vec<(char, String)>,
    /// True when cells are drawn in boxes (a board whose blank is a space reads better so).
    pub boxed: bool,
    /// True when touching cells of one character (other than `.`, ` ` and `#`) are one
    /// piece: the page draws no border between them (the terminal keeps its letters).
    pub joined: bool,
    /// Lines `--show` prints before the frames (klotski's `c = NAME` for long block names).
    pub preface: Vec<String>,
}

/// One frame: the board after `step` moves, with its caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// `step k/n: MOVE`, or `step 0/n: start`.
    pub caption: String,
    /// The board at this step.
    pub board: Grid<char>,
}

impl Frame {
    /// The board's rows as strings.
    pub fn rows(&self) -> Vec<String> {
        rows_of(&self.board)
    }
}

/// The rows of a character grid as strings.
pub fn rows_of(board: &Grid<char>) -> Vec<String> {
    (0..board.rows())
        .map(|r| board.row(r).iter().collect())
        .collect()
}

impl Film {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True for a film of no moves (the start is the goal).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The caption of frame `k`: `step 0/n: start`, then `step k/n: MOVE`.
    pub fn caption(&self, k: usize) -> String {
        let n = self.steps.len();
        match k.checked_sub(1).and_then(|i| self.steps.get(i)) {
            Some(step) => format!("step {k}/{n}: {}", step.label),
            None => format!("step {k}/{n}: start"),
        }
    }

    /// Every frame in order, start first; each is built from the previous one, so walking
    /// the whole film costs the start board once plus the changed cells.
    pub fn frames(&self) -> Frames<'_> {
        Frames {
            film: self,
            board: self.start.clone(),
            next: 0,
        }
    }

    /// The rows and columns every step touches, plus the focus cells: `(top-left,
    /// bottom-right)`, or `None` for a film that changes nothing and has no focus.
    pub fn used_area(&self) -> Option<(Pos, Pos)> {
        let cells = self
            .steps
            .iter()
            .flat_map(|s| s.changes.iter().map(|&(p, _)| p))
            .chain(self.focus.iter().copied())
            .filter(|&p| self.start.contains(p));
        let mut area: Option<(Pos, Pos)> = None;
        for p in cells {
            area = Some(match area {
                None => (p, p),
                Some((a, b)) => (
                    Pos::new(a.row.min(p.row), a.col.min(p.col)),
                    Pos::new(b.row.max(p.row), b.col.max(p.col)),
                ),
            });
        }
        area
    }
}

/// The frames of a film, start first (see [`Film::frames`]).
pub struct Frames<'a> {
    film: &'a Film,
    board: Grid<char>,
    next: usize,
}

impl Iterator for Frames<'_> {
    type Item = Frame;

    fn next(&mut self) -> Option<Frame> {
        let k = self.next;
        if k > self.film.steps.len() {
            return None;
        }
        if let Some(step) = k.checked_sub(1).and_then(|i| self.film.steps.get(i)) {
            for &(pos, c) in &step.changes {
                if let Some(cell) = self.board.get_mut(pos) {
                    *cell = c;
                }
            }
        }
        self.next += 1;
        Some(Frame {
            caption: self.film.caption(k),
            board: self.board.clone(),
        })
    }
}

/// Builds a [`Film`] move by move: set the cells a move changes, then close the step.
///
/// Only cells whose character really changes are recorded, so a puzzle may simply redraw
/// the cells a move leaves and enters.
#[derive(Clone, Debug)]
pub struct FilmBuilder {
    film: Film,
    board: Grid<char>,
    /// The cells touched in the step being built, each with its character before the step.
    pending: Vec<(Pos, char)>,
}

impl FilmBuilder {
    /// A film starting from `start`.
    pub fn new(start: Grid<char>) -> FilmBuilder {
        FilmBuilder {
            board: start.clone(),
            film: Film {
                start,
                steps: Vec::new(),
                focus: Vec::new(),
                legend: Vec::new(),
                boxed: false,
                joined: false,
                preface: Vec::new(),
            },
            pending: Vec::new(),
        }
    }

    /// Cells to keep in view when a large board is cropped.
    pub fn focus(mut self, cells: impl IntoIterator<Item = Pos>) -> FilmBuilder {
        self.film.focus.extend(cells);
        self
    }

    /// The legend: what each character means.
    pub fn legend(mut self, legend: &[(char, &str)]) -> FilmBuilder {
        self.film.legend = legend.iter().map(|&(c, s)| (c, s.to_string())).collect();
        self
    }

    /// Lines `--show` prints before the frames.
    pub fn preface(mut self, lines: impl IntoIterator<Item = String>) -> FilmBuilder {
        self.film.preface.extend(lines);
        self
    }

    /// Cells drawn in boxes.
    pub fn boxed(mut self) -> FilmBuilder {
        self.film.boxed = true;
        self
    }

    /// Touching cells of one character drawn as one piece on the page.
    pub fn joined(mut self) -> FilmBuilder {
        self.film.joined = true;
        self
    }

    /// The board as it stands now (the start with every set so far applied).
    pub fn board(&self) -> &Grid<char> {
        &self.board
    }

    /// Draws `c` at `pos` for the step being built (ignored off the board).
    pub fn set(&mut self, pos: Pos, c: char) {
        if let Some(cell) = self.board.get_mut(pos) {
            if *cell != c {
                if !self.pending.iter().any(|&(p, _)| p == pos) {
                    self.pending.push((pos, *cell));
                }
                *cell = c;
            }
        }
    }

    /// Closes the current step under `label`.
    pub fn step(&mut self, label: impl Into<String>) {
        // A cell set back to what it was within the step is no change.
        let changes = std::mem::take(&mut self.pending)
            .into_iter()
            .filter_map(|(p, before)| {
                let now = *self.board.get(p)?;
                (now != before).then_some((p, now))
            })
            .collect();
        self.film.steps.push(Step {
            label: label.into(),
            changes,
        });
    }

    /// The finished film.
    pub fn finish(self) -> Film {
        self.film
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(cells: &str) -> Grid<char> {
        Grid::from_cells(1, cells.len(), cells.chars().collect()).unwrap()
    }

    #[test]
    fn frames_apply_each_steps_changes_in_order() {
        let mut b = FilmBuilder::new(line("A..")).focus([Pos::new(0, 2)]);
        for (from, to, label) in [(0, 1, "R"), (1, 2, "R")] {
            b.set(Pos::new(0, from), '.');
            b.set(Pos::new(0, to), 'A');
            b.step(label);
        }
        let film = b.finish();
        let shown: Vec<(String, Vec<String>)> = film
            .frames()
            .map(|f| (f.caption.clone(), f.rows()))
            .collect();
        assert_eq!(
            shown,
            vec![
                ("step 0/2: start".into(), vec!["A..".into()]),
                ("step 1/2: R".into(), vec![".A.".into()]),
                ("step 2/2: R".into(), vec!["..A".into()]),
            ]
        );
        assert_eq!(film.used_area(), Some((Pos::new(0, 0), Pos::new(0, 2))));
    }

    #[test]
    fn a_cell_set_back_within_a_step_is_no_change() {
        let mut b = FilmBuilder::new(line("ab"));
        b.set(Pos::new(0, 0), 'x');
        b.set(Pos::new(0, 0), 'a');
        b.set(Pos::new(0, 1), 'y');
        b.set(Pos::new(0, 1), 'z');
        b.set(Pos::new(3, 3), 'q');
        b.step("m");
        let film = b.finish();
        assert_eq!(film.steps[0].changes, vec![(Pos::new(0, 1), 'z')]);
    }
}
