//! The one loop every puzzle binary runs: read a case, solve it, write its answer line, and
//! what `--path`, `--show` and `--html` ask for, case after case.
//!
//! A puzzle supplies its cases (an iterator of `Result<Case, error>`), its solver (the
//! [`Solve`] trait, which forwards to the solver's own `count` and `moves`), and how it
//! writes ([`Writers`]). Answers are written case by case: a bad case stops the run after
//! the answers before it ([`Stop::BadInput`]), and so does a case that reaches a limit
//! ([`Stop::Limit`], its message prefixed with `case N: `).

use std::fmt::Display;
use std::io::Write;

use crate::cli::{Printing, RunResult, Stop};
use crate::film::Film;

/// A puzzle's solver, as the loop drives it.
pub trait Solve {
    /// One unit of the input that gets one answer.
    type Case;
    /// One move of a solution.
    type Move;
    /// Why a case was given up (a limit was reached).
    type Limit: Display;

    /// The fewest moves, or `None` when the goal cannot be reached.
    fn count(&mut self, case: &Self::Case) -> Result<Option<usize>, Self::Limit>;

    /// A shortest solution, or `None` when the goal cannot be reached.
    fn moves(&mut self, case: &Self::Case) -> Result<Option<Vec<Self::Move>>, Self::Limit>;
}

/// Draws a case's solution step by step; an error says why the moves do not replay.
pub type DrawFilm<'a, C, M> = &'a dyn Fn(&C, &[M]) -> Result<Film, String>;

/// How a puzzle writes a case: its answer line, its `--path` line and its film.
pub struct Writers<'a, C, M> {
    /// The judge's answer line for case `number` (1-based) and its fewest moves.
    pub answer_line: &'a dyn Fn(usize, Option<usize>) -> String,
    /// The moves as `--path` writes them.
    pub path_line: &'a dyn Fn(&[M]) -> String,
    /// The solution drawn step by step (`--show`, `--html`); an error says why the moves
    /// do not replay.
    pub film: DrawFilm<'a, C, M>,
}

/// Answers every case in order, each before the next one is read, then finishes the
/// printing (the `--html` page).
pub fn answer_cases<S: Solve, E: Display>(
    solver: &mut S,
    cases: impl IntoIterator<Item = Result<S::Case, E>>,
    writers: &Writers<'_, S::Case, S::Move>,
    printing: &mut Printing,
    out: &mut dyn Write,
) -> RunResult {
    for (number, case) in (1..).zip(cases) {
        let case = match case {
            Ok(case) => case,
            Err(e) => return Ok(Err(Stop::BadInput(e.to_string()))),
        };
        let given_up = |e: S::Limit| Ok(Err(Stop::Limit(format!("case {number}: {e}"))));
        if !printing.wants_moves() {
            match solver.count(&case) {
                Ok(answer) => writeln!(out, "{}", (writers.answer_line)(number, answer))?,
                Err(e) => return given_up(e),
            }
            continue;
        }
        let moves = match solver.moves(&case) {
            Ok(moves) => moves,
            Err(e) => return given_up(e),
        };
        let answer = (writers.answer_line)(number, moves.as_ref().map(Vec::len));
        writeln!(out, "{answer}")?;
        let label = format!("case {number}");
        match moves {
            Some(moves) => {
                let film = || (writers.film)(&case, &moves);
                printing.write_solution(out, &label, &(writers.path_line)(&moves), film)?;
            }
            None => printing.no_solution(&label, &answer),
        }
    }
    Ok(printing.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::film::FilmBuilder;
    use grid_common::Grid;

    /// A toy puzzle: a case is a number n, solved in n moves when n is even; 99 is over
    /// the limit.
    struct Halver;

    impl Solve for Halver {
        type Case = usize;
        type Move = char;
        type Limit = String;

        fn count(&mut self, case: &usize) -> Result<Option<usize>, String> {
            Ok(self.moves(case)?.map(|m| m.len()))
        }

        fn moves(&mut self, case: &usize) -> Result<Option<Vec<char>>, String> {
            match *case {
                99 => Err("too big".into()),
                n if n % 2 == 0 => Ok(Some(vec!['R'; n])),
                _ => Ok(None),
            }
        }
    }

    fn run(cases: Vec<Result<usize, &str>>, printing: &mut Printing) -> (RunResult, String) {
        let writers = Writers {
            answer_line: &|number, answer| match answer {
                Some(n) => format!("#{number}: {n}"),
                None => format!("#{number}: -1"),
            },
            path_line: &|moves: &[char]| moves.iter().collect(),
            film: &|_: &usize, moves: &[char]| {
                let mut film = FilmBuilder::new(Grid::new(1, 1, '.'));
                for m in moves {
                    film.step(m.to_string());
                }
                Ok(film.finish())
            },
        };
        let mut out = Vec::new();
        let result = answer_cases(&mut Halver, cases, &writers, printing, &mut out);
        (result, String::from_utf8(out).unwrap())
    }

    #[test]
    fn answers_paths_and_stops_in_order() {
        let mut plain = Printing::default();
        let (result, out) = run(vec![Ok(2), Ok(3), Err("line 3: bad"), Ok(4)], &mut plain);
        assert_eq!(out, "#1: 2\n#2: -1\n");
        assert_eq!(result.unwrap(), Err(Stop::BadInput("line 3: bad".into())));

        let mut path = Printing {
            path: true,
            ..Printing::default()
        };
        let (result, out) = run(vec![Ok(2), Ok(1), Ok(99), Ok(4)], &mut path);
        assert_eq!(out, "#1: 2\nRR\n#2: -1\n");
        assert_eq!(result.unwrap(), Err(Stop::Limit("case 3: too big".into())));
    }
}
