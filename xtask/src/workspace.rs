//! Where things are: the project root, its member crates, cargo, the target folder.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::Failure;

/// The workspace root: the parent of this crate's manifest folder.
pub fn project_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .map_or(manifest.clone(), Path::to_path_buf)
}

/// `cargo`, as the one that runs us (the `CARGO` variable), working in `root`.
pub fn cargo(root: &Path) -> Command {
    let program = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(program);
    cmd.current_dir(root);
    cmd
}

/// The folder cargo builds into for the workspace at `root`.
pub fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// Builds the release binaries of `packages`; the path of each, in order.
pub fn build_release(root: &Path, packages: &[&str]) -> Result<Vec<PathBuf>, Failure> {
    let mut build = cargo(root);
    build.args(["build", "--release", "--quiet"]);
    for package in packages {
        build.args(["--package", package]);
    }
    if !build.status()?.success() {
        return Err(Failure::Failed("the release build failed".into()));
    }
    let release = target_dir(root).join("release");
    Ok(packages.iter().map(|p| release.join(p)).collect())
}

/// A member crate: its package name and folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The package name.
    pub name: String,
    /// The crate's folder.
    pub dir: PathBuf,
}

/// The workspace members listed in `root/Cargo.toml` (`members = [...]`), with the package
/// name read from each member's own manifest.
pub fn members(root: &Path) -> Result<Vec<Member>, String> {
    let manifest = read(&root.join("Cargo.toml"))?;
    let list = member_folders(&manifest).ok_or_else(|| {
        format!(
            "no `members = [...]` in {}",
            root.join("Cargo.toml").display()
        )
    })?;
    list.into_iter()
        .map(|item| {
            let dir = root.join(item);
            let name = package_name(&dir)?;
            Ok(Member { name, dir })
        })
        .collect()
}

/// This workspace's root and members, for xtask's own tests.
#[cfg(test)]
pub fn this_workspace() -> (PathBuf, Vec<Member>) {
    let root = project_root();
    let members = members(&root).expect("the workspace's members");
    (root, members)
}

/// The folders of a workspace manifest's `members = [...]` list (comments skipped), or
/// `None` without one.
pub fn member_folders(manifest: &str) -> Option<Vec<String>> {
    let (list, _) = manifest
        .split_once("members")
        .and_then(|(_, rest)| rest.split_once('['))
        .and_then(|(_, rest)| rest.split_once(']'))?;
    let uncommented: String = list
        .lines()
        .map(|line| line.split_once('#').map_or(line, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n");
    Some(
        uncommented
            .split(',')
            .map(|item| item.trim().trim_matches('"'))
            .filter(|item| !item.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

fn package_name(dir: &Path) -> Result<String, String> {
    let manifest = read(&dir.join("Cargo.toml"))?;
    manifest
        .lines()
        .skip_while(|l| l.trim() != "[package]")
        .find_map(|l| {
            let (key, value) = l.split_once('=')?;
            (key.trim() == "name").then(|| value.trim().trim_matches('"').to_string())
        })
        .ok_or_else(|| format!("no package name in {}", dir.join("Cargo.toml").display()))
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Every file below `dir` (skipping `.git` and cargo's `target*` folders), sorted.
pub fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            match entry.file_type() {
                Ok(t) if t.is_dir() && name != ".git" && !name.starts_with("target") => {
                    stack.push(path);
                }
                Ok(t) if t.is_file() => found.push(path),
                _ => {}
            }
        }
    }
    found.sort();
    found
}

/// `path` relative to `root`, for messages.
pub fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}
