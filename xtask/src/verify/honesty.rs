//! Shows that the snapshot check cannot be fooled: on a scratch workspace with one crate
//! and two snapshot cases, an edited snapshot, an orphan, a pending snapshot, and each
//! route that tells insta to pass or to rewrite (a settings file, a cargo `[env]` entry, a
//! test that writes the snapshot back) make it fail, whatever `INSTA_*` variables the
//! caller's environment holds. Each test names the problem the check must report.

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
    let root = std::env::temp_dir().join(format!("xtask-honesty-{}-{name}", std::process::id()));
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
/// `INSTA_FORCE_PASS=1`) in this process's environment; both must fail, with a problem
/// that contains each of `expected`.
fn assert_fails_either_way(s: &Scratch, what: &str, expected: &[&str]) {
    assert_fails_either_way_after(s, what, expected, || ());
}

/// Like [`assert_fails_either_way`], calling `prepare` before each check.
fn assert_fails_either_way_after(s: &Scratch, what: &str, expected: &[&str], prepare: impl Fn()) {
    for hostile in [false, true] {
        prepare();
        if hostile {
            std::env::set_var("INSTA_UPDATE", "always");
            std::env::set_var("INSTA_FORCE_PASS", "1");
        }
        let check = check_snapshots(&s.root, &s.target, true);
        std::env::remove_var("INSTA_UPDATE");
        std::env::remove_var("INSTA_FORCE_PASS");
        let problems = check.unwrap().problems;
        assert_reported(&problems, what, hostile, expected);
    }
}

/// One of `problems` contains every piece of `expected`.
fn assert_reported(problems: &[String], what: &str, hostile: bool, expected: &[&str]) {
    assert!(
        problems
            .iter()
            .any(|p| expected.iter().all(|piece| p.contains(piece))),
        "{what}: no problem says {expected:?} (hostile environment: {hostile}); the problems:\n{problems:#?}"
    );
}

/// Edits the first snapshot (as someone hiding a changed output would); its text before.
fn edit_first_snapshot(s: &Scratch) -> (PathBuf, String) {
    let snap = first_snapshot(s);
    let text = std::fs::read_to_string(&snap).unwrap();
    let edited = text.replace("HELLO", "HELL0").replace("SECOND", "SEC0ND");
    assert_ne!(text, edited);
    std::fs::write(&snap, edited).unwrap();
    (snap, text)
}

const TESTS_FAILED: &str = "tests of demo failed";

#[test]
fn an_edited_snapshot_fails() {
    let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let s = scratch("edited");
    let (snap, text) = edit_first_snapshot(&s);
    assert_fails_either_way(&s, "an edited snapshot", &[TESTS_FAILED]);
    // The check wrote nothing: the edit is still there.
    assert_ne!(std::fs::read_to_string(&snap).unwrap(), text);
}

#[test]
fn an_orphaned_snapshot_fails() {
    let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let s = scratch("orphan");
    let first = first_snapshot(&s);
    std::fs::copy(&first, snap_dir(&s).join("snapshots__cases@gone.in.snap")).unwrap();
    assert_fails_either_way(
        &s,
        "an orphaned snapshot",
        &[
            "orphaned snapshots",
            "demo/tests/snapshots/snapshots__cases@gone.in.snap",
        ],
    );
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
    let name = pending
        .to_string_lossy()
        .rsplit('/')
        .next()
        .unwrap()
        .to_string();
    let expected = ["snapshots awaiting review", name.as_str()];
    assert_fails_either_way_after(&s, "a pending snapshot", &expected, || {
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
    assert_fails_either_way(&s, "a case without a snapshot", &[TESTS_FAILED]);
    assert!(
        snapshots::pending_files(&s.root).is_empty(),
        "check mode must write nothing"
    );
}

#[test]
fn an_insta_settings_file_that_forces_a_pass_fails() {
    let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let s = scratch("settings");
    let (snap, text) = edit_first_snapshot(&s);
    for folder in ["", "demo/"] {
        for name in tamper::INSTA_SETTINGS {
            let file = format!("{folder}{name}");
            let path = s.root.join(&file);
            write(&path, "behavior:\n  force_pass: true\n  update: always\n");
            let expected = [format!("insta settings file {file}:")];
            let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
            assert_fails_either_way(&s, &file, &expected);
            // The settings did not take: the edited snapshot failed, and stays edited.
            assert_fails_either_way(&s, &file, &[TESTS_FAILED]);
            assert_ne!(std::fs::read_to_string(&snap).unwrap(), text);
            std::fs::remove_file(&path).unwrap();
        }
    }
}

/// Writes `.cargo/config.toml` into the scratch workspace with `env` as its `[env]` table,
/// and checks that the edited snapshot fails with the config's line named.
fn assert_cargo_env_fails(name: &str, entry: &str) {
    let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let s = scratch(name);
    let (snap, text) = edit_first_snapshot(&s);
    write(
        &s.root.join(".cargo/config.toml"),
        &format!("[env]\nRUST_BACKTRACE = \"0\"\n{entry}\n"),
    );
    let route = format!(".cargo/config.toml:3: `{entry}` sets an INSTA_ variable");
    assert_fails_either_way(&s, entry, &["cargo config ", &route]);
    assert_fails_either_way(&s, entry, &[TESTS_FAILED]);
    assert_ne!(std::fs::read_to_string(&snap).unwrap(), text);
}

#[test]
fn a_cargo_env_entry_that_forces_a_pass_fails() {
    assert_cargo_env_fails("env-force-pass", "INSTA_FORCE_PASS = \"1\"");
}

#[test]
fn a_forced_cargo_env_entry_that_rewrites_snapshots_fails() {
    assert_cargo_env_fails(
        "env-update",
        "INSTA_UPDATE = { value = \"always\", force = true }",
    );
}

#[test]
fn a_test_run_that_writes_snapshot_or_case_files_fails_and_is_undone() {
    let _env = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let s = scratch("writes");
    let (snap, text) = edit_first_snapshot(&s);
    let name = snap.file_name().unwrap().to_string_lossy().into_owned();
    // A route nobody listed: a test that puts the accepted text back, adds a case and
    // deletes one, as a rewriting insta would.
    write(
        &s.root.join("demo/tests/rewrite.rs"),
        &format!(
            "#[test]\nfn rewrite() {{\n    std::fs::write(\"tests/snapshots/{name}\", {text:?}).unwrap();\n    std::fs::write(\"tests/cases/planted.in\", \"x\").unwrap();\n    std::fs::remove_file(\"tests/cases/two.in\").unwrap();\n}}\n"
        ),
    );
    let members = members(&s.root).unwrap();
    let before = Tree::read(&members);
    let changed = format!("changed demo/tests/snapshots/{name}");
    let expected = [
        "the test run wrote to snapshot or case files",
        &changed,
        "created demo/tests/cases/planted.in",
        "deleted demo/tests/cases/two.in",
        "verify put them back as they were",
    ];
    assert_fails_either_way(&s, "a test that rewrites a snapshot", &expected);
    assert_eq!(Tree::read(&members), before, "verify undid the writes");
}
