//! Mangled inputs never panic the library: they parse to boards that the solver answers as
//! the reference does, or to an error that points inside the input; a board whose search
//! passes the memory budget is a limit, never an abort.

use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::rng::Rng;
use rush_hour::parse::parse_all;
use rush_hour::solve::{Options, Solver, Store};
use rush_hour::testkit::{random_boards, random_input, HARDEST_51};

#[test]
fn mangled_inputs_are_errors_or_boards() {
    let mut rng = Rng::new(77);
    let noise: Vec<&[u8]> = b"ABCZxo.Oa \t\r\n-+?\xff".chunks(1).collect();
    let (mut errors, mut boards) = (0, 0);
    for _ in 0..3000 {
        let mut bytes = random_input(&mut rng, 4).into_bytes();
        let edits = rng.range(1, 3);
        rng.damage(&mut bytes, &noise, edits);
        match parse_all(&bytes) {
            Ok(parsed) => {
                let mut solver = Solver::new(&Options::default());
                for board in &parsed {
                    let truth = rush_hour::reference::count(board);
                    assert_eq!(solver.count(board), Ok(truth), "{}", board.to_input());
                    boards += 1;
                }
            }
            Err(e) => {
                assert!(e.line >= 1 && e.column >= 1, "{e}");
                errors += 1;
            }
        }
    }
    assert!(
        errors > 500 && boards > 200,
        "{errors} errors, {boards} boards"
    );
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
        let answer = solver.solve(&case, true).expect("fits");
        assert!(answer.cluster.is_some_and(|k| k >= 1));
    }
}
