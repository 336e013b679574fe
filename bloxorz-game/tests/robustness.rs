//! Mangled inputs never panic the library: they parse to levels that solve, or to an
//! error; and the memory budget stops a level before it is exceeded.

use bloxorz_game::parse::parse_all;
use bloxorz_game::solve::{Limit, Options, Solver};
use bloxorz_game::BloxorzGame;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::puzzle::Solve;
use puzzle_frame::testkit::mangled_inputs;

#[test]
fn mangled_inputs_are_errors_or_levels() {
    let noise = b"#.EXOSHTBb0123456789 \t\r\n:,-xQ\xff";
    let words: [&[u8]; 5] = [b"switch ", b"split ", b"on ", b"off ", b"toggle "];
    let (errors, levels) = mangled_inputs::<BloxorzGame>(77, 3000, 6, noise, &words);
    assert!(
        errors > 500 && levels > 100,
        "{errors} errors, {levels} levels"
    );
}

/// An open 120 x 120 floor with a splitter that puts the cubes far apart: the pairs of
/// cubes fill a large part of the visited sets.
fn split_level() -> String {
    let mut rows = vec![vec![b'.'; 120]; 120];
    rows[0][0] = b'X';
    rows[0][3] = b'T';
    rows[119][119] = b'O';
    let mut text = "120 120\n".to_string();
    for row in rows {
        text.push_str(&String::from_utf8_lossy(&row));
        text.push('\n');
    }
    text + "split 0 3: 119 0, 0 119\n"
}

#[test]
fn a_level_over_the_memory_budget_is_a_limit() {
    let cases = parse_all(split_level().as_bytes()).expect("a valid level");
    for budget in [64 << 10, 1 << 20, 4 << 20] {
        let mut solver = Solver::new(&Options {
            budget: MemoryBudget::new(budget),
        });
        for result in [
            solver.count(&cases[0]).map(|_| ()),
            solver.moves(&cases[0]).map(|_| ()),
        ] {
            match result {
                Err(Limit::Memory(e)) => {
                    assert_eq!(e.budget, budget);
                    assert!(e.needed > budget, "{e}");
                }
                other => panic!("expected the memory limit, got {other:?}"),
            }
        }
    }
}

#[test]
fn the_binary_stops_at_the_memory_budget_after_the_earlier_answers() {
    let input = format!("1 4\nX..O\n{}1 4\nX..O\n", split_level());
    let output = puzzle_frame::transcript::run(
        env!("CARGO_BIN_EXE_bloxorz-game").as_ref(),
        &["--max-memory", "2M"],
        input.as_bytes(),
    )
    .expect("run the binary");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "2\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: case 2: "), "{stderr}");
    assert!(stderr.contains("memory budget of 2.0 MiB"), "{stderr}");
}
