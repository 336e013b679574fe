//! The reader's tests.

use super::*;

#[test]
fn a_byte_is_found_eight_at_a_time_where_one_at_a_time_finds_it() {
    let alphabet = [b'\n', b'.', b'#', 0, 0x8a, 0x0b, 0xff];
    for bytes in crate::testkit::byte_strings(99, 70, 40, &alphabet) {
        for needle in [b'\n', 0, 0xff] {
            let want = bytes.iter().position(|&b| b == needle);
            assert_eq!(find_byte(&bytes, needle), want, "{bytes:?} {needle}");
        }
    }
}

#[test]
fn numbers_and_their_errors() {
    let mut r = Reader::new(b"3 4\n  x7\n");
    assert_eq!(r.number::<u32>("rows"), Ok(3));
    assert_eq!(r.number_in::<u32>("columns", 1..=3).unwrap_err().to_string(),
        "line 1, column 3: expected columns (an integer from 1 to 3), found 4\n  1 | 3 4\n    |   ^");
    let err = r.number::<u32>("the count").unwrap_err();
    assert_eq!((err.line, err.column, err.found.as_str()), (2, 3, "\"x7\""));
    assert_eq!(r.number::<u32>("more").unwrap_err().found, "end of input");
    assert!(r.at_end());
}

#[test]
fn huge_and_negative_numbers_are_errors_not_panics() {
    let mut r = Reader::new(b"99999999999999999999999 -3");
    assert!(r.number::<usize>("n").is_err());
    assert!(r.number::<usize>("m").is_err());
}

#[test]
fn rows_check_width_and_alphabet() {
    let mut r = Reader::new(b"#.#\r\n#..#\n#.\n");
    assert_eq!(r.row(3, b"#.", "row 1").map(|l| l.text), Ok(&b"#.#"[..]));
    let long = r.row(3, b"#.", "row 2").unwrap_err();
    assert_eq!((long.line, long.column, long.found.as_str()), (2, 4, "'#'"));
    let short = r.row(3, b"#.", "row 3").unwrap_err();
    assert_eq!(
        (short.line, short.column, short.found.as_str()),
        (3, 3, "end of line")
    );
    let missing = r.row(3, b"#.", "row 4").unwrap_err();
    assert_eq!(missing.expected, "row 4");
    assert_eq!(missing.found, "end of input");
}

#[test]
fn lines_blank_lines_and_end() {
    let mut r = Reader::new(b"ab\r\n\n  \r\ncd 5 x");
    assert_eq!(r.line().map(|l| l.text), Some(&b"ab"[..]));
    r.skip_blank_lines();
    assert_eq!(
        r.line().map(|l| (l.offset, l.text)),
        Some((9, &b"cd 5 x"[..]))
    );
    assert_eq!(r.line(), None);
    let mut r = Reader::new(b"1 2 junk\n");
    assert_eq!(r.peek_byte(), Some(b'1'));
    r.number::<u8>("a").unwrap();
    r.number::<u8>("b").unwrap();
    let err = r.end_line().unwrap_err();
    assert_eq!((err.column, err.found.as_str()), (5, "\"junk\""));
    let err = r.expect_end().unwrap_err();
    assert_eq!(err.expected, "end of input");
}

#[test]
fn columns_count_characters_and_case_is_named() {
    let mut r = Reader::new("华容道 Q".as_bytes());
    r.set_case(Some(4));
    r.token();
    let err = r.number::<u8>("a number").unwrap_err();
    assert_eq!(err.column, 5);
    assert_eq!(r.line_col(10), (1, 5));
    assert!(err
        .to_string()
        .starts_with("case 4, line 1, column 5: expected a number, found 'Q'"));
}

#[test]
fn describing_bytes() {
    assert_eq!(describe_byte(b' '), "' ' (a space)");
    assert_eq!(describe_byte(0xff), "byte 0xff");
    assert_eq!(one_of(b"AB"), "one of 'A', 'B'");
    assert_eq!(
        describe_token(&[b'x'; 30]),
        format!("\"{}…\"", "x".repeat(20))
    );
}

#[test]
fn a_long_line_is_shown_in_a_window_around_the_spot() {
    let mut row = "a".repeat(10_000);
    row.push('Q');
    row.push_str(&"b".repeat(5000));
    let r = Reader::new(row.as_bytes());
    let err = r.error_at(10_000, "a letter a", "'Q'");
    assert_eq!(err.column, 10_001);
    let shown = format!("...{}Q{}...", "a".repeat(40), "b".repeat(39));
    assert_eq!(err.line_text, shown);
    assert!(err
        .to_string()
        .ends_with(&format!("  1 | {shown}\n    | {}^", " ".repeat(43))));
    // At the end of a long line, the window is all before the spot.
    let end = r.error_at(row.len(), "end", "end");
    assert_eq!(end.line_text, format!("...{}", "b".repeat(80)));
    assert_eq!(end.text_column, 84);
    // A short line is shown whole, as it is.
    let short = Reader::new(b"12345\r\n").error_at(3, "x", "y");
    assert_eq!((short.line_text.as_str(), short.text_column), ("12345", 4));
    assert_eq!(
        describe_token(&[b'z'; 1000]),
        format!("\"{}…\"", "z".repeat(20))
    );
}
