//! The project's task runner: `cargo xtask <task>` (see `cargo xtask --help`).
//!
//! Each task is a module with one `run` function that takes its arguments parsed by the
//! parser the puzzle binaries use ([`puzzle_frame::cli::parse_args`]); the options each task
//! accepts are listed in [`TASKS`].

mod bench;
mod browser;
mod crates;
mod demo;
mod judge;
mod measure;
mod new;
mod regen;
mod scaffold;
mod snapshots;
mod stress;
mod tamper;
mod verify;
mod workspace;

use std::ffi::OsString;
use std::process::ExitCode;

use puzzle_frame::cli::{parse_args, Args, Opt, HELP, VERSION};

const USAGE: &str = "\
usage: cargo xtask <task> [args]

tasks:
  verify                 fmt, clippy, cargo doc (warnings as errors), every test and doctest,
                         every snapshot checked by verify itself (the binary run on each case,
                         compared byte for byte with the snapshot as read before any cargo
                         command), every example run, the crate `new` writes (in a copy),
                         and the --html pages in headless Chromium (what CI runs; without
                         Chromium, SKIPPED outside CI=true)
  regen [CRATE...]       rewrite snapshots (and delete orphans) for review with `git diff`
  judge <CRATE|all> <DIR>
                         run every X.in under DIR that has X.ans or X.out beside it through
                         the crate's release binary and compare (with `all`, DIR holds one
                         folder per crate)
  demo [--html]          solve each puzzle's sample and show the solution step by step;
                         with --html, write each sample's page under target/demo/
  stress <CRATE> [--cases N] [--seed S] [--max-size K]
                         random instances, solver against brute force in process; the first
                         failure is shrunk and saved as a snapshot case
  bench [CRATE [FILE...]] [--args 'ARGS[; ARGS...]'] [--files-only] [--vs 'COMMAND']
        [--vs-ignore WORD] [--runs N] [--timeout SECONDS]
                         time the release binary on generated worst cases (median, min-max,
                         peak memory), side by side with another program with --vs; each
                         FILE (real data) is one more row of the table, once per --args
                         group (our arguments for it); a --vs COMMAND with the word {args}
                         gets those arguments too
  new <NAME>             a new puzzle crate NAME/ written from the template puzzle (walk),
                         wired into the workspace, xtask, README.md and ARCHITECTURE.md;
                         a bad or taken NAME changes nothing
";

/// A task: its name, the options it accepts, and what runs it.
struct Task {
    name: &'static str,
    /// The options it accepts (`--help` is always accepted).
    options: &'static [Opt],
    run: fn(&Args) -> Result<(), Failure>,
}

/// Every task.
const TASKS: &[Task] = &[
    Task {
        name: "verify",
        options: &[],
        run: verify::run,
    },
    Task {
        name: "regen",
        options: &[],
        run: regen::run,
    },
    Task {
        name: "judge",
        options: &[],
        run: judge::run,
    },
    Task {
        name: "demo",
        options: demo::OPTIONS,
        run: demo::run,
    },
    Task {
        name: "stress",
        options: stress::OPTIONS,
        run: stress::run,
    },
    Task {
        name: "bench",
        options: bench::OPTIONS,
        run: bench::run,
    },
    Task {
        name: "new",
        options: &[],
        run: new::run,
    },
];

fn main() -> ExitCode {
    match run(std::env::args_os().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("error: {msg}\n\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Failed(msg)) => {
            eprintln!("\n{msg}");
            ExitCode::from(1)
        }
    }
}

fn run(args: Vec<OsString>) -> Result<(), Failure> {
    let mut args = args.into_iter();
    let task = match args.next().map(OsString::into_string) {
        None => None,
        Some(Ok(task)) => Some(task),
        Some(Err(raw)) => return Err(not_utf8(&raw)),
    };
    match task.as_deref() {
        None | Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            Ok(())
        }
        Some("__measure") => measure::measure_task(&utf8(args)?).map_err(Failure::Failed),
        Some("__bench-inputs") => bench::write_every_input(&utf8(args)?).map_err(Failure::Failed),
        Some(name) => {
            let task = TASKS
                .iter()
                .find(|t| t.name == name)
                .ok_or_else(|| Failure::Usage(format!("unknown task '{name}'")))?;
            let parsed = parse_args(args, task.options)
                .map_err(|e| Failure::Usage(format!("{}: {e}", task.name)))?;
            if parsed.flag(&HELP) {
                print!("{USAGE}");
                return Ok(());
            }
            if parsed.flag(&VERSION) {
                return Err(Failure::Usage(format!(
                    "{}: unknown option '--version'",
                    task.name
                )));
            }
            (task.run)(&parsed)
        }
    }
}

/// The arguments of a hidden task (`__measure`, `__bench-inputs`), which the tests pass.
fn utf8(args: impl Iterator<Item = OsString>) -> Result<Vec<String>, Failure> {
    args.map(|a| a.into_string().map_err(|raw| not_utf8(&raw)))
        .collect()
}

fn not_utf8(raw: &std::ffi::OsStr) -> Failure {
    Failure::Usage(format!(
        "argument '{}' is not valid UTF-8",
        raw.to_string_lossy().escape_debug()
    ))
}

/// Why a task did not succeed.
#[derive(Debug)]
pub enum Failure {
    /// The task was called wrongly (exit 2).
    Usage(String),
    /// The task ran and found a problem, or could not run (exit 1).
    Failed(String),
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure::Failed(format!("i/o error: {e}"))
    }
}

/// The positional arguments of a task that takes at most `max` of them.
pub fn positionals<'a>(task: &str, args: &'a Args, max: usize) -> Result<&'a [String], Failure> {
    match args.positionals.get(max) {
        None => Ok(&args.positionals),
        Some(extra) => Err(Failure::Usage(format!(
            "{task}: unexpected argument '{extra}'"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage_error(args: Vec<OsString>) -> String {
        match run(args) {
            Err(Failure::Usage(message)) => message,
            other => panic!("expected a usage error, got {other:?}"),
        }
    }

    #[test]
    #[cfg(unix)]
    fn a_non_utf8_argument_is_a_usage_error() {
        use std::os::unix::ffi::OsStringExt;
        let bad = || OsString::from_vec(vec![b'x', 0xff]);
        let message = "argument 'x\u{fffd}' is not valid UTF-8";
        assert_eq!(usage_error(vec![bad()]), message);
        assert_eq!(
            usage_error(vec!["stress".into(), bad()]),
            format!("stress: {message}")
        );
        assert_eq!(
            usage_error(vec!["__measure".into(), "1".into(), bad()]),
            message
        );
    }

    #[test]
    fn options_are_checked_per_task() {
        assert_eq!(
            usage_error(vec!["verify".into(), "--cases".into(), "3".into()]),
            "verify: unknown option '--cases'"
        );
        assert_eq!(
            usage_error(vec!["stress".into(), "--cases".into()]),
            "stress: --cases needs a value"
        );
        assert_eq!(
            usage_error(vec!["verify".into(), "extra".into()]),
            "verify: unexpected argument 'extra'"
        );
        assert_eq!(usage_error(vec!["nope".into()]), "unknown task 'nope'");
    }
}
