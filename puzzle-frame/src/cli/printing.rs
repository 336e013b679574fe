//! What a binary prints besides the answers: `--path`, `--show`, `--html`.

use std::io::{self, BufWriter, Write};

use super::{Output, Settings, Stop};
use crate::budget::MemoryBudget;
use crate::film::Film;
use crate::html::HtmlPage;
use crate::show;

/// The run's printing besides the answers: the flags ([`Output`]: the moves with `--path`,
/// the steps with `--show`, drawn by [`crate::show`] from each solution's [`Film`]) and the
/// page that plays every solution (`--html FILE`, [`crate::html`]), gathered case by case
/// and written by [`Printing::finish`].
#[derive(Clone, Debug)]
pub struct Printing {
    /// What to print (the flags).
    pub output: Output,
    /// The `--html` page gathered so far, held to its own budget.
    page: Option<HtmlPage>,
}

impl Printing {
    /// The printing `output` asks for, the page (if any) held to `budget` to begin with.
    pub fn new(output: Output, budget: MemoryBudget) -> Printing {
        let page = output.html.as_ref().map(|_| HtmlPage::new(budget));
        Printing { output, page }
    }

    /// The printing the shared options ask for, the page held to their budget.
    pub fn of(settings: &Settings) -> Printing {
        Printing::new(settings.output.clone(), settings.budget)
    }

    /// The bytes the `--html` page holds so far.
    pub fn page_bytes(&self) -> u64 {
        self.page.as_ref().map_or(0, HtmlPage::bytes)
    }

    /// Holds the `--html` page to `budget` (the budget less what the process holds
    /// besides the page) from now on.
    pub fn set_page_budget(&mut self, budget: MemoryBudget) {
        if let Some(page) = &mut self.page {
            page.set_budget(budget);
        }
    }

    /// True when the moves themselves are needed, not only their number.
    pub fn wants_moves(&self) -> bool {
        self.output.wants_moves()
    }

    /// The steps a film must keep at each end ([`Output::film_ends`]).
    pub fn film_ends(&self) -> Option<usize> {
        self.output.film_ends()
    }

    /// Writes what the flags ask for after a solved case's answer line: the `path` line
    /// (`--path`), then the steps (`--show`) of the film that `film` makes; with `--html`
    /// the film goes into the page. `case` names the case (`case 2`, `query 3`). A film that
    /// cannot be made (moves that do not replay) is reported in one line in place of the
    /// steps, and in the page.
    pub fn write_solution(
        &mut self,
        out: &mut dyn Write,
        case: &str,
        path: &str,
        film: impl FnOnce() -> Result<Film, String>,
    ) -> io::Result<()> {
        if self.output.path {
            writeln!(out, "{path}")?;
        }
        if !self.output.wants_film() {
            return Ok(());
        }
        let film = film();
        if self.output.show {
            match &film {
                Ok(film) => show::write(out, film, &self.output.show_options)?,
                Err(e) => writeln!(out, "(cannot show the moves of {case}: {e})")?,
            }
        }
        if let Some(page) = &mut self.page {
            match &film {
                Ok(film) => page.add_film(case, film),
                Err(e) => page.add_note(case, &format!("cannot show the moves: {e}")),
            }
        }
        Ok(())
    }

    /// Records a case without a solution for the `--html` page's picker, with its answer
    /// line (`-1`, `Impossible`); nothing is written to the output.
    pub fn no_solution(&mut self, case: &str, answer: &str) {
        if let Some(page) = &mut self.page {
            page.add_note(case, &format!("no solution ({answer})"));
        }
    }

    /// Ends the run after the last case: writes what was gathered over all the cases, the
    /// `--html` page. Every binary calls it once, after its loop. A page that cannot be
    /// written, or that left a case out for the memory budget, stops the run with a limit
    /// (exit 1) after every answer.
    pub fn finish(&mut self) -> Result<(), Stop> {
        let (Some(file), Some(page)) = (&self.output.html, &self.page) else {
            return Ok(());
        };
        let title = program_name();
        let written = std::fs::File::create(file).and_then(|f| {
            let mut w = BufWriter::new(f);
            page.write(&mut w, &title)?;
            w.flush()
        });
        if let Err(e) = written {
            return Err(Stop::Limit(format!(
                "cannot write the --html page '{file}': {e}"
            )));
        }
        match page.over_budget() {
            Some((case, over)) => Err(Stop::Limit(format!(
                "{case}: {over}; the page '{file}' was written without it"
            ))),
            None => Ok(()),
        }
    }
}

/// The running binary's file name, the page's title.
fn program_name() -> String {
    std::env::args_os()
        .next()
        .map(std::path::PathBuf::from)
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "solutions".to_string())
}
