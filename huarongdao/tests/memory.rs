//! The memory budget holds: a counting allocator measures the most bytes the solver holds
//! at once (its tables, queues and paths) while it is built and answers queries, and that
//! peak stays within the budget, whether the solver answers everything or stops with a
//! `Limit`; with a generous budget, the tables' estimate is not far above what they take.
//!
//! One test in this file: the counter is process-wide, and tests run in parallel threads.

use huarongdao::parse::Cases;
use huarongdao::solve::{Limit, Options, Solver};
use huarongdao::Huarongdao;
use huarongdao::Query;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::testkit::BenchInput;
use puzzle_frame::testkit::Testkit;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes held and their peak.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let held = HELD.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
        PEAK.fetch_max(held, Ordering::SeqCst);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::SeqCst);
        System.dealloc(ptr, layout);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            let more = new_size - layout.size();
            let held = HELD.fetch_add(more, Ordering::SeqCst) + more;
            PEAK.fetch_max(held, Ordering::SeqCst);
        } else {
            HELD.fetch_sub(layout.size() - new_size, Ordering::SeqCst);
        }
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Builds a solver for `board` under `options` and asks for every query's moves: the most
/// bytes held at once above what was held before, and how it ended (`Ok(answers)` or the
/// limit that stopped it).
fn peak_of(
    board: &huarongdao::Board,
    queries: &[Query],
    options: &Options,
) -> (usize, Result<usize, Limit>) {
    let before = HELD.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let result = (|| {
        let mut solver = Solver::new(board, options)?;
        let mut answered = 0;
        for query in queries {
            // Each path is dropped before the next query, as the binary does.
            solver.moves(query)?;
            answered += 1;
        }
        Ok(answered)
    })();
    (PEAK.load(Ordering::SeqCst) - before, result)
}

#[test]
fn the_solver_never_holds_more_than_its_budget() {
    let (mut stopped, mut answered) = (0, 0);
    for BenchInput { name, input, .. } in Huarongdao::bench_inputs() {
        let mut cases = Cases::new(input.as_bytes()).expect("valid input");
        let count = cases.query_count();
        let queries: Vec<Query> = cases
            .by_ref()
            .take(20)
            .map(|q| q.expect("a query"))
            .collect();
        let board = cases.into_board();
        let options = Options {
            queries: count,
            ..Options::default()
        };
        let tables = Solver::board_bytes(&board, &options).expect("not too large");
        // Generous: everything answered, and the estimate of the tables is an upper bound
        // that is not wildly above what they take.
        let (peak, result) = peak_of(&board, &queries, &options);
        assert_eq!(result, Ok(queries.len()), "{name}");
        assert!(peak as u64 <= options.budget.bytes(), "{name}: {peak}");
        let tables_only = peak_of(&board, &[], &options).0 as u64;
        assert!(tables_only <= tables, "{name}: {tables_only} > {tables}");
        assert!(
            tables_only * 3 >= tables,
            "{name}: {tables_only} much below {tables}"
        );
        eprintln!("{name}: the tables take {tables_only} bytes, estimated {tables}");
        // Tight budgets, from well below the tables to a little above them: the peak stays
        // within the budget whether the solver stops or answers.
        let below = [tables / 4, tables / 3, tables / 2, tables - 4096];
        let above = [0, 1024, 4096, 16 << 10, 64 << 10, 256 << 10].map(|extra| tables + extra);
        for bytes in below.into_iter().chain(above) {
            let options = Options {
                budget: MemoryBudget::new(bytes),
                ..options
            };
            let (peak, result) = peak_of(&board, &queries, &options);
            assert!(peak as u64 <= bytes, "{name}, budget {bytes}: held {peak}");
            match result {
                Ok(_) => answered += 1,
                Err(Limit::Memory(e)) => {
                    assert!(e.needed > e.budget, "{name}: {e}");
                    stopped += 1;
                }
                Err(e) => panic!("{name}: {e}"),
            }
        }
    }
    // Both ways were exercised.
    assert!(
        stopped >= 7 && answered >= 7,
        "{stopped} stopped, {answered} answered"
    );
}
