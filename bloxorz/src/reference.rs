//! The brute-force reference: a plain breadth-first search over the sets of covered cells.
//!
//! No encoding, no padding, no tables: a placement is the sorted list of the cells the box
//! covers, rolls are computed from the geometry, every step is checked against the edges
//! of the plane, and visited placements live in a hash map. Slow and obviously right.

use crate::case::{Case, Cell};
use grid_common::{Dir, Pos};
use std::collections::{HashMap, VecDeque};

/// The cells covered after rolling the box covering `cells` (one cell, or two adjacent ones)
/// in `dir`, sorted; `None` if a covered cell would leave a `rows` x `cols` plane.
fn roll_cells(cells: &[Pos], dir: Dir, rows: usize, cols: usize) -> Option<Vec<Pos>> {
    let step = |p: Pos| p.step(dir, rows, cols);
    let mut moved = match *cells {
        // Standing: tips over onto the next two cells in `dir`.
        [p] => {
            let near = step(p)?;
            vec![near, step(near)?]
        }
        [a, b] => {
            if a.row == b.row && !dir.is_vertical() || a.col == b.col && dir.is_vertical() {
                // Rolling along its length: stands on the cell beyond its far end.
                let far = if step(a) == Some(b) { b } else { a };
                vec![step(far)?]
            } else {
                // Rolling sideways: both cells move one step.
                vec![step(a)?, step(b)?]
            }
        }
        _ => return None,
    };
    moved.sort();
    Some(moved)
}

/// Why a set of covered cells is not a legal placement on `case`, if it is not.
fn illegal_because(case: &Case, cells: &[Pos]) -> Option<String> {
    for &p in cells {
        match case.grid().get(p) {
            None => return Some(format!("the box would leave the plane at {p}")),
            Some(Cell::Empty) => return Some(format!("the box would cover the empty cell {p}")),
            Some(Cell::Fragile) if cells.len() == 1 => {
                return Some(format!("the box would stand on the easily broken cell {p}"))
            }
            _ => {}
        }
    }
    None
}

/// The fewest rolls to stand on the target, or `None` when it cannot be done.
pub fn count(case: &Case) -> Option<usize> {
    let (rows, cols) = (case.grid().rows(), case.grid().cols());
    let (a, b) = case.start().cells();
    let mut start: Vec<Pos> = std::iter::once(a).chain(b).collect();
    start.sort();
    let goal = vec![case.target()];
    let mut distance: HashMap<Vec<Pos>, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    distance.insert(start.clone(), 0);
    queue.push_back(start);
    while let Some(cells) = queue.pop_front() {
        let here = distance[&cells];
        if cells == goal {
            return Some(here);
        }
        for dir in Dir::ALL {
            let Some(next) = roll_cells(&cells, dir, rows, cols) else {
                continue;
            };
            if illegal_because(case, &next).is_none() && !distance.contains_key(&next) {
                distance.insert(next.clone(), here + 1);
                queue.push_back(next);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_by_hand() {
        let p = |r, c| Pos::new(r, c);
        assert_eq!(
            roll_cells(&[p(2, 2)], Dir::Up, 5, 5),
            Some(vec![p(0, 2), p(1, 2)])
        );
        assert_eq!(roll_cells(&[p(1, 2)], Dir::Up, 5, 5), None);
        assert_eq!(
            roll_cells(&[p(2, 2)], Dir::Right, 5, 5),
            Some(vec![p(2, 3), p(2, 4)])
        );
        assert_eq!(
            roll_cells(&[p(2, 3), p(2, 4)], Dir::Left, 5, 5),
            Some(vec![p(2, 2)])
        );
        assert_eq!(roll_cells(&[p(2, 3), p(2, 4)], Dir::Right, 5, 5), None);
        assert_eq!(
            roll_cells(&[p(2, 2), p(2, 3)], Dir::Right, 5, 5),
            Some(vec![p(2, 4)])
        );
        assert_eq!(
            roll_cells(&[p(2, 2), p(2, 3)], Dir::Down, 5, 5),
            Some(vec![p(3, 2), p(3, 3)])
        );
        assert_eq!(
            roll_cells(&[p(1, 0), p(2, 0)], Dir::Up, 5, 5),
            Some(vec![p(0, 0)])
        );
        assert_eq!(
            roll_cells(&[p(1, 0), p(2, 0)], Dir::Down, 5, 5),
            Some(vec![p(3, 0)])
        );
        assert_eq!(roll_cells(&[p(1, 0), p(2, 0)], Dir::Left, 5, 5), None);
    }

    #[test]
    fn the_statement_sample_takes_ten_rolls() {
        let input = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";
        let cases = crate::parse::parse_all(input.as_bytes()).expect("the sample parses");
        assert_eq!(count(&cases[0]), Some(10));
    }
}
