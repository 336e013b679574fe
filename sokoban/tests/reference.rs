//! The solvers against the brute-force reference, with every path replayed.

use puzzle_frame::rng::Rng;

use sokoban::testkit::{check_input, random_input, random_level};

/// Random inputs (POJ mazes and XSB levels) of boards up to `max_size`.
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
    random_inputs(1, 1500, 4);
}

#[test]
fn small_boards() {
    random_inputs(2, 600, 8);
}

#[test]
fn mazes_up_to_20() {
    random_inputs(3, 120, 20);
}

#[test]
fn levels_of_three_boxes() {
    let mut rng = Rng::new(4);
    for k in 0..200 {
        let input = format!("; {k}\n{}\n", random_level(&mut rng, 4, 3));
        if let Err(e) = check_input(&input) {
            panic!("{e}\ninput:\n{input}");
        }
    }
}
