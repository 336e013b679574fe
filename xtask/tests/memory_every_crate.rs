//! A memory test for every puzzle crate, whatever its code looks like: each crate's bench
//! inputs (its `Testkit::bench_inputs`, through xtask's crate list: `xtask __bench-inputs`)
//! run in its release binary from a fresh process (`xtask __measure`) under a
//! `--max-memory` of the input's bytes plus [`SOLVER_KIB`], far below what its largest
//! inputs need. Each run must stop with exit code 1 and the budget's message (or answer,
//! for an input that needs less), and hold at most [`allowed_kib`] at its peak: the budget
//! plus `common::SLACK_KIB`, plus one case as read; and every crate must have inputs that
//! stop. A solver that allocates a table without charging the ledger first holds it before
//! the budget can stop the run, and its peak gives it away.
//!
//! The case as read is not charged today: a case reader can only fail with an
//! `InputError` (exit 2), not stop at the budget, so a process may hold one case, at most
//! as large as its input, beside the budget (bloxorz's open 4000 x 4000 board under its
//! input's bytes plus 1 MiB: 33 MiB at its peak, the input and the board as read). When
//! readers can stop at the budget, [`allowed_kib`] drops that allowance.

use std::path::{Path, PathBuf};
use std::process::Command;

// Each test file uses a part of it.
#[allow(dead_code)]
mod common;

use common::{measure, Run, SLACK_KIB};

/// What the solver may hold beside the input: 1 MiB.
const SOLVER_KIB: u64 = 1 << 10;

/// One bench input, as `xtask __bench-inputs` wrote it.
struct Input {
    /// `CRATE/NAME`.
    name: String,
    /// The binary's arguments.
    args: Vec<String>,
    /// The input file.
    path: PathBuf,
    /// Its size in bytes.
    bytes: u64,
}

/// The bench inputs of every crate of xtask's list, written under `dir`: by crate.
fn bench_inputs(dir: &Path) -> Vec<(String, Vec<Input>)> {
    let written = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("__bench-inputs")
        .arg(dir)
        .status()
        .is_ok_and(|s| s.success());
    assert!(written, "xtask __bench-inputs {} failed", dir.display());
    let mut crates: Vec<(String, Vec<Input>)> = std::fs::read_dir(dir)
        .expect("the bench inputs' folder")
        .flatten()
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            (name.clone(), inputs_in(&entry.path(), &name))
        })
        .collect();
    crates.sort_by(|a, b| a.0.cmp(&b.0));
    crates
}

/// The inputs `NAME.in` (with `NAME.args`) of one crate's folder, sorted by name.
fn inputs_in(folder: &Path, crate_name: &str) -> Vec<Input> {
    let mut inputs: Vec<Input> = std::fs::read_dir(folder)
        .expect("a crate's bench inputs")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .map(|path| {
            let stem = path
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned());
            let args = std::fs::read_to_string(path.with_extension("args")).unwrap_or_default();
            Input {
                name: format!("{crate_name}/{stem}"),
                args: args.lines().map(str::to_string).collect(),
                bytes: std::fs::metadata(&path).map_or(0, |m| m.len()),
                path,
            }
        })
        .collect();
    inputs.sort_by(|a, b| a.name.cmp(&b.name));
    inputs
}

/// How one input ended under its budget.
#[derive(PartialEq, Eq)]
enum Ended {
    /// Exit code 1, the budget named: what the test wants of the largest inputs.
    Stopped,
    /// Answered within the budget (an input that needs less than it).
    Answered,
}

/// The most a run of `input` under `budget_kib` may hold at its peak: the budget, the
/// slack, and one case as read from the input, which is not charged (see the module docs).
fn allowed_kib(input: &Input, budget_kib: u64) -> u64 {
    budget_kib + SLACK_KIB + input.bytes.div_ceil(1024)
}

/// Runs `input` under a budget of its bytes plus [`SOLVER_KIB`]: how it ended, or what is
/// wrong with the run.
fn run_under_budget(binary: &Path, input: &Input) -> Result<Ended, String> {
    let budget = input.bytes + (SOLVER_KIB << 10);
    let budget_arg = budget.to_string();
    let mut args: Vec<&str> = input.args.iter().map(String::as_str).collect();
    args.extend(["--max-memory", &budget_arg]);
    let run: Run = measure(binary, &args, &input.path);
    let budget_kib = budget.div_ceil(1024);
    eprintln!(
        "{:<40} budget {budget_kib:>6} KiB  peak {:>6} KiB  {:>6} ms  {}",
        input.name, run.peak_kib, run.wall_ms, run.status
    );
    let said = |what: &str| {
        format!(
            "{what}; stderr: {}",
            &run.stderr[..run.stderr.len().min(300)]
        )
    };
    let allowed = allowed_kib(input, budget_kib);
    if run.peak_kib > allowed {
        return Err(said(&format!(
            "{}: peak {} KiB, over the {allowed} KiB allowed (the budget of {budget_kib} KiB, {SLACK_KIB} KiB, a case as read) ({})",
            input.name, run.peak_kib, run.status
        )));
    }
    match run.status.as_str() {
        "ok" => Ok(Ended::Answered),
        "exit code 1" if run.stderr.contains("over the memory budget of") => Ok(Ended::Stopped),
        other => Err(said(&format!(
            "{}: {other}, not exit code 1 naming the memory budget",
            input.name
        ))),
    }
}

#[test]
fn every_crate_stops_its_largest_inputs_at_the_budget() {
    let dir = std::env::temp_dir().join(format!("memory-every-crate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let crates = bench_inputs(&dir);
    let names: Vec<&str> = crates.iter().map(|(name, _)| name.as_str()).collect();
    assert!(names.len() >= 6, "the crates' bench inputs: {names:?}");
    let mut problems = Vec::new();
    for (name, inputs) in &crates {
        let binary = common::binary(name, &names);
        let mut stopped = 0;
        for input in inputs {
            match run_under_budget(&binary, input) {
                Ok(Ended::Stopped) => stopped += 1,
                Ok(Ended::Answered) => {}
                Err(problem) => problems.push(problem),
            }
        }
        if stopped == 0 {
            problems.push(format!(
                "{name}: none of its {} bench inputs needs more than {SOLVER_KIB} KiB beside its input: give it one that does",
                inputs.len()
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
