//! The plain push-optimal search for levels of any number of boxes: a breadth-first search
//! over pushes, with dead squares.
//!
//! **States.** A position is the boxes' cells (sorted) and the player's region, named by its
//! smallest cell: between two pushes the player walks freely, so positions whose player
//! cells are connected around the same boxes are one. A position is a run of 16-bit cells in
//! one arena (`boxes`, then the region's cell), found again through an open-addressing hash
//! table of arena indices; each keeps its parent's index. The arena is the queue: positions
//! are stored in the order they are reached, so a level of pushes is a run of indices.
//!
//! **Exactness.** Breadth-first over pushes: every position `k` pushes from the start is
//! stored before any that needs `k + 1`, each once, so the first solved position found is
//! reached with the fewest pushes. The one pruning is dead squares: a floor cell from which a
//! lone box can never be pushed to any goal, walls alone stopping it (a backward search of
//! pulls from the goals). A box pushed there can never reach a goal whatever the other boxes
//! do (they only ever block), so no solution passes through such a push: dropping it keeps
//! every solution, and the fewest pushes.
//!
//! **The moves.** The path is rebuilt from the parents: before each push the player walks a
//! shortest way (breadth-first, the boxes standing) to the cell behind the box. The pushes
//! are optimal; the walks are the fewest for that sequence of pushes, not necessarily the
//! fewest over every push-optimal sequence.

use super::{Limit, TooManyStates};
use puzzle_frame::budget::{Ledger, OverBudget};

pub use super::levels::{Limits, Problem};

/// No neighbour (a wall, or beyond the board).
const NONE: u32 = u32::MAX;
/// An empty slot of the hash table.
const EMPTY: u32 = u32::MAX;
/// The `LURD` letters of the directions, in the order of [`Geometry::next`]'s columns.
const LETTERS: [u8; 4] = *b"UDLR";

/// The board's cells and their neighbours.
struct Geometry {
    /// For each cell, its floor neighbour in each direction (U, D, L, R) or [`NONE`].
    next: Vec<[u32; 4]>,
    /// Cells from which a lone box can reach a goal.
    live: Vec<bool>,
    /// Goal flags.
    goal: Vec<bool>,
}

impl Geometry {
    fn new(p: &Problem, ledger: &mut Ledger) -> Result<Geometry, OverBudget> {
        let cells = p.rows * p.cols;
        ledger.take::<[u32; 4]>("the board's neighbours", cells)?;
        ledger.take::<bool>("the dead squares", 2 * cells)?;
        let floor = |r: isize, c: isize| {
            (0..p.rows as isize).contains(&r)
                && (0..p.cols as isize).contains(&c)
                && !p.walls[r as usize * p.cols + c as usize]
        };
        let next = (0..cells)
            .map(|cell| {
                let (r, c) = ((cell / p.cols) as isize, (cell % p.cols) as isize);
                let mut n = [NONE; 4];
                for (d, (dr, dc)) in [(-1, 0), (1, 0), (0, -1), (0, 1)].into_iter().enumerate() {
                    if floor(r, c) && floor(r + dr, c + dc) {
                        n[d] = ((r + dr) as usize * p.cols + (c + dc) as usize) as u32;
                    }
                }
                n
            })
            .collect();
        let mut geometry = Geometry {
            next,
            live: vec![false; cells],
            goal: vec![false; cells],
        };
        geometry.mark_live(&p.goals);
        Ok(geometry)
    }

    /// Marks the cells from which a lone box can be pushed to a goal: pulls from the goals
    /// (a box at `x` came from `x - d` when the player could stand at `x - 2d`).
    fn mark_live(&mut self, goals: &[usize]) {
        let mut stack = Vec::new();
        for &g in goals {
            self.goal[g] = true;
            self.live[g] = true;
            stack.push(g);
        }
        while let Some(x) = stack.pop() {
            for d in 0..4 {
                let from = self.next[x][d ^ 1];
                if from == NONE || self.next[from as usize][d ^ 1] == NONE {
                    continue;
                }
                if !self.live[from as usize] {
                    self.live[from as usize] = true;
                    stack.push(from as usize);
                }
            }
        }
    }
}

/// A push-optimal solution as `LURD` letters, `None` when there is none.
pub fn solve(problem: &Problem, limits: &Limits) -> Result<Option<Vec<u8>>, Limit> {
    let mut ledger = Ledger::new(limits.budget);
    let geometry = Geometry::new(problem, &mut ledger)?;
    let mut boxes: Vec<u16> = problem.boxes.iter().map(|&b| b as u16).collect();
    boxes.sort_unstable();
    if boxes.iter().any(|&b| !geometry.live[usize::from(b)]) {
        return Ok(None);
    }
    let mut search = Search::new(
        &geometry,
        boxes.len(),
        problem.rows * problem.cols,
        limits,
        &mut ledger,
    )?;
    let start_player = search.region_of(&boxes, problem.player);
    boxes.push(start_player);
    search.insert(&boxes, EMPTY, &mut ledger)?;
    let Some(end) = search.run(&mut ledger)? else {
        return Ok(None);
    };
    Ok(Some(search.letters(end, problem.player, &mut ledger)?))
}

/// The breadth-first search's tables.
struct Search<'g> {
    geometry: &'g Geometry,
    /// Boxes per position.
    width: usize,
    /// The positions, `width + 1` cells each: the boxes sorted, then the region's cell.
    arena: Vec<u16>,
    /// Each position's parent (`EMPTY` for the start).
    parents: Vec<u32>,
    /// Open addressing over the positions' indices.
    table: Vec<u32>,
    max_states: u64,
    /// Which cells hold a box (the position being expanded).
    occupied: Vec<bool>,
    /// The floods' marks: in flood `f`, a cell is reached when `marks[f]` holds `stamps[f]`
    /// (flood 0 the region of the position expanded, flood 1 a child's region).
    marks: [Vec<u32>; 2],
    stamps: [u32; 2],
    /// The flood's stack.
    stack: Vec<u32>,
}

impl<'g> Search<'g> {
    fn new(
        geometry: &'g Geometry,
        width: usize,
        cells: usize,
        limits: &Limits,
        ledger: &mut Ledger,
    ) -> Result<Search<'g>, OverBudget> {
        ledger.take::<u32>("the search's flood", 3 * cells)?;
        ledger.take::<bool>("the search's flood", cells)?;
        let table = ledger.vec("the search's hash table", 1024, EMPTY)?;
        Ok(Search {
            geometry,
            width,
            arena: Vec::new(),
            parents: Vec::new(),
            table,
            max_states: limits.max_states,
            occupied: vec![false; cells],
            marks: [vec![0; cells], vec![0; cells]],
            stamps: [0; 2],
            stack: Vec::with_capacity(cells),
        })
    }

    fn len(&self) -> usize {
        self.parents.len()
    }

    fn key(&self, index: usize) -> &[u16] {
        let w = self.width + 1;
        &self.arena[index * w..(index + 1) * w]
    }

    /// Flood `f`: marks every cell the player reaches from `from` (the boxes in `occupied`)
    /// with a new stamp; the smallest of them.
    fn flood(&mut self, f: usize, from: usize) -> u16 {
        self.stamps[f] = self.stamps[f].wrapping_add(1);
        if self.stamps[f] == 0 {
            self.marks[f].fill(0);
            self.stamps[f] = 1;
        }
        let (stamp, marks) = (self.stamps[f], &mut self.marks[f]);
        let mut least = from as u32;
        marks[from] = stamp;
        self.stack.clear();
        self.stack.push(from as u32);
        while let Some(cell) = self.stack.pop() {
            least = least.min(cell);
            for &n in &self.geometry.next[cell as usize] {
                if n != NONE && marks[n as usize] != stamp && !self.occupied[n as usize] {
                    marks[n as usize] = stamp;
                    self.stack.push(n);
                }
            }
        }
        least as u16
    }

    /// The region's cell of a player at `player` among `boxes`.
    fn region_of(&mut self, boxes: &[u16], player: usize) -> u16 {
        self.set_boxes(boxes, true);
        let least = self.flood(1, player);
        self.set_boxes(boxes, false);
        least
    }

    fn set_boxes(&mut self, boxes: &[u16], on: bool) {
        for &b in boxes {
            self.occupied[usize::from(b)] = on;
        }
    }

    fn slot(&self, key: &[u16]) -> (usize, Option<u32>) {
        let mask = self.table.len() - 1;
        let mut i = hash(key) as usize & mask;
        loop {
            match self.table[i] {
                EMPTY => return (i, None),
                index if self.key(index as usize) == key => return (i, Some(index)),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Stores `key` with `parent` unless it is stored; true when it is new.
    fn insert(&mut self, key: &[u16], parent: u32, ledger: &mut Ledger) -> Result<bool, Limit> {
        let (slot, found) = self.slot(key);
        if found.is_some() {
            return Ok(false);
        }
        if self.len() as u64 >= self.max_states {
            return Err(Limit::Other(TooManyStates(self.max_states)));
        }
        for &c in key {
            ledger.push(&mut self.arena, c, "the search's positions")?;
        }
        ledger.push(&mut self.parents, parent, "the search's parents")?;
        let index = (self.len() - 1) as u32;
        self.table[slot] = index;
        if 2 * self.len() > self.table.len() {
            self.grow(ledger)?;
        }
        Ok(true)
    }

    fn grow(&mut self, ledger: &mut Ledger) -> Result<(), OverBudget> {
        let size = self.table.len() * 2;
        let mut table = ledger.vec("the search's hash table", size, EMPTY)?;
        for index in 0..self.len() {
            let mut i = hash(self.key(index)) as usize & (size - 1);
            while table[i] != EMPTY {
                i = (i + 1) & (size - 1);
            }
            table[i] = index as u32;
        }
        ledger.give_back::<u32>(self.table.len());
        self.table = table;
        Ok(())
    }

    /// Breadth-first over pushes: the index of the first solved position, or `None`.
    fn run(&mut self, ledger: &mut Ledger) -> Result<Option<usize>, Limit> {
        let w = self.width;
        if self.solved(self.key(0)) {
            return Ok(Some(0));
        }
        let mut child = vec![0u16; w + 1];
        let mut index = 0;
        while index < self.len() {
            let key = self.key(index).to_vec();
            let (boxes, player) = (&key[..w], usize::from(key[w]));
            self.set_boxes(boxes, true);
            self.flood(0, player);
            let reached = self.stamps[0];
            for (i, &b) in boxes.iter().enumerate() {
                for d in 0..4 {
                    let behind = self.geometry.next[usize::from(b)][d ^ 1];
                    let to = self.geometry.next[usize::from(b)][d];
                    if behind == NONE || to == NONE || self.marks[0][behind as usize] != reached {
                        continue;
                    }
                    let to = to as usize;
                    if self.occupied[to] || !self.geometry.live[to] {
                        continue;
                    }
                    moved(boxes, i, to as u16, &mut child[..w]);
                    self.occupied[usize::from(b)] = false;
                    self.occupied[to] = true;
                    child[w] = self.flood(1, usize::from(b));
                    self.occupied[to] = false;
                    self.occupied[usize::from(b)] = true;
                    if self.insert(&child, index as u32, ledger)? && self.solved(&child) {
                        self.set_boxes(boxes, false);
                        return Ok(Some(self.len() - 1));
                    }
                }
            }
            self.set_boxes(boxes, false);
            index += 1;
        }
        Ok(None)
    }

    fn solved(&self, key: &[u16]) -> bool {
        key[..self.width]
            .iter()
            .all(|&b| self.geometry.goal[usize::from(b)])
    }

    /// The `LURD` letters from the start (the player at `player`) to position `end`.
    fn letters(
        &mut self,
        end: usize,
        player: usize,
        ledger: &mut Ledger,
    ) -> Result<Vec<u8>, OverBudget> {
        let mut chain = vec![end];
        while let Some(&last) = chain.last() {
            match self.parents[last] {
                EMPTY => break,
                parent => chain.push(parent as usize),
            }
        }
        chain.reverse();
        let mut letters = Vec::new();
        let mut player = player;
        for pair in chain.windows(2) {
            let (before, after) = (self.key(pair[0]).to_vec(), self.key(pair[1]).to_vec());
            let (from, to) = difference(&before[..self.width], &after[..self.width]);
            let d = (0..4)
                .find(|&d| self.geometry.next[from][d] == to as u32)
                .unwrap_or(0);
            let behind = self.geometry.next[from][d ^ 1] as usize;
            self.set_boxes(&before[..self.width], true);
            let walk = self.walk(player, behind);
            self.set_boxes(&before[..self.width], false);
            ledger.take::<u8>("the moves", walk.len() + 1)?;
            letters.extend(walk.iter().map(|&d| LETTERS[d].to_ascii_lowercase()));
            letters.push(LETTERS[d]);
            player = from;
        }
        Ok(letters)
    }

    /// A shortest walk from `from` to `to` around the boxes in `occupied`, as directions.
    fn walk(&mut self, from: usize, to: usize) -> Vec<usize> {
        let cells = self.occupied.len();
        let mut came = vec![u8::MAX; cells];
        let mut queue = std::collections::VecDeque::from([from]);
        came[from] = 4;
        while let Some(cell) = queue.pop_front() {
            if cell == to {
                break;
            }
            for d in 0..4 {
                let n = self.geometry.next[cell][d];
                if n != NONE && came[n as usize] == u8::MAX && !self.occupied[n as usize] {
                    came[n as usize] = d as u8;
                    queue.push_back(n as usize);
                }
            }
        }
        let mut dirs = Vec::new();
        let mut cell = to;
        while cell != from && came[cell] < 4 {
            let d = usize::from(came[cell]);
            dirs.push(d);
            cell = self.geometry.next[cell][d ^ 1] as usize;
        }
        dirs.reverse();
        dirs
    }
}

/// `boxes` with box `i` moved to `to`, sorted, into `out`.
fn moved(boxes: &[u16], i: usize, to: u16, out: &mut [u16]) {
    out.copy_from_slice(boxes);
    out[i] = to;
    out.sort_unstable();
}

/// The cell only in `before` and the cell only in `after` (both sorted).
fn difference(before: &[u16], after: &[u16]) -> (usize, usize) {
    let only = |a: &[u16], b: &[u16]| {
        a.iter()
            .find(|x| b.binary_search(x).is_err())
            .map_or(0, |&x| usize::from(x))
    };
    (only(before, after), only(after, before))
}

/// A hash of a position's cells.
fn hash(key: &[u16]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for &c in key {
        h = (h ^ u64::from(c))
            .wrapping_mul(0x0100_0000_01b3)
            .rotate_left(29);
    }
    h ^ (h >> 32)
}
