//! One memory budget for the whole process: each route by which a run could hold more than
//! `--max-memory` (the input, the film `--show` draws, the `--html` page, an error message
//! that copies a huge line, a huge line split into tokens) is run in a release binary, its
//! peak resident size measured from a fresh process (`xtask __measure`, the `ru_maxrss` of
//! the finished process: see `xtask/src/measure.rs`), and held under the budget plus
//! `common::SLACK_KIB`.
//!
//! The inputs are written to files in the system's temporary folder and removed after.
//! The binaries are built once, in release, by the first test that needs them.

use std::path::Path;

// Each test file uses a part of it.
#[allow(dead_code)]
mod common;

use common::{measure, within, Run, Scratch};

/// The release binary of `name` (bloxorz or klotski), built once for every test.
fn binary(name: &str) -> std::path::PathBuf {
    common::binary(name, &["bloxorz", "klotski"])
}

#[test]
fn a_large_input_stops_at_the_budget() {
    // 64 MiB of a board's rows, on standard input: from a file, and through a pipe.
    let input = Scratch::new("large-stdin.in", |out| {
        writeln!(out, "8192 8192")?;
        let row = ".".repeat(8192);
        for _ in 0..8192 {
            writeln!(out, "{row}")?;
        }
        Ok(())
    });
    let bloxorz = binary("bloxorz");
    let run = measure(&bloxorz, &["--max-memory", "1M"], &input.0);
    assert_stopped_at_budget(&run, "error: the input", "1.0 MiB");
    within(&run, 1 << 10);
    let empty = Scratch::new("large-stdin-none.in", |_| Ok(()));
    let piped = format!(
        "cat '{}' | '{}' --max-memory 1M",
        input.0.display(),
        bloxorz.display()
    );
    let run = measure(Path::new("sh"), &["-c", &piped], &empty.0);
    assert_stopped_at_budget(&run, "error: ", "1.0 MiB");
    within(&run, 1 << 10);
}

/// A `size` x `size` open board, the box at the top-left corner, the target at the
/// bottom-right.
fn open_board(name: &str, size: usize) -> Scratch {
    Scratch::new(name, |out| {
        writeln!(out, "{size} {size}")?;
        for r in 0..size {
            let mut row = vec![b'.'; size];
            if r == 0 {
                row[0] = b'X';
            }
            if r == size - 1 {
                row[size - 1] = b'O';
            }
            out.write_all(&row)?;
            writeln!(out)?;
        }
        writeln!(out, "0 0")
    })
}

#[test]
fn show_on_a_large_open_board_stays_within_the_budget() {
    let input = open_board("open-4000.in", 4000);
    let run = measure(
        &binary("bloxorz"),
        &["--show", "--max-memory", "120M"],
        &input.0,
    );
    let answered = run.status == "ok";
    let stopped = run.status == "exit code 1"
        && run.stderr.starts_with("error: case 1: ")
        && run.stderr.contains("over the memory budget of 120.0 MiB");
    assert!(answered || stopped, "{}: {}", run.status, run.stderr);
    if answered {
        let out = String::from_utf8_lossy(&run.stdout);
        assert!(
            out.contains("steps skipped"),
            "{}",
            &out[..out.len().min(400)]
        );
    }
    within(&run, 120 << 10);
}

#[test]
fn the_html_page_shares_the_budget() {
    // Cases whose pages together pass the budget: each a long corridor solved in about
    // 67,000 rolls, its solver's tables (14 MiB) and its page entry a few MiB each.
    let input = Scratch::new("pages.in", |out| {
        for _ in 0..12 {
            writeln!(out, "1 200002")?;
            writeln!(out, "X{}O", ".".repeat(200_000))?;
        }
        writeln!(out, "0 0")
    });
    let page = std::env::temp_dir().join(format!("memory-budget-{}-page.html", std::process::id()));
    let page_arg = page.display().to_string();
    let run = measure(
        &binary("bloxorz"),
        &["--html", &page_arg, "--max-memory", "24M"],
        &input.0,
    );
    let written = std::fs::metadata(&page).map(|m| m.len()).unwrap_or(0);
    let _ = std::fs::remove_file(&page);
    // The page leaves a case out, or a solver finds too little left beside the page.
    assert_stopped_at_budget(&run, "error: case ", "24.0 MiB");
    assert!(written < 24 << 20, "{written}");
    within(&run, 24 << 10);
}

#[test]
fn chained_klotski_searches_stay_resident_within_the_budget() {
    // A dense 6x6 box of 18 blocks: the quick search, the relaxed puzzle and its bounded
    // search, then the search to the end, each freeing its tables and the next growing
    // its own. Before the frame fixed the allocator's mmap threshold (`allocator.rs`), the
    // freed heap stayed resident: a peak of 78 MB under 64 MiB, with the heap at 61 MB.
    let input = Scratch::new("klotski-dense.in", |out| {
        let rows = [
            "X X a b c c",
            "X X a d e e",
            "f g h h i j",
            "f k l m i j",
            "n n o p q .",
            "r s o t q .",
        ];
        writeln!(out, "6 6")?;
        for row in rows {
            writeln!(out, "{row}")?;
        }
        writeln!(out, "X\n4 4")
    });
    let run = measure(&binary("klotski"), &["--max-memory", "64M"], &input.0);
    assert_stopped_at_budget(&run, "error: ", "64.0 MiB");
    within(&run, 64 << 10);
}

#[test]
fn a_huge_klotski_line_is_an_error_without_splitting_it() {
    // A 100 MB first line of `1 1 1 ...`: the header holds two numbers.
    let input = Scratch::new("klotski-line.in", |out| {
        let chunk = "1 ".repeat(1 << 20);
        for _ in 0..50 {
            out.write_all(chunk.as_bytes())?;
        }
        writeln!(out)
    });
    let run = measure(&binary("klotski"), &[], &input.0);
    assert_short_input_error(&run, "line 1, column 5: expected end of line");
    // The input itself is held whole (100 MiB): nothing more.
    within(&run, 100 << 10);
}

#[test]
fn a_bad_byte_at_the_end_of_a_huge_row_makes_a_short_message() {
    let cols = 50_000_000;
    let input = Scratch::new("bad-row.in", |out| {
        writeln!(out, "1 {cols}")?;
        out.write_all(b"X")?;
        let dots = vec![b'.'; 1 << 20];
        let mut left = cols - 3;
        while left > 0 {
            let n = left.min(dots.len());
            out.write_all(&dots[..n])?;
            left -= n;
        }
        writeln!(out, "OQ")
    });
    let run = measure(&binary("bloxorz"), &[], &input.0);
    assert_short_input_error(&run, &format!("column {cols}: expected one of"));
    // The input (48 MiB) and the board's cells as they are read (48 MiB): no copy of the line.
    within(&run, 96 << 10);
}

/// The run stopped at bad input (exit code 2) with a message of less than 1000 bytes (the
/// line is not copied into it) that says `what`.
fn assert_short_input_error(run: &Run, what: &str) {
    assert_eq!(run.status, "exit code 2", "{}", run.stderr);
    let bytes = run.stderr.len();
    assert!(bytes < 1000, "{bytes} bytes of message");
    assert!(run.stderr.contains(what), "{}", run.stderr);
}

/// The run stopped at the memory budget (exit code 1) with a message that starts with
/// `start` and names the budget as the message writes it (`1.0 MiB`).
fn assert_stopped_at_budget(run: &Run, start: &str, budget: &str) {
    assert_eq!(run.status, "exit code 1", "{}", run.stderr);
    assert!(run.stderr.starts_with(start), "{}", run.stderr);
    let named = format!("over the memory budget of {budget}");
    assert!(run.stderr.contains(&named), "{}", run.stderr);
}
