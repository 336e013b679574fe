//! The solver against the brute-force reference, with every path replayed.

use bloxorz::Bloxorz;
use puzzle_frame::testkit::random_inputs_agree;

/// Random inputs of one to three cases of different sizes: tiny boards, small boards,
/// boards up to 30.
#[test]
fn random_inputs_agree_with_the_reference() {
    random_inputs_agree::<Bloxorz>(&[(1, 3000, 4), (2, 2000, 10), (3, 300, 30)]);
}
