//! XSB levels as a puzzle of the shared loop: the fewest pushes per level, `--path` in
//! `LURD` letters. The binary runs it for `--xsb` input ([`crate::Sokoban`]'s `run`).

use crate::case::Format;
use crate::{format, parse, reference, render, replay, solve, Case, Move, Sokoban};
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::cli::{Args, Stop};
use puzzle_frame::film::{Film, FilmPlan};
use puzzle_frame::puzzle::Solution;
use puzzle_frame::Puzzle;

/// XSB levels (see the crate docs).
pub struct Levels;

impl Puzzle for Levels {
    const PROGRAM: puzzle_frame::cli::Program = Sokoban::PROGRAM;

    type Case = Case;
    type Move = Move;
    type Cases<'a> = parse::Cases<'a>;
    type Options = solve::Options;
    type Solver = solve::Solver;
    type OtherLimit = solve::TooManyStates;
    type ReplayError = replay::ReplayError;

    fn options(args: &Args, budget: MemoryBudget) -> Result<solve::Options, String> {
        Sokoban::options(args, budget)
    }

    fn cases<'a>(input: &'a [u8], _options: &solve::Options) -> Result<parse::Cases<'a>, Stop> {
        Ok(parse::Cases::new(input, Format::Xsb))
    }

    fn solver(
        options: &solve::Options,
        _: &parse::Cases<'_>,
    ) -> Result<solve::Solver, solve::Limit> {
        Ok(solve::Solver::new(options))
    }

    fn count(solver: &mut solve::Solver, case: &Case) -> Result<Option<usize>, solve::Limit> {
        solver.count(case)
    }

    fn moves(solver: &mut solve::Solver, case: &Case) -> Result<Option<Vec<Move>>, solve::Limit> {
        solver.moves(case)
    }

    /// The answer is the pushes, whether or not the moves are printed.
    fn solve(
        solver: &mut solve::Solver,
        case: &Case,
        wants_moves: bool,
    ) -> Result<Solution<Move>, solve::Limit> {
        let moves = solver.moves(case)?;
        Ok(Solution {
            count: moves.as_ref().map(|m| solve::Cost::of(m).pushes),
            moves: moves.filter(|_| wants_moves),
            notes: Vec::new(),
        })
    }

    fn reference_count(case: &Case) -> Option<usize> {
        reference::count(case)
    }

    fn replay(case: &Case, moves: &[Move]) -> Result<bool, replay::ReplayError> {
        replay::replay(case, moves).map(|r| r.solved)
    }

    fn answer_line(_number: usize, answer: Option<usize>) -> String {
        format::pushes_line(answer)
    }

    fn path_line(moves: &[Move]) -> String {
        format::path_line(Format::Xsb, moves)
    }

    fn set_budget(solver: &mut solve::Solver, budget: MemoryBudget) {
        solver.set_budget(budget);
    }

    fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, replay::ReplayError> {
        render::film(case, moves, plan)
    }
}
