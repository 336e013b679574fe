//! The snapshot and case files as verify read them, against the commit (`HEAD`).
//!
//! verify reads the files before any cargo command it runs; but `cargo xtask verify` is
//! itself a cargo command, which builds xtask and the crates it depends on first, and their
//! build scripts (and a configured `rustc-wrapper` or linker) may write files before verify
//! starts. Outside CI verify judges the files as it found them (a regeneration under review
//! is uncommitted, on purpose); every file that differs from `HEAD` is listed in a note.
//! Under `CI=true`, where the checkout is the commit being judged, each such file is a
//! problem.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use super::transcripts::Expected;
use crate::workspace::relative;

/// Each snapshot or case file whose bytes at verify's start differ from `HEAD`'s, as
/// `changed PATH`, `deleted PATH` or `not committed PATH`; `Err` when `root` is not in a git
/// work tree with a commit (or git cannot run).
pub fn differences(root: &Path, expected: &Expected) -> Result<Vec<String>, String> {
    let mut paths = Vec::new();
    for member in &expected.members {
        for sub in ["tests/snapshots", "tests/cases"] {
            let dir = member.dir.join(sub);
            paths.push(relative(&dir, root));
        }
    }
    let listing = git(root, &["ls-tree", "-r", "-z", "HEAD", "--"], &paths, b"")?;
    let mut committed: Vec<(PathBuf, String)> = Vec::new();
    for entry in listing.split(|&b| b == 0).filter(|e| !e.is_empty()) {
        let entry = String::from_utf8_lossy(entry);
        let Some((meta, path)) = entry.split_once('\t') else {
            continue;
        };
        let mut words = meta.split(' ');
        if let (Some(_mode), Some("blob"), Some(oid)) = (words.next(), words.next(), words.next()) {
            committed.push((root.join(path), oid.to_string()));
        }
    }
    let ids: String = committed
        .iter()
        .map(|(_, oid)| format!("{oid}\n"))
        .collect();
    let blobs = git(root, &["cat-file", "--batch"], &[], ids.as_bytes())?;
    let mut rest = blobs.as_slice();
    let mut differences = Vec::new();
    for (path, _) in &committed {
        let header_end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or("short git output")?;
        let header = String::from_utf8_lossy(&rest[..header_end]).into_owned();
        let size: usize = header
            .rsplit(' ')
            .next()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("git cat-file said {header:?}"))?;
        let start = header_end + 1;
        let blob = rest.get(start..start + size).ok_or("short git output")?;
        rest = rest.get(start + size + 1..).unwrap_or_default();
        match expected.tree.get(path) {
            None => differences.push(format!("deleted {}", relative(path, root))),
            Some(bytes) if bytes != blob => {
                differences.push(format!("changed {}", relative(path, root)))
            }
            Some(_) => {}
        }
    }
    for path in expected.tree.paths() {
        if !committed.iter().any(|(p, _)| p == path) {
            differences.push(format!("not committed {}", relative(path, root)));
        }
    }
    Ok(differences)
}

/// `git ARGS -- PATHS` in `root`, `input` on its standard input (fed as a snapshot case's
/// input is, `puzzle_frame::transcript::run`): its standard output.
fn git(root: &Path, args: &[&str], paths: &[String], input: &[u8]) -> Result<Vec<u8>, String> {
    let mut all: Vec<&OsStr> = vec![OsStr::new("-C"), root.as_os_str()];
    all.extend(args.iter().map(OsStr::new));
    all.extend(paths.iter().map(OsStr::new));
    let output = puzzle_frame::transcript::run(Path::new("git"), &all, input)
        .map_err(|e| format!("cannot run git: {e}"))?;
    match output.status.success() {
        true => Ok(output.stdout),
        false => Err(format!(
            "`git {}` failed ({})",
            args.join(" "),
            output.status
        )),
    }
}
