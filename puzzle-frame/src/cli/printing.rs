//! What a binary prints besides the answers: `--path`, `--show`, `--html`.

use std::io::{self, BufWriter, Write};

use super::{memory_budget, path_option, Args, Stop, HTML, SHOW, SHOW_ALL};
use crate::budget::MemoryBudget;
use crate::film::Film;
use crate::html::HtmlPage;
use crate::show::{self, ShowOptions, CAP_STEPS};

/// What a binary prints besides the answers: the moves (`--path`), the steps (`--show`,
/// `--show-all`), drawn by [`crate::show`] from each solution's [`Film`], and the page that
/// plays every solution (`--html FILE`, [`crate::html`]), written by [`Printing::finish`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Printing {
    /// `--path`: a line with the moves after each answer.
    pub path: bool,
    /// `--show` (or `--show-all`): the board at each step after each answer.
    pub show: bool,
    /// How `--show` draws (the terminal width, `--show-all`).
    pub show_options: ShowOptions,
    /// `--html FILE`: the file, and the page gathered case by case.
    pub html: Option<(String, HtmlPage)>,
    /// `--max-memory`: the one budget of the whole process (the input, the solver, the
    /// films and the page), which the answer loop shares out ([`crate::answer`]).
    pub budget: MemoryBudget,
}

impl Printing {
    /// The `--path`, `--show`, `--show-all` flags (`--show-all` implies `--show`) and
    /// `--html FILE`, the width from `COLUMNS`, and the `--max-memory` budget (the default
    /// when the value does not parse: the binary reports that itself).
    pub fn from_args(args: &Args) -> Printing {
        let all = args.flag(&SHOW_ALL);
        let budget = memory_budget(args).unwrap_or_default();
        Printing {
            path: args.flag(&path_option("")),
            show: args.flag(&SHOW) || all,
            show_options: ShowOptions::from_env(all),
            html: args
                .value(&HTML)
                .map(|file| (file.to_string(), HtmlPage::new(budget))),
            budget,
        }
    }

    /// True when each solution's film is drawn (`--show`) or gathered (`--html`).
    pub fn wants_film(&self) -> bool {
        self.show || self.html.is_some()
    }

    /// The steps a film must keep at each end (`--show` prints the first and last
    /// [`CAP_STEPS`]), `None` for every step (`--show-all`, or the `--html` page).
    pub fn film_ends(&self) -> Option<usize> {
        (!self.show_options.all && self.html.is_none()).then_some(CAP_STEPS)
    }

    /// The bytes the `--html` page holds so far.
    pub fn page_bytes(&self) -> u64 {
        self.html.as_ref().map_or(0, |(_, page)| page.bytes())
    }

    /// Holds the `--html` page to `budget` (the budget less what the process holds
    /// besides the page) from now on.
    pub fn set_page_budget(&mut self, budget: MemoryBudget) {
        if let Some((_, page)) = &mut self.html {
            page.set_budget(budget);
        }
    }

    /// True when the moves themselves are needed, not only their number.
    pub fn wants_moves(&self) -> bool {
        self.path || self.show || self.html.is_some()
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
        if self.path {
            writeln!(out, "{path}")?;
        }
        if !self.show && self.html.is_none() {
            return Ok(());
        }
        let film = film();
        if self.show {
            match &film {
                Ok(film) => show::write(out, film, &self.show_options)?,
                Err(e) => writeln!(out, "(cannot show the moves of {case}: {e})")?,
            }
        }
        if let Some((_, page)) = &mut self.html {
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
        if let Some((_, page)) = &mut self.html {
            page.add_note(case, &format!("no solution ({answer})"));
        }
    }

    /// Ends the run after the last case: writes what was gathered over all the cases, the
    /// `--html` page. Every binary calls it once, after its loop. A page that cannot be
    /// written, or that left a case out for the memory budget, stops the run with a limit
    /// (exit 1) after every answer.
    pub fn finish(&mut self) -> Result<(), Stop> {
        let Some((file, page)) = &self.html else {
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
