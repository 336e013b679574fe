//! Every answer the binary prints for a snapshot case is checked by the judge's checker
//! against the brute-force reference's counts: the count is the reference's, the moves are
//! legal, as many as the count, and end with the target on its goal. A longer solution that
//! replays is refused.
#![allow(clippy::unwrap_used)]

use klotski::{parse, testkit};

/// `output` with one detour put before the first case's moves: its first move, then the
/// same block back (a legal slide), the count raised by two. `None` when the first case
/// has no move.
fn with_detour(output: &str) -> Option<String> {
    let mut lines: Vec<String> = output.lines().map(str::to_string).collect();
    let n: usize = lines.first()?.parse().ok().filter(|&n| n > 0)?;
    let first: klotski::Move = lines[1].parse().ok()?;
    let back = klotski::Move {
        block: first.block.clone(),
        from: first.to,
        to: first.from,
    };
    lines[0] = (n + 2).to_string();
    lines.insert(1, back.to_string());
    lines.insert(1, first.to_string());
    Some(lines.join("\n") + "\n")
}

#[test]
fn every_printed_solution_replays_with_the_references_count() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let (mut checked, mut refused) = (0, 0);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") || path.with_extension("args").exists() {
            continue;
        }
        let input = std::fs::read_to_string(&path).unwrap();
        let Ok(cases) = parse::parse_all(input.as_bytes()) else {
            continue;
        };
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_klotski"))
            .arg(&path)
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", path.display());
        let output = String::from_utf8(output.stdout).unwrap();
        let expected = testkit::reference_expected(&input).unwrap();
        testkit::judge_check(&input, &expected, &output)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // A solution two moves longer replays, and is refused for its count.
        if let Some(longer) = with_detour(&output) {
            let e = testkit::judge_check(&input, &expected, &longer).unwrap_err();
            assert!(e.contains("case 1: count"), "{}: {e}", path.display());
            refused += 1;
        }
        checked += cases.len();
    }
    assert!(checked >= 12 && refused >= 10, "{checked} {refused}");
}
