//! POJ bench mazes of the full 20 x 20 size: the worst cases of the two-level search (an
//! impossible room the box roams whole, a two-wide serpentine the box travels end to end)
//! and random mazes of exactly `side` x `side` cells.

use super::generate::{maze_of_size, rows_text};
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::BenchInput;

/// The POJ bench inputs of this file: `poj-impossible-20`, `poj-snake-20` and
/// `poj-random-20x20-300` (300 random 20 x 20 mazes, seed 589).
pub fn poj_bench_inputs() -> Vec<BenchInput> {
    let end = "0 0\n";
    let mut rng = Rng::new(589);
    let random: String = (0..300).map(|_| random_square_maze(&mut rng, 20)).collect();
    vec![
        BenchInput::new("poj-impossible-20", impossible_room(20) + end),
        BenchInput::new("poj-snake-20", wide_serpentine(20) + end),
        BenchInput::new("poj-random-20x20-300", random + end),
    ]
}

/// A random maze of exactly `side` x `side` cells (`side` at least 2), as
/// [`super::random_maze`] makes them: rock in none, one, two and a half or four cells in ten.
pub fn random_square_maze(rng: &mut Rng, side: usize) -> String {
    maze_of_size(rng, side, side)
}

/// An open `side` x `side` room (`side` at least 8) whose target sits in a notch of the
/// top row that no push can enter (the cell below it is the only way in, and the cell below
/// that is rock): impossible, and the box can be pushed over the rest of the room.
pub fn impossible_room(side: usize) -> String {
    let mut cells = vec![vec![b'.'; side]; side];
    cells[0][4] = b'#';
    cells[0][6] = b'#';
    cells[2][5] = b'#';
    cells[0][5] = b'T';
    cells[side - 1][0] = b'S';
    cells[side / 2][side / 2] = b'B';
    format!("{side} {side}\n{}", rows_text(&cells))
}

/// A serpentine of two-cell-wide corridors (`side` at least 5) joined by two-cell gaps at
/// alternate ends: the box starts at one end and the target is at the other, so the box is
/// pushed along the whole snake.
pub fn wide_serpentine(side: usize) -> String {
    let mut cells = vec![vec![b'.'; side]; side];
    for (r, row) in cells.iter_mut().enumerate() {
        if r % 3 == 2 {
            row.fill(b'#');
            let gap = if r % 6 == 2 { side - 2 } else { 0 };
            row[gap..gap + 2].fill(b'.');
        }
    }
    cells[0][0] = b'S';
    cells[1][1] = b'B';
    let last = (0..side).rev().find(|r| r % 3 != 2).unwrap_or(0);
    let end = if (last / 3) % 2 == 0 { side - 2 } else { 1 };
    cells[last][end] = b'T';
    format!("{side} {side}\n{}", rows_text(&cells))
}
