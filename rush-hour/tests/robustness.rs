//! Limits and hostile input: mangled inputs are answered as the reference answers them or
//! refused with an error inside the input; a board whose search passes the memory budget
//! is a limit, never an abort, and the binary stops there after the earlier answers.

use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::puzzle::Solve;
use puzzle_frame::testkit::{mangled_inputs, stops_at_budget};
use rush_hour::parse::parse_all;
use rush_hour::solve::{Options, Solver, Store};
use rush_hour::testkit::{random_boards, HARDEST_51};
use rush_hour::RushHour;

#[test]
fn mangled_inputs_are_errors_or_answers() {
    let noise = b"ABCZxo.Oa \t\r\n-+?\xff";
    mangled_inputs::<RushHour>(77, 3000, 4, noise, &[]).at_least(500, 200);
}

#[test]
fn a_search_past_the_budget_is_a_limit() {
    let cases = parse_all(format!("AABooBooo\n{HARDEST_51}\n").as_bytes()).unwrap();
    for store in [Store::Auto, Store::Dense, Store::Hashed] {
        let mut solver = Solver::new(&Options {
            budget: MemoryBudget::new(64 << 10),
            store,
            ..Options::default()
        });
        assert_eq!(solver.count(&cases[0]), Ok(Some(2)));
        // The 51-move cluster holds 4780 boards: its visited set and queue pass 64 KiB (a
        // dense set over all its states far more).
        let Err(puzzle_frame::Limit::Memory(over)) = solver.count(&cases[1]) else {
            panic!("the 51-move board fits in 64 KiB with {store:?}");
        };
        assert!(over.needed > 64 << 10, "{over}");
    }
}

#[test]
fn large_clusters_fit_a_modest_budget() {
    // Random 6x6 boards, whole clusters counted, within 256 MiB.
    let input = random_boards(3, 6, 20, false);
    let mut solver = Solver::new(&Options {
        budget: MemoryBudget::new(256 << 20),
        cluster: true,
        ..Options::default()
    });
    for case in parse_all(input.as_bytes()).unwrap() {
        let found = solver.solve(&case, true).expect("fits");
        assert!(found.cluster.is_some_and(|k| k >= 1));
    }
}

#[test]
fn the_binary_stops_at_the_memory_budget_after_the_earlier_answers() {
    let input = format!("AABooBooo\n{HARDEST_51}\nAABooBooo\n");
    let binary = env!("CARGO_BIN_EXE_rush-hour");
    stops_at_budget(
        binary,
        &["--max-memory", "64K"],
        &input,
        "2\n",
        2,
        "64.0 KiB",
    );
    let args = ["--max-memory", "64K", "--keep-going"];
    let output = puzzle_frame::transcript::run(binary.as_ref(), &args, input.as_bytes());
    let output = output.expect("run the binary");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "2\n? over --max-memory 64.0 KiB\n2\n"
    );
}
