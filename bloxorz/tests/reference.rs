//! The solver against the brute-force reference, with every path replayed.

use bloxorz::Bloxorz;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::Testkit;

/// Random inputs of one to three cases of different sizes (state left over from a previous
/// case would show), boards up to `max_size`.
fn random_inputs(seed: u64, count: usize, max_size: usize) {
    let mut rng = Rng::new(seed);
    let mut cases = 0;
    for _ in 0..count {
        let input = Bloxorz::random_input(&mut rng, max_size);
        match Bloxorz::check_input(&input) {
            Ok(n) => cases += n,
            Err(e) => panic!("{e}\ninput:\n{input}"),
        }
    }
    assert!(cases >= count, "every input has a case");
}

#[test]
fn tiny_boards() {
    random_inputs(1, 3000, 4);
}

#[test]
fn small_boards() {
    random_inputs(2, 2000, 10);
}

#[test]
fn boards_up_to_30() {
    random_inputs(3, 300, 30);
}
