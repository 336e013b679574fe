//! Damaged inputs give errors or answers, never panics; errors point inside the input.
//! The largest inputs stop at the memory budget, and a long snake with a way to (1,1)
//! answers at once.

use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::puzzle::Solve;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::check_moves;
use puzzle_frame::testkit::Testkit;
use snake_maze::case::Case;
use snake_maze::parse::cases;
use snake_maze::solve::{Limit, Options, Search, Solver, Store, TooManyStates};
use snake_maze::testkit::{long_snake, trapped_snake};
use snake_maze::SnakeMaze;

const NOISE: &[u8] = b"0123456789 \n\r\t-+x#";

#[test]
fn damaged_inputs_never_panic() {
    let (mut errors, mut answered) = (0, 0);
    let options = Options {
        max_states: 20_000,
        ..Options::default()
    };
    let mut solver = Solver::new(&options);
    for seed in 0..3000 {
        let mut rng = Rng::new(seed);
        let mut bytes = SnakeMaze::random_input(&mut rng, 6).into_bytes();
        let noise: Vec<&[u8]> = NOISE.chunks(1).collect();
        let edits = rng.range(1, 4);
        rng.damage(&mut bytes, &noise, edits);
        let lines = bytes.split(|&b| b == b'\n').count();
        let mut cases = cases(&bytes);
        for case in cases.by_ref() {
            match case {
                // An answer (its path replays, and it is the reference's where the
                // reference settles the case within the same limit), or the state limit.
                Ok(case) => match solver.moves(&case) {
                    Ok(moves) => {
                        if let Some(moves) = &moves {
                            check_moves::<SnakeMaze>(&case, moves, Some(moves.len()))
                                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                        }
                        if let Some(truth) = snake_maze::reference::search(&case, 20_000) {
                            assert_eq!(moves.map(|m| m.len()), truth.steps, "seed {seed}");
                        }
                        answered += 1;
                    }
                    Err(limit) => {
                        assert_eq!(
                            limit,
                            Limit::Other(TooManyStates { max_states: 20_000 }),
                            "seed {seed}"
                        );
                    }
                },
                Err(e) => {
                    assert!(e.line >= 1 && e.line <= lines, "{e}");
                    assert!(e.column >= 1, "{e}");
                    assert!(e.to_string().contains("expected"), "{e}");
                    errors += 1;
                    break;
                }
            }
        }
        assert!(cases.next().is_none(), "the cases stop after an error");
    }
    assert!(
        errors > 1000 && answered > 1000,
        "{errors} errors, {answered} answered"
    );
}

#[test]
fn a_long_snake_with_a_way_out_answers_at_once() {
    // 1,000 blocks fill the bottom ten rows; the head, on row 91, has a clear way up.
    let case = long_snake(1000);
    let head = case.body()[0];
    assert_eq!(head.row, 90);
    let mut solver = Solver::new(&Options::default());
    let moves = solver
        .moves(&case)
        .expect("within the limits")
        .expect("a way");
    // No move can be wasted: the head's distance to (1,1) is a lower bound.
    assert_eq!(moves.len(), head.row + head.col);
    check_moves::<SnakeMaze>(&case, &moves, Some(moves.len())).expect("the moves replay");
    let solution = solver.solve(&case, false).expect("within the limits");
    assert!(solution.states < 10_000, "{}", solution.states);
}

/// The search stops at the memory budget, whatever the store and the search: long trapped
/// bodies under both searches, shorter bodies far from (1,1) under breadth-first search
/// (the guided one walks straight there), and a bitset too large to allocate.
#[test]
fn the_largest_inputs_stop_at_the_memory_budget() {
    let budget = MemoryBudget::new(24 << 20);
    let both = [Search::Guided, Search::Breadth];
    let breadth = [Search::Breadth];
    let cases: [(Case, Store, &[Search]); 7] = [
        (trapped_snake(1000), Store::Auto, &both),
        (trapped_snake(4000), Store::Auto, &both),
        (trapped_snake(1000), Store::Hashed, &both),
        (long_snake(20), Store::Hashed, &breadth),
        (long_snake(20), Store::Packed, &breadth),
        (long_snake(40), Store::Auto, &breadth),
        // A bitset for 12 blocks on 100 x 100 cells needs hundreds of megabytes.
        (long_snake(12), Store::Dense, &both),
    ];
    for (case, store, searches) in cases {
        for &search in searches {
            // Each case passes the budget long before this many positions.
            let options = Options {
                budget,
                store,
                search,
                max_states: 3_000_000,
            };
            let result = Solver::new(&options).solve(&case, true);
            let length = case.body().len();
            match result {
                Err(Limit::Memory(e)) => {
                    assert_eq!(e.budget, budget.bytes(), "L = {length}");
                    assert!(e.needed > e.budget, "L = {length}");
                }
                other => panic!("L = {length}, {store:?} {search:?}: {other:?}"),
            }
        }
    }
}

#[test]
fn a_snake_filling_its_lair_cannot_move() {
    let case = long_snake(100 * 100);
    for store in [Store::Auto, Store::Packed] {
        let options = Options {
            budget: MemoryBudget::new(16 << 20),
            store,
            search: Search::Breadth,
            ..Options::default()
        };
        let solution = Solver::new(&options).solve(&case, true).expect("no moves");
        assert_eq!((solution.steps, solution.states), (None, 1));
    }
}
