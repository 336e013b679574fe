//! Damaged inputs never panic the library: every prefix of an input and many random byte
//! changes give answers or an input error, never a crash.

use grid_common::rng::Rng;
use huarongdao::{testkit, Input, Solver};

/// Parses and solves everything `input` holds, stopping at the first input error.
fn run(input: &[u8]) -> usize {
    let Ok(mut parsed) = Input::new(input) else {
        return 0;
    };
    let board = parsed.board().clone();
    let Ok(mut solver) = Solver::for_queries(&board, parsed.query_count()) else {
        return 0;
    };
    let mut answered = 0;
    while let Some(Ok(query)) = parsed.next_query() {
        let _ = solver.solve_with_path(&query);
        answered += 1;
    }
    answered
}

#[test]
fn every_prefix_of_an_input() {
    let input = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
    for end in 0..=input.len() {
        run(&input.as_bytes()[..end]);
    }
    assert_eq!(run(input.as_bytes()), 2);
}

#[test]
fn random_byte_changes() {
    let mut rng = Rng::new(404);
    let noise: [&[u8]; 14] = [
        b"0",
        b"1",
        b"2",
        b"5",
        b"9",
        b" ",
        b"\n",
        b"\r",
        b"\t",
        b"-",
        b"x",
        b"-1",
        b"9999999999999",
        b"99999999999999999999999",
    ];
    for _ in 0..3000 {
        let mut input = testkit::random_input(&mut rng, 6).into_bytes();
        let edits = rng.range(1, 4);
        rng.damage(&mut input, &noise, edits);
        run(&input);
    }
}

#[test]
fn huge_declared_sizes_fail_fast() {
    // Neither the board nor the query count is allocated from the header.
    assert_eq!(run(b"1000000 1000000 1000000000\n1 1\n"), 0);
    assert_eq!(run(b"1 2 1000000000\n1 1\n1 1 1 2 1 2\n"), 1);
}
