//! The solver against the brute-force reference (moves, steps and clusters, both visited
//! sets), with every path replayed.

use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::Testkit;
use rush_hour::testkit::random_boards;
use rush_hour::RushHour;

/// Random inputs of one to four boards of different sizes (state left over from a previous
/// board would show), sides up to `max_size`.
fn random_inputs(seed: u64, count: usize, max_size: usize) {
    let mut rng = Rng::new(seed);
    let mut cases = 0;
    for _ in 0..count {
        let input = RushHour::random_input(&mut rng, max_size);
        match RushHour::check_input(&input) {
            Ok(n) => cases += n,
            Err(e) => panic!("{e}\ninput:\n{input}"),
        }
    }
    assert!(cases >= count, "every input has a board");
}

#[test]
fn boards_of_3_and_4() {
    random_inputs(1, 3000, 4);
}

#[test]
fn boards_up_to_5() {
    random_inputs(2, 1000, 5);
}

#[test]
fn boards_up_to_6() {
    random_inputs(3, 150, 6);
}

#[test]
fn unsolvable_boards() {
    for size in [4, 5] {
        let input = random_boards(size as u64, size, 200, true);
        assert_eq!(RushHour::check_input(&input), Ok(200));
    }
}
