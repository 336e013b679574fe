//! The parser on hand-written levels: what it keeps, and where its errors point.

use super::*;
use crate::case::Effect;

fn error(input: &str) -> InputError {
    parse_all(input.as_bytes()).expect_err("the input is bad")
}

const LEVEL: &str = "3 5\nXSbT.\n.HB.E\n#..O#\n\
    switch 1 1: on 0 2, off 1 2\nsplit 0 3: 0 2, 2 1\nswitch 0 1: toggle 1 2\n";

#[test]
fn a_level_keeps_its_cells_and_lines() {
    let cases = parse_all(format!("{LEVEL}0 0\n").as_bytes()).expect("parses");
    let case = &cases[0];
    assert_eq!(
        (case.start(), case.exit()),
        (Pos::new(0, 0), Pos::new(2, 3))
    );
    assert_eq!(case.bridges(), &[Pos::new(0, 2), Pos::new(1, 2)]);
    assert_eq!(case.start_bridges(), 0b10);
    assert_eq!(case.switches().len(), 2);
    let heavy = case.switch_at(Pos::new(1, 1)).expect("the H");
    assert!(heavy.heavy);
    assert_eq!(
        heavy.actions,
        vec![(Effect::On, Pos::new(0, 2)), (Effect::Off, Pos::new(1, 2))]
    );
    let splitter = case.splitter_at(Pos::new(0, 3)).expect("the T");
    assert_eq!(splitter.targets, [Pos::new(0, 2), Pos::new(2, 1)]);
    assert_eq!(case.tile(Pos::new(1, 4)), Tile::Orange);
    assert_eq!(case.tile(Pos::new(9, 9)), Tile::Void);
    // The text it writes reads back as the same level.
    let again = parse_all(case.to_string().as_bytes()).expect("reads back");
    assert_eq!(&again[0], case);
}

#[test]
fn spacing_line_ends_and_the_end_of_the_file() {
    let loose = "\r\n\n3 5  \r\nXSbT.\t\r\n.HB.E\r\n#..O#\r\nswitch\t1 1 :on 0 2 ,off   1 2\r\n\
        split 0 3:0 2,2 1\r\nswitch 0 1 : toggle 1 2 \r\n\n";
    assert_eq!(parse_all(loose.as_bytes()), parse_all(LEVEL.as_bytes()));
    let two = format!("{LEVEL}\n\n1 3\nX.O\n0 0\nanything at all\n");
    assert_eq!(parse_all(two.as_bytes()).map(|c| c.len()), Ok(2));
    let empty_list = parse_all(b"1 4\nXS.O\nswitch 0 1:\n").expect("parses");
    assert!(empty_list[0].switches()[0].actions.is_empty());
}

#[test]
fn errors_point_at_the_spot() {
    let e = error("");
    assert_eq!((e.case, e.line, e.column), (Some(1), 1, 1));
    let e = error("\n\n0 0\n");
    assert_eq!((e.line, e.column, e.found.as_str()), (3, 1, "'0 0'"));
    let e = error("1 3\nX.O\n2 3\nX.O\n...\nswitch 0 0:\n");
    assert_eq!((e.case, e.line, e.column), (Some(3), 6, 1));
    assert!(e.expected.contains("one line per"), "{e}");
    let e = error("1 4\nXS.O\nswitch 0 1: on 0 2\n");
    assert_eq!((e.line, e.column), (3, 16));
    assert_eq!(e.found, "'.' at (0, 2)");
    let e = error("1 4\nXSTO\nsplit 0 2: 0 0, 0 3\n");
    assert_eq!((e.line, e.column), (4, 1));
    assert!(e.expected.contains("the 'S' at (0, 1)"), "{e}");
    assert_eq!(e.found, "end of input");
    let e = error("1 3\nXO.\nsplit 0 1: 0 0, 0 2\n");
    assert_eq!((e.line, e.column), (3, 1));
    let e = error("1 4\nXTO.\nsplit 0 1: 0 0, 99999999999999999999999 0\n");
    assert_eq!((e.line, e.column), (3, 17));
}

#[test]
fn huge_declared_sizes_fail_fast() {
    for header in [
        "99999999 99999999\n",
        "4000000000 1\n#\n",
        "1 18446744073709551615\nX\n",
        "18446744073709551616 2\n",
    ] {
        assert!(parse_all(header.as_bytes()).is_err(), "{header}");
    }
}
