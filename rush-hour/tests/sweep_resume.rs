//! A sweep stopped part way and continued gives the same answer; bad folders and budgets.

use puzzle_frame::budget::MemoryBudget;
use rush_hour::sweep::{sweep, SweepError, SweepOptions, SweepOutcome};
use std::path::PathBuf;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rush-sweep-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn options(dir: Option<&PathBuf>, stop: Option<usize>) -> SweepOptions {
    let mut o = SweepOptions::new(4, 1);
    o.threads = 2;
    o.chunks = 40;
    o.checkpoint = dir.cloned();
    o.stop_after_chunks = stop;
    o
}

fn run(o: &SweepOptions) -> Result<SweepOutcome, SweepError> {
    sweep(o, MemoryBudget::default(), &mut |_| {})
}

#[test]
fn a_stopped_sweep_continues_to_the_same_answer() {
    let whole = run(&options(None, None)).expect("whole run");
    let dir = folder("resume");
    let first = run(&options(Some(&dir), Some(5))).expect("first part");
    let SweepOutcome::Stopped {
        chunks_done,
        chunks_total,
    } = first
    else {
        panic!("a limit of 5 chunks should stop the sweep: {first:?}");
    };
    assert!(
        chunks_done >= 5 && chunks_done < chunks_total,
        "{chunks_done}/{chunks_total}"
    );
    // A chunk cut short (a kill while writing would leave no file; a torn one is redone).
    let torn = dir.join("chunk-000001");
    let text = std::fs::read_to_string(&torn).expect("chunk 1 written");
    std::fs::write(&torn, &text[..text.len() / 2]).expect("tear chunk 1");
    let second = run(&options(Some(&dir), Some(7))).expect("second part");
    assert!(matches!(second, SweepOutcome::Stopped { .. }), "{second:?}");
    let last = run(&options(Some(&dir), None)).expect("last part");
    assert_eq!(last, whole);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_continued_sweep_reads_finished_chunks_instead_of_redoing_them() {
    let whole = run(&options(None, None)).expect("whole run");
    let SweepOutcome::Done(whole) = whole else {
        panic!("{whole:?}")
    };
    let dir = folder("reads");
    run(&options(Some(&dir), Some(3))).expect("first part");
    // Chunk 0 edited by hand, still well formed: a continued run that recomputed it (or
    // ignored the file) would not see the edit.
    let chunk = dir.join("chunk-000000");
    let text = std::fs::read_to_string(&chunk).expect("chunk 0 written");
    let mut rows: Vec<String> = text.lines().map(str::to_string).collect();
    let counts: Vec<u64> = rows[1]
        .split(' ')
        .map(|w| w.parse().expect("a count"))
        .collect();
    rows[1] = format!(
        "{} {} {} {}",
        counts[0],
        counts[1] + 1000,
        counts[2],
        counts[3]
    );
    rows.insert(2, "99 planted 1".to_string());
    std::fs::write(&chunk, rows.join("\n") + "\n").expect("edit chunk 0");
    let SweepOutcome::Done(last) = run(&options(Some(&dir), None)).expect("last part") else {
        panic!("the continued run should finish")
    };
    assert_eq!(last.summary.clusters, whole.summary.clusters + 1000);
    assert_eq!(last.lines[0].board, "planted");
    assert_eq!(last.lines[1..], whole.lines[..]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_of_another_sweep_is_refused() {
    let dir = folder("other");
    run(&options(Some(&dir), Some(1))).expect("first");
    let mut other = options(Some(&dir), None);
    other.max_walls = 0;
    assert!(matches!(run(&other), Err(SweepError::Checkpoint(_))));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_small_budget_is_an_error_not_an_abort() {
    let o = SweepOptions::new(5, 0);
    assert!(matches!(
        sweep(&o, MemoryBudget::new(100_000), &mut |_| {}),
        Err(SweepError::Memory(_))
    ));
}
