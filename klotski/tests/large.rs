//! A large box with a short answer is searched over dense ranks, within a small budget.
#![allow(clippy::unwrap_used)]

use klotski::solve::{Options, Solver};
use klotski::testkit::LARGE_SHORT;
use klotski::Klotski;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::testkit::check_moves;

#[test]
fn the_5x7_box_answers_the_hashed_searchs_count_in_64_mib() {
    // 99,249,600 layouts; the hashed search found 22 moves in 723 MB of memory.
    let (_, input) = LARGE_SHORT[0];
    let case = klotski::parse::parse_all(input.as_bytes())
        .unwrap()
        .remove(0);
    let options = Options {
        budget: MemoryBudget::new(64 << 20),
        ..Options::default()
    };
    let moves = Solver::new(&options).moves(&case).unwrap().unwrap();
    check_moves::<Klotski>(&case, &moves, Some(22)).unwrap();
}
