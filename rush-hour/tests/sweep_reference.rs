//! The sweep against a brute-force sweep over board strings (3x3 and 4x4, 0 to 2 walls).

use puzzle_frame::budget::MemoryBudget;
use rush_hour::sweep::{reference, sweep, SweepOptions, SweepOutcome, SweepReport};

fn fast(n: usize, walls: u32) -> SweepReport {
    let mut options = SweepOptions::new(n, walls);
    options.threads = 2;
    options.chunks = 7;
    match sweep(&options, MemoryBudget::default(), &mut |_| {}) {
        Ok(SweepOutcome::Done(r)) => r,
        other => panic!("sweep {n} {walls}: {other:?}"),
    }
}

#[test]
fn sweeps_agree_with_the_brute_force_reference() {
    for (n, walls) in [(3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2)] {
        let report = fast(n, walls);
        let (lines, summary) = reference::sweep(n, walls as usize);
        assert_eq!(report.summary, summary, "{n}x{n}, {walls} walls: totals");
        assert_eq!(report.lines, lines, "{n}x{n}, {walls} walls: lines");
    }
}
