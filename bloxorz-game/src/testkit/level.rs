//! A level being built or shrunk: its characters and lines, written out as text.

use crate::case::{Case, Effect};
use grid_common::Pos;

/// A level as text pieces: the grid's characters, the switches' lines and the splitters'
/// lines. Nothing is checked here: [`Level::text`] is parsed by whoever needs a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The grid, row by row.
    pub cells: Vec<Vec<u8>>,
    /// Each switch's cell and actions.
    pub switches: Vec<(Pos, Vec<(Effect, Pos)>)>,
    /// Each splitter's cell and targets.
    pub splits: Vec<(Pos, [Pos; 2])>,
}

impl Level {
    /// A `rows` x `cols` level of floor, without lines.
    pub fn new(rows: usize, cols: usize) -> Level {
        Level {
            cells: vec![vec![b'.'; cols]; rows],
            switches: Vec::new(),
            splits: Vec::new(),
        }
    }

    /// The level of a parsed case.
    pub fn of(case: &Case) -> Level {
        let tiles = case.tiles();
        let cells = (0..tiles.rows())
            .map(|r| {
                (0..tiles.cols())
                    .map(|c| case.char_at(Pos::new(r, c), case.start_bridges()) as u8)
                    .collect()
            })
            .collect();
        Level {
            cells,
            switches: case
                .switches()
                .iter()
                .map(|s| (s.pos, s.actions.clone()))
                .collect(),
            splits: case
                .splitters()
                .iter()
                .map(|s| (s.pos, s.targets))
                .collect(),
        }
    }

    /// The character at `p`.
    pub fn at(&self, p: Pos) -> u8 {
        self.cells[p.row][p.col]
    }

    /// Sets the character at `p`.
    pub fn set(&mut self, p: Pos, c: u8) {
        self.cells[p.row][p.col] = c;
    }

    /// The level in the file's format.
    pub fn text(&self) -> String {
        let cols = self.cells.first().map_or(0, Vec::len);
        let mut text = format!("{} {cols}\n", self.cells.len());
        for row in &self.cells {
            text.push_str(&String::from_utf8_lossy(row));
            text.push('\n');
        }
        for (p, actions) in &self.switches {
            text.push_str(&format!("switch {} {}:", p.row, p.col));
            for (i, (effect, q)) in actions.iter().enumerate() {
                let sep = if i == 0 { " " } else { ", " };
                text.push_str(&format!("{sep}{} {} {}", effect.word(), q.row, q.col));
            }
            text.push('\n');
        }
        for (p, [a, b]) in &self.splits {
            text.push_str(&format!(
                "split {} {}: {} {}, {} {}\n",
                p.row, p.col, a.row, a.col, b.row, b.col
            ));
        }
        text
    }

    /// Drops the switch or splitter at `p` (its cell becomes floor).
    fn drop_special(&mut self, p: Pos) {
        self.switches.retain(|(q, _)| *q != p);
        self.splits.retain(|(q, _)| *q != p);
        self.set(p, b'.');
    }

    /// Makes the bridge cell `p` floor, dropping the actions on it.
    fn drop_bridge(&mut self, p: Pos) {
        for (_, actions) in &mut self.switches {
            actions.retain(|(_, q)| *q != p);
        }
        self.set(p, b'.');
    }

    /// The level without row `r` (`None` when the start or the exit is on it); splitters
    /// with a target on it are dropped.
    fn without_row(&self, r: usize) -> Option<Level> {
        self.without(
            |p| p.row == r,
            |p| Pos::new(p.row - usize::from(p.row > r), p.col),
        )
    }

    /// The level without column `c`.
    fn without_col(&self, c: usize) -> Option<Level> {
        self.without(
            |p| p.col == c,
            |p| Pos::new(p.row, p.col - usize::from(p.col > c)),
        )
    }

    fn without(&self, gone: impl Fn(Pos) -> bool, moved: impl Fn(Pos) -> Pos) -> Option<Level> {
        let mut level = self.clone();
        let positions: Vec<Pos> = (0..self.cells.len())
            .flat_map(|r| (0..self.cells[r].len()).map(move |c| Pos::new(r, c)))
            .collect();
        if positions
            .iter()
            .any(|&p| gone(p) && matches!(self.at(p), b'X' | b'O'))
        {
            return None;
        }
        for (p, targets) in &self.splits {
            if targets.iter().any(|&t| gone(t)) {
                level.drop_special(*p);
            }
        }
        let cells: Vec<Vec<u8>> = level
            .cells
            .iter()
            .enumerate()
            .map(|(r, line)| {
                line.iter()
                    .enumerate()
                    .filter(|&(c, _)| !gone(Pos::new(r, c)))
                    .map(|(_, &b)| b)
                    .collect::<Vec<u8>>()
            })
            .filter(|line| !line.is_empty())
            .collect();
        if cells.is_empty() {
            return None;
        }
        let switches = level
            .switches
            .iter()
            .filter(|(p, _)| !gone(*p))
            .map(|(p, actions)| {
                let kept = actions
                    .iter()
                    .filter(|(_, q)| !gone(*q))
                    .map(|&(e, q)| (e, moved(q)))
                    .collect();
                (moved(*p), kept)
            })
            .collect();
        let splits = level
            .splits
            .iter()
            .filter(|(p, _)| !gone(*p))
            .map(|(p, t)| (moved(*p), t.map(&moved)))
            .collect();
        Some(Level {
            cells,
            switches,
            splits,
        })
    }

    /// Smaller or plainer variants, for shrinking a failing level (some may not parse).
    pub fn smaller(&self) -> Vec<Level> {
        let mut out = Vec::new();
        let rows = self.cells.len();
        let cols = self.cells.first().map_or(0, Vec::len);
        out.extend((0..rows).filter_map(|r| self.without_row(r)));
        out.extend((0..cols).filter_map(|c| self.without_col(c)));
        for (i, (_, actions)) in self.switches.iter().enumerate() {
            for j in 0..actions.len() {
                let mut level = self.clone();
                level.switches[i].1.remove(j);
                out.push(level);
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let p = Pos::new(r, c);
                let mut level = self.clone();
                match self.at(p) {
                    b'S' | b'H' | b'T' => level.drop_special(p),
                    b'B' | b'b' => level.drop_bridge(p),
                    b'E' => level.set(p, b'.'),
                    b'.' => level.set(p, b'#'),
                    _ => continue,
                }
                out.push(level);
            }
        }
        out
    }
}
