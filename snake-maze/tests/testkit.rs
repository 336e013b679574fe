//! The testkit's shrinker and benchmark inputs keep their promises.

use grid_common::Pos;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::BenchInput;
use puzzle_frame::testkit::Testkit;
use snake_maze::case::Case;
use snake_maze::parse::parse_all;
use snake_maze::solve::{Options, Search, Solver};
use snake_maze::SnakeMaze;

/// A rough size: cases, stones, blocks and cells.
fn size(cases: &[Case]) -> usize {
    cases
        .iter()
        .map(|c| {
            1 + c.stone().cells().iter().filter(|&&s| s).count() + c.body().len() + c.stone().len()
        })
        .sum()
}

#[test]
fn shrinking_gives_smaller_valid_inputs() {
    let mut total = 0;
    for seed in 0..50 {
        let input = SnakeMaze::random_input(&mut Rng::new(seed), 6);
        let cases = parse_all(input.as_bytes()).expect("generated input parses");
        let smaller = SnakeMaze::shrink_input(&input);
        total += smaller.len();
        for s in smaller {
            let shrunk = parse_all(s.as_bytes()).expect("shrunk input parses");
            assert!(
                size(&shrunk) < size(&cases),
                "seed {seed}:\n{input}\nbecame\n{s}"
            );
        }
    }
    assert!(total > 100, "{total}");
}

#[test]
fn bench_inputs_are_what_they_say() {
    let inputs: Vec<BenchInput> = SnakeMaze::bench_inputs()
        .into_iter()
        .filter(|b| b.args.is_empty())
        .collect();
    let names: Vec<&str> = inputs.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "cutoff-l8",
            "mixed-l8",
            "cutoff-l10",
            "cutoff-l12",
            "open-100-l8",
            "long-100-l1000"
        ]
    );
    for BenchInput { name, input, .. } in &inputs {
        let cases = parse_all(input.as_bytes()).expect("bench input parses");
        assert!(!cases.is_empty(), "{name}");
        if name.starts_with("cutoff") {
            for case in &cases {
                assert_eq!((case.stone().rows(), case.stone().cols()), (20, 20));
                assert!(case.stone()[Pos::new(0, 1)] && case.stone()[Pos::new(1, 0)]);
            }
        }
    }
    // The five cut-off L = 8 lairs: (1,1) unreachable, 560k to 626k positions each for a
    // breadth-first search (the guided one sees at once that there is no way).
    let cutoff = parse_all(inputs[0].input.as_bytes()).expect("parses");
    assert_eq!(cutoff.len(), 5);
    let breadth = Options {
        search: Search::Breadth,
        ..Options::default()
    };
    for case in &cutoff {
        assert_eq!(case.body().len(), 8);
        let solution = Solver::new(&breadth)
            .solve(case, false)
            .expect("within the budget");
        assert_eq!(solution.steps, None);
        assert!(
            (560_000..=626_000).contains(&solution.states),
            "{}",
            solution.states
        );
        let guided = Solver::new(&Options::default())
            .solve(case, false)
            .expect("within the budget");
        assert_eq!((guided.steps, guided.states), (None, 1));
    }
    assert_eq!(
        parse_all(inputs[1].input.as_bytes()).expect("parses").len(),
        6
    );
    let long = parse_all(inputs[5].input.as_bytes()).expect("parses");
    assert_eq!(long[0].body().len(), 1000);
}

#[test]
fn bench_inputs_with_args_explore_in_full_with_each_store() {
    let with_args: Vec<BenchInput> = SnakeMaze::bench_inputs()
        .into_iter()
        .filter(|b| !b.args.is_empty())
        .collect();
    let names: Vec<&str> = with_args.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "cutoff-l10-breadth-dense",
            "cutoff-l10-breadth-hashed",
            "cutoff-l12-breadth-dense",
            "cutoff-l12-breadth-hashed"
        ]
    );
    for BenchInput { name, args, input } in &with_args {
        assert_eq!(args[..3], ["--search", "breadth", "--store"], "{name}");
        assert!(name.ends_with(args[3].as_str()), "{name}");
        assert_eq!(parse_all(input.as_bytes()).expect("parses").len(), 1);
    }
}
