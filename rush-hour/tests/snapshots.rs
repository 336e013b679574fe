//! Snapshot cases: every tests/cases/*.in through the real binary.

/// The binary under test.
const BINARY: &str = env!("CARGO_BIN_EXE_rush-hour");

#[test]
fn cases() {
    insta::glob!("cases/*.in", |path| {
        let transcript = puzzle_frame::transcript::run_case(BINARY.as_ref(), path)
            .expect("run the binary on the case");
        insta::assert_snapshot!(transcript);
    });
}
