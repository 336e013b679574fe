//! Mangled inputs never panic the library: they parse to boards that the solver answers as
//! the reference does, or to an error that points inside the input.

use bloxorz::parse::parse_all;
use bloxorz::solve::{Options, Solver};
use bloxorz::Bloxorz;
use puzzle_frame::puzzle::Solve;
use puzzle_frame::testkit::{mangled_inputs, over_budget, stops_at_budget};

#[test]
fn mangled_inputs_are_errors_or_boards() {
    mangled_inputs::<Bloxorz>(77, 3000, 8, b"#.EXO0123456789 \t\r\n-xQ\xff", &[])
        .at_least(500, 100);
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

/// The statement's sample, then a board of one row of `cols` cells, then the sample again.
fn sample_huge_row_sample(cols: usize) -> String {
    let sample = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n";
    let mut row = vec![b'.'; cols];
    row[0] = b'X';
    row[cols - 1] = b'O';
    format!(
        "{sample}1 {cols}\n{}\n{sample}0 0\n",
        String::from_utf8(row).expect("ASCII")
    )
}

#[test]
fn a_board_over_the_memory_budget_is_a_limit_before_anything_is_allocated() {
    use puzzle_frame::budget::MemoryBudget;
    let input = sample_huge_row_sample(2_000_000);
    let cases = parse_all(input.as_bytes()).expect("a valid input");
    let budget = MemoryBudget::new(8 << 20);
    let mut solver = Solver::new(&Options {
        budget,
        ..Options::default()
    });
    assert_eq!(solver.count(&cases[0]), Ok(Some(10)));
    // The padded copy alone (5 rows of 2^21 cells) is over 8 MiB: the solver says so
    // before it allocates it.
    for e in over_budget(&mut solver, &cases[1], 8 << 20) {
        assert!(e.what.contains("the padded board"), "{e}");
        assert!(e.needed >= 5 << 21, "{e}");
    }
    // The same board within a budget that holds it is answered.
    let mut roomy = Solver::new(&Options::default());
    // It stands on every third cell of the row only, and O is not one of them.
    assert_eq!(roomy.count(&cases[1]), Ok(None));
}

#[test]
fn the_binary_stops_at_the_memory_budget_after_the_earlier_answers() {
    let input = sample_huge_row_sample(2_000_000);
    let binary = env!("CARGO_BIN_EXE_bloxorz");
    stops_at_budget(
        binary,
        &["--max-memory", "8M"],
        &input,
        "10\n",
        2,
        "8.0 MiB",
    );
}

#[test]
fn an_input_over_the_memory_budget_is_refused_before_it_is_read() {
    // Standard input redirected from a file: refused from the file's length.
    let dir = std::env::temp_dir().join(format!("bloxorz-input-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("long.in");
    let board = format!("1 2000\nXX{}O\n0 0\n", ".".repeat(1997));
    std::fs::write(&path, &board).expect("write the input");
    let stdin = std::fs::File::open(&path).expect("open the input");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_bloxorz"))
        .args(["--max-memory", "1K"])
        .stdin(stdin)
        .output()
        .expect("run the binary");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: the input on standard input would need 2.0 KiB, over the memory budget of \
         1.0 KiB (raise it with --max-memory SIZE)\n"
    );
}
