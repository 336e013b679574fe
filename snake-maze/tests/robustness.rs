//! Damaged inputs give errors or answers, never panics; errors point inside the input.

use grid_common::rng::Rng;
use snake_maze::parse::Parser;
use snake_maze::solve::{solve, Options};
use snake_maze::testkit::random_input;

const NOISE: &[u8] = b"0123456789 \n\r\t-+x#";

#[test]
fn damaged_inputs_never_panic() {
    let mut errors = 0;
    for seed in 0..3000 {
        let mut rng = Rng::new(seed);
        let mut bytes = random_input(&mut rng, 6).into_bytes();
        let noise: Vec<&[u8]> = NOISE.chunks(1).collect();
        let edits = rng.range(1, 4);
        rng.damage(&mut bytes, &noise, edits);
        let lines = bytes.split(|&b| b == b'\n').count();
        let mut parser = Parser::new(&bytes);
        loop {
            match parser.next_case() {
                Ok(Some(case)) => {
                    let options = Options {
                        max_states: 20_000,
                        path: true,
                        ..Options::default()
                    };
                    let _ = solve(&case, &options);
                }
                Ok(None) => break,
                Err(e) => {
                    assert!(e.line >= 1 && e.line <= lines, "{e}");
                    assert!(e.column >= 1, "{e}");
                    assert!(e.to_string().contains("expected"), "{e}");
                    errors += 1;
                    break;
                }
            }
        }
        assert_eq!(
            parser.next_case(),
            Ok(None),
            "a parser stops after an error or the end"
        );
    }
    assert!(errors > 1000, "{errors}");
}
