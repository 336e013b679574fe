//! The solver: a breadth-first search over the cells the piece can stand on.
//!
//! **States.** A state is the piece's cell, as its index in a padded copy of the board
//! ([`Padded`], a border of one wall cell on every side): a step in a direction adds that
//! direction's offset, and the border stops every step that would leave the board, so a
//! move is one addition and one test of a byte. The search keeps one byte per cell,
//! `marks`: [`WALL`], [`UNSEEN`], [`START`], or the direction (`0..4`, [`Move::index`]) of
//! the step that first reached the cell; a path is rebuilt from the goal by stepping back
//! against those directions. The queue is a list of cell indices with a head index.
//!
//! **Exactness.** The queue holds the cells in the order they were reached, so the search
//! reaches them level by level: every cell at distance `d` from the start is reached (from
//! a cell at distance `d - 1`) before any cell at distance `d + 1`, and each cell is
//! reached once. So the level at which the goal is first reached is its distance, the
//! fewest moves; a search whose queue runs out has reached every cell the piece can, and
//! the goal is not among them.
//!
//! **Memory.** The marks, the queue and the path are charged to a [`Ledger`] under
//! [`Options::budget`] before they are allocated or grown; past it, the solver gives up
//! with [`Limit::Memory`](puzzle_frame::Limit::Memory).

use crate::case::{Case, Cell, Move};
use grid_common::{Padded, Pos};
use puzzle_frame::budget::{Ledger, MemoryBudget, OverBudget};

/// The mark of a cell the piece may not enter (a wall, the border).
pub const WALL: u8 = 4;
/// The mark of a floor cell not reached yet.
pub const UNSEEN: u8 = 5;
/// The mark of the start.
pub const START: u8 = 6;

/// The solver's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The memory one case may take (the search's marks, its queue and the path).
    pub budget: MemoryBudget,
}

/// Why the solver gave up on a case: only the memory budget.
pub type Limit = puzzle_frame::Limit<puzzle_frame::NoOtherLimit>;

/// The solver (see the module docs).
#[derive(Clone, Debug)]
pub struct Solver {
    options: Options,
}

impl Solver {
    /// Holds the solver to `budget` from the next case on (the process's budget less what
    /// it holds elsewhere: the input, the page).
    pub fn set_budget(&mut self, budget: MemoryBudget) {
        self.options.budget = budget;
    }

    /// A solver with these settings.
    pub fn new(options: &Options) -> Solver {
        Solver { options: *options }
    }

    /// The fewest moves from the start to the goal, or `None` when the goal cannot be
    /// reached.
    pub fn count(&mut self, case: &Case) -> Result<Option<usize>, Limit> {
        let mut ledger = Ledger::new(self.options.budget);
        Ok(Search::run(case, &mut ledger)?.distance)
    }

    /// A shortest sequence of moves from the start to the goal, or `None` when the goal
    /// cannot be reached.
    pub fn moves(&mut self, case: &Case) -> Result<Option<Vec<Move>>, Limit> {
        let mut ledger = Ledger::new(self.options.budget);
        let search = Search::run(case, &mut ledger)?;
        match search.distance {
            Some(distance) => Ok(Some(search.path(distance, &mut ledger)?)),
            None => Ok(None),
        }
    }
}

/// A finished search: the padded board, its marks, and the goal's distance.
struct Search {
    board: Padded,
    marks: Vec<u8>,
    start: usize,
    goal: usize,
    /// The fewest moves to the goal, `None` when it cannot be reached.
    distance: Option<usize>,
}

impl Search {
    /// Searches from the start until the goal is reached or every reachable cell is.
    fn run(case: &Case, ledger: &mut Ledger) -> Result<Search, OverBudget> {
        let grid = case.grid();
        let too_large = ledger
            .budget()
            .refuse("the board with its border", u64::MAX);
        let board = Padded::new(grid.rows(), grid.cols(), 1).ok_or(too_large)?;
        let mut marks = ledger.vec("the search's marks", board.len(), WALL)?;
        for row in 0..grid.rows() {
            for (col, &cell) in grid.row(row).iter().enumerate() {
                if cell == Cell::Floor {
                    marks[board.index(Pos::new(row, col))] = UNSEEN;
                }
            }
        }
        let (start, goal) = (board.index(case.start()), board.index(case.goal()));
        let mut search = Search {
            board,
            marks,
            start,
            goal,
            distance: None,
        };
        search.distance = search.breadth_first(ledger)?;
        Ok(search)
    }

    /// The breadth-first search proper, level by level: the goal's distance, if reached.
    fn breadth_first(&mut self, ledger: &mut Ledger) -> Result<Option<usize>, OverBudget> {
        const QUEUE: &str = "the search's queue";
        self.marks[self.start] = START;
        if self.start == self.goal {
            return Ok(Some(0));
        }
        let offsets = self.board.offsets();
        let mut queue: Vec<usize> = Vec::new();
        ledger.push(&mut queue, self.start, QUEUE)?;
        let mut head = 0;
        let mut depth = 0;
        while head < queue.len() {
            // The cells at distance `depth` are `queue[head..level_end]`.
            let level_end = queue.len();
            depth += 1;
            while head < level_end {
                let cell = queue[head];
                head += 1;
                for (dir, &offset) in offsets.iter().enumerate() {
                    let next = cell.wrapping_add_signed(offset);
                    if self.marks[next] != UNSEEN {
                        continue;
                    }
                    self.marks[next] = dir as u8;
                    if next == self.goal {
                        return Ok(Some(depth));
                    }
                    ledger.push(&mut queue, next, QUEUE)?;
                }
            }
        }
        Ok(None)
    }

    /// The moves from the start to the goal, `distance` of them, read back from the marks.
    fn path(&self, distance: usize, ledger: &mut Ledger) -> Result<Vec<Move>, OverBudget> {
        ledger.take::<Move>("the path", distance)?;
        let mut moves = Vec::with_capacity(distance);
        let mut cell = self.goal;
        while cell != self.start {
            let dir = Move::from_index(usize::from(self.marks[cell]));
            moves.push(dir);
            cell = cell.wrapping_add_signed(-self.board.offset(dir));
        }
        moves.reverse();
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_all;

    fn solve(input: &str) -> (Option<usize>, Option<Vec<Move>>) {
        let case = parse_all(input.as_bytes()).expect("parses").remove(0);
        let mut solver = Solver::new(&Options::default());
        (solver.count(&case).unwrap(), solver.moves(&case).unwrap())
    }

    #[test]
    fn around_a_wall_and_walled_off() {
        let (count, moves) = solve("3 3\nP#G\n.#.\n...\n");
        assert_eq!(count, Some(6));
        let letters: String = moves.unwrap().iter().map(|m| m.letter()).collect();
        assert_eq!(letters, "DDRRUU");
        assert_eq!(solve("1 3\nP#G\n"), (None, None));
    }

    #[test]
    fn the_budget_is_checked_before_the_marks_are_made() {
        let case = parse_all(b"3 3\nP..\n...\n..G\n").unwrap().remove(0);
        let mut solver = Solver::new(&Options {
            budget: MemoryBudget::new(24),
        });
        let Err(puzzle_frame::Limit::Memory(over)) = solver.count(&case) else {
            panic!("25 marks do not fit in 24 bytes");
        };
        assert_eq!(
            (over.what.as_str(), over.needed),
            ("the search's marks", 25)
        );
    }
}
