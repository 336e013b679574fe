//! The one loop every puzzle binary runs: read a case, solve it, write its answer line, and
//! what `--path`, `--show` and `--html` ask for, case after case.
//!
//! Answers are written case by case: a bad case stops the run after the answers before it
//! ([`Stop::BadInput`]), and so does a case that reaches a limit ([`Stop::Limit`], its
//! message prefixed with `case N: `), unless `--keep-going` is given: then the case gets a
//! line saying which limit it reached in place of its answer ([`Limit::given_up_line`]),
//! the run goes on, and it ends with exit code 1 after the last case.

use std::io::Write;

use crate::budget::Ledger;
use crate::cli::{Printing, RunResult, Settings, Stop};
use crate::film::FilmPlan;
use crate::puzzle::{Binary, Limit, Solve};

/// The cases given up under `--keep-going`: how many, and the first one's message.
#[derive(Default)]
struct GivenUp {
    count: usize,
    first: Option<String>,
}

impl GivenUp {
    /// Records case `number`, given up for `why`.
    fn add(&mut self, number: usize, why: &dyn std::fmt::Display) {
        self.count += 1;
        self.first
            .get_or_insert_with(|| format!("case {number}: {why}"));
    }

    /// How the run ends: a limit naming the first case given up, if any was.
    fn end(self) -> Result<(), Stop> {
        match (self.count, self.first) {
            (0, _) | (_, None) => Ok(()),
            (1, Some(first)) => Err(Stop::Limit(format!("{first} (--keep-going)"))),
            (n, Some(first)) => Err(Stop::Limit(format!(
                "{first} (--keep-going: {n} cases given up)"
            ))),
        }
    }
}

/// Answers every case of `input` in order, each before the next one is read, then finishes
/// the printing (the `--html` page).
///
/// **Memory.** The process has one budget, `settings.budget` (`--max-memory`). The
/// process's own ledger holds what lives across cases: the input, and the `--html` page
/// as it grows. Each case's solver gets the budget less those ([`Solve::set_budget`]);
/// its film gets that less the moves found and what the solver keeps
/// ([`Solve::held_bytes`]); the page's next entry gets that less the film. A case
/// that does not fit stops the run with exit 1 and `case N: ...`, or with `--keep-going`
/// gets its `? over` line (the page, as before, leaves the case out and stops the run at the
/// end).
pub fn answer_cases<P: Binary>(
    options: &P::Options,
    settings: Settings,
    input: &[u8],
    out: &mut dyn Write,
) -> RunResult {
    let mut process = Ledger::new(settings.budget);
    if let Err(over) = process.allocate("the input", input.len() as u64) {
        return Ok(Err(Stop::Limit(over.to_string())));
    }
    let mut printing = Printing::new(settings.output, settings.budget);
    let keep_going = printing.output.keep_going;
    let mut given_up = GivenUp::default();
    let cases = match P::cases(input, options, process.remainder()) {
        Ok(cases) => cases,
        Err(stop) => return Ok(Err(stop)),
    };
    let mut solver = match P::solver(options, &cases, process.remainder()) {
        Ok(solver) => solver,
        // The solver serves every case: the first one is given up.
        Err(e) => return Ok(Err(Stop::Limit(format!("case 1: {e}")))),
    };
    for (number, case) in (1..).zip(cases) {
        let case = match case {
            Ok(case) => case,
            Err(e) => return Ok(Err(Stop::BadInput(e.to_string()))),
        };
        let budget = process.remainder().without(printing.page_bytes());
        solver.set_budget(budget);
        let solution = match P::solve(&mut solver, &case, printing.wants_moves()) {
            Ok(solution) => solution,
            Err(e) if keep_going => {
                writeln!(out, "{}", e.given_up_line())?;
                given_up.add(number, &e);
                continue;
            }
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
        if !printing.wants_moves() {
            continue;
        }
        let label = format!("case {number}");
        match solution.moves {
            Some(moves) => {
                let path = P::path_line(&moves);
                let moves_bytes =
                    (moves.capacity() * std::mem::size_of::<P::Move>() + path.capacity()) as u64;
                let rest = process
                    .remainder()
                    .without(moves_bytes.saturating_add(solver.held_bytes()));
                let film = match printing.output.wants_film() {
                    false => None,
                    true => {
                        let plan = FilmPlan {
                            moves: moves.len(),
                            ends: printing.film_ends(),
                            budget: rest.without(printing.page_bytes()),
                        };
                        Some(P::film(&case, &moves, plan).map_err(|e| e.to_string()))
                    }
                };
                let made = film.as_ref().and_then(|f| f.as_ref().ok());
                if let Some(over) = made.and_then(|f| f.refused.as_ref()) {
                    if printing.output.path {
                        writeln!(out, "{path}")?;
                    }
                    if keep_going {
                        let limit = Limit::<crate::puzzle::NoOtherLimit>::Memory(over.clone());
                        writeln!(out, "{}", limit.given_up_line())?;
                        given_up.add(number, over);
                        continue;
                    }
                    return Ok(Err(Stop::Limit(format!("case {number}: {over}"))));
                }
                let film_bytes = made.map_or(0, |f| f.held_bytes());
                printing.set_page_budget(rest.without(film_bytes));
                let film = || film.unwrap_or_else(|| Err("no film".to_string()));
                printing.write_solution(out, &label, &path, film)?;
            }
            None => printing.no_solution(&label, &answer),
        }
    }
    // The last case's tables are left to the system at exit, not unmapped one by one: the
    // binary ends right after this loop.
    std::mem::forget(solver);
    Ok(printing.finish().and_then(|()| given_up.end()))
}
