//! `cargo xtask judge <CRATE|all> <DIR>`: the judge's view of real test data.
//!
//! Every `X.in` below DIR with an `X.ans` or `X.out` beside it is run through the crate's
//! release binary and compared line by line, as judges compare: trailing spaces on each
//! line and blank lines at the end are ignored.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::workspace::{build_release, files_below, project_root, relative, PUZZLES};
use crate::Failure;

/// Judges one crate on DIR, or every crate on `DIR/<crate>` with `all`.
pub fn run(args: &[String]) -> Result<(), Failure> {
    let [which, dir] = args else {
        return Err(Failure::Usage("judge needs <CRATE|all> <DIR>".into()));
    };
    let dir = PathBuf::from(dir);
    if !dir.is_dir() {
        return Err(Failure::Usage(format!(
            "'{}' is not a folder",
            dir.display()
        )));
    }
    let root = project_root();
    let jobs: Vec<(String, PathBuf)> = if which == "all" {
        let mut jobs = Vec::new();
        for entry in std::fs::read_dir(&dir)?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !entry.path().is_dir() {
                continue;
            }
            if PUZZLES.contains(&name.as_str()) && root.join(&name).join("Cargo.toml").exists() {
                jobs.push((name, entry.path()));
            } else {
                println!(
                    "note: skipping {}: no crate of that name",
                    entry.path().display()
                );
            }
        }
        jobs.sort();
        jobs
    } else if PUZZLES.contains(&which.as_str()) {
        vec![(which.clone(), dir.clone())]
    } else {
        return Err(Failure::Usage(format!(
            "unknown crate '{which}' (one of: {}, or all)",
            PUZZLES.join(", ")
        )));
    };
    if jobs.is_empty() {
        return Err(Failure::Failed(format!(
            "no crate folder in {}",
            dir.display()
        )));
    }
    let names: Vec<&str> = jobs.iter().map(|(name, _)| name.as_str()).collect();
    let binaries = build_release(&root, &names)?;
    let mut failures = 0;
    let mut files = 0;
    for ((name, data), binary) in jobs.iter().zip(&binaries) {
        let (f, n) = judge_folder(binary, name, data)?;
        failures += f;
        files += n;
    }
    println!("\njudge: {} passed, {failures} failed", files - failures);
    if failures == 0 {
        Ok(())
    } else {
        Err(Failure::Failed(format!(
            "judge: {failures} of {files} file(s) differ"
        )))
    }
}

/// Judges every case file below `data`; returns (failures, files).
fn judge_folder(binary: &Path, name: &str, data: &Path) -> Result<(usize, usize), Failure> {
    let mut cases: Vec<(PathBuf, PathBuf)> = files_below(data)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter_map(|input| {
            ["ans", "out"]
                .iter()
                .map(|ext| input.with_extension(ext))
                .find(|p| p.exists())
                .map(|expected| (input, expected))
        })
        .collect();
    cases.sort_by_cached_key(|(input, _)| natural_key(&input.to_string_lossy()));
    println!("\n{name}: {} ({} file(s))", data.display(), cases.len());
    if cases.is_empty() {
        return Ok((0, 0));
    }
    let width = cases
        .iter()
        .map(|(i, _)| relative(i, data).len())
        .max()
        .unwrap_or(4)
        .max(4);
    println!(
        "  {:<width$}  {:>6}  {:>9}  result",
        "file", "lines", "time"
    );
    let mut failures = 0;
    for (input, expected) in &cases {
        let want = normalise(&std::fs::read(expected)?);
        let started = Instant::now();
        let output = Command::new(binary)
            .stdin(Stdio::from(std::fs::File::open(input)?))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| Failure::Failed(format!("cannot run {}: {e}", binary.display())))?;
        let millis = started.elapsed().as_secs_f64() * 1000.0;
        let got = normalise(&output.stdout);
        let verdict = if !output.status.success() {
            Some(format!(
                "exit code {:?}: {}",
                output.status.code(),
                String::from_utf8_lossy(&output.stderr)
                    .lines()
                    .next()
                    .unwrap_or("")
            ))
        } else {
            first_difference(&want, &got)
        };
        let shown = relative(input, data);
        match verdict {
            None => println!("  {shown:<width$}  {:>6}  {millis:>7.1}ms  ok", want.len()),
            Some(why) => {
                failures += 1;
                println!(
                    "  {shown:<width$}  {:>6}  {millis:>7.1}ms  FAILED",
                    want.len()
                );
                println!("      {why}");
            }
        }
    }
    Ok((failures, cases.len()))
}

/// A sort key that orders numbers by value: `puzzle2` before `puzzle10`.
fn natural_key(text: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let split = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (word, tail) = rest.split_at(split);
        let digits = tail
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(tail.len());
        let (number, tail) = tail.split_at(digits);
        key.push((word.to_string(), number.parse().unwrap_or(u64::MAX)));
        rest = tail;
    }
    key
}

/// Lines with trailing whitespace removed, and no blank lines at the end.
pub fn normalise(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// The first differing line, described; `None` when the outputs agree.
pub fn first_difference(want: &[String], got: &[String]) -> Option<String> {
    let at = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i))?;
    let show = |l: Option<&String>| l.map_or("(no line)".to_string(), |l| format!("`{l}`"));
    Some(format!(
        "line {}: expected {}, found {}",
        at + 1,
        show(want.get(at)),
        show(got.get(at))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_sort_by_number() {
        let mut names = vec!["p10.in", "p2.in", "p1.in", "q.in", "p02x.in"];
        names.sort_by_key(|n| natural_key(n));
        assert_eq!(names, vec!["p1.in", "p2.in", "p02x.in", "p10.in", "q.in"]);
    }

    #[test]
    fn comparison_ignores_trailing_space_and_final_blank_lines_only() {
        let want = normalise(b"17\n12 \n\n\n");
        assert_eq!(first_difference(&want, &normalise(b"17\r\n12\n")), None);
        assert_eq!(
            first_difference(&want, &normalise(b"17\n 12\n")),
            Some("line 2: expected `12`, found ` 12`".into())
        );
        assert_eq!(
            first_difference(&want, &normalise(b"17\n")),
            Some("line 2: expected `12`, found (no line)".into())
        );
        assert_eq!(
            first_difference(&want, &normalise(b"17\n12\n5\n")),
            Some("line 3: expected (no line), found `5`".into())
        );
    }
}
