//! Shows that the snapshot check cannot be fooled: on a scratch workspace with one crate
//! (a binary that shouts its input back, and the project's snapshot test over two cases),
//! an edited snapshot, an orphan, a pending snapshot, a missing snapshot, and each route
//! that tells insta to pass or that rewrites a snapshot make the check fail, whatever
//! `INSTA_*` variables the caller's environment holds. Each test names the problem the check
//! must report; the routes that fool insta itself are in [`routes`].
//!
//! The scratch workspaces build into one folder under the project's target folder (insta
//! and its dependencies are built once); the tests take turns, within this process and with
//! any other process running them ([`Turn`]).

use super::*;
use crate::snapshots::run_tests;
use crate::workspace::members;
use std::sync::{Mutex, MutexGuard};

mod routes;

/// The tests change the process environment and share a target folder; they take turns.
static ENV: Mutex<()> = Mutex::new(());

/// One test's turn: this process's lock, and an exclusive `flock` on a file in the shared
/// target folder, so that two `cargo test` at once do not build or run the scratch crates'
/// binaries over each other. The lock goes with the file (or the process).
struct Turn {
    _env: MutexGuard<'static, ()>,
    _file: std::fs::File,
}

#[allow(unsafe_code)]
fn take_turn(target: &Path) -> Turn {
    extern "C" {
        fn flock(fd: i32, operation: i32) -> i32;
    }
    const LOCK_EX: i32 = 2;
    let env = ENV.lock().unwrap_or_else(|e| e.into_inner());
    std::fs::create_dir_all(target).unwrap();
    let file = std::fs::File::create(target.join("honesty.lock")).unwrap();
    use std::os::fd::AsRawFd;
    // SAFETY: `file` is open for as long as the call runs; flock only reads the descriptor.
    let locked = unsafe { flock(file.as_raw_fd(), LOCK_EX) };
    assert_eq!(locked, 0, "flock: {}", std::io::Error::last_os_error());
    Turn {
        _env: env,
        _file: file,
    }
}

struct Scratch {
    root: PathBuf,
    target: PathBuf,
    _turn: Turn,
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

/// The scratch crate's snapshot test: the project's, for the binary `demo`.
const SNAPSHOT_TEST: &str = "#[test]\nfn cases() {\n    insta::glob!(\"cases/*.in\", |path| {\n        let transcript =\n            puzzle_frame::transcript::run_case(env!(\"CARGO_BIN_EXE_demo\").as_ref(), path)\n                .expect(\"run the binary on the case\");\n        insta::assert_snapshot!(transcript);\n    });\n}\n";

/// A scratch workspace whose snapshots were just generated (by insta) and accepted.
fn scratch(name: &str) -> Scratch {
    let project = project_root();
    let target = target_dir(&project).join("xtask-honesty");
    let turn = take_turn(&target);
    let root = std::env::temp_dir().join(format!("xtask-honesty-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
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
    let frame = project.join("puzzle-frame");
    write(
        &root.join("demo/Cargo.toml"),
        &format!("[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dev-dependencies]\n{insta}\npuzzle-frame = {{ path = {:?}, features = [\"testkit\"] }}\n", frame.display().to_string()),
    );
    write(
        &root.join("demo/src/main.rs"),
        "use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    print!(\"{}\", s.to_uppercase());\n}\n",
    );
    write(&root.join("demo/tests/snapshots.rs"), SNAPSHOT_TEST);
    write(&root.join("demo/tests/cases/one.in"), "hello\nworld\n");
    write(&root.join("demo/tests/cases/two.in"), "second case\n");
    let members = members(&root).unwrap();
    let made = run_tests(&root, &target, &members, Mode::Update, true).unwrap();
    assert!(made.all_passed(), "the scratch workspace's tests must pass");
    Scratch {
        root,
        target,
        _turn: turn,
    }
}

/// verify's snapshot check on the scratch workspace, its files read first as verify does;
/// with `XTASK_HONESTY_LOUD` set, cargo's output is shown (with `--nocapture`).
fn check(s: &Scratch) -> SnapshotCheck {
    let expected = Expected::capture(&s.root).unwrap();
    let quiet = std::env::var_os("XTASK_HONESTY_LOUD").is_none();
    check_snapshots(&s.root, &s.target, &expected, quiet, false).unwrap()
}

fn snap_dir(s: &Scratch) -> PathBuf {
    s.root.join("demo/tests/snapshots")
}

/// The snapshot of `one.in`.
fn first_snapshot(s: &Scratch) -> PathBuf {
    snap_dir(s).join("snapshots__cases@one.in.snap")
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
        let expected_files = Expected::capture(&s.root);
        let check = check_snapshots(&s.root, &s.target, &expected_files.unwrap(), true, false);
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

/// Edits the snapshot of `one.in` (as someone hiding a changed output would); its
/// accepted text.
fn edit_first_snapshot(s: &Scratch) -> (PathBuf, String) {
    let snap = first_snapshot(s);
    let text = std::fs::read_to_string(&snap).unwrap();
    let edited = text.replace("HELLO", "HELL0");
    assert_ne!(text, edited);
    std::fs::write(&snap, edited).unwrap();
    (snap, text)
}

/// What verify's own comparison says of the edited snapshot: the file, the case, and the
/// first differing line of the transcript (`$ demo < one.in`, the exit code, `--- stdout`,
/// then the shouted `hello`).
const EDITED: [&str; 3] = [
    "snapshot demo/tests/snapshots/snapshots__cases@one.in.snap differs from what demo prints on demo/tests/cases/one.in, from line 4 of the transcript",
    "snapshot: \"HELL0\\n\"",
    "binary:   \"HELLO\\n\"",
];

const TESTS_FAILED: &str = "tests of demo failed";

#[test]
fn a_clean_scratch_workspace_verifies() {
    let s = scratch("clean");
    let clean = check(&s);
    assert!(
        clean.problems.is_empty(),
        "a clean scratch workspace must verify: {:?}",
        clean.problems
    );
    assert_eq!(
        clean.compared,
        [Compared {
            name: "demo".into(),
            cases: 2,
            failed: 0
        }]
    );
}

#[test]
fn an_edited_snapshot_fails() {
    let s = scratch("edited");
    let (snap, text) = edit_first_snapshot(&s);
    assert_fails_either_way(&s, "an edited snapshot", &EDITED);
    assert_fails_either_way(&s, "an edited snapshot", &[TESTS_FAILED]);
    // The check wrote nothing: the edit is still there.
    assert_ne!(std::fs::read_to_string(&snap).unwrap(), text);
}

#[test]
fn an_orphaned_snapshot_fails() {
    let s = scratch("orphan");
    let first = first_snapshot(&s);
    std::fs::copy(&first, snap_dir(&s).join("snapshots__cases@gone.in.snap")).unwrap();
    std::fs::copy(&first, snap_dir(&s).join("other__test@one.in.snap")).unwrap();
    for name in ["snapshots__cases@gone.in.snap", "other__test@one.in.snap"] {
        let orphan = format!("orphaned snapshot demo/tests/snapshots/{name}: it is the snapshot of no case in demo/tests/cases");
        assert_fails_either_way(&s, "an orphaned snapshot", &[&orphan]);
    }
}

#[test]
fn a_pending_snapshot_fails() {
    let s = scratch("pending");
    let first = first_snapshot(&s);
    let mut pending = first.into_os_string();
    pending.push(".new");
    // insta itself deletes a stale `.snap.new` when the snapshot beside it matches, so
    // the pending file is laid anew before each check: each check must see it and fail.
    let expected = [
        "snapshots awaiting review",
        "demo/tests/snapshots/snapshots__cases@one.in.snap.new",
    ];
    assert_fails_either_way_after(&s, "a pending snapshot", &expected, || {
        std::fs::write(&pending, "---\nsource: x\n---\nNEW\n").unwrap();
    });
}

#[test]
fn a_missing_snapshot_fails() {
    let s = scratch("missing");
    write(
        &s.root.join("demo/tests/cases/three.in"),
        "a new case nobody reviewed\n",
    );
    let missing = "missing snapshot demo/tests/snapshots/snapshots__cases@three.in.snap: the case demo/tests/cases/three.in has none";
    assert_fails_either_way(&s, "a case without a snapshot", &[missing]);
    assert!(
        snapshots::pending_files(&s.root).is_empty(),
        "check mode must write nothing"
    );
}

#[test]
fn an_insta_settings_file_that_forces_a_pass_fails() {
    let s = scratch("settings");
    let (snap, text) = edit_first_snapshot(&s);
    for folder in ["", "demo/"] {
        for name in tamper::INSTA_SETTINGS {
            let file = format!("{folder}{name}");
            let path = s.root.join(&file);
            write(&path, "behavior:\n  force_pass: true\n  update: always\n");
            let refused = format!("insta settings file {file}:");
            assert_fails_either_way(&s, &file, &[&refused]);
            // And verify's own comparison fails the edited snapshot, which stays edited.
            assert_fails_either_way(&s, &file, &EDITED);
            assert_ne!(std::fs::read_to_string(&snap).unwrap(), text);
            std::fs::remove_file(&path).unwrap();
        }
    }
}

/// Writes `.cargo/config.toml` into the scratch workspace with `env` as its `[env]` table,
/// and checks that the edited snapshot fails with the config's line named.
fn assert_cargo_env_fails(name: &str, entry: &str) {
    let s = scratch(name);
    let (snap, text) = edit_first_snapshot(&s);
    write(
        &s.root.join(".cargo/config.toml"),
        &format!("[env]\nRUST_BACKTRACE = \"0\"\n{entry}\n"),
    );
    let route = format!(".cargo/config.toml:3: `{entry}` sets an INSTA_ variable");
    assert_fails_either_way(&s, entry, &["cargo config ", &route]);
    assert_fails_either_way(&s, entry, &EDITED);
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
    let s = scratch("writes");
    let (snap, text) = edit_first_snapshot(&s);
    let name = snap.file_name().unwrap().to_string_lossy().into_owned();
    // A test that puts the accepted text back, adds a case and deletes one, as a
    // rewriting insta would.
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
        "snapshot or case files changed while verify ran",
        &changed,
        "created demo/tests/cases/planted.in",
        "deleted demo/tests/cases/two.in",
        "verify put them back as they were",
    ];
    assert_fails_either_way(&s, "a test that rewrites a snapshot", &expected);
    assert_eq!(Tree::read(&members), before, "verify undid the writes");
    assert_fails_either_way(&s, "a test that rewrites a snapshot", &EDITED);
}

#[test]
fn a_crate_with_one_case_is_checked_under_insta_s_name_for_it() {
    let s = scratch("one-case");
    std::fs::remove_file(s.root.join("demo/tests/cases/two.in")).unwrap();
    std::fs::remove_dir_all(snap_dir(&s)).unwrap();
    let members = members(&s.root).unwrap();
    let made = run_tests(&s.root, &s.target, &members, Mode::Update, true).unwrap();
    assert!(made.all_passed());
    let only = snap_dir(&s).join("snapshots__cases.snap");
    assert!(
        only.exists(),
        "insta names the snapshot of a lone case without a suffix"
    );
    let clean = check(&s);
    assert!(clean.problems.is_empty(), "{:#?}", clean.problems);
    assert_eq!(clean.compared[0].cases, 1);
    let text = std::fs::read_to_string(&only).unwrap();
    std::fs::write(&only, text.replace("HELLO", "HELL0")).unwrap();
    assert_reported(
        &check(&s).problems,
        "a lone case's edited snapshot",
        false,
        &["snapshot demo/tests/snapshots/snapshots__cases.snap differs from what demo prints on demo/tests/cases/one.in, from line 4"],
    );
}
