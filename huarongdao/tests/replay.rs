//! Every path the solver gives replays legally to the target in exactly the answer's number
//! of moves, on the benchmark boards; the heuristic search agrees with a plain Dijkstra
//! there and with the brute force on a few queries; the generated snapshot case is the
//! generator's.

use huarongdao::replay::check_solution;
use huarongdao::{reference, testkit, Input, Solver};

#[test]
fn every_path_replays_on_the_benchmark_boards() {
    for (name, input) in testkit::bench_inputs() {
        let mut parsed = Input::new(input.as_bytes()).expect("valid input");
        let board = parsed.board().clone();
        let mut solver = Solver::new(&board).expect("a solver");
        let mut plain = Solver::with_landmarks(&board, 0).expect("a solver");
        plain.set_heuristic(false);
        let small = board.rows() <= 30;
        let (mut k, mut solvable) = (0, 0);
        while let Some(query) = parsed.next_query() {
            let query = query.expect("a query");
            k += 1;
            if !small && k > 10 {
                break; // Paths of 100,000 moves and more: a few of them are enough.
            }
            let answer = solver.solve(&query);
            if small {
                assert_eq!(answer, plain.solve(&query), "{name}, query {k}");
            }
            if small && k <= 2 {
                assert_eq!(
                    answer,
                    reference::solve(&board, &query),
                    "{name}, query {k}"
                );
            }
            let path = solver.solve_with_path(&query);
            assert_eq!(
                path.as_ref().map(|p| p.len() as u64),
                answer,
                "{name}, query {k}"
            );
            if let Some(path) = path {
                solvable += 1;
                assert_eq!(
                    check_solution(&board, &query, &path),
                    Ok(path.len()),
                    "{name}, query {k}"
                );
            }
        }
        assert!(solvable > k / 2, "{name}: only {solvable} of {k} solvable");
        assert!(k >= 10, "{name}: only {k} queries");
    }
}

#[test]
fn the_generated_snapshot_case_is_the_generators() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/cases/generated-30x30-q500.in"
    );
    let (_, input) = testkit::bench_inputs()
        .into_iter()
        .find(|(name, _)| name == "fixed10-30x30-q500")
        .expect("the benchmark input");
    if std::env::var_os("HUARONGDAO_WRITE_CASE").is_some() {
        std::fs::write(path, &input).expect("write the case");
    }
    let on_disk = std::fs::read_to_string(path).expect("read the case");
    assert!(
        on_disk == input,
        "tests/cases/generated-30x30-q500.in differs from testkit::bench_inputs(); \
         rewrite it with HUARONGDAO_WRITE_CASE=1 cargo test -p huarongdao --test replay"
    );
}
