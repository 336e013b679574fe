//! Snapshot cases: every tests/cases/*.in through the real binary.
#[test]
fn cases() {
    insta::glob!("cases/*.in", |path| {
        let transcript =
            puzzle_frame::transcript::run_case(env!("CARGO_BIN_EXE_bloxorz-game").as_ref(), path)
                .expect("run the binary on the case");
        insta::assert_snapshot!(transcript);
    });
}
