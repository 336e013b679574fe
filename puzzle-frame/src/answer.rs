//! The one loop every puzzle binary runs: read a case, solve it, write its answer line, and
//! what `--path`, `--show` and `--html` ask for, case after case.
//!
//! Answers are written case by case: a bad case stops the run after the answers before it
//! ([`Stop::BadInput`]), and so does a case that reaches a limit ([`Stop::Limit`], its
//! message prefixed with `case N: `).

use std::io::Write;

use crate::cli::{Printing, RunResult, Stop};
use crate::puzzle::Puzzle;

/// Answers every case of `input` in order, each before the next one is read, then finishes
/// the printing (the `--html` page).
pub fn answer_cases<P: Puzzle>(
    options: &P::Options,
    mut printing: Printing,
    input: &[u8],
    out: &mut dyn Write,
) -> RunResult {
    let cases = match P::cases(input, options) {
        Ok(cases) => cases,
        Err(stop) => return Ok(Err(stop)),
    };
    let mut solver = match P::solver(options, &cases) {
        Ok(solver) => solver,
        // The solver serves every case: the first one is given up.
        Err(e) => return Ok(Err(Stop::Limit(format!("case 1: {e}")))),
    };
    for (number, case) in (1..).zip(cases) {
        let case = match case {
            Ok(case) => case,
            Err(e) => return Ok(Err(Stop::BadInput(e.to_string()))),
        };
        let solution = match P::solve(&mut solver, &case, printing.wants_moves()) {
            Ok(solution) => solution,
            Err(e) => return Ok(Err(Stop::Limit(format!("case {number}: {e}")))),
        };
        let answer = P::answer_line(number, solution.count);
        writeln!(out, "{answer}")?;
        if P::ANSWER_HOLDS_MOVES {
            if let Some(moves) = solution.moves.as_deref().filter(|m| !m.is_empty()) {
                writeln!(out, "{}", P::path_line(moves))?;
            }
        }
        for note in &solution.notes {
            writeln!(out, "{note}")?;
        }
        let label = format!("case {number}");
        match solution.moves {
            Some(moves) if printing.wants_moves() => {
                let film = || P::film(&case, &moves).map_err(|e| e.to_string());
                printing.write_solution(out, &label, &P::path_line(&moves), film)?;
            }
            Some(_) => {}
            None => printing.no_solution(&label, &answer),
        }
    }
    Ok(printing.finish())
}
