//! Every path the solver gives replays legally to the target in exactly the answer's number
//! of moves, on the benchmark boards, in the configuration the binary runs there (built
//! from the header's query count) and in every other; the heuristic search agrees with a
//! plain Dijkstra there; the generated snapshot case is the generator's.

use huarongdao::parse::Cases;
use huarongdao::solve::{Options, Solver};
use huarongdao::{testkit, Case, Huarongdao, Query};
use puzzle_frame::testkit::{check_moves, BenchInput, Testkit};

#[test]
fn every_path_replays_on_the_benchmark_boards() {
    for BenchInput { name, input, .. } in Huarongdao::bench_inputs() {
        let mut cases = Cases::new(input.as_bytes()).expect("valid input");
        let binary = Options {
            queries: cases.query_count(),
            ..Options::default()
        };
        let queries: Vec<Query> = cases.by_ref().map(|q| q.expect("a query")).collect();
        let board = cases.into_board();
        let small = board.rows() <= 30;
        // Paths of 100,000 moves and more on the large boards: a few of them are enough.
        let queries = &queries[..if small { queries.len() } else { 10 }];
        let mut configurations = vec![("the binary's", binary)];
        if small {
            configurations.extend(testkit::configurations());
        }
        let mut answers: Option<Vec<Option<usize>>> = None;
        for (configuration, options) in configurations {
            let mut solver = Solver::new(&board, &options).expect("a solver");
            let mut solvable = 0;
            let mut these = Vec::new();
            for (k, query) in (1..).zip(queries) {
                let at = format!("{name}, {configuration}, query {k}");
                let answer = solver.count(query).expect("within the budget");
                let path = solver.moves(query).expect("within the budget");
                assert_eq!(path.as_ref().map(Vec::len), answer, "{at}");
                if let Some(path) = path {
                    solvable += 1;
                    let case = Case {
                        board: std::sync::Arc::new(board.clone()),
                        query: *query,
                    };
                    let checked = check_moves::<Huarongdao>(&case, &path, answer);
                    assert_eq!(checked, Ok(()), "{at}");
                }
                these.push(answer);
            }
            // Every configuration agrees with the first (the binary's), Dijkstra included.
            match &answers {
                None => answers = Some(these),
                Some(first) => assert!(first == &these, "{name}, {configuration}"),
            }
            assert!(
                solvable > queries.len() / 2,
                "{name}: only {solvable} solvable"
            );
        }
        assert!(
            queries.len() >= 10,
            "{name}: only {} queries",
            queries.len()
        );
    }
}

#[test]
fn the_generated_snapshot_case_is_the_generators() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/cases/generated-30x30-q500.in"
    );
    let input = Huarongdao::bench_inputs()
        .into_iter()
        .find(|b| b.name == "fixed10-30x30-q500")
        .expect("the benchmark input")
        .input;
    if std::env::var_os("HUARONGDAO_WRITE_CASE").is_some() {
        std::fs::write(path, &input).expect("write the case");
    }
    let on_disk = std::fs::read_to_string(path).expect("read the case");
    assert!(
        on_disk == input,
        "tests/cases/generated-30x30-q500.in differs from Huarongdao::bench_inputs(); \
         rewrite it with HUARONGDAO_WRITE_CASE=1 cargo test -p huarongdao --test replay"
    );
}
