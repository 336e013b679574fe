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
//!
//! **Memory.** A film is built under a [`FilmPlan`] (the binary's loop makes one per case):
//! the budget it may take, and which steps it keeps. `--show` prints the first and last
//! [`crate::show::CAP_STEPS`] steps of a long solution, so its film keeps only those, the
//! steps between merged into one step (their net changes, at most the board's cells).
//! The board is checked first ([`FilmPlan::board`], before a puzzle draws its start), then
//! each kept step; a film past the budget is refused ([`Film::refused`]), holding nothing.

use std::collections::HashMap;

use crate::budget::{MemoryBudget, OverBudget};
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
///
/// Each frame is built from the one before, the start board plus the changes so far:
///
/// ```
/// use grid_common::{Grid, Pos};
/// use puzzle_frame::film::FilmBuilder;
///
/// let mut start = Grid::new(2, 2, '.');
/// start[Pos::new(0, 0)] = 'P';
/// let mut film = FilmBuilder::new(start).legend(&[('P', "the piece")]);
/// film.set(Pos::new(0, 0), '.');
/// film.set(Pos::new(1, 0), 'P');
/// film.step("D");
/// film.set(Pos::new(1, 0), '.');
/// film.set(Pos::new(1, 1), 'P');
/// film.step("R");
/// let film = film.finish();
/// assert_eq!(film.steps[1].changes, [(Pos::new(1, 0), '.'), (Pos::new(1, 1), 'P')]);
/// let captions: Vec<String> = film.frames().map(|f| f.caption).collect();
/// assert_eq!(captions, ["step 0/2: start", "step 1/2: D", "step 2/2: R"]);
/// let boards: Vec<Vec<String>> = film.frames().map(|f| f.rows()).collect();
/// assert_eq!(boards, [["P.", ".."], ["..", "P."], ["..", ".P"]]);
/// ```
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
    /// The steps merged into one ([`FilmPlan`]'s ends): `steps[at]` stands for `count` moves.
    pub merged: Option<Merged>,
    /// The film would have passed its memory budget: it holds nothing, and says why.
    pub refused: Option<OverBudget>,
}

/// Consecutive moves a film keeps as one step (their net changes), labelled as the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The index in [`Film::steps`] of the merged step.
    pub at: usize,
    /// How many moves it stands for.
    pub count: usize,
}

/// How a film is built: which steps it keeps, and the memory it may take.
///
/// A puzzle's `render::film` checks the board first, then builds under the plan:
///
/// ```
/// use grid_common::{Grid, Pos};
/// use puzzle_frame::budget::MemoryBudget;
/// use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};
///
/// /// A piece walking right along one row, one step a move.
/// fn walk(cols: usize, plan: FilmPlan) -> Film {
///     if let Err(over) = plan.board(1, cols) {
///         return Film::refused(over);
///     }
///     let mut start = Grid::new(1, cols, '.');
///     start[Pos::new(0, 0)] = 'P';
///     let mut film = FilmBuilder::planned(start, plan);
///     for c in 1..cols {
///         film.set(Pos::new(0, c - 1), '.');
///         film.set(Pos::new(0, c), 'P');
///         film.step("R");
///     }
///     film.finish()
/// }
///
/// // `--show`: the first and last two steps, the three between merged into one.
/// let budget = MemoryBudget::new(1 << 20);
/// let film = walk(8, FilmPlan { moves: 7, ends: Some(2), budget });
/// assert_eq!((film.len(), film.steps.len()), (7, 5));
/// assert_eq!(film.merged.map(|m| (m.at, m.count)), Some((2, 3)));
/// assert_eq!(film.frames().last().map(|f| f.rows()), Some(vec![".......P".to_string()]));
/// // A board past the budget: refused before anything is drawn.
/// let film = walk(1000, FilmPlan { moves: 999, ends: None, budget: MemoryBudget::new(4096) });
/// assert!(film.refused.is_some() && film.steps.is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FilmPlan {
    /// The solution's moves.
    pub moves: usize,
    /// Keep only the first and last `ends` steps when there are more than twice as many
    /// (`--show`); `None` keeps every step (`--show-all`, `--html`).
    pub ends: Option<usize>,
    /// What the film may hold.
    pub budget: MemoryBudget,
}

impl FilmPlan {
    /// Every step, with no budget (tests, library callers).
    pub fn whole() -> FilmPlan {
        FilmPlan {
            moves: 0,
            ends: None,
            budget: MemoryBudget::new(u64::MAX),
        }
    }

    /// Ok when a film of a `rows` x `cols` board fits the budget before its steps: its start,
    /// the builder's board and the board `--show` walks. A puzzle checks this before it
    /// draws the start.
    pub fn board(&self, rows: usize, cols: usize) -> Result<(), OverBudget> {
        self.budget
            .check("the film of the solution", board_bytes(rows, cols))
    }

    /// The 1-based moves merged into one step, when the plan keeps only the ends.
    fn merged(&self) -> Option<std::ops::RangeInclusive<usize>> {
        let ends = self.ends?;
        (self.moves > 2 * ends).then(|| ends + 1..=self.moves - ends)
    }
}

/// The heap bytes of one step's label and changes, as the allocator holds them (a block
/// of at least 32 bytes, 8 of them its header, in multiples of 16).
fn step_bytes(label: &str, changes: &[(Pos, char)]) -> u64 {
    let block = |n: usize| match n {
        0 => 0,
        n => (n + 8).div_ceil(16).max(2) as u64 * 16,
    };
    block(label.len()) + block(std::mem::size_of_val(changes))
}

/// The bytes a film of a `rows` x `cols` board holds besides its steps: two boards of
/// `char` at a time (the start and the builder's board while it is built, the start and
/// the board `--show` walks while it is drawn).
pub fn board_bytes(rows: usize, cols: usize) -> u64 {
    (rows as u64)
        .saturating_mul(cols as u64)
        .saturating_mul(2 * std::mem::size_of::<char>() as u64)
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
    /// A film that holds nothing because it would have passed its budget.
    pub fn refused(over: OverBudget) -> Film {
        let mut film = FilmBuilder::new(Grid::new(0, 0, ' ')).finish();
        film.refused = Some(over);
        film
    }

    /// The number of moves of the solution (merged moves included).
    pub fn len(&self) -> usize {
        let merged = self.merged.map_or(0, |m| m.count.saturating_sub(1));
        self.steps.len() + merged
    }

    /// The bytes the finished film holds: its start and its steps.
    pub fn held_bytes(&self) -> u64 {
        let cells = (self.start.rows() * self.start.cols() * std::mem::size_of::<char>()) as u64;
        let list = (self.steps.capacity() * std::mem::size_of::<Step>()) as u64;
        let steps: u64 = self
            .steps
            .iter()
            .map(|s| step_bytes(&s.label, &s.changes))
            .sum();
        cells.saturating_add(list).saturating_add(steps)
    }

    /// The move number of the frame after `steps[i]` (`i + 1`, past merged moves).
    pub fn number(&self, i: usize) -> usize {
        match self.merged {
            Some(m) if i >= m.at => i + m.count,
            _ => i + 1,
        }
    }

    /// The index in [`Film::steps`] of move `k` (1-based), `None` for a merged move
    /// other than the last.
    fn index(&self, k: usize) -> Option<usize> {
        let i = k.checked_sub(1)?;
        match self.merged {
            Some(m) if i >= m.at + m.count => Some(i + 1 - m.count),
            Some(m) if i + 1 == m.at + m.count => Some(m.at),
            Some(m) if i >= m.at => None,
            _ => Some(i),
        }
    }

    /// True for a film of no moves (the start is the goal).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The caption of frame `k`: `step 0/n: start`, then `step k/n: MOVE`.
    pub fn caption(&self, k: usize) -> String {
        let n = self.len();
        match self.index(k).and_then(|i| self.steps.get(i)) {
            Some(step) => format!("step {k}/{n}: {}", step.label),
            None if k == 0 => format!("step {k}/{n}: start"),
            None => format!("step {k}/{n}: (merged)"),
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
        let number = k.checked_sub(1).map_or(0, |i| self.film.number(i));
        Some(Frame {
            caption: self.film.caption(number),
            board: self.board.clone(),
        })
    }
}

/// Builds a [`Film`] move by move: set the cells a move changes, then close the step.
///
/// Only cells whose character really changes are recorded, so a puzzle may simply redraw
/// the cells a move leaves and enters. Under a [`FilmPlan`] it keeps the steps the plan
/// keeps and charges them to its budget (see the module docs).
#[derive(Clone, Debug)]
pub struct FilmBuilder {
    film: Film,
    board: Grid<char>,
    /// The cells touched in the step being built, each with its character before the step.
    pending: Vec<(Pos, char)>,
    plan: FilmPlan,
    /// The bytes charged: the boards, then each kept step and the merged cells.
    used: u64,
    /// The moves closed so far.
    closed: usize,
    /// While moves are merged: each cell they changed, with its character before them.
    merging: HashMap<Pos, char>,
    /// The bytes charged for `merging` (its most).
    merge_charged: u64,
}

impl FilmBuilder {
    /// A film starting from `start`, keeping every step, with no budget.
    pub fn new(start: Grid<char>) -> FilmBuilder {
        FilmBuilder::planned(start, FilmPlan::whole())
    }

    /// A film starting from `start` under `plan`; refused at once when the board does not
    /// fit ([`FilmPlan::board`]).
    pub fn planned(start: Grid<char>, plan: FilmPlan) -> FilmBuilder {
        let used = board_bytes(start.rows(), start.cols());
        let refused = plan.budget.check("the film of the solution", used).err();
        let (start, board) = match refused {
            Some(_) => (Grid::new(0, 0, ' '), Grid::new(0, 0, ' ')),
            None => (start.clone(), start),
        };
        FilmBuilder {
            board,
            film: Film {
                start,
                steps: Vec::new(),
                focus: Vec::new(),
                legend: Vec::new(),
                boxed: false,
                joined: false,
                preface: Vec::new(),
                merged: None,
                refused,
            },
            pending: Vec::new(),
            plan,
            used,
            closed: 0,
            merging: HashMap::new(),
            merge_charged: 0,
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
        if self.film.refused.is_some() {
            self.pending.clear();
            return;
        }
        self.closed += 1;
        let merged = self.plan.merged();
        if let Some(range) = merged.as_ref().filter(|r| r.contains(&self.closed)) {
            let before = std::mem::take(&mut self.pending);
            for (p, c) in before {
                // A cell back to what it was before the merged moves is no net change.
                let first = *self.merging.entry(p).or_insert(c);
                if self.board.get(p) == Some(&first) {
                    self.merging.remove(&p);
                }
            }
            // A map slot: the cell, its character and a control byte, rounded up.
            let slot = std::mem::size_of::<(Pos, char)>() as u64 + 8;
            let held = self.merging.capacity() as u64 * slot;
            if held > self.merge_charged {
                self.charge(held - self.merge_charged);
                self.merge_charged = held;
            }
            if self.closed < *range.end() {
                return;
            }
            // The last merged move: one step of the net changes.
            self.pending = self.merging.drain().collect();
            self.pending.sort_unstable_by_key(|&(p, _)| (p.row, p.col));
            self.merging = HashMap::new();
            self.film.merged = Some(Merged {
                at: self.film.steps.len(),
                count: range.end() - range.start() + 1,
            });
        }
        // A cell set back to what it was within the step is no change.
        let changes: Vec<(Pos, char)> = std::mem::take(&mut self.pending)
            .into_iter()
            .filter_map(|(p, before)| {
                let now = *self.board.get(p)?;
                (now != before).then_some((p, now))
            })
            .collect();
        let label: String = label.into();
        let mut bytes = step_bytes(&label, &changes);
        let steps = &self.film.steps;
        if steps.len() == steps.capacity() {
            // The list of steps doubles.
            bytes += (steps.capacity().max(4) * std::mem::size_of::<Step>()) as u64;
        }
        self.charge(bytes);
        if self.film.refused.is_none() {
            self.film.steps.push(Step { label, changes });
        }
    }

    /// Charges `bytes` more; past the budget the film is refused and lets go of everything.
    fn charge(&mut self, bytes: u64) {
        self.used = self.used.saturating_add(bytes);
        if let Err(over) = self
            .plan
            .budget
            .check("the film of the solution", self.used)
        {
            let empty = FilmBuilder::new(Grid::new(0, 0, ' '));
            (self.board, self.pending, self.merging) = (empty.board, Vec::new(), HashMap::new());
            self.film = Film::refused(over);
        }
    }

    /// The finished film ([`Film::refused`] set when it would have passed its budget).
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
