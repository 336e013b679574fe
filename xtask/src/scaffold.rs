//! The `scaffold` stage of `cargo xtask verify`: the template of `cargo xtask new` cannot
//! rot.
//!
//! The workspace's files (`git ls-files` and the untracked files git does not ignore, as
//! they stand in the working tree) are copied to `target/scaffold/`, `cargo xtask new`'s
//! generator adds the crate [`NAME`] there, and in that copy `cargo fmt --check`, clippy,
//! its docs (`RUSTDOCFLAGS="-D warnings" cargo doc`) and the new crate's tests (snapshots in check mode) must pass, and xtask must build
//! with the new line in `crates.rs`. The generator runs on the copy held in memory and
//! only files whose contents differ are written, so unchanged files keep their times and
//! the builds in `target/scaffold-target/` (kept between runs) stay incremental.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::new::{self, Files};
use crate::workspace::{cargo, files_below, relative, target_dir};
use crate::Failure;

/// The crate the stage generates.
pub const NAME: &str = "scaffold-check";

/// Runs the stage on the workspace at `root`: its problems, each with what to run.
pub fn check(root: &Path) -> Result<Vec<String>, Failure> {
    let target = target_dir(root);
    let copy = target.join("scaffold");
    let mut files = workspace_files(root).map_err(Failure::Failed)?;
    let plan = match new::plan(&files, NAME) {
        Ok(plan) => plan,
        Err(Failure::Usage(why) | Failure::Failed(why)) => {
            return Ok(vec![format!(
                "`cargo xtask new {NAME}` fails on this workspace: {why}"
            )])
        }
    };
    plan.apply(&mut files);
    let written = sync(&files, &copy)?;
    println!(
        "generated {NAME} in {} ({written} file(s) written)",
        relative(&copy, root)
    );
    let build = target.join("scaffold-target");
    let steps: [&[&str]; 5] = [
        &["fmt", "--all", "--", "--check"],
        &[
            "clippy",
            "-p",
            NAME,
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
        &["doc", "-p", NAME, "--no-deps"],
        &["test", "-p", NAME],
        &["check", "-p", "xtask", "--tests"],
    ];
    let mut problems = Vec::new();
    for args in steps {
        let doc = args[0] == "doc";
        let flags = if doc {
            "RUSTDOCFLAGS=\"-D warnings\" "
        } else {
            ""
        };
        let shown = format!("{flags}cargo {}", args.join(" "));
        let started = Instant::now();
        let mut command = cargo(&copy);
        command.args(&args[..1]).arg("--quiet").args(&args[1..]);
        clean_env(&mut command, &build);
        if doc {
            command.env("RUSTDOCFLAGS", "-D warnings");
        }
        let status = command.status()?;
        println!(
            "{shown}: {} in {:.1} s",
            if status.success() { "ok" } else { "FAILED" },
            started.elapsed().as_secs_f64()
        );
        if !status.success() {
            problems.push(format!(
                "the crate `cargo xtask new` writes fails `{shown}`: fix the template under \
                 xtask/template/; to see it: `cd {} && CI=true CARGO_TARGET_DIR={} {shown}`",
                copy.display(),
                build.display()
            ));
        }
    }
    Ok(problems)
}

/// The environment of a command in the copy: its own target folder, insta in check mode
/// whatever the caller's `INSTA_*` variables say.
fn clean_env(command: &mut Command, build: &Path) {
    command.env("CARGO_TARGET_DIR", build).env("CI", "true");
    for (key, _) in std::env::vars_os() {
        if key.to_string_lossy().starts_with("INSTA_") {
            command.env_remove(&key);
        }
    }
}

/// The workspace's files as they stand in the working tree: those git tracks and those it
/// would track (untracked, not ignored), by path relative to `root`.
pub fn workspace_files(root: &Path) -> Result<Files, String> {
    let output = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run git ls-files: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "git ls-files failed in {}: {}",
            root.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let mut files = Files::new();
    for path in output.stdout.split(|&b| b == 0).filter(|p| !p.is_empty()) {
        let path = String::from_utf8_lossy(path).into_owned();
        match std::fs::read(root.join(&path)) {
            Ok(bytes) => {
                files.insert(path, bytes);
            }
            // Deleted in the working tree, not yet in the index.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("cannot read {path}: {e}")),
        }
    }
    Ok(files)
}

/// Makes the folder `dir` hold exactly `files`, writing only the files whose contents
/// differ and deleting the others (cargo's `target*` folders aside); how many it wrote.
pub fn sync(files: &Files, dir: &Path) -> Result<usize, Failure> {
    let mut written = 0;
    for (path, bytes) in files {
        let to = dir.join(path);
        if std::fs::read(&to).ok().as_ref() != Some(bytes) {
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&to, bytes)?;
            written += 1;
        }
    }
    let wanted: BTreeSet<PathBuf> = files.keys().map(|p| dir.join(p)).collect();
    for path in files_below(dir) {
        if !wanted.contains(&path) {
            std::fs::remove_file(&path)?;
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sync_writes_only_what_differs_and_deletes_the_rest() {
        let dir = std::env::temp_dir().join(format!("xtask-sync-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut files = Files::new();
        files.insert("a/one.txt".into(), b"1".to_vec());
        files.insert("a-b/two.txt".into(), b"2".to_vec());
        files.insert("three.txt".into(), b"3".to_vec());
        assert_eq!(sync(&files, &dir).unwrap(), 3);
        std::fs::write(dir.join("stray.txt"), "x").unwrap();
        std::fs::create_dir_all(dir.join("target")).unwrap();
        std::fs::write(dir.join("target/kept"), "build").unwrap();
        files.insert("three.txt".into(), b"three".to_vec());
        assert_eq!(sync(&files, &dir).unwrap(), 1, "only three.txt changed");
        let mut left: Vec<String> = files_below(&dir)
            .iter()
            .map(|p| relative(p, &dir))
            .collect();
        left.sort();
        assert_eq!(left, ["a-b/two.txt", "a/one.txt", "three.txt"]);
        assert_eq!(std::fs::read(dir.join("three.txt")).unwrap(), b"three");
        assert!(
            dir.join("target/kept").exists(),
            "cargo's folders are left alone"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The stage alone, on this workspace (minutes when `target/scaffold-target/` is cold):
    /// `cargo test -p xtask scaffold -- --ignored`.
    #[test]
    #[ignore = "builds the workspace's copy; verify runs it as its scaffold stage"]
    fn the_stage_passes_on_this_workspace() {
        let problems = check(&crate::workspace::project_root()).expect("the stage runs");
        assert!(problems.is_empty(), "{problems:#?}");
    }
}
