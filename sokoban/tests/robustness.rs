//! Limits and hostile input: an answer or a specific error, never a panic.

use puzzle_frame::rng::Rng;

/// The binary under test.
const BINARY: &str = env!("CARGO_BIN_EXE_sokoban");

fn run(args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    let output = puzzle_frame::transcript::run(BINARY.as_ref(), args, input).expect("run");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn mangled_inputs_get_an_answer_or_an_error() {
    let mut rng = Rng::new(5);
    let seeds = [
        include_str!("cases/sample.in"),
        include_str!("cases/xsb_path.in"),
        include_str!("cases/xsb.in"),
    ];
    for round in 0..300 {
        let mut bytes = seeds[round % seeds.len()].as_bytes().to_vec();
        for _ in 0..rng.range(1, 4) {
            let at = rng.below(bytes.len());
            bytes[at] = b"#.SBT$*@+-_ \n0123;x"[rng.below(19)];
        }
        let (code, _, err) = run(&["--max-states", "200000"], &bytes);
        assert!(matches!(code, Some(0..=2)), "{code:?} {err}");
        if code == Some(2) {
            assert!(err.contains("line"), "{err}");
        }
    }
}

#[test]
fn limits_stop_with_exit_1_after_the_earlier_answers() {
    let level = include_str!("cases/limit_max_states.in");
    let (code, out, err) = run(&["--max-states", "50"], level.as_bytes());
    assert_eq!((code, out.as_str()), (Some(1), "1\n"));
    assert!(
        err.contains("case 2") && err.contains("--max-states"),
        "{err}"
    );
    let (code, _, err) = run(&["--max-memory", "40K"], level.as_bytes());
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("--max-memory"), "{err}");
}
