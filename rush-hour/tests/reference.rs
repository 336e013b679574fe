//! The solver against the brute-force reference (moves, steps and clusters, both visited
//! sets), with every path replayed.

use puzzle_frame::testkit::{random_inputs_agree, Testkit};
use rush_hour::testkit::random_boards;
use rush_hour::RushHour;

/// Random inputs of one to four boards of different sizes: sides of 3 and 4, up to 5, up
/// to 6.
#[test]
fn random_inputs_agree_with_the_reference() {
    random_inputs_agree::<RushHour>(&[(1, 3000, 4), (2, 1000, 5), (3, 150, 6)]);
}

#[test]
fn unsolvable_boards() {
    for size in [4, 5] {
        let input = random_boards(size as u64, size, 200, true);
        assert_eq!(RushHour::check_input(&input), Ok(200));
    }
}
