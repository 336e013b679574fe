//! `cargo xtask verify`: formatting, lints, and every test with snapshots in check mode.
//!
//! verify runs a list of named stages; each gives its problems (with what to run locally),
//! or says why it was skipped, and is one row of the final table. A new stage is one more
//! [`Report::stage`] call whose closure returns its problems (`Vec<String>`) or a
//! [`Stage`].

use std::path::{Path, PathBuf};

use puzzle_frame::cli::Args;

use crate::snapshots::{self, Mode, TestRun};
use crate::tamper::{self, Tree};
use crate::workspace::{cargo, members, project_root, relative, target_dir};
use crate::{positionals, Failure};

/// Runs every stage, then prints a table of the stages and what to run locally for each
/// failure.
pub fn run(args: &Args) -> Result<(), Failure> {
    positionals("verify", args, 0)?;
    let root = project_root();
    let mut report = Report::default();
    report.stage("cargo fmt --check", || {
        let fmt = cargo(&root)
            .args(["fmt", "--all", "--", "--check"])
            .status()?;
        Ok(problem_unless(
            fmt.success(),
            "formatting differs: run `cargo fmt --all`",
        ))
    })?;
    report.stage(
        "cargo clippy --workspace --all-targets -- -D warnings",
        || {
            let clippy = cargo(&root)
                .args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"])
                .status()?;
            Ok(problem_unless(
                clippy.success(),
                "clippy warnings: run `cargo clippy --workspace --all-targets -- -D warnings` and fix them",
            ))
        },
    )?;
    report.stage("tests, snapshots in check mode", || {
        let outcome = check_snapshots(&root, &target_dir(&root), false)?;
        print_table(&outcome.run);
        Ok(outcome.problems)
    })?;
    report.stage("--html pages in headless Chromium", || {
        let browser = crate::browser::run(&root).map_err(Failure::Failed)?;
        for line in &browser.messages {
            println!("{line}");
        }
        println!(
            "browser: {} checks passed, {} failed",
            browser.passed, browser.failed
        );
        if let Some(why) = browser.skipped {
            return Ok(Stage::Skipped(why));
        }
        Ok(Stage::Checked(
            (browser.failed > 0)
                .then(|| {
                    format!(
                        "{} browser check(s) failed: run `cargo xtask verify` and read the lines above",
                        browser.failed
                    )
                })
                .into_iter()
                .collect(),
        ))
    })?;
    report.finish()
}

/// How a stage ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// It ran; its problems (none: it passed).
    Checked(Vec<String>),
    /// It could not run here (a tool is missing): why. Shown loudly in the table; a stage
    /// that must run (under `CI=true`, say) reports a problem instead.
    Skipped(String),
}

impl From<Vec<String>> for Stage {
    fn from(problems: Vec<String>) -> Stage {
        Stage::Checked(problems)
    }
}

/// The stages run so far: one row each, and every problem found.
#[derive(Default)]
struct Report {
    rows: Vec<(String, String)>,
    passed: usize,
    failed: usize,
    skipped: usize,
    problems: Vec<String>,
}

impl Report {
    /// Runs one stage, named as the final table shows it; `check` returns its problems
    /// (none: the stage passed) or a [`Stage`]. An `Err` stops verify (the stage could not
    /// run at all).
    fn stage<S: Into<Stage>>(
        &mut self,
        name: &str,
        check: impl FnOnce() -> Result<S, Failure>,
    ) -> Result<(), Failure> {
        println!("\n==> {name}");
        let result = match check()?.into() {
            Stage::Checked(problems) if problems.is_empty() => {
                self.passed += 1;
                "ok".to_string()
            }
            Stage::Checked(problems) => {
                self.failed += 1;
                let result = format!("FAILED ({} problem(s))", problems.len());
                self.problems.extend(problems);
                result
            }
            Stage::Skipped(why) => {
                self.skipped += 1;
                println!("SKIPPED: {why}");
                format!("SKIPPED: {why}")
            }
        };
        self.rows.push((name.to_string(), result));
        Ok(())
    }

    /// Prints the table of stages; the error lists every problem.
    fn finish(self) -> Result<(), Failure> {
        let width = self.rows.iter().map(|(n, _)| n.len()).max().unwrap_or(5);
        println!("\n{:<width$}  result", "stage");
        for (name, result) in &self.rows {
            println!("{name:<width$}  {result}");
        }
        let skipped = match self.skipped {
            0 => String::new(),
            n => format!(", {n} SKIPPED"),
        };
        println!(
            "\nverify: {} passed, {} failed{skipped}",
            self.passed, self.failed
        );
        if self.problems.is_empty() {
            return Ok(());
        }
        Err(Failure::Failed(format!(
            "verify failed:\n{}",
            self.problems
                .iter()
                .map(|p| format!("  - {p}"))
                .collect::<Vec<_>>()
                .join("\n")
        )))
    }
}

fn problem_unless(passed: bool, problem: &str) -> Vec<String> {
    match passed {
        true => Vec::new(),
        false => vec![problem.to_string()],
    }
}

/// What the snapshot check found.
pub struct SnapshotCheck {
    /// The test run.
    pub run: TestRun,
    /// Each problem, with what to run locally.
    pub problems: Vec<String>,
}

/// Refuses settings that could change insta's verdict, runs every member's tests with
/// snapshots in check mode, checks that the run wrote no snapshot or case file, and looks
/// for pending and orphaned snapshots. Used by `verify`, and by the honesty tests on a
/// scratch workspace.
pub fn check_snapshots(root: &Path, target: &Path, quiet: bool) -> Result<SnapshotCheck, Failure> {
    let members = members(root).map_err(Failure::Failed)?;
    let mut problems = tamper::settings_problems(root, &members);
    let pending = snapshots::pending_files(root);
    if !pending.is_empty() {
        problems.push(format!(
            "snapshots awaiting review (never accepted): {}\n    run `cargo xtask regen` and review with `git diff`, or delete them",
            list(&pending, root)
        ));
    }
    let before = Tree::read(&members);
    let run = snapshots::run_tests(root, target, &members, Mode::Check, quiet)
        .map_err(Failure::Failed)?;
    let after = Tree::read(&members);
    let written = after.changes_since(&before, root);
    if !written.is_empty() {
        let restored = match before.restore(&after) {
            Ok(()) => "verify put them back as they were".to_string(),
            Err(e) => format!("putting them back failed ({e}): see `git status`"),
        };
        problems.push(format!(
            "the test run wrote to snapshot or case files, which check mode never does: {}; {restored}",
            written.join(", ")
        ));
    }
    for c in run.crates.iter().filter(|c| !c.passed) {
        problems.push(format!(
            "tests of {} failed (a differing or missing snapshot fails too): run `cargo test -p {}`; if a snapshot change is intended, `cargo xtask regen {}` and review with `git diff`",
            c.name, c.name, c.name
        ));
    }
    if run.all_passed() {
        let orphans = snapshots::orphans(root, &run);
        if !orphans.is_empty() {
            problems.push(format!(
                "orphaned snapshots (no test uses them): {}\n    run `cargo xtask regen` to delete them",
                list(&orphans, root)
            ));
        }
    } else {
        problems.push("orphan check skipped: it needs a green test run".into());
    }
    Ok(SnapshotCheck { run, problems })
}

fn list(paths: &[PathBuf], root: &Path) -> String {
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    paths
        .iter()
        .map(|p| relative(p, &root))
        .collect::<Vec<_>>()
        .join(", ")
}

fn print_table(run: &TestRun) {
    let width = run
        .crates
        .iter()
        .map(|c| c.name.len())
        .max()
        .unwrap_or(5)
        .max(5);
    println!("\n{:<width$}  {:>9}  result", "crate", "snapshots");
    for c in &run.crates {
        let result = if c.passed { "ok" } else { "FAILED" };
        println!("{:<width$}  {:>9}  {result}", c.name, c.snapshots);
    }
}

#[cfg(test)]
mod honesty;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stage_is_a_row_and_a_problem_fails_verify() {
        let mut report = Report::default();
        report.stage("clean", || Ok(Vec::new())).unwrap();
        report
            .stage("broken", || Ok(vec!["it broke: run `fix`".to_string()]))
            .unwrap();
        report
            .stage("browser", || Ok(Stage::Skipped("no Chromium".into())))
            .unwrap();
        let rows: Vec<(&str, &str)> = report
            .rows
            .iter()
            .map(|(n, r)| (n.as_str(), r.as_str()))
            .collect();
        assert_eq!(
            rows,
            [
                ("clean", "ok"),
                ("broken", "FAILED (1 problem(s))"),
                ("browser", "SKIPPED: no Chromium")
            ]
        );
        assert_eq!((report.passed, report.failed, report.skipped), (1, 1, 1));
        let Err(Failure::Failed(message)) = report.finish() else {
            panic!("a problem must fail verify");
        };
        assert_eq!(message, "verify failed:\n  - it broke: run `fix`");
        let mut report = Report::default();
        report
            .stage("browser", || Ok(Stage::Skipped("no Chromium".into())))
            .unwrap();
        assert!(report.finish().is_ok(), "a skip alone does not fail verify");
    }
}
