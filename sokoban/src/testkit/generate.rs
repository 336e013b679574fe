//! Random and shaped inputs: POJ mazes and small XSB levels.

use puzzle_frame::rng::Rng;

/// Cells as text rows.
pub(super) fn rows_text(cells: &[Vec<u8>]) -> String {
    cells
        .iter()
        .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
        .collect()
}

/// `count` distinct cells of a `rows` x `cols` board.
fn distinct_cells(rng: &mut Rng, rows: usize, cols: usize, count: usize) -> Vec<(usize, usize)> {
    let mut cells: Vec<(usize, usize)> = Vec::new();
    while cells.len() < count {
        let cell = (rng.below(rows), rng.below(cols));
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    cells
}

/// A random POJ maze (its `r c` line and rows) of up to `max_rows` x `max_cols`, at least 3
/// cells, rock from none to four cells in ten.
pub fn random_maze(rng: &mut Rng, max_rows: usize, max_cols: usize) -> String {
    let (rows, cols) = loop {
        let (r, c) = (rng.range(1, max_rows.max(1)), rng.range(1, max_cols.max(3)));
        if r * c >= 3 {
            break (r, c);
        }
    };
    maze_of_size(rng, rows, cols)
}

/// A random POJ maze of `rows` x `cols` (at least 3 cells), rock from none to four cells in
/// ten.
pub(super) fn maze_of_size(rng: &mut Rng, rows: usize, cols: usize) -> String {
    let rock = [0.0, 0.1, 0.25, 0.4][rng.below(4)];
    let mut cells = vec![vec![b'.'; cols]; rows];
    for cell in cells.iter_mut().flatten() {
        if rng.chance(rock) {
            *cell = b'#';
        }
    }
    for (&(r, c), letter) in distinct_cells(rng, rows, cols, 3).iter().zip(b"SBT") {
        cells[r][c] = *letter;
    }
    format!("{rows} {cols}\n{}", rows_text(&cells))
}

/// An open `size` x `size` maze: the player in a corner, the box near it, the target in
/// the far corner.
pub fn open_maze(size: usize) -> String {
    let mut cells = vec![vec![b'.'; size]; size];
    cells[0][0] = b'S';
    cells[1][1] = b'B';
    cells[size - 1][size - 1] = b'T';
    format!("{size} {size}\n{}", rows_text(&cells))
}

/// A serpentine of one-cell corridors joined at alternate ends: the player walks it all,
/// the box cannot turn its corners.
pub fn serpentine_maze(size: usize) -> String {
    let mut cells = vec![vec![b'#'; size]; size];
    for (r, row) in cells.iter_mut().enumerate() {
        match r % 4 {
            0 | 2 => row.fill(b'.'),
            1 => row[size - 1] = b'.',
            _ => row[0] = b'.',
        }
    }
    cells[0][0] = b'S';
    cells[0][1] = b'B';
    let last = if size % 2 == 0 { size - 2 } else { size - 1 };
    cells[last][size / 2] = b'T';
    format!("{size} {size}\n{}", rows_text(&cells))
}

/// A random XSB level (rows only): an interior of up to `max_side` x `max_side` cells inside
/// a wall, some walls inside, up to `max_boxes` boxes (two at most on a large interior, so
/// the reference stays quick), as many goals or one more, some boxes already on goals, and
/// now and then the player sealed in by walls. Many are impossible.
pub fn random_level(rng: &mut Rng, max_side: usize, max_boxes: usize) -> String {
    let (rows, cols) = loop {
        let (r, c) = (rng.range(1, max_side.max(2)), rng.range(1, max_side.max(3)));
        if r * c >= 3 {
            break (r, c);
        }
    };
    let limit = if rows * cols > 16 { 2 } else { max_boxes };
    // Room for the player and a goal per box.
    let boxes = rng.range(1, limit.min((rows * cols - 1) / 2).max(1));
    let extra_goal = usize::from(rng.chance(0.2) && rows * cols > 2 * boxes + 1);
    let mut cells = vec![vec![b'#'; cols + 2]; rows + 2];
    let wall_share = [0.0, 0.1, 0.2][rng.below(3)];
    for row in &mut cells[1..=rows] {
        for cell in &mut row[1..=cols] {
            *cell = if rng.chance(wall_share) { b'#' } else { b'-' };
        }
    }
    let spots = distinct_cells(rng, rows, cols, 2 * boxes + extra_goal + 1);
    let at = |(r, c): (usize, usize)| (r + 1, c + 1);
    let (player, rest) = (at(spots[0]), &spots[1..]);
    for (i, &spot) in rest.iter().enumerate() {
        let (r, c) = at(spot);
        cells[r][c] = if i < boxes { b'$' } else { b'.' };
    }
    // Some boxes start on goals: move a goal under a box.
    for i in 0..boxes {
        if rng.chance(0.25) {
            let (gr, gc) = at(rest[boxes + i]);
            let (br, bc) = at(rest[i]);
            cells[gr][gc] = b'-';
            cells[br][bc] = b'*';
        }
    }
    cells[player.0][player.1] = b'@';
    if rng.chance(0.1) {
        let (r, c) = player;
        for (nr, nc) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
            if cells[nr][nc] == b'-' {
                cells[nr][nc] = b'#';
            }
        }
    }
    let mut text = rows_text(&cells);
    text.pop();
    text
}
