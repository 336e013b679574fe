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

#[test]
fn a_board_too_many_states_for_a_bitset_is_checked_with_the_hash_set() {
    // `cargo xtask stress rush-hour --max-size 10` (seed 9001, shrunk): 14 pieces on 7x7,
    // a bitset over all their places would take 6.3 GiB, the cluster is 31,620 boards.
    let board = ".PP.AA...oJ.OOHH.JMMoBB.KKE.QQFFFE.DN...E.DNCC...\n";
    assert_eq!(RushHour::check_input(board), Ok(1));
}
