//! Every board of some small shapes, up to 3 x 3 (each cell empty, rigid or easily
//! broken; every target and every start): the solver against the reference, every path replayed.

use bloxorz::Bloxorz;
use puzzle_frame::testkit::Testkit;

/// Checks every board of `rows` x `cols`; the number of boards.
fn every_board(rows: usize, cols: usize) -> usize {
    let n = rows * cols;
    let mut starts: Vec<Vec<usize>> = (0..n).map(|i| vec![i]).collect();
    for i in 0..n {
        if (i + 1) % cols != 0 {
            starts.push(vec![i, i + 1]);
        }
        if i + cols < n {
            starts.push(vec![i, i + cols]);
        }
    }
    let mut count = 0;
    for target in 0..n {
        for start in starts.iter().filter(|s| !s.contains(&target)) {
            let free: Vec<usize> = (0..n)
                .filter(|i| *i != target && !start.contains(i))
                .collect();
            for code in 0..3usize.pow(free.len() as u32) {
                let mut cells = vec![b'.'; n];
                let mut c = code;
                for &i in &free {
                    cells[i] = b"#.E"[c % 3];
                    c /= 3;
                }
                cells[target] = b'O';
                for &i in start {
                    cells[i] = b'X';
                }
                let mut input = format!("{rows} {cols}\n");
                for row in cells.chunks(cols) {
                    input.push_str(std::str::from_utf8(row).expect("ASCII"));
                    input.push('\n');
                }
                if let Err(e) = Bloxorz::check_input(&input) {
                    panic!("{e}");
                }
                count += 1;
            }
        }
    }
    count
}

#[test]
fn every_board_of_up_to_nine_cells() {
    let shapes = [
        (1, 3),
        (1, 5),
        (1, 6),
        (2, 2),
        (2, 3),
        (3, 2),
        (6, 1),
        (2, 4),
        (3, 3),
    ];
    let total: usize = shapes.iter().map(|&(r, c)| every_board(r, c)).sum();
    assert!(total > 200_000, "{total} boards");
}
