//! The command line read once into the settings every binary runs on (as ripgrep turns its
//! low-level arguments into high-level ones): nothing downstream reads a flag again.

use super::{path_option, Args, HTML, KEEP_GOING, MAX_MEMORY, SHOW, SHOW_ALL};
use crate::budget::MemoryBudget;
use crate::show::{ShowOptions, CAP_STEPS};

/// The shared options, read once from the command line: the input file, the memory
/// budget, and what is printed besides the answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The input file, `None` for standard input.
    pub file: Option<String>,
    /// `--max-memory`: the one budget of the whole process (the input, the solver, the
    /// films and the page), which the answer loop shares out ([`crate::answer`]).
    pub budget: MemoryBudget,
    /// What is printed besides the answers.
    pub output: Output,
    /// False when the puzzle's options read no input (klotski's `--sweep`).
    pub reads_input: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            file: None,
            budget: MemoryBudget::default(),
            output: Output::default(),
            reads_input: true,
        }
    }
}

/// What a binary prints besides the answers, and what it does past a limit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// `--path`: a line with the moves after each answer.
    pub path: bool,
    /// `--show` (or `--show-all`): the board at each step after each answer.
    pub show: bool,
    /// How `--show` draws (the terminal width, `--show-all`).
    pub show_options: ShowOptions,
    /// `--html FILE`: the page's file.
    pub html: Option<String>,
    /// `--keep-going`: a case over a limit gets a line saying which in place of its
    /// answer, and the run goes on.
    pub keep_going: bool,
}

impl Settings {
    /// The shared options of `args`: an error message for a bad value or argument.
    pub fn from_args(args: &Args) -> Result<Settings, String> {
        let all = args.flag(&SHOW_ALL);
        let budget = match args.value(&MAX_MEMORY) {
            None => MemoryBudget::default(),
            Some(text) => MemoryBudget::parse(text).map_err(|e| format!("{e} for --max-memory"))?,
        };
        Ok(Settings {
            file: args.input_file()?.map(str::to_string),
            budget,
            output: Output {
                path: args.flag(&path_option("")),
                show: args.flag(&SHOW) || all,
                show_options: ShowOptions::from_env(all),
                html: args.value(&HTML).map(str::to_string),
                keep_going: args.flag(&KEEP_GOING),
            },
            reads_input: true,
        })
    }
}

impl Output {
    /// True when each solution's film is drawn (`--show`) or gathered (`--html`).
    pub fn wants_film(&self) -> bool {
        self.show || self.html.is_some()
    }

    /// The steps a film must keep at each end (`--show` prints the first and last
    /// [`CAP_STEPS`]), `None` for every step (`--show-all`, or the `--html` page).
    pub fn film_ends(&self) -> Option<usize> {
        (!self.show_options.all && self.html.is_none()).then_some(CAP_STEPS)
    }

    /// True when the moves themselves are needed, not only their number.
    pub fn wants_moves(&self) -> bool {
        self.path || self.wants_film()
    }
}
