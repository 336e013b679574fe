//! Mangled inputs never panic the library: they parse to levels that solve, or to an
//! error; and the memory budget stops a level before it is exceeded.

use bloxorz_game::parse::parse_all;
use bloxorz_game::solve::{Options, Solver};
use bloxorz_game::BloxorzGame;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::testkit::{grid_text, mangled_inputs, over_budget, stops_at_budget};

#[test]
fn mangled_inputs_are_errors_or_levels() {
    let noise = b"#.EXOSHTBb0123456789 \t\r\n:,-xQ\xff";
    let words: [&[u8]; 5] = [b"switch ", b"split ", b"on ", b"off ", b"toggle "];
    mangled_inputs::<BloxorzGame>(77, 3000, 6, noise, &words).at_least(500, 100);
}

/// An open 120 x 120 floor with a splitter that puts the cubes far apart: the pairs of
/// cubes fill a large part of the visited sets.
fn split_level() -> String {
    let mut rows = vec![vec![b'.'; 120]; 120];
    rows[0][0] = b'X';
    rows[0][3] = b'T';
    rows[119][119] = b'O';
    grid_text(&rows) + "split 0 3: 119 0, 0 119\n"
}

#[test]
fn a_level_over_the_memory_budget_is_a_limit() {
    let cases = parse_all(split_level().as_bytes()).expect("a valid level");
    for budget in [64 << 10, 1 << 20, 4 << 20] {
        let mut solver = Solver::new(&Options {
            budget: MemoryBudget::new(budget),
        });
        over_budget(&mut solver, &cases[0], budget);
    }
}

#[test]
fn the_binary_stops_at_the_memory_budget_after_the_earlier_answers() {
    let input = format!("1 4\nX..O\n{}1 4\nX..O\n", split_level());
    let binary = env!("CARGO_BIN_EXE_bloxorz-game");
    stops_at_budget(binary, &["--max-memory", "2M"], &input, "2\n", 2, "2.0 MiB");
}
