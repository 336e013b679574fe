//! `cargo xtask verify`: formatting, lints, the docs (rustdoc's warnings as errors), every
//! test with the doctests, every snapshot checked by verify itself ([`transcripts`],
//! against the files read before any cargo command), every example run ([`examples`]), the
//! crate `cargo xtask new` writes, and the `--html` pages in a browser.
//!
//! verify runs a list of named stages; each gives its problems (with what to run locally),
//! or says why it was skipped, and is one row of the final table. A new stage is one more
//! [`Report::stage`] call whose closure returns its problems (`Vec<String>`) or a
//! [`Stage`].

use std::path::{Path, PathBuf};

use puzzle_frame::cli::Args;

use crate::snapshots::{self, Mode, TestRun};
use crate::tamper::{self, Tree};
use crate::workspace::{cargo, project_root, relative, target_dir};
use crate::{positionals, Failure};
use transcripts::{Compared, Expected};

/// Runs every stage, then prints a table of the stages and what to run locally for each
/// failure.
pub fn run(args: &Args) -> Result<(), Failure> {
    positionals("verify", args, 0)?;
    let root = project_root();
    // First, before any cargo command: the snapshot and case files verify judges by.
    let expected = Expected::capture(&root).map_err(Failure::Failed)?;
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
    report.stage(DOC_STAGE, || {
        let doc = cargo(&root)
            .args(["doc", "--workspace", "--no-deps"])
            .env("RUSTDOCFLAGS", "-D warnings")
            .env_remove("CARGO_ENCODED_RUSTDOCFLAGS")
            .status()?;
        Ok(problem_unless(
            doc.success(),
            &format!("rustdoc warnings: run `{DOC_STAGE}` and fix them"),
        ))
    })?;
    report.stage(
        "tests (doctests included); every snapshot checked by verify itself",
        || {
            let ci = std::env::var("CI").is_ok_and(|v| v == "true");
            let outcome = check_snapshots(&root, &target_dir(&root), &expected, false, ci)?;
            print_table(&outcome);
            for note in &outcome.notes {
                println!("NOTE: {note}");
            }
            Ok(outcome.problems)
        },
    )?;
    report.stage("examples: each member's examples/*.rs run", || {
        examples::check(&root, &target_dir(&root), &expected.members)
    })?;
    report.stage("scaffold: `cargo xtask new` writes a green crate", || {
        crate::scaffold::check(&root)
    })?;
    report.stage("--html pages in headless Chromium", || {
        // Whether a missing browser fails is decided by this process's `CI`, the caller's.
        let browser = match crate::browser::run(&root) {
            Ok(browser) => browser,
            Err(e) => return Ok(Stage::Checked(vec![e])),
        };
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

/// The documentation stage's command: rustdoc's warnings (a broken link, a link to a
/// private item from public docs) are errors.
const DOC_STAGE: &str = "RUSTDOCFLAGS=\"-D warnings\" cargo doc --workspace --no-deps";

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
    /// verify's own comparison, one entry per crate with snapshot cases.
    pub compared: Vec<Compared>,
    /// Each problem, with what to run locally.
    pub problems: Vec<String>,
    /// What verify wants the reader to know without failing (files judged as on disk,
    /// not as committed).
    pub notes: Vec<String>,
}

/// The snapshot check, against `expected` (read before any cargo command ran): refuses
/// settings that would make `cargo test` lie (insta settings files, cargo `[env]` entries
/// and runners, see [`tamper`]), runs every member's tests with insta in check mode, fails
/// when anything changed a snapshot or case file since `expected` was read (and puts it
/// back), then builds the binaries and compares every transcript with its snapshot itself
/// ([`transcripts`]): that comparison, not insta's, decides. Used by `verify`, and by the
/// honesty tests on a scratch workspace.
pub fn check_snapshots(
    root: &Path,
    target: &Path,
    expected: &Expected,
    quiet: bool,
    ci: bool,
) -> Result<SnapshotCheck, Failure> {
    let members = &expected.members;
    let mut problems = tamper::settings_problems(root, members);
    let mut notes = Vec::new();
    match committed::differences(root, expected) {
        Ok(changed) if changed.is_empty() => {}
        Ok(changed) if ci => problems.push(format!(
            "snapshot or case files differ from the commit (HEAD) when verify starts: {}; under CI=true verify judges the commit, and something changed them before verify could read them (a build script runs when `cargo xtask` builds xtask and the crates it depends on): commit the change, or find what wrote it",
            changed.join(", ")
        )),
        Ok(changed) => notes.push(format!(
            "judged as on disk, not as committed (under CI=true this fails): {}",
            changed.join(", ")
        )),
        Err(e) => notes.push(format!("the files could not be compared with the commit: {e}")),
    }
    if !expected.pending.is_empty() {
        problems.push(format!(
            "snapshots awaiting review (never accepted): {}\n    run `cargo xtask regen` and review with `git diff`, or delete them",
            list(&expected.pending, root)
        ));
    }
    let run =
        snapshots::run_tests(root, target, members, Mode::Check, quiet).map_err(Failure::Failed)?;
    for c in run.crates.iter().filter(|c| !c.passed) {
        problems.push(format!(
            "tests of {} failed: run `cargo test -p {}`",
            c.name, c.name
        ));
    }
    let checked = transcripts::with_snapshots(expected);
    let names: Vec<&str> = checked.iter().map(|m| m.name.as_str()).collect();
    let binaries = transcripts::build_binaries(root, target, &names, quiet).unwrap_or_else(|e| {
        problems.push(e);
        Default::default()
    });
    let now = Tree::read(members);
    let written = now.changes_since(&expected.tree, root);
    if !written.is_empty() {
        let restored = match expected.tree.restore(&now) {
            Ok(()) => "verify put them back as they were".to_string(),
            Err(e) => format!("putting them back failed ({e}): see `git status`"),
        };
        problems.push(format!(
            "snapshot or case files changed while verify ran (by a build script or a test: verify itself writes none): {}; {restored}",
            written.join(", ")
        ));
    }
    let scratch = target.join(format!("xtask-verify-cases-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let compared = checked
        .iter()
        .map(|member| {
            let binary = binaries.get(&member.name).map(PathBuf::as_path);
            transcripts::compare_crate(root, member, binary, expected, &scratch, &mut problems)
        })
        .collect();
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(SnapshotCheck {
        run,
        compared,
        problems,
        notes,
    })
}

fn list(paths: &[PathBuf], root: &Path) -> String {
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    paths
        .iter()
        .map(|p| relative(p, &root))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One row per crate: its tests, and verify's own comparison of its snapshots.
fn print_table(check: &SnapshotCheck) {
    let width = check
        .run
        .crates
        .iter()
        .map(|c| c.name.len())
        .max()
        .unwrap_or(5)
        .max(5);
    println!(
        "\n{:<width$}  {:>6}  {:>9}  {:>9}",
        "crate", "tests", "snapshots", "differing"
    );
    for c in &check.run.crates {
        let tests = if c.passed { "ok" } else { "FAILED" };
        let (cases, failed) = check
            .compared
            .iter()
            .find(|t| t.name == c.name)
            .map_or(("-".to_string(), "-".to_string()), |t| {
                (t.cases.to_string(), t.failed.to_string())
            });
        println!("{:<width$}  {tests:>6}  {cases:>9}  {failed:>9}", c.name);
    }
}

pub mod committed;
pub mod examples;
pub mod transcripts;

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
