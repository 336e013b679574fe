//! The brute-force sweep, for tests: every board of the space built cell by cell as a
//! board string, clusters by breadth-first search over whole strings in hash maps,
//! distances, the hardest board and minimality by plain searches. Slow, small spaces only;
//! it shares nothing with the sweep but the rules.

use super::cluster::Line;
use super::Summary;
use std::collections::{HashMap, HashSet, VecDeque};

/// A board: `n` x `n` letters (`o` empty, `x` wall).
type Board = Vec<u8>;

/// Every board of the `n` x `n` space with up to `walls` walls, lettered in his order.
pub fn boards(n: usize, walls: usize) -> Vec<Board> {
    let mut out = Vec::new();
    let mut grid = vec![b'.'; n * n];
    fill(n, walls, 0, &mut grid, &mut out);
    out
}

/// Cell by cell: empty, a wall, or the first cell of a piece of 2 or 3 either way.
fn fill(n: usize, walls: usize, at: usize, grid: &mut Board, out: &mut Vec<Board>) {
    if at == n * n {
        if let Some(board) = admit(n, grid) {
            out.push(board);
        }
        return;
    }
    if grid[at] != b'.' {
        return fill(n, walls, at + 1, grid, out);
    }
    let (x, y) = (at % n, at / n);
    grid[at] = b'o';
    fill(n, walls, at + 1, grid, out);
    if walls > 0 {
        grid[at] = b'x';
        fill(n, walls - 1, at + 1, grid, out);
    }
    grid[at] = b'.';
    for len in 2..=3 {
        for (dx, dy, mark, head) in [(1, 0, b'h', b'0'), (0, 1, b'v', b'4')] {
            let cells: Vec<usize> = (0..len).map(|k| (y + k * dy) * n + x + k * dx).collect();
            if x + (len - 1) * dx >= n
                || y + (len - 1) * dy >= n
                || cells.iter().any(|&c| grid[c] != b'.')
            {
                continue;
            }
            // Mark the first cell with the length so that pieces stay apart.
            for &c in &cells {
                grid[c] = mark;
            }
            grid[at] = head + len as u8;
            fill(n, walls, at + 1, grid, out);
            for &c in &cells {
                grid[c] = b'.';
            }
        }
    }
    grid[at] = b'.';
}

/// A piece of a raw grid: its cells, horizontal or not, a wall or not.
struct Piece {
    cells: Vec<usize>,
    horizontal: bool,
    wall: bool,
}

/// The raw grid's pieces (heads marked `2`/`3` across, `6`/`7` down, by length).
fn pieces_of(n: usize, grid: &[u8]) -> Vec<Piece> {
    let mut out = Vec::new();
    for (at, &c) in grid.iter().enumerate() {
        let (horizontal, len) = match c {
            b'x' => (true, 1),
            b'2' | b'3' => (true, (c - b'0') as usize),
            b'6' | b'7' => (false, (c - b'4') as usize),
            _ => continue,
        };
        let step = if horizontal { 1 } else { n };
        out.push(Piece {
            cells: (0..len).map(|k| at + k * step).collect(),
            horizontal,
            wall: c == b'x',
        });
    }
    out
}

/// The board string of a raw grid in his enumeration, or `None` when he leaves it out.
fn admit(n: usize, grid: &[u8]) -> Option<Board> {
    let exit = (n - 1) / 2;
    let pieces = pieces_of(n, grid);
    let in_row = |p: &Piece, y: usize| p.horizontal && p.cells[0] / n == y;
    let movers: Vec<&Piece> = pieces
        .iter()
        .filter(|p| in_row(p, exit) && !p.wall)
        .collect();
    let [car] = movers[..] else { return None };
    if car.cells.len() != 2 {
        return None;
    }
    if pieces
        .iter()
        .any(|p| p.wall && in_row(p, exit) && p.cells[0] > car.cells[0])
    {
        return None;
    }
    for line in 0..n {
        let row: usize = pieces
            .iter()
            .filter(|p| in_row(p, line))
            .map(|p| p.cells.len())
            .sum();
        let column: usize = pieces
            .iter()
            .filter(|p| !p.horizontal && p.cells[0] % n == line)
            .map(|p| p.cells.len())
            .sum();
        if row >= n || column >= n {
            return None;
        }
    }
    // His lettering: the exit row (the car first), the other rows, then the columns.
    let mut order: Vec<&Piece> = vec![car];
    order.extend(pieces.iter().filter(|p| in_row(p, exit) && p.wall));
    for y in (0..n).filter(|&y| y != exit) {
        order.extend(pieces.iter().filter(|p| in_row(p, y)));
    }
    for x in 0..n {
        let mut column: Vec<&Piece> = pieces
            .iter()
            .filter(|p| !p.horizontal && p.cells[0] % n == x)
            .collect();
        column.sort_by_key(|p| p.cells[0]);
        order.extend(column);
    }
    let mut board = vec![b'o'; n * n];
    for (i, p) in order.iter().enumerate() {
        for &c in &p.cells {
            board[c] = if p.wall { b'x' } else { b'A' + i as u8 };
        }
    }
    Some(board)
}

/// The letters' cells of a board, and whether each piece lies in a row.
fn letters(board: &[u8]) -> Vec<(u8, Vec<usize>, bool)> {
    let mut out: Vec<(u8, Vec<usize>, bool)> = Vec::new();
    for (at, &c) in board.iter().enumerate() {
        if c.is_ascii_uppercase() {
            match out.iter_mut().find(|(l, _, _)| *l == c) {
                Some((_, cells, _)) => cells.push(at),
                None => out.push((c, vec![at], true)),
            }
        }
    }
    for (_, cells, horizontal) in &mut out {
        *horizontal = cells.len() < 2 || cells[1] == cells[0] + 1;
    }
    out
}

/// The boards one move from `board`.
fn moves(n: usize, board: &[u8]) -> Vec<Board> {
    let mut out = Vec::new();
    for (letter, cells, horizontal) in letters(board) {
        let (step, line) = if horizontal {
            (1isize, cells[0] / n)
        } else {
            (n as isize, cells[0] % n)
        };
        for dir in [-1isize, 1] {
            let mut next = board.to_vec();
            let mut now = cells.clone();
            loop {
                let moved: Vec<isize> = now.iter().map(|&c| c as isize + dir * step).collect();
                let inside = moved.iter().all(|&c| {
                    c >= 0
                        && (c as usize) < n * n
                        && if horizontal {
                            c as usize / n == line
                        } else {
                            c as usize % n == line
                        }
                });
                if !inside
                    || moved
                        .iter()
                        .any(|&c| next[c as usize] != b'o' && next[c as usize] != letter)
                {
                    break;
                }
                for &c in &now {
                    next[c] = b'o';
                }
                now = moved.iter().map(|&c| c as usize).collect();
                for &c in &now {
                    next[c] = letter;
                }
                out.push(next.clone());
            }
        }
    }
    out
}

fn solved(n: usize, board: &[u8]) -> bool {
    board
        .iter()
        .rposition(|&c| c == b'A')
        .is_some_and(|at| at % n == n - 1)
}

/// His key: cells of horizontal pieces and walls, then of vertical pieces.
fn key(n: usize, board: &[u8]) -> (u64, u64) {
    let mut key = (0u64, 0u64);
    for (at, &c) in board.iter().enumerate() {
        if c == b'x' {
            key.0 |= 1 << at;
        }
    }
    for (_, cells, horizontal) in letters(board) {
        let mask = cells.iter().fold(0u64, |m, &c| m | 1 << c);
        if horizontal {
            key.0 |= mask
        } else {
            key.1 |= mask
        }
    }
    let _ = n;
    key
}

/// Fewest moves of `board` by plain breadth-first search (`None`: unsolvable).
fn fewest(n: usize, board: &[u8]) -> Option<u32> {
    let mut seen = HashSet::from([board.to_vec()]);
    let mut queue = VecDeque::from([(board.to_vec(), 0)]);
    while let Some((b, d)) = queue.pop_front() {
        if solved(n, &b) {
            return Some(d);
        }
        for m in moves(n, &b) {
            if seen.insert(m.clone()) {
                queue.push_back((m, d + 1));
            }
        }
    }
    None
}

/// The brute-force sweep: lines (hardest first, then by board) and totals.
pub fn sweep(n: usize, walls: usize) -> (Vec<Line>, Summary) {
    let all = boards(n, walls);
    let mut summary = Summary::default();
    let mut cluster_of: HashMap<Board, usize> = HashMap::new();
    let mut lines = Vec::new();
    for start in &all {
        let seed = moves(n, start).iter().all(|m| key(n, m) > key(n, start));
        summary.seeds += u64::from(seed);
        if cluster_of.contains_key(start) {
            continue;
        }
        let id = summary.clusters as usize;
        summary.clusters += 1;
        let mut members = vec![start.clone()];
        cluster_of.insert(start.clone(), id);
        let mut i = 0;
        while i < members.len() {
            for m in moves(n, &members[i]) {
                if !cluster_of.contains_key(&m) {
                    cluster_of.insert(m.clone(), id);
                    members.push(m);
                }
            }
            i += 1;
        }
        summary.boards += members.len() as u64;
        let distance: Vec<Option<u32>> = members.iter().map(|b| fewest(n, b)).collect();
        let Some(far) = distance.iter().flatten().max().copied() else {
            continue;
        };
        summary.solvable += 1;
        let hardest = members
            .iter()
            .zip(&distance)
            .filter(|(_, d)| **d == Some(far))
            .map(|(b, _)| b)
            .min_by_key(|b| key(n, b))
            .cloned()
            .unwrap_or_default();
        let removable = hardest
            .iter()
            .filter(|&&c| c != b'o' && c != b'A')
            .collect::<HashSet<_>>();
        let minimal = removable.into_iter().all(|&letter| {
            if letter == b'x' {
                return (0..n * n).filter(|&c| hardest[c] == b'x').all(|c| {
                    let mut less = hardest.clone();
                    less[c] = b'o';
                    fewest(n, &less).is_some_and(|d| d < far)
                });
            }
            let less: Board = hardest
                .iter()
                .map(|&c| if c == letter { b'o' } else { c })
                .collect();
            fewest(n, &less).is_some_and(|d| d < far)
        });
        if minimal {
            lines.push(Line {
                moves: far,
                board: String::from_utf8_lossy(&hardest).into_owned(),
                cluster: members.len() as u64,
            });
        }
    }
    summary.interesting = lines.len() as u64;
    lines.sort_by(|a, b| b.moves.cmp(&a.moves).then_with(|| a.board.cmp(&b.board)));
    (lines, summary)
}
