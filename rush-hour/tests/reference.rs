//! The solver against the brute-force reference, with every path replayed.

use puzzle_frame::rng::Rng;

use rush_hour::testkit::{check_input, random_input};

/// Random inputs of one to three cases of different sizes (state left over from a previous
/// case would show), boards up to `max_size`.
fn random_inputs(seed: u64, count: usize, max_size: usize) {
    let mut rng = Rng::new(seed);
    let mut cases = 0;
    for _ in 0..count {
        let input = random_input(&mut rng, max_size);
        match check_input(&input) {
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
fn boards_up_to_40() {
    random_inputs(3, 300, 40);
}
