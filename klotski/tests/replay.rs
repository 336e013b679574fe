//! Every answer the binary prints for a snapshot case replays: the moves are legal, as
//! many as the count, and end with the target on its goal; and the count is the reference's.
#![allow(clippy::unwrap_used)]

use klotski::{parse, reference, testkit};

#[test]
fn every_printed_solution_replays() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut checked = 0;
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
        testkit::judge_check(&input, &output, &output)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // The first line of each answer is the reference's count.
        let expected: String = cases
            .iter()
            .map(|c| match reference::count(c) {
                Some(n) => format!("{n}\n{}", "-\n".repeat(n)),
                None => "-1\n".to_string(),
            })
            .collect();
        let counts = |text: &str| -> Vec<String> {
            let mut lines = text.lines();
            let mut out = Vec::new();
            while let Some(first) = lines.next() {
                let n: usize = first.parse().unwrap_or(0);
                out.push(first.to_string());
                lines.by_ref().take(n).for_each(drop);
            }
            out
        };
        assert_eq!(counts(&output), counts(&expected), "{}", path.display());
        checked += cases.len();
    }
    assert!(checked >= 12, "{checked}");
}
