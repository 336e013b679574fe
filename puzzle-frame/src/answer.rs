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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::MemoryBudget;
    use crate::cli::{path_option, Output, Program};
    use crate::film::{Film, FilmBuilder, FilmPlan};
    use crate::input::{CaseReader, Cases, InputError, Reader};
    use crate::puzzle::{Formatting, NoOtherLimit, Puzzle, Reading, Rendering, Solving};
    use grid_common::Grid;

    /// A toy puzzle: a case is a number n on a line, solved in n moves when n is even;
    /// 99 is over the memory budget; a word is bad input.
    struct Halver;

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
        type Options = ();
    }

    fn number(reader: &mut Reader<'_>, _: &()) -> Result<Option<usize>, InputError> {
        reader.skip_blank_lines();
        if reader.at_end() {
            return Ok(None);
        }
        reader.number("a number").map(Some)
    }

    impl Reading for Halver {
        type Cases<'a> = Cases<'a, usize>;
        fn cases<'a>(input: &'a [u8], _: &(), _: MemoryBudget) -> Result<Self::Cases<'a>, Stop> {
            Ok(Cases::new(input, number as CaseReader<usize>, ()))
        }
    }

    struct Halving;

    impl Solving for Halver {
        type Solver = Halving;
        fn solver(
            _: &(),
            _: &Self::Cases<'_>,
            _: MemoryBudget,
        ) -> Result<Halving, Limit<NoOtherLimit>> {
            Ok(Halving)
        }
    }

    impl Solve for Halving {
        type Case = usize;
        type Move = char;
        type OtherLimit = NoOtherLimit;
        fn set_budget(&mut self, _: MemoryBudget) {}
        fn moves(&mut self, case: &usize) -> Result<Option<Vec<char>>, Limit<NoOtherLimit>> {
            match *case {
                99 => Err(Limit::Memory(
                    MemoryBudget::new(1).check("it", 2).unwrap_err(),
                )),
                n if n % 2 == 0 => Ok(Some(vec!['R'; n])),
                _ => Ok(None),
            }
        }
    }

    impl Formatting for Halver {
        fn answer_line(number: usize, answer: Option<usize>) -> String {
            match answer {
                Some(n) => format!("#{number}: {n}"),
                None => format!("#{number}: -1"),
            }
        }
        fn path_line(moves: &[char]) -> String {
            moves.iter().collect()
        }
    }

    impl Rendering for Halver {
        type ReplayError = String;
        fn film(_: &usize, moves: &[char], plan: FilmPlan) -> Result<Film, String> {
            let mut film = FilmBuilder::planned(Grid::new(1, 1, '.'), plan);
            for m in moves {
                film.step(m.to_string());
            }
            Ok(film.finish())
        }
    }

    impl Binary for Halver {}

    fn run(input: &str, output: Output) -> (RunResult, String) {
        let mut out = Vec::new();
        let settings = Settings {
            output,
            ..Settings::default()
        };
        let result = answer_cases::<Halver>(&(), settings, input.as_bytes(), &mut out);
        (result, String::from_utf8(out).unwrap())
    }

    #[test]
    fn answers_paths_and_stops_in_order() {
        let (result, out) = run("2\n3\nx\n4\n", Output::default());
        assert_eq!(out, "#1: 2\n#2: -1\n");
        assert!(matches!(result.unwrap(), Err(Stop::BadInput(m)) if m.contains("line 3")));
        let path = Output {
            path: true,
            ..Output::default()
        };
        let (result, out) = run("2\n1\n99\n4\n", path.clone());
        assert_eq!(out, "#1: 2\nRR\n#2: -1\n");
        assert!(
            matches!(result.unwrap(), Err(Stop::Limit(m)) if m.starts_with("case 3: it would need"))
        );
        // --keep-going: the case over the limit gets its line, the run goes on, and ends
        // with the limit.
        let keep_going = Output {
            keep_going: true,
            ..path
        };
        let (result, out) = run("2\n99\n4\n99\n", keep_going);
        assert_eq!(
            out,
            "#1: 2\nRR\n? over --max-memory 1 B\n#3: 4\nRRRR\n? over --max-memory 1 B\n"
        );
        let stop = result.unwrap().unwrap_err();
        assert!(
            matches!(&stop, Stop::Limit(m) if m.starts_with("case 2: it would need") && m.ends_with("(--keep-going: 2 cases given up)")),
            "{stop:?}"
        );
    }
}
