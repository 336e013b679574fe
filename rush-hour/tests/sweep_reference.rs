//! The sweep against a brute-force sweep over board strings (3x3 and 4x4, 0 to 2 walls), by
//! both of its ways to number a cluster's boards (places in the cluster's box, a hashed
//! index), and the two ways against each other on 5x5 without walls (where the
//! reference is too slow for a test; the lines there were checked against Fogleman's own
//! program's output, byte for byte, outside the tests).

use puzzle_frame::budget::MemoryBudget;
use rush_hour::sweep::{
    format_line, reference, sweep, SweepOptions, SweepOutcome, SweepReport, DENSE_LIMIT,
};

fn fast(n: usize, walls: u32, dense_limit: u64) -> SweepReport {
    within(n, walls, dense_limit, MemoryBudget::default())
}

fn within(n: usize, walls: u32, dense_limit: u64, budget: MemoryBudget) -> SweepReport {
    let mut options = SweepOptions::new(n, walls);
    options.threads = 2;
    options.chunks = 7;
    options.dense_limit = dense_limit;
    match sweep(&options, budget, &mut |_| {}) {
        Ok(SweepOutcome::Done(r)) => r,
        other => panic!("sweep {n} {walls}: {other:?}"),
    }
}

/// The lines as printed.
fn printed(report: &SweepReport) -> Vec<String> {
    report.lines.iter().map(format_line).collect()
}

#[test]
fn sweeps_agree_with_the_brute_force_reference() {
    for (n, walls) in [(3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2)] {
        let (lines, summary) = reference::sweep(n, walls as usize);
        for dense_limit in [DENSE_LIMIT, 0] {
            let report = fast(n, walls, dense_limit);
            let what = format!("{n}x{n}, {walls} walls, dense limit {dense_limit}");
            assert_eq!(report.summary, summary, "{what}: totals");
            assert_eq!(report.lines, lines, "{what}: lines");
        }
    }
}

#[test]
fn boxes_and_the_hashed_index_print_the_same_lines() {
    let boxes = fast(5, 0, DENSE_LIMIT);
    let hashed = fast(5, 0, 0);
    // Some clusters each way: a small limit splits the space between them.
    let mixed = fast(5, 0, 300);
    assert_eq!(boxes.summary, hashed.summary);
    assert_eq!(printed(&boxes), printed(&hashed));
    assert_eq!(boxes, mixed);
    // A budget too small for the larger boxes: those clusters take the hashed path.
    let tight = within(5, 0, DENSE_LIMIT, MemoryBudget::new(8 << 20));
    assert_eq!(boxes, tight);
    assert_eq!(boxes.lines.len(), 1730);
}
