//! Running the tests with insta under our control, and finding orphaned and pending snapshots.
//!
//! insta's behaviour depends on the environment: `INSTA_UPDATE=always` makes a failing
//! snapshot pass by rewriting it, even with `CI=true`, and `INSTA_FORCE_PASS=1` passes
//! everything. So every `INSTA_*` variable of the caller is removed from the test run's
//! environment and the mode is set explicitly (check mode is `INSTA_UPDATE=no`; `CI` stays
//! the caller's), both in the environment (which beats an insta settings file) and as a
//! forced cargo `[env]` entry on the command line (which beats the cargo configuration
//! files). That keeps `cargo test` inside verify and regen honest where it can; verify's
//! verdict on the snapshots does not rest on it ([`crate::verify::transcripts`]). regen
//! finds orphans through `INSTA_SNAPSHOT_REFERENCES_FILE` (insta appends every snapshot file
//! a test used; the contract cargo-insta relies on, hence insta's pinned minor version).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::workspace::{cargo, files_below, Member};

/// Check snapshots (CI) or rewrite them (regen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A missing or differing snapshot fails; nothing is written.
    Check,
    /// Snapshots are rewritten to what the code prints now.
    Update,
}

/// The outcome of one crate's tests.
#[derive(Clone, Debug)]
pub struct CrateRun {
    /// The package name.
    pub name: String,
    /// Whether `cargo test` succeeded.
    pub passed: bool,
}

/// The outcome of running the tests of some crates.
#[derive(Clone, Debug, Default)]
pub struct TestRun {
    /// One entry per crate, in order.
    pub crates: Vec<CrateRun>,
    /// Every snapshot file a test used.
    pub referenced: BTreeSet<PathBuf>,
}

impl TestRun {
    /// True when every crate's tests passed.
    pub fn all_passed(&self) -> bool {
        self.crates.iter().all(|c| c.passed)
    }
}

/// Runs `cargo test -p NAME` for each member, one after another, in `root`, building into
/// `target`, with insta in `mode` whatever the caller's environment says.
pub fn run_tests(
    root: &Path,
    target: &Path,
    members: &[Member],
    mode: Mode,
    quiet: bool,
) -> Result<TestRun, String> {
    let refs_dir = target.join("xtask-snapshot-refs");
    std::fs::create_dir_all(&refs_dir)
        .map_err(|e| format!("cannot create {}: {e}", refs_dir.display()))?;
    let mut run = TestRun::default();
    for member in members {
        // Per process: two runs at once (two `cargo test`) must not share the list.
        let refs = refs_dir.join(format!("{}-{}.txt", std::process::id(), member.name));
        let _ = std::fs::remove_file(&refs);
        let mut cmd = test_command(root, target, &member.name, mode, &refs);
        if quiet {
            cmd.arg("--quiet")
                .stdout(Stdio::null())
                .stderr(Stdio::null());
        }
        let status = cmd
            .status()
            .map_err(|e| format!("cannot run cargo test: {e}"))?;
        run.referenced.extend(referenced_in(&refs));
        let _ = std::fs::remove_file(&refs);
        run.crates.push(CrateRun {
            name: member.name.clone(),
            passed: status.success(),
        });
    }
    Ok(run)
}

/// `cargo test --package NAME` in `root`, building into `target`, insta in `mode` whatever
/// the caller's `INSTA_*` variables say, its used snapshots listed in `refs`.
fn test_command(root: &Path, target: &Path, name: &str, mode: Mode, refs: &Path) -> Command {
    let mut cmd = cargo(root);
    let settings = insta_settings(mode);
    for (key, value) in settings {
        // A forced `[env]` entry of the command line beats any cargo configuration file.
        cmd.arg("--config")
            .arg(format!("env.{key}.value=\"{value}\""))
            .arg("--config")
            .arg(format!("env.{key}.force=true"));
    }
    cmd.args(["test", "--package", name]);
    cmd.env("CARGO_TARGET_DIR", target);
    for (key, _) in std::env::vars_os() {
        if key.to_string_lossy().starts_with("INSTA_") {
            cmd.env_remove(&key);
        }
    }
    // Check mode is `INSTA_UPDATE=no` (in `settings`), not `CI=true`: `CI` stays the
    // caller's, for the tests that ask whether this is CI (a missing browser fails only
    // there).
    if mode == Mode::Update {
        cmd.env_remove("CI");
    }
    cmd.envs(settings);
    cmd.env("INSTA_SNAPSHOT_REFERENCES_FILE", refs);
    cmd
}

/// The insta variables a test run sets in `mode`: set, they beat a settings file.
fn insta_settings(mode: Mode) -> [(&'static str, &'static str); 2] {
    let update = match mode {
        Mode::Check => "no",
        Mode::Update => "always",
    };
    [("INSTA_UPDATE", update), ("INSTA_FORCE_PASS", "0")]
}

fn referenced_in(refs: &Path) -> BTreeSet<PathBuf> {
    std::fs::read_to_string(refs)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| canonical(Path::new(l.trim())))
        .collect()
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Every `.snap` file below `root`.
pub fn snapshot_files(root: &Path) -> Vec<PathBuf> {
    files_below(root)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "snap"))
        .map(|p| canonical(&p))
        .collect()
}

/// Every snapshot awaiting review below `root` (`.snap.new`, `.pending-snap`).
pub fn pending_files(root: &Path) -> Vec<PathBuf> {
    files_below(root)
        .into_iter()
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            name.ends_with(".snap.new") || name.ends_with(".pending-snap")
        })
        .collect()
}

/// `.snap` files below `root` that no test used.
pub fn orphans(root: &Path, run: &TestRun) -> Vec<PathBuf> {
    snapshot_files(root)
        .into_iter()
        .filter(|p| !run.referenced.contains(p))
        .collect()
}

/// The contents of every `.snap` file below `root`, to tell what a regeneration changed.
pub fn contents(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    snapshot_files(root)
        .into_iter()
        .filter_map(|p| std::fs::read(&p).ok().map(|c| (p, c)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    /// Check mode is insta's own setting, not `CI=true`: the caller's `CI` reaches the tests
    /// untouched (so that `cargo xtask verify` outside CI skips a missing browser).
    #[test]
    fn check_mode_leaves_ci_to_the_caller() {
        let root = Path::new("/nowhere");
        let refs = Path::new("/nowhere/refs.txt");
        let envs = |mode| -> Vec<(String, Option<String>)> {
            test_command(root, root, "demo", mode, refs)
                .get_envs()
                .map(|(k, v)| {
                    let text = |s: &OsStr| s.to_string_lossy().into_owned();
                    (text(k), v.map(text))
                })
                .collect()
        };
        let check = envs(Mode::Check);
        let has = |envs: &[(String, Option<String>)], key: &str, value: Option<&str>| {
            envs.iter().any(|(k, v)| k == key && v.as_deref() == value)
        };
        assert!(has(&check, "INSTA_UPDATE", Some("no")), "{check:?}");
        assert!(has(&check, "INSTA_FORCE_PASS", Some("0")), "{check:?}");
        assert!(!check.iter().any(|(k, _)| k == "CI"), "{check:?}");
        let update = envs(Mode::Update);
        assert!(has(&update, "INSTA_UPDATE", Some("always")), "{update:?}");
        assert!(has(&update, "CI", None), "{update:?}");
    }
}
