//! Mangled inputs never panic the library: they parse to boards that solve, or to an error.

use bloxorz::parse_all;
use bloxorz::solve::{Options, Solver};
use bloxorz::testkit::random_input;
use grid_common::rng::Rng;

#[test]
fn mangled_inputs_are_errors_or_boards() {
    let mut rng = Rng::new(77);
    let noise: Vec<&[u8]> = b"#.EXO0123456789 \t\r\n-xQ\xff".chunks(1).collect();
    let (mut errors, mut boards) = (0, 0);
    for _ in 0..3000 {
        let mut bytes = random_input(&mut rng, 8).into_bytes();
        let edits = rng.range(1, 3);
        rng.damage(&mut bytes, &noise, edits);
        match parse_all(&bytes) {
            Ok(parsed) => {
                let mut solver = Solver::new(&Options::default());
                for board in &parsed {
                    let _ = solver.count(board);
                    boards += 1;
                }
            }
            Err(e) => {
                assert!(e.line >= 1 && e.column >= 1, "{e}");
                errors += 1;
            }
        }
    }
    assert!(
        errors > 500 && boards > 100,
        "{errors} errors, {boards} boards"
    );
}

#[test]
fn huge_declared_sizes_fail_fast() {
    for header in [
        "99999999 99999999\n",
        "4000000000 1\n#\n",
        "1 18446744073709551615\n",
        "18446744073709551615 18446744073709551615\n",
        "3 100000000\n...\n",
    ] {
        assert!(parse_all(header.as_bytes()).is_err(), "{header}");
    }
}
