//! The project's task runner: `cargo xtask <task>` (see `cargo xtask --help`).
//!
//! Each task is a module with one `run` function; arguments are parsed by hand
//! to keep this crate quick to build.

mod bench;
mod demo;
mod judge;
mod kits;
mod measure;
mod regen;
mod snapshots;
mod stress;
mod verify;
mod workspace;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task> [args]

tasks:
  verify                 fmt, clippy and every test with snapshots in check mode (what CI runs)
  regen [CRATE...]       rewrite snapshots (and delete orphans) for review with `git diff`
  judge <CRATE|all> <DIR>
                         run every X.in under DIR that has X.ans or X.out beside it through
                         the crate's release binary and compare (with `all`, DIR holds one
                         folder per crate)
  demo                   solve each puzzle's sample and show the solution step by step
  stress <CRATE> [--cases N] [--seed S] [--max-size K]
                         random instances, solver against brute force in process; the first
                         failure is shrunk and saved as a snapshot case
  bench [CRATE] [--vs 'COMMAND'] [--runs N] [--input FILE]...
                         time the release binary on generated worst cases (median, min-max,
                         peak memory), side by side with another program with --vs; --input
                         adds a file of real data to the table
";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let task = args.next();
    let rest: Vec<String> = args.collect();
    let result = match task.as_deref() {
        None | Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some("verify") => no_args("verify", &rest).and_then(|()| verify::run()),
        Some("regen") => regen::run(&rest),
        Some("judge") => judge::run(&rest),
        Some("demo") => no_args("demo", &rest).and_then(|()| demo::run()),
        Some("stress") => stress::run(&rest),
        Some("bench") => bench::run(&rest),
        Some("__measure") => measure::measure_task(&rest).map_err(Failure::Failed),
        Some(other) => Err(Failure::Usage(format!("unknown task '{other}'"))),
    };
    match result {
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

fn no_args(task: &str, rest: &[String]) -> Result<(), Failure> {
    match rest.first() {
        None => Ok(()),
        Some(extra) => Err(Failure::Usage(format!(
            "{task} takes no argument, found '{extra}'"
        ))),
    }
}
