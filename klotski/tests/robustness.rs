//! Mangled inputs never panic the parser or the solver, and every error points inside
//! the input with a caret line.
#![allow(clippy::unwrap_used)]

use klotski::parse::cases;
use klotski::solve::{Options, Solver};
use klotski::Klotski;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::Testkit;

#[test]
fn mangled_inputs_are_answers_or_errors() {
    let mut rng = Rng::new(11);
    let pieces: [&[u8]; 12] = [
        b"A",
        b"B",
        b".",
        b"..",
        b" ",
        b"\n",
        b"\r\n",
        b"\t",
        b"A.",
        b"9",
        "曹".as_bytes(),
        &[0xff],
    ];
    let mut solver = Solver::new(&Options::default());
    let (mut answered, mut failed) = (0, 0);
    for _ in 0..3000 {
        let mut input = Klotski::random_input(&mut rng, 3).into_bytes();
        let edits = rng.range(1, 3);
        rng.damage(&mut input, &pieces, edits);
        for case in cases(&input) {
            match case {
                Ok(case) => {
                    solver.moves(&case).unwrap();
                    answered += 1;
                }
                Err(e) => {
                    let text = e.to_string();
                    assert!(e.line >= 1 && e.column >= 1 && e.case.is_some(), "{text}");
                    assert!(e.line <= input.split(|&b| b == b'\n').count(), "{text}");
                    assert_eq!(text.lines().count(), 3, "{text}");
                    assert!(text.ends_with('^'), "{text}");
                    failed += 1;
                }
            }
        }
    }
    assert!(
        answered > 1000 && failed > 1000,
        "{answered} answered, {failed} failed"
    );
}
