//! The reference and replay tests every crate's `tests/reference.rs` and `tests/replay.rs`
//! share, written once: many random inputs, each checked by the crate's own
//! [`Testkit::check_input`] (the solver against the reference, every path replayed), and
//! the paths the binary prints for random inputs and for the snapshot cases, replayed.

use std::path::Path;

use super::{check_printed_paths, valid_snapshot_inputs, Testkit};
use crate::rng::Rng;

/// For each round `(seed, inputs, max_size)`, that many random inputs (boards up to
/// `max_size`, one to a few cases each, so that state left over from an earlier case would
/// show) checked by [`Testkit::check_input`]; panics with the first failure and its input.
/// Every input must have checked at least one case. The cases checked.
pub fn random_inputs_agree<P: Testkit>(rounds: &[(u64, usize, usize)]) -> usize {
    let mut checked = 0;
    for &(seed, inputs, max_size) in rounds {
        let mut rng = Rng::new(seed);
        let mut cases = 0;
        for _ in 0..inputs {
            let input = P::random_input(&mut rng, max_size);
            match P::check_input(&input) {
                Ok(n) => cases += n,
                Err(e) => panic!("{e}\ninput:\n{input}"),
            }
        }
        assert!(cases >= inputs, "every input has a case (seed {seed})");
        checked += cases;
    }
    checked
}

/// Every path the binary prints replays ([`check_printed_paths`]): `inputs` random inputs,
/// boards up to each of `sizes` in turn, each run through `binary`. The cases checked; at
/// least one an input.
pub fn random_paths_replay<P: Testkit>(
    binary: &str,
    seed: u64,
    inputs: usize,
    sizes: &[usize],
) -> usize {
    let mut rng = Rng::new(seed);
    let checked = (0..inputs)
        .map(|round| {
            let input = P::random_input(&mut rng, sizes[round % sizes.len()]);
            paths_replay::<P>(binary, &input)
        })
        .sum();
    assert!(checked >= inputs, "{checked} cases in {inputs} inputs");
    checked
}

/// Every path the binary prints for the crate's valid snapshot cases (those of
/// [`valid_snapshot_inputs`] under `max_len` bytes, in `manifest_dir`'s `tests/cases`)
/// replays. The cases checked.
pub fn snapshot_paths_replay<P: Testkit>(
    binary: &str,
    manifest_dir: &str,
    max_len: usize,
) -> usize {
    let dir = Path::new(manifest_dir).join("tests/cases");
    valid_snapshot_inputs::<P>(&dir, max_len)
        .iter()
        .map(|input| paths_replay::<P>(binary, input))
        .sum()
}

/// [`check_printed_paths`] on one input; panics with what is wrong and the input.
pub fn paths_replay<P: Testkit>(binary: &str, input: &str) -> usize {
    check_printed_paths::<P>(Path::new(binary), input)
        .unwrap_or_else(|e| panic!("{e}\ninput:\n{input}"))
}

/// A crate's replay test of every path its binary prints (in its `tests/replay.rs`, beside
/// any of its own): the paths for random inputs ([`random_paths_replay`]: the seed, the
/// number of inputs, the board sizes in turn) and for the valid snapshot cases
/// ([`snapshot_paths_replay`]: the longest input taken, the fewest cases it must check).
///
/// `puzzle_frame::replay_tests!(Bloxorz, "bloxorz", random: 42, 400, [4, 8, 16, 30];
/// snapshots: 100_000, 10);`
#[macro_export]
macro_rules! replay_tests {
    ($puzzle:ty, $binary:literal, random: $seed:expr, $inputs:expr, $sizes:expr;
     snapshots: $max_len:expr, $least:expr) => {
        #[test]
        fn printed_paths_of_random_inputs_replay() {
            let binary = env!(concat!("CARGO_BIN_EXE_", $binary));
            $crate::testkit::random_paths_replay::<$puzzle>(binary, $seed, $inputs, &$sizes);
        }

        #[test]
        fn printed_paths_of_the_snapshot_cases_replay() {
            let binary = env!(concat!("CARGO_BIN_EXE_", $binary));
            let manifest = env!("CARGO_MANIFEST_DIR");
            let checked =
                $crate::testkit::snapshot_paths_replay::<$puzzle>(binary, manifest, $max_len);
            assert!(checked >= $least, "{checked} cases");
        }
    };
}
