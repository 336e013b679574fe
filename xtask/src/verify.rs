//! `cargo xtask verify`: formatting, lints, and every test with snapshots in check mode.

use std::path::{Path, PathBuf};

use crate::snapshots::{self, Mode, TestRun};
use crate::workspace::{cargo, members, project_root, relative, target_dir};
use crate::Failure;

/// Runs every check, then prints a table per crate and what to run locally for each failure.
pub fn run() -> Result<(), Failure> {
    let root = project_root();
    let mut problems: Vec<String> = Vec::new();

    step("cargo fmt --check");
    let fmt = cargo(&root)
        .args(["fmt", "--all", "--", "--check"])
        .status()?;
    if !fmt.success() {
        problems.push("formatting differs: run `cargo fmt --all`".into());
    }

    step("cargo clippy --workspace --all-targets -- -D warnings");
    let clippy = cargo(&root)
        .args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ])
        .status()?;
    if !clippy.success() {
        problems.push(
            "clippy warnings: run `cargo clippy --workspace --all-targets -- -D warnings` and fix them"
                .into(),
        );
    }

    step("tests, snapshots in check mode");
    let outcome = check_snapshots(&root, &target_dir(&root), false)?;
    print_table(&outcome.run);
    problems.extend(outcome.problems);

    // fmt, clippy, each crate's tests, pending snapshots, orphans.
    let checks = 4 + outcome.run.crates.len();
    let failed = problems.len().min(checks);
    println!("\nverify: {} passed, {failed} failed", checks - failed);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::Failed(format!(
            "verify failed:\n{}",
            problems
                .iter()
                .map(|p| format!("  - {p}"))
                .collect::<Vec<_>>()
                .join("\n")
        )))
    }
}

fn step(name: &str) {
    println!("\n==> {name}");
}

/// What the snapshot check found.
pub struct SnapshotCheck {
    /// The test run.
    pub run: TestRun,
    /// Each problem, with what to run locally.
    pub problems: Vec<String>,
}

/// Runs every member's tests with snapshots in check mode and looks for pending and
/// orphaned snapshots. Used by `verify`, and by the tests below on a scratch workspace.
pub fn check_snapshots(root: &Path, target: &Path, quiet: bool) -> Result<SnapshotCheck, Failure> {
    let members = members(root).map_err(Failure::Failed)?;
    let mut problems = Vec::new();
    let pending = snapshots::pending_files(root);
    if !pending.is_empty() {
        problems.push(format!(
            "snapshots awaiting review (never accepted): {}\n    run `cargo xtask regen` and review with `git diff`, or delete them",
            list(&pending, root)
        ));
    }
    let run = snapshots::run_tests(root, target, &members, Mode::Check, quiet)
        .map_err(Failure::Failed)?;
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
mod honesty {
    //! Shows that the snapshot check cannot be fooled: on a scratch workspace with one crate
    //! and two snapshot cases, an edited snapshot, an orphan and a pending snapshot each make
    //! it fail, whatever `INSTA_UPDATE` the caller's environment holds.

    use super::*;
    use crate::snapshots::run_tests;
    use std::sync::Mutex;

    /// The tests change the process environment; they take turns.
    static ENV: Mutex<()> = Mutex::new(());

    struct Scratch {
        root: PathBuf,
        target: PathBuf,
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.root);
        }
    }

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// A scratch workspace whose snapshots were just generated and accepted.
    fn scratch(name: &str) -> Scratch {
        let root =
            std::env::temp_dir().join(format!("xtask-honesty-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let project = project_root();
        let target = target_dir(&project).join("xtask-honesty");
        write(
            &root.join("Cargo.toml"),
            "[workspace]\nresolver = \"2\"\nmembers = [\"demo\"]\n",
        );
        std::fs::copy(project.join("Cargo.lock"), root.join("Cargo.lock")).unwrap();
        let insta = std::fs::read_to_string(project.join("Cargo.toml"))
            .unwrap()
            .lines()
            .find(|l| l.starts_with("insta ="))
            .unwrap()
            .to_string();
        write(
            &root.join("demo/Cargo.toml"),
            &format!("[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dev-dependencies]\n{insta}\n"),
        );
        write(
            &root.join("demo/src/lib.rs"),
            "pub fn shout(s: &str) -> String { s.to_uppercase() }\n",
        );
        write(
            &root.join("demo/tests/snapshots.rs"),
            "#[test]\nfn cases() {\n    insta::glob!(\"cases/*.in\", |path| {\n        let text = std::fs::read_to_string(path).unwrap();\n        insta::assert_snapshot!(demo::shout(&text));\n    });\n}\n",
        );
        write(&root.join("demo/tests/cases/one.in"), "hello\nworld\n");
        write(&root.join("demo/tests/cases/two.in"), "second case\n");
        let members = members(&root).unwrap();
        let made = run_tests(&root, &target, &members, Mode::Update, true).unwrap();
        assert!(made.all_passed(), "the scratch workspace's tests must pass");
        let scratch = Scratch { root, target };
        let clean = check_snapshots(&scratch.root, &scratch.target, true).unwrap();
        assert!(
            clean.problems.is_empty(),
            "a clean scratch workspace must verify: {:?}",
            clean.problems
        );
        assert_eq!(clean.run.crates[0].snapshots, 2);
        scratch
    }

    fn snap_dir(s: &Scratch) -> PathBuf {
        s.root.join("demo/tests/snapshots")
    }

    fn first_snapshot(s: &Scratch) -> PathBuf {
        let mut snaps: Vec<PathBuf> = std::fs::read_dir(snap_dir(s))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        snaps.sort();
        snaps.remove(0)
    }

    /// Checks the scratch workspace with and without `INSTA_UPDATE=always` (and
    /// `INSTA_FORCE_PASS=1`) in this process's environment; both must fail.
    fn assert_fails_either_way(s: &Scratch, what: &str) {
        assert_fails_either_way_after(s, what, || ());
    }

    /// Like [`assert_fails_either_way`], calling `prepare` before each check.
    fn assert_fails_either_way_after(s: &Scratch, what: &str, prepare: impl Fn()) {
        for hostile in [false, true] {
            prepare();
            if hostile {
                std::env::set_var("INSTA_UPDATE", "always");
                std::env::set_var("INSTA_FORCE_PASS", "1");
            }
            let check = check_snapshots(&s.root, &s.target, true);
            std::env::remove_var("INSTA_UPDATE");
            std::env::remove_var("INSTA_FORCE_PASS");
            let check = check.unwrap();
            assert!(
                !check.problems.is_empty(),
                "{what} passed verify (hostile environment: {hostile})"
            );
        }
    }

    #[test]
    fn an_edited_snapshot_fails() {
        let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
        let s = scratch("edited");
        let snap = first_snapshot(&s);
        let text = std::fs::read_to_string(&snap).unwrap();
        let edited = text.replace("HELLO", "HELL0").replace("SECOND", "SEC0ND");
        assert_ne!(text, edited);
        std::fs::write(&snap, edited).unwrap();
        assert_fails_either_way(&s, "an edited snapshot");
        // The check wrote nothing: the edit is still there.
        assert_ne!(std::fs::read_to_string(&snap).unwrap(), text);
    }

    #[test]
    fn an_orphaned_snapshot_fails() {
        let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
        let s = scratch("orphan");
        let first = first_snapshot(&s);
        std::fs::copy(&first, snap_dir(&s).join("snapshots__cases@gone.in.snap")).unwrap();
        assert_fails_either_way(&s, "an orphaned snapshot");
    }

    #[test]
    fn a_pending_snapshot_fails() {
        let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
        let s = scratch("pending");
        let first = first_snapshot(&s);
        let mut pending = first.into_os_string();
        pending.push(".new");
        // insta itself deletes a stale `.snap.new` when the snapshot beside it matches, so
        // the pending file is laid anew before each check: each check must see it and fail.
        assert_fails_either_way_after(&s, "a pending snapshot", || {
            std::fs::write(&pending, "---\nsource: x\n---\nNEW\n").unwrap();
        });
    }

    #[test]
    fn a_missing_snapshot_fails() {
        let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
        let s = scratch("missing");
        write(
            &s.root.join("demo/tests/cases/three.in"),
            "a new case nobody reviewed\n",
        );
        assert_fails_either_way(&s, "a case without a snapshot");
        assert!(
            snapshots::pending_files(&s.root).is_empty(),
            "check mode must write nothing"
        );
    }
}
