//! `cargo xtask judge <CRATE|all> <DIR>`: the judge's view of real test data.
//!
//! Every `X.in` below DIR with an `X.ans` or `X.out` beside it is run through the crate's
//! release binary and compared. By default the comparison is line by line, as judges
//! compare: trailing spaces on each line and blank lines at the end are ignored. A puzzle
//! with many right answers supplies its own checker instead (`judge_check` in
//! [`crate::crates`]); the table says which comparison each file got.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use puzzle_frame::cli::Args;

use crate::crates::{self, Puzzle};
use crate::workspace::{build_release, files_below, project_root, relative};
use crate::{positionals, Failure};

/// Judges one crate on DIR, or every crate on `DIR/<crate>` with `all`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let [which, dir] = positionals("judge", args, 2)? else {
        return Err(Failure::Usage("judge needs <CRATE|all> <DIR>".into()));
    };
    let dir = PathBuf::from(dir);
    if !dir.is_dir() {
        return Err(Failure::Usage(format!(
            "'{}' is not a folder",
            dir.display()
        )));
    }
    let jobs: Vec<(Puzzle, PathBuf)> = if which == "all" {
        let mut jobs = Vec::new();
        for entry in std::fs::read_dir(&dir)?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !entry.path().is_dir() {
                continue;
            }
            match crates::find(&name) {
                Ok(puzzle) => jobs.push((puzzle, entry.path())),
                Err(_) => println!(
                    "note: skipping {}: no puzzle crate of that name",
                    entry.path().display()
                ),
            }
        }
        jobs.sort_by_key(|(puzzle, _)| puzzle.name);
        jobs
    } else {
        vec![(crates::find(which)?, dir.clone())]
    };
    if jobs.is_empty() {
        return Err(Failure::Failed(format!(
            "no crate folder in {}",
            dir.display()
        )));
    }
    let names: Vec<&str> = jobs.iter().map(|(puzzle, _)| puzzle.name).collect();
    let binaries = build_release(&project_root(), &names)?;
    let mut failures = 0;
    let mut files = 0;
    for ((puzzle, data), binary) in jobs.iter().zip(&binaries) {
        let (f, n) = judge_folder(binary, puzzle, data)?;
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
fn judge_folder(binary: &Path, puzzle: &Puzzle, data: &Path) -> Result<(usize, usize), Failure> {
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
    let comparison = match puzzle.judge_check {
        None => "lines",
        Some(_) => "checker",
    };
    println!(
        "\n{}: {} ({} file(s), compared by {})",
        puzzle.name,
        data.display(),
        cases.len(),
        match puzzle.judge_check {
            None => "lines, ignoring trailing spaces and final blank lines",
            Some(_) => "the crate's answer checker",
        }
    );
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
        "  {:<width$}  {:>6}  {:>9}  {:<7}  result",
        "file", "lines", "time", "compare"
    );
    let mut failures = 0;
    for (input, expected) in &cases {
        let expected = std::fs::read(expected)?;
        let started = Instant::now();
        let output = Command::new(binary)
            .stdin(Stdio::from(std::fs::File::open(input)?))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| Failure::Failed(format!("cannot run {}: {e}", binary.display())))?;
        let millis = started.elapsed().as_secs_f64() * 1000.0;
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
            compare(puzzle, input, &expected, &output.stdout)?
        };
        let lines = normalise(&expected).len();
        let shown = relative(input, data);
        let result = if verdict.is_none() { "ok" } else { "FAILED" };
        println!("  {shown:<width$}  {lines:>6}  {millis:>7.1}ms  {comparison:<7}  {result}");
        if let Some(why) = verdict {
            failures += 1;
            println!("      {why}");
        }
    }
    Ok((failures, cases.len()))
}

/// What is wrong with `actual` as the answer to `input`, `None` when it is right: by the
/// puzzle's checker when it has one, otherwise line by line against `expected`.
fn compare(
    puzzle: &Puzzle,
    input: &Path,
    expected: &[u8],
    actual: &[u8],
) -> Result<Option<String>, Failure> {
    Ok(match puzzle.judge_check {
        None => first_difference(&normalise(expected), &normalise(actual)),
        Some(check) => {
            let input = String::from_utf8_lossy(&std::fs::read(input)?).into_owned();
            check(
                &input,
                &String::from_utf8_lossy(expected),
                &String::from_utf8_lossy(actual),
            )
            .err()
        }
    })
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

    /// A toy puzzle whose "binary" is `cat` and whose checker accepts any output whose
    /// first line is the expected file's first line.
    fn first_line_puzzle(judge_check: Option<puzzle_frame::testkit::JudgeCheck>) -> Puzzle {
        Puzzle {
            name: "toy",
            judge_check,
            ..crates::find("bloxorz").expect("bloxorz is a puzzle")
        }
    }

    #[test]
    fn a_checker_replaces_the_line_comparison() {
        let dir = std::env::temp_dir().join(format!("xtask-judge-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // `cat` answers with the input: the same count as a.ans, other moves.
        std::fs::write(dir.join("a.in"), "3\nUDL\n").unwrap();
        std::fs::write(dir.join("a.ans"), "3\nLRU\n").unwrap();
        // A different count: wrong whichever comparison.
        std::fs::write(dir.join("b.in"), "4\nUUUU\n").unwrap();
        std::fs::write(dir.join("b.ans"), "3\nLRU\n").unwrap();
        let cat = Path::new("/bin/cat");
        let by_lines = judge_folder(cat, &first_line_puzzle(None), &dir).unwrap();
        assert_eq!(by_lines, (2, 2), "line comparison: both differ");
        let checker: puzzle_frame::testkit::JudgeCheck = |input, expected, actual| {
            assert!(input.starts_with(actual.lines().next().unwrap_or("")));
            match expected.lines().next() == actual.lines().next() {
                true => Ok(()),
                false => Err("counts differ".into()),
            }
        };
        let by_checker = judge_folder(cat, &first_line_puzzle(Some(checker)), &dir).unwrap();
        assert_eq!(by_checker, (1, 2), "the checker accepts a.in only");
        let _ = std::fs::remove_dir_all(&dir);
    }

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
