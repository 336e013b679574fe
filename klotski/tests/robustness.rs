//! Mangled inputs never panic the parser or the solver: they are answered as the reference
//! answers them, or refused with an error that points inside the input with a caret line.

use klotski::Klotski;
use puzzle_frame::testkit::mangled_inputs;

#[test]
fn mangled_inputs_are_answers_or_errors() {
    let words: [&[u8]; 4] = [b"..", b"\r\n", b"A.", "曹".as_bytes()];
    mangled_inputs::<Klotski>(11, 3000, 3, b"AB. \n\t9\xff", &words).at_least(1000, 1000);
}
