//! Walk: the fewest moves of a piece to its goal on a grid with walls.
//!
//! A board of `R x C` cells: `#` a wall, `.` floor, `P` the piece (on floor), `G` its goal
//! (floor). A move takes the piece one cell up, down, left or right, onto a floor cell of
//! the board. The answer is the fewest moves that bring the piece to the goal, or `-1`.
//!
//! (This crate was written by `cargo xtask new` from the project's template puzzle: every
//! role is filled, so it builds and passes its tests as it is. Edit it into your puzzle.)
//!
//! The roles every puzzle crate fills (see ARCHITECTURE.md):
//!
//! - [`case`]: the [`Case`] (the board, the start, the goal) and a [`Move`].
//! - [`parse`]: reads the judge's input one case at a time ([`parse::Cases`]).
//! - [`solve`]: the fast solver ([`solve::Solver`]), a breadth-first search over flat
//!   arrays, within a memory budget.
//! - [`reference`]: the plain breadth-first search over positions, the oracle.
//! - [`replay`]: plays a sequence of moves with its own statement of the rules.
//! - [`format`]: the answer and `--path` lines.
//! - [`render`]: the solution as a film, for `--show` and `--html`.
//! - `testkit`: generators and checks for the tests, `cargo xtask stress` and `bench`.
//!
//! ```
//! use rush_hour::parse::Cases;
//! use rush_hour::solve::{Options, Solver};
//!
//! let input = b"2 3\nP#G\n...\n0 0\n";
//! let mut cases = Cases::new(input);
//! let case = cases.next().expect("a case").expect("a valid case");
//! let mut solver = Solver::new(&Options::default());
//! // Down, right, right, up: around the wall.
//! assert_eq!(solver.count(&case), Ok(Some(4)));
//! let moves = solver.moves(&case).expect("fits").expect("reachable");
//! assert!(rush_hour::replay::replay(&case, &moves).expect("legal").solved);
//! assert!(cases.next().is_none());
//! ```

pub mod case;
pub mod format;
pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use case::{Case, Move};

/// Walk, as the shared binary loop, the tests and `xtask` drive it.
pub struct RushHour;

impl puzzle_frame::Puzzle for RushHour {
    const PROGRAM: puzzle_frame::cli::Program = puzzle_frame::cli::Program {
        name: "rush-hour",
        version: env!("CARGO_PKG_VERSION"),
        about: "walk, the fewest moves of a piece to its goal on a grid with walls",
        format: "\
Input: cases made of a line 'R C' and R rows of C characters: '#' a wall, '.' floor,
'P' the piece, 'G' its goal (one of each). A move takes the piece one cell up, down,
left or right, onto floor. A line '0 0', or the end of the input, ends the input.

Output: for each case, one line: the fewest moves, or -1 when the goal cannot be reached.
",
        options: &[puzzle_frame::cli::path_option(
            "after each answer, a line with the moves as letters U, D, L, R (nothing for a \
             -1 case)",
        )],
    };

    type Case = Case;
    type Move = Move;
    type Cases<'a> = parse::Cases<'a>;
    type Options = solve::Options;
    type Solver = solve::Solver;
    type OtherLimit = puzzle_frame::NoOtherLimit;
    type ReplayError = replay::ReplayError;

    fn options(
        _args: &puzzle_frame::cli::Args,
        budget: puzzle_frame::budget::MemoryBudget,
    ) -> Result<solve::Options, String> {
        Ok(solve::Options { budget })
    }

    fn cases<'a>(
        input: &'a [u8],
        _options: &solve::Options,
    ) -> Result<parse::Cases<'a>, puzzle_frame::cli::Stop> {
        Ok(parse::Cases::new(input))
    }

    fn solver(
        options: &solve::Options,
        _cases: &parse::Cases<'_>,
    ) -> Result<solve::Solver, solve::Limit> {
        Ok(solve::Solver::new(options))
    }

    fn count(solver: &mut solve::Solver, case: &Case) -> Result<Option<usize>, solve::Limit> {
        solver.count(case)
    }

    fn moves(solver: &mut solve::Solver, case: &Case) -> Result<Option<Vec<Move>>, solve::Limit> {
        solver.moves(case)
    }

    fn reference_count(case: &Case) -> Option<usize> {
        reference::count(case)
    }

    fn replay(case: &Case, moves: &[Move]) -> Result<bool, replay::ReplayError> {
        replay::replay(case, moves).map(|r| r.solved)
    }

    fn answer_line(number: usize, answer: Option<usize>) -> String {
        format::answer_line(number, answer)
    }

    fn path_line(moves: &[Move]) -> String {
        format::path_line(moves)
    }

    fn set_budget(solver: &mut solve::Solver, budget: puzzle_frame::budget::MemoryBudget) {
        solver.set_budget(budget);
    }

    fn film(
        case: &Case,
        moves: &[Move],
        plan: puzzle_frame::film::FilmPlan,
    ) -> Result<puzzle_frame::film::Film, replay::ReplayError> {
        render::film(case, moves, plan)
    }
}
