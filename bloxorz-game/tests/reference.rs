//! The solver against the brute-force reference on many random levels, with every path
//! replayed.

use bloxorz_game::parse::parse_all;
use bloxorz_game::testkit::features;
use bloxorz_game::BloxorzGame;
use bloxorz_game::Tile;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::Testkit;

/// Random inputs of one to three levels (state left over from a previous level would
/// show), boards up to `max_size`; returns the levels checked and the levels per feature.
fn random_inputs(seed: u64, count: usize, max_size: usize) -> (usize, Vec<usize>) {
    let mut rng = Rng::new(seed);
    let mut levels = 0;
    let mut with = vec![0; 8];
    for _ in 0..count {
        let input = BloxorzGame::random_input(&mut rng, max_size);
        match BloxorzGame::check_input(&input) {
            Ok(n) => levels += n,
            Err(e) => panic!("{e}\ninput:\n{input}"),
        }
        for case in parse_all(input.as_bytes()).expect("it was checked") {
            for tile in features(&case) {
                with[tile as usize] += 1;
            }
        }
    }
    assert!(levels >= count, "every input has a level");
    (levels, with)
}

#[test]
fn tiny_levels() {
    random_inputs(1, 3000, 4);
}

#[test]
fn small_levels_use_every_feature() {
    let (_, with) = random_inputs(2, 2000, 7);
    for tile in [
        Tile::Orange,
        Tile::Soft,
        Tile::Heavy,
        Tile::Splitter,
        Tile::Bridge,
    ] {
        assert!(with[tile as usize] >= 200, "{tile:?}: {with:?}");
    }
}

#[test]
fn levels_up_to_10() {
    random_inputs(3, 300, 10);
}
