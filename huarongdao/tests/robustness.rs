//! Damaged inputs never panic the library: every prefix of an input and many random byte
//! changes give answers or an input error naming a line and a column. A low memory budget
//! stops the solver (with a `Limit`) before it allocates what the budget cannot hold.

use huarongdao::parse::Cases;
use huarongdao::solve::{Limit, Options, Solver};
use huarongdao::Huarongdao;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::input::InputError;
use puzzle_frame::testkit::{mangled_inputs, stops_at_budget};

/// Parses and solves everything `input` holds as the binary does, stopping at the first
/// input error: the answers, and the error if there was one.
fn run(input: &[u8]) -> (Vec<Option<usize>>, Option<InputError>) {
    let mut cases = match Cases::new(input) {
        Ok(cases) => cases,
        Err(e) => return (Vec::new(), Some(e)),
    };
    let options = Options {
        queries: cases.query_count(),
        ..Options::default()
    };
    let mut solver = Solver::new(cases.board(), &options).expect("a small board fits");
    let mut answers = Vec::new();
    for query in cases.by_ref() {
        match query {
            Ok(query) => {
                let moves = solver.moves(&query).expect("a small board fits");
                answers.push(moves.map(|m| m.len()));
            }
            Err(e) => return (answers, Some(e)),
        }
    }
    (answers, None)
}

/// Either an error that names a line and a column of `input`, or an answer for each of the
/// queries the header announced.
fn assert_answered_or_located(input: &[u8]) {
    let (answers, error) = run(input);
    match error {
        Some(e) => {
            let lines = input.split(|&b| b == b'\n').count();
            assert!(e.line >= 1 && e.line <= lines, "{e}");
            assert!(e.column >= 1, "{e}");
            let located = format!("line {}, column {}", e.line, e.column);
            assert!(e.to_string().contains(&located), "{e}");
        }
        None => {
            let header = Cases::new(input).expect("it parsed once").query_count();
            assert_eq!(answers.len(), header, "{}", String::from_utf8_lossy(input));
        }
    }
}

#[test]
fn every_prefix_of_an_input() {
    let input = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
    for end in 0..=input.len() {
        assert_answered_or_located(&input.as_bytes()[..end]);
    }
    assert_eq!(run(input.as_bytes()), (vec![Some(2), None], None));
}

#[test]
fn random_byte_changes() {
    let words: [&[u8]; 4] = [b"-1", b"9999999999999", b"99999999999999999999999", b"\r\n"];
    // The damage both breaks inputs and leaves some valid: both ways are exercised.
    mangled_inputs::<Huarongdao>(404, 3000, 6, b"01259 \n\r\t-x", &words).at_least(100, 100);
}

#[test]
fn huge_declared_sizes_fail_fast() {
    // Neither the board nor the query count is allocated from the header.
    let (answers, error) = run(b"1000000 1000000 1000000000\n1 1\n");
    assert!(answers.is_empty());
    assert_eq!(error.map(|e| e.line), Some(2));
    let (answers, error) = run(b"1 2 1000000000\n1 1\n1 1 1 2 1 2\n");
    assert_eq!(answers, vec![Some(0)]);
    assert_eq!(error.map(|e| e.line), Some(4));
}

/// A board of `rows` x `cols` movable cells with a fixed cell in every third row.
fn board(rows: usize, cols: usize) -> huarongdao::Board {
    let row = |r: usize| {
        if r % 3 == 2 {
            "10".repeat(cols / 2)
        } else {
            "1".repeat(cols)
        }
    };
    let rows: Vec<String> = (0..rows).map(row).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    huarongdao::Board::from_rows(&rows).expect("a board")
}

#[test]
fn a_board_over_the_budget_is_refused_before_its_tables() {
    // A 2000x2000 board fits a machine, but not 64 MiB: the solver says so at once.
    let budget = MemoryBudget::new(64 << 20);
    let options = Options {
        budget,
        ..Options::default()
    };
    let board = board(2000, 2000);
    match Solver::new(&board, &options) {
        Err(Limit::Memory(e)) => {
            assert_eq!(e.budget, budget.bytes());
            assert!(e.needed > budget.bytes());
            assert!(e.what.contains("2000x2000"), "{}", e.what);
        }
        other => panic!(
            "expected the budget to stop it, got {:?}",
            other.map(|_| ())
        ),
    }
    // The same board passes the default budget's check (2 GiB): the refusal above was the
    // budget's, not the machine's.
    let needed = Solver::board_bytes(&board, &Options::default()).expect("not too large");
    assert!(needed <= Options::default().budget.bytes(), "{needed}");
}

#[test]
fn a_low_budget_stops_a_query_whose_queues_outgrow_it() {
    // Just enough for the tables of a 120x120 board: the first long query's queues or path
    // would take it over, and the solver says so instead of growing them.
    let board = board(120, 120);
    let far = huarongdao::Query {
        blank: grid_common::Pos::new(0, 1),
        piece: grid_common::Pos::new(0, 0),
        target: grid_common::Pos::new(118, 119),
    };
    let options = |extra: u64| {
        let options = Options {
            landmarks: Some(0),
            ..Options::default()
        };
        let tables = Solver::board_bytes(&board, &options).expect("not too large");
        Options {
            budget: MemoryBudget::new(tables + extra),
            ..options
        }
    };
    let mut generous = Solver::new(&board, &options(64 << 20)).expect("a solver");
    let moves = generous
        .moves(&far)
        .expect("within the budget")
        .expect("solvable");
    assert!(moves.len() > 238, "{}", moves.len());
    let extra = (0..64)
        .map(|k| k * 256)
        .find(|&extra| Solver::new(&board, &options(extra)).is_ok())
        .expect("some budget fits the tables");
    let mut solver = Solver::new(&board, &options(extra)).expect("a solver");
    match solver.moves(&far) {
        Err(Limit::Memory(e)) => assert!(e.needed > e.budget, "{e}"),
        other => panic!("expected the budget to stop it, got {other:?}"),
    }
}

#[test]
fn the_binary_refuses_a_board_over_the_budget_from_its_header() {
    // A valid 1500x1500 board with a budget of 64 MiB: refused before the board is read
    // (the message names the header's check), with exit code 1.
    let row = vec!["1"; 1500].join(" ");
    let mut input = String::from("1500 1500 1\n");
    for _ in 0..1500 {
        input.push_str(&row);
        input.push('\n');
    }
    input.push_str("1 1 1 2 1500 1500\n");
    let binary = env!("CARGO_BIN_EXE_huarongdao");
    let stderr = stops_at_budget(binary, &["--max-memory", "64M"], &input, "", 1, "64.0 MiB");
    assert!(
        stderr.starts_with("error: case 1: the 1500x1500 board and its tables would need"),
        "{stderr}"
    );
    // With the default budget the same input is answered: the stop was the budget's.
    let output = puzzle_frame::transcript::run(binary.as_ref(), &[] as &[&str], input.as_bytes())
        .expect("run the binary");
    assert_eq!(output.status.code(), Some(0));
    assert!(!output.stdout.is_empty());
}
