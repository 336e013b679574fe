//! verify's own snapshot check: it runs each crate's binary on every case and compares the
//! transcript, byte for byte, with the snapshot's text as it was when verify started.
//!
//! The snapshot test of a crate (`tests/snapshots.rs`) runs `tests/cases/NAME.in` (with
//! `NAME.args`) through the binary with `puzzle_frame::transcript::run_case` and asks insta
//! to compare the transcript with `tests/snapshots/snapshots__cases@NAME.in.snap`. verify
//! does the same comparison itself, so that no environment variable, configuration file,
//! build script or test can change its verdict:
//!
//! - the expected texts are the snapshot and case files read into memory by
//!   [`Expected::capture`], the first thing verify does, before any cargo command runs;
//! - the binary is the one `cargo build --bins` reports for the crate (cargo's own JSON
//!   messages name it, so a stale file cannot stand in for it); it runs on a copy of the
//!   captured cases (its working directory holds `tests/cases/`, as the crate's folder does
//!   for the test), through `puzzle_frame::transcript::run_case_in`, the snapshot test's
//!   own format;
//! - the snapshot's text is the file after insta's header (`---`, the metadata, `---`),
//!   which insta writes as the transcript itself (its normalisation only trims the final
//!   newline, which it then writes back, and the transcript keeps every `\r` visible).
//!
//! Every case without its snapshot, every snapshot that differs (with its first differing
//! line), and every `.snap` file under `tests/snapshots/` that is not the snapshot of a case
//! is a problem, each naming its file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::snapshots::pending_files;
use crate::tamper::Tree;
use crate::workspace::{cargo, members, relative, Member};

/// The snapshot and case files, and the pending snapshots, as they were before any cargo
/// command ran.
#[derive(Clone, Debug)]
pub struct Expected {
    /// Every member of the workspace.
    pub members: Vec<Member>,
    /// The members' `tests/snapshots/**` and `tests/cases/**`, byte for byte.
    pub tree: Tree,
    /// Every `.snap.new` and `.pending-snap` below the root.
    pub pending: Vec<PathBuf>,
}

impl Expected {
    /// Reads the snapshot and case files of the workspace at `root`. Call it before any
    /// cargo command: everything verify judges later is judged against this copy.
    pub fn capture(root: &Path) -> Result<Expected, String> {
        let members = members(root)?;
        let tree = Tree::read(&members);
        let pending = pending_files(root);
        Ok(Expected {
            members,
            tree,
            pending,
        })
    }
}

/// The file name the snapshot test gives the snapshot of the case file `case` (`NAME.in`):
/// `snapshots__cases@NAME.in.snap` (the test file `snapshots.rs`, its function `cases`, and
/// insta's glob suffix, the file's name after the cases' common folder), or
/// `snapshots__cases.snap` when it is the crate's `only` case (the common prefix of one file
/// is the file itself, so the suffix is empty).
pub fn snapshot_name(case: &str, only: bool) -> String {
    match only {
        true => "snapshots__cases.snap".to_string(),
        false => format!("snapshots__cases@{case}.snap"),
    }
}

/// The text of a snapshot file after insta's header, or `None` without a header.
pub fn body(file: &[u8]) -> Option<&[u8]> {
    let rest = file.strip_prefix(b"---\n")?;
    let mut at = 0;
    for line in rest.split_inclusive(|&b| b == b'\n') {
        at += line.len();
        if line == b"---\n" {
            return Some(&rest[at..]);
        }
    }
    None
}

/// Where the snapshot text and the transcript part: the 1-based line and both lines
/// (`<end of text>` past the end), or `None` when they are equal.
pub fn first_difference(snapshot: &[u8], transcript: &[u8]) -> Option<(usize, String, String)> {
    if snapshot == transcript {
        return None;
    }
    let mut left = snapshot.split_inclusive(|&b| b == b'\n');
    let mut right = transcript.split_inclusive(|&b| b == b'\n');
    let shown = |line: Option<&[u8]>| {
        line.map_or_else(
            || "<end of text>".to_string(),
            |l| format!("{:?}", String::from_utf8_lossy(l)),
        )
    };
    for n in 1.. {
        let (l, r) = (left.next(), right.next());
        if l.is_none() && r.is_none() {
            break;
        }
        if l != r {
            return Some((n, shown(l), shown(r)));
        }
    }
    None
}

/// What the comparison found for one crate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    /// The crate.
    pub name: String,
    /// Cases whose transcript was compared with a snapshot.
    pub cases: usize,
    /// Cases or snapshots with a problem.
    pub failed: usize,
}

/// The members that have snapshot cases or snapshots (`tests/cases/`, `tests/snapshots/`)
/// in the captured tree.
pub fn with_snapshots(expected: &Expected) -> Vec<&Member> {
    expected
        .members
        .iter()
        .filter(|m| {
            let (cases, snaps) = (m.dir.join("tests/cases"), m.dir.join("tests/snapshots"));
            expected
                .tree
                .paths()
                .any(|p| p.starts_with(&cases) || p.starts_with(&snaps))
        })
        .collect()
}

/// Builds the binaries of `names` (debug profile, into `target`) and returns each crate's
/// binary, as cargo's JSON messages name it: the executable whose file name is the
/// package's name.
pub fn build_binaries(
    root: &Path,
    target: &Path,
    names: &[&str],
    quiet: bool,
) -> Result<BTreeMap<String, PathBuf>, String> {
    if names.is_empty() {
        return Ok(BTreeMap::new());
    }
    let mut cmd = cargo(root);
    cmd.args([
        "build",
        "--bins",
        "--message-format=json-render-diagnostics",
    ]);
    if quiet {
        cmd.arg("--quiet").stderr(Stdio::null());
    }
    for name in names {
        cmd.args(["--package", name]);
    }
    cmd.env("CARGO_TARGET_DIR", target).stdout(Stdio::piped());
    let output = cmd
        .output()
        .map_err(|e| format!("cannot run cargo build: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "`cargo build --bins` of {} failed ({}): verify needs the binaries to check the snapshots",
            names.join(", "),
            output.status
        ));
    }
    let mut binaries = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        if !line.contains("\"reason\":\"compiler-artifact\"") {
            continue;
        }
        let Some(path) = json_string(line, "executable").map(PathBuf::from) else {
            continue;
        };
        let stem = path.file_name().map(|s| s.to_string_lossy().into_owned());
        if let Some(name) = names.iter().find(|n| stem.as_deref() == Some(**n)) {
            binaries.insert(name.to_string(), path);
        }
    }
    Ok(binaries)
}

/// The string value of `"key":` in a line of cargo's JSON, decoded; `None` when absent or
/// not a string (`null`).
fn json_string(line: &str, key: &str) -> Option<String> {
    let start = line.find(&format!("\"{key}\":\""))? + key.len() + 4;
    let mut out = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'b' => out.push('\u{8}'),
                'f' => out.push('\u{c}'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

/// Runs `binary` on each captured case of `member` and compares each transcript with the
/// captured snapshot; pushes one problem per differing, missing or orphaned snapshot.
/// `scratch` is an empty folder to copy the cases into.
pub fn compare_crate(
    root: &Path,
    member: &Member,
    binary: Option<&Path>,
    expected: &Expected,
    scratch: &Path,
    problems: &mut Vec<String>,
) -> Compared {
    let mut compared = Compared {
        name: member.name.clone(),
        ..Compared::default()
    };
    let cases_dir = member.dir.join("tests/cases");
    let snaps_dir = member.dir.join("tests/snapshots");
    let regen = format!(
        "if the binary's output is right, run `cargo xtask regen {}` and review with `git diff`",
        member.name
    );
    // The captured cases, copied where the binary will read them.
    let copy = scratch.join(&member.name);
    let mut cases = Vec::new();
    for path in expected.tree.paths().filter(|p| p.starts_with(&cases_dir)) {
        let (Ok(inner), Some(bytes)) = (path.strip_prefix(&cases_dir), expected.tree.get(path))
        else {
            continue;
        };
        let to = copy.join("tests/cases").join(inner);
        let written = to
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&to, bytes));
        if let Err(e) = written {
            problems.push(format!("cannot copy {}: {e}", relative(path, root)));
            compared.failed += 1;
            continue;
        }
        if path.parent() == Some(cases_dir.as_path()) && path.extension().is_some_and(|e| e == "in")
        {
            cases.push((path.to_path_buf(), to));
        }
    }
    let mut wanted = Vec::new();
    for (case, copied) in &cases {
        let file = case.file_name().unwrap_or_default().to_string_lossy();
        let snap = snaps_dir.join(snapshot_name(&file, cases.len() == 1));
        wanted.push(snap.clone());
        let (case_name, snap_name) = (relative(case, root), relative(&snap, root));
        let Some(text) = expected.tree.get(&snap) else {
            compared.failed += 1;
            problems.push(format!(
                "missing snapshot {snap_name}: the case {case_name} has none; run `cargo xtask regen {}` and review the new snapshot",
                member.name
            ));
            continue;
        };
        let Some(binary) = binary else {
            compared.failed += 1;
            problems.push(format!(
                "snapshot {snap_name} not checked: cargo built no binary named {}",
                member.name
            ));
            continue;
        };
        let Some(body) = body(text) else {
            compared.failed += 1;
            problems.push(format!(
                "snapshot {snap_name} has no insta header (`---`, the metadata, `---`); {regen}"
            ));
            continue;
        };
        let transcript = match puzzle_frame::transcript::run_case_in(binary, copied, &copy) {
            Ok(t) => t,
            Err(e) => {
                compared.failed += 1;
                problems.push(format!(
                    "snapshot {snap_name} not checked: cannot run {} on {case_name}: {e}",
                    binary.display()
                ));
                continue;
            }
        };
        compared.cases += 1;
        if let Some((line, snapshot, printed)) = first_difference(body, transcript.as_bytes()) {
            compared.failed += 1;
            problems.push(format!(
                "snapshot {snap_name} differs from what {} prints on {case_name}, from line {line} of the transcript:\n      snapshot: {snapshot}\n      binary:   {printed}\n    {regen}",
                member.name
            ));
        }
    }
    for snap in expected.tree.paths().filter(|p| p.starts_with(&snaps_dir)) {
        if snap.extension().is_some_and(|e| e == "snap") && !wanted.iter().any(|w| w == snap) {
            compared.failed += 1;
            problems.push(format!(
                "orphaned snapshot {}: it is the snapshot of no case in {}; run `cargo xtask regen {}` to delete it",
                relative(snap, root),
                relative(&cases_dir, root),
                member.name
            ));
        }
    }
    compared
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_is_the_text_after_the_header() {
        let file = b"---\nsource: a/tests/snapshots.rs\nexpression: transcript\n---\n$ a < x.in\n--- end\n";
        assert_eq!(body(file), Some(&b"$ a < x.in\n--- end\n"[..]));
        assert_eq!(body(b"$ a < x.in\n"), None);
        assert_eq!(body(b"---\nsource: a\n"), None);
    }

    #[test]
    fn the_first_differing_line_is_named() {
        assert_eq!(first_difference(b"a\nb\n", b"a\nb\n"), None);
        assert_eq!(
            first_difference(b"a\nB\nc\n", b"a\nb\nc\n"),
            Some((2, "\"B\\n\"".into(), "\"b\\n\"".into()))
        );
        assert_eq!(
            first_difference(b"a\n", b"a\nb\n"),
            Some((2, "<end of text>".into(), "\"b\\n\"".into()))
        );
        // A missing final newline is a difference too.
        assert_eq!(
            first_difference(b"a\nb", b"a\nb\n"),
            Some((2, "\"b\"".into(), "\"b\\n\"".into()))
        );
    }

    #[test]
    fn cargo_json_strings_are_decoded() {
        let line = r#"{"reason":"compiler-artifact","target":{"name":"demo"},"executable":"/t/a \"b\"\\c\u00e9/demo","fresh":true}"#;
        assert_eq!(
            json_string(line, "executable").as_deref(),
            Some("/t/a \"b\"\\cé/demo")
        );
        assert_eq!(json_string(r#"{"executable":null}"#, "executable"), None);
    }
}
