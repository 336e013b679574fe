//! `--hardest`: each case answered with the census of its blocks in its box.

use std::io::Write;

use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::cli::{Printing, RunResult, Stop};

use super::{census_lines, Census, Pieces, SHOWN};
use crate::parse::cases;
use crate::render;
use crate::solve::{Limit, Options, Solver};

/// For each case, the census of its blocks in its box, the hardest layouts
/// (at most [`SHOWN`]) in the input format, and with `--show`/`--html` the solution of the
/// first of them.
pub fn hardest(
    options: Options,
    mut printing: Printing,
    input: &[u8],
    out: &mut dyn Write,
) -> RunResult {
    for (number, case) in (1..).zip(cases(input)) {
        let case = match case {
            Ok(case) => case,
            Err(e) => return Ok(Err(Stop::BadInput(e.to_string()))),
        };
        let given_up =
            |e: &dyn std::fmt::Display| Ok(Err(Stop::Limit(format!("case {number}: {e}"))));
        let pieces = Pieces::of_case(&case);
        let census = match census(&pieces, options.budget) {
            Ok(census) => census,
            Err(e) => return given_up(&e),
        };
        let hardest = census.hardest.as_ref().map(|h| (h.moves, h.count));
        write!(
            out,
            "{}",
            census_lines(census.layouts, census.groups, census.solvable, hardest)
        )?;
        let Some(hardest) = &census.hardest else {
            continue;
        };
        let mut cases = Vec::new();
        for layout in &hardest.layouts {
            match pieces.case_of(layout) {
                Ok(case) => cases.push(case),
                Err(e) => return given_up(&e),
            }
        }
        for case in &cases {
            write!(out, "{case}")?;
        }
        let left_out = hardest.count - cases.len() as u64;
        if left_out > 0 {
            writeln!(out, "({left_out} more hardest layouts not shown)")?;
        }
        if let (Some(first), true) = (cases.first(), printing.wants_moves()) {
            let label = format!("case {number}");
            let moves = match Solver::new(&options).moves(first) {
                Ok(Some(moves)) => moves,
                Ok(None) => return given_up(&"the hardest layout has no solution"),
                Err(e) => return given_up(&e),
            };
            let plan = puzzle_frame::film::FilmPlan {
                moves: moves.len(),
                ends: printing.film_ends(),
                budget: options.budget,
            };
            let film = render::film(first, &moves, plan).map_err(|e| e.to_string());
            printing.write_solution(out, &label, "", || film)?;
        }
    }
    Ok(printing.finish())
}

/// The census of `pieces` with its first [`SHOWN`] hardest layouts: the sweep's census
/// ([`super::flat::hardest_census`]) for blocks of the sweep's shapes in a box it takes,
/// else, or when that is over `budget`, [`Pieces::census`] (whose figures and layouts are
/// the same, and whose error is the one reported).
pub fn census(pieces: &Pieces, budget: MemoryBudget) -> Result<Census, Limit> {
    match super::flat::hardest_census(pieces, SHOWN, budget) {
        Some(Ok(census)) => Ok(census),
        _ => pieces.census(SHOWN, budget),
    }
}
