//! `rush-hour --sweep`: the lines and summary, a run stopped by `--stop-after` and
//! continued, and bad arguments.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rush-hour"))
        .args(args)
        .output()
        .expect("run rush-hour")
}

#[test]
fn a_sweep_stopped_and_continued_prints_the_same_lines() {
    let whole = run(&["--sweep", "4", "--walls", "1"]);
    assert!(whole.status.success());
    let text = String::from_utf8_lossy(&whole.stdout).into_owned();
    let summary = text.lines().last().unwrap_or_default();
    assert!(summary.starts_with("boards 9804 "), "{summary}");
    assert!(
        text.lines().next().unwrap_or_default().starts_with("07 "),
        "{text}"
    );
    let dir = std::env::temp_dir().join(format!("rush-sweep-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.to_string_lossy().into_owned();
    let first = run(&[
        "--sweep",
        "4",
        "--walls",
        "1",
        "--checkpoint",
        &folder,
        "--stop-after",
        "3",
    ]);
    assert_eq!(first.status.code(), Some(1));
    assert!(first.stdout.is_empty());
    let rest = run(&["--sweep", "4", "--walls", "1", "--checkpoint", &folder]);
    assert!(rest.status.success());
    assert_eq!(rest.stdout, whole.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_sweep_arguments_exit_2() {
    for args in [
        &["--sweep", "9"][..],
        &["--sweep", "x"],
        &["--sweep", "4", "--walls", "-1"],
        &["--sweep", "4", "--threads", "0"],
        &["--sweep", "4", "--stop-after", "1"],
        &["--sweep", "4", "extra"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("error: "),
            "{args:?}"
        );
    }
}
