//! Every `--path` the binary prints replays legally to the target, with exactly as many
//! rolls as the answer says, and the answers agree with the reference.

use bloxorz::Bloxorz;

puzzle_frame::replay_tests!(Bloxorz, "bloxorz",
    random: 42, 400, [4, 8, 16, 30]; snapshots: 100_000, 10);

#[test]
fn the_statement_sample_replays() {
    let sample = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";
    let binary = env!("CARGO_BIN_EXE_bloxorz");
    assert_eq!(
        puzzle_frame::testkit::paths_replay::<Bloxorz>(binary, sample),
        1
    );
}
