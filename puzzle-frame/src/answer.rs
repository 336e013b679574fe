//! The one loop every puzzle binary runs: read a case, solve it, write its answer line, and
//! what `--path`, `--show` and `--html` ask for, case after case.
//!
//! Answers are written case by case: a bad case stops the run after the answers before it
//! ([`Stop::BadInput`]), and so does a case that reaches a limit ([`Stop::Limit`], its
//! message prefixed with `case N: `).

use std::io::Write;

use crate::budget::Ledger;
use crate::cli::{Printing, RunResult, Stop};
use crate::film::FilmPlan;
use crate::puzzle::Puzzle;

/// Answers every case of `input` in order, each before the next one is read, then finishes
/// the printing (the `--html` page).
///
/// **Memory.** The process has one budget, `printing.budget` (`--max-memory`). The
/// process's own ledger holds what lives across cases: the input, and the `--html` page
/// as it grows. Each case's solver gets the budget less those ([`Puzzle::set_budget`]);
/// its film gets that less the moves found and what the solver keeps ([`Puzzle::held`]);
/// the page's next entry gets that less the film. A case that does not fit stops the run
/// with exit 1 and `case N: ...` (the page, as before, leaves the case out and stops the
/// run at the end).
pub fn answer_cases<P: Puzzle>(
    options: &P::Options,
    mut printing: Printing,
    input: &[u8],
    out: &mut dyn Write,
) -> RunResult {
    let mut process = Ledger::new(printing.budget);
    if let Err(over) = process.allocate("the input", input.len() as u64) {
        return Ok(Err(Stop::Limit(over.to_string())));
    }
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
        let budget = process.remainder().without(printing.page_bytes());
        P::set_budget(&mut solver, budget);
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
                    .without(moves_bytes.saturating_add(P::held(&solver)));
                let film = match printing.wants_film() {
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
                    if printing.path {
                        writeln!(out, "{path}")?;
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
    Ok(printing.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::MemoryBudget;
    use crate::cli::{path_option, Args, Program};
    use crate::film::{Film, FilmBuilder, FilmPlan};
    use crate::input::{InputError, Reader};
    use crate::puzzle::{Limit, NoOtherLimit};
    use grid_common::Grid;

    /// A toy puzzle: a case is a number n on a line, solved in n moves when n is even;
    /// 99 is over the memory budget; a word is bad input.
    struct Halver;

    /// Halver's cases, one number a line.
    struct Numbers<'a>(Reader<'a>, bool);

    impl Iterator for Numbers<'_> {
        type Item = Result<usize, InputError>;
        fn next(&mut self) -> Option<Self::Item> {
            self.0.skip_blank_lines();
            if self.1 || self.0.at_end() {
                return None;
            }
            let n = self.0.number::<usize>("a number");
            self.1 = n.is_err();
            Some(n)
        }
    }

    impl Puzzle for Halver {
        const PROGRAM: Program = Program {
            name: "halver",
            version: "0",
            about: "halves",
            format: "numbers\n",
            options: &[path_option("the moves")],
        };
        type Case = usize;
        type Move = char;
        type Cases<'a> = Numbers<'a>;
        type Options = ();
        type Solver = ();
        type OtherLimit = NoOtherLimit;
        type ReplayError = String;

        fn options(_: &Args, _: MemoryBudget) -> Result<(), String> {
            Ok(())
        }
        fn cases<'a>(input: &'a [u8], _: &()) -> Result<Numbers<'a>, Stop> {
            Ok(Numbers(Reader::new(input), false))
        }
        fn solver(_: &(), _: &Numbers<'_>) -> Result<(), Limit<NoOtherLimit>> {
            Ok(())
        }
        fn count(_: &mut (), case: &usize) -> Result<Option<usize>, Limit<NoOtherLimit>> {
            Ok(Self::moves(&mut (), case)?.map(|m| m.len()))
        }
        fn moves(_: &mut (), case: &usize) -> Result<Option<Vec<char>>, Limit<NoOtherLimit>> {
            match *case {
                99 => Err(Limit::Memory(
                    MemoryBudget::new(1).check("it", 2).unwrap_err(),
                )),
                n if n % 2 == 0 => Ok(Some(vec!['R'; n])),
                _ => Ok(None),
            }
        }
        fn reference_count(case: &usize) -> Option<usize> {
            (case % 2 == 0).then_some(*case)
        }
        fn replay(_: &usize, _: &[char]) -> Result<bool, String> {
            Ok(true)
        }
        fn answer_line(number: usize, answer: Option<usize>) -> String {
            match answer {
                Some(n) => format!("#{number}: {n}"),
                None => format!("#{number}: -1"),
            }
        }
        fn path_line(moves: &[char]) -> String {
            moves.iter().collect()
        }
        fn set_budget(_: &mut (), _: MemoryBudget) {}
        fn film(_: &usize, moves: &[char], plan: FilmPlan) -> Result<Film, String> {
            let mut film = FilmBuilder::planned(Grid::new(1, 1, '.'), plan);
            for m in moves {
                film.step(m.to_string());
            }
            Ok(film.finish())
        }
    }

    fn run(input: &str, printing: Printing) -> (RunResult, String) {
        let mut out = Vec::new();
        let result = answer_cases::<Halver>(&(), printing, input.as_bytes(), &mut out);
        (result, String::from_utf8(out).unwrap())
    }

    #[test]
    fn answers_paths_and_stops_in_order() {
        let (result, out) = run("2\n3\nx\n4\n", Printing::default());
        assert_eq!(out, "#1: 2\n#2: -1\n");
        assert!(matches!(result.unwrap(), Err(Stop::BadInput(m)) if m.contains("line 3")));
        let path = Printing {
            path: true,
            ..Printing::default()
        };
        let (result, out) = run("2\n1\n99\n4\n", path);
        assert_eq!(out, "#1: 2\nRR\n#2: -1\n");
        assert!(
            matches!(result.unwrap(), Err(Stop::Limit(m)) if m.starts_with("case 3: it would need"))
        );
    }
}
