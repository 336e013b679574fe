//! The level as the search sees it: the floor cells numbered densely, their neighbours,
//! the goals, the push distance from every cell to every goal, and the dead squares.

use puzzle_frame::budget::{Ledger, OverBudget};

use super::distance::{self, NO_SIDE, SIDES};
use super::Problem;

/// No cell (a wall or the outside in that direction).
pub(super) const NONE: u16 = u16::MAX;

/// A push distance for a goal a box cannot reach from that cell.
pub(super) const UNREACHABLE: u16 = u16::MAX;

/// The move letters in direction order: left, up, right, down.
pub(super) const LURD: [u8; 4] = *b"lurd";

/// The direction opposite `dir`.
pub(super) fn opposite(dir: usize) -> usize {
    (dir + 2) % 4
}

/// The level's static facts, indexed by floor cell.
pub(super) struct Board {
    /// The grid cell of each floor cell.
    pub cells: Vec<usize>,
    /// The floor index of each grid cell ([`NONE`] for walls).
    pub index: Vec<u16>,
    /// The neighbour of each floor cell in each direction ([`NONE`] for a wall).
    pub neighbours: Vec<[u16; 4]>,
    /// Whether each floor cell is a goal.
    pub is_goal: Vec<bool>,
    /// The goals' floor indices.
    pub goals: Vec<u16>,
    /// The side of every cell for every box cell ([`distance::sides`]).
    pub side: Vec<u8>,
    /// The push distances by box cell, side and goal: `distance[(c * SIDES + s) * goals +
    /// g]` ([`distance::push_distances`] numbers them by goal first), so that the
    /// distances of one box to every goal lie together.
    pub distance: Vec<u16>,
    /// Whether a box on each cell can never reach any goal.
    pub dead: Vec<bool>,
}

impl Board {
    /// The board of `problem`, or `None` when it has more floor cells than a `u16`
    /// numbers (the caller reports the size). Positions are assumed on floor cells.
    pub fn new(problem: &Problem, ledger: &mut Ledger) -> Result<Option<Board>, OverBudget> {
        let grid = problem.rows * problem.cols;
        let floor_count = problem.walls.iter().take(grid).filter(|w| !**w).count();
        if floor_count >= usize::from(NONE) {
            return Ok(None);
        }
        let mut index = ledger.vec("the board", grid, NONE)?;
        let mut cells = Vec::new();
        ledger.take::<usize>("the board", floor_count)?;
        cells.reserve_exact(floor_count);
        for (cell, wall) in problem.walls.iter().take(grid).enumerate() {
            if !wall {
                index[cell] = cells.len() as u16;
                cells.push(cell);
            }
        }
        let mut neighbours = ledger.vec("the board", floor_count, [NONE; 4])?;
        for (i, &cell) in cells.iter().enumerate() {
            let (row, col) = (cell / problem.cols, cell % problem.cols);
            let steps = [
                (col > 0).then(|| cell - 1),
                (row > 0).then(|| cell - problem.cols),
                (col + 1 < problem.cols).then(|| cell + 1),
                (row + 1 < problem.rows).then(|| cell + problem.cols),
            ];
            for (dir, step) in steps.into_iter().enumerate() {
                if let Some(next) = step {
                    neighbours[i][dir] = index[next];
                }
            }
        }
        let mut is_goal = ledger.vec("the board", floor_count, false)?;
        let mut goals = Vec::new();
        for &goal in &problem.goals {
            let i = index[goal];
            if i != NONE && !is_goal[usize::from(i)] {
                is_goal[usize::from(i)] = true;
                goals.push(i);
            }
        }
        let mut board = Board {
            cells,
            index,
            neighbours,
            is_goal,
            goals,
            side: Vec::new(),
            distance: Vec::new(),
            dead: Vec::new(),
        };
        board.side = distance::sides(&board, ledger)?;
        board.distance = distance::push_distances(&board, &board.side, ledger)?;
        board.dead = ledger.vec("the board", floor_count, true)?;
        for (pair, &d) in board.distance.iter().enumerate() {
            if d != UNREACHABLE && pair % SIDES != usize::from(NO_SIDE) {
                board.dead[pair / SIDES % floor_count] = false;
            }
        }
        let (per_goal, goals) = (floor_count * SIDES, board.goals.len());
        let mut by_cell = ledger.vec("the push distances", per_goal * goals, UNREACHABLE)?;
        for (i, &d) in board.distance.iter().enumerate() {
            by_cell[i % per_goal * goals + i / per_goal] = d;
        }
        ledger.give_back::<u16>(board.distance.len());
        board.distance = by_cell;
        Ok(Some(board))
    }

    /// The number of floor cells.
    pub fn floor(&self) -> usize {
        self.cells.len()
    }

    /// The pushes from a box on `cell` to the goal numbered `goal` with the player's
    /// region on `player`'s side of it.
    #[inline]
    pub fn push_distance(&self, goal: usize, cell: u16, player: u16) -> u16 {
        self.push_distances(cell, player)[goal]
    }

    /// The pushes from a box on `cell` to each goal, in goal order, with the player's
    /// region on `player`'s side of it.
    #[inline]
    pub fn push_distances(&self, cell: u16, player: u16) -> &[u16] {
        let (floor, cell) = (self.floor(), usize::from(cell));
        let side = match self.side.is_empty() {
            true => 0,
            false => self.side[cell * floor + usize::from(player)],
        };
        let goals = self.goals.len();
        let start = (cell * SIDES + usize::from(side)) * goals;
        &self.distance[start..start + goals]
    }

    /// The neighbour of floor cell `cell` in direction `dir`, if it is floor.
    #[inline]
    pub fn step(&self, cell: u16, dir: usize) -> Option<u16> {
        let next = self.neighbours[usize::from(cell)][dir];
        (next != NONE).then_some(next)
    }

    /// A breadth-first flood over the floor from `start` (which the caller has marked):
    /// `enter(next)` is asked for each step onto a floor cell, marks it and says whether
    /// the flood goes there; the cells entered, `start` first, are left in `queue`.
    #[inline]
    pub fn flood(&self, start: u16, queue: &mut Vec<u16>, mut enter: impl FnMut(u16) -> bool) {
        queue.clear();
        queue.push(start);
        let mut head = 0;
        while head < queue.len() {
            let cell = queue[head];
            head += 1;
            for dir in 0..4 {
                if let Some(next) = self.step(cell, dir) {
                    if enter(next) {
                        queue.push(next);
                    }
                }
            }
        }
    }
}

/// A test's board: `walls` and `goals` on a `rows` x `cols` grid, the player on the first
/// floor cell, with the level (`None` past a small budget or with no floor).
#[cfg(test)]
pub(super) fn test_board(
    rows: usize,
    cols: usize,
    walls: Vec<bool>,
    goals: Vec<usize>,
) -> Option<(Problem, Board)> {
    use puzzle_frame::budget::MemoryBudget;

    let problem = Problem {
        rows,
        cols,
        player: walls.iter().position(|w| !w)?,
        walls,
        goals,
        boxes: vec![],
    };
    let mut ledger = Ledger::new(MemoryBudget::new(1 << 24));
    let board = Board::new(&problem, &mut ledger).ok()??;
    Some((problem, board))
}

/// A test's random numbers (xorshift): `below(n)` is in `0..n`.
#[cfg(test)]
pub(super) fn test_random(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed;
    move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}

/// A test's random board: `side` to `side + 3` cells a side, walls on the border and
/// about `percent` in a hundred of the other cells, `least_goals` to `least_goals +
/// spread - 1` goals drawn (fewer when two fall on one cell), as [`test_board`] makes it.
#[cfg(test)]
pub(super) fn test_random_board(
    below: &mut impl FnMut(usize) -> usize,
    side: usize,
    percent: usize,
    (least_goals, spread): (usize, usize),
) -> Option<(Problem, Board)> {
    let (rows, cols) = (side + below(4), side + below(4));
    let walls: Vec<bool> = (0..rows * cols)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            r == 0 || c == 0 || r + 1 == rows || c + 1 == cols || below(100) < percent
        })
        .collect();
    let open: Vec<usize> = (0..rows * cols).filter(|&i| !walls[i]).collect();
    let count = least_goals + below(spread);
    let mut goals: Vec<usize> = (0..count).map(|_| open[below(open.len())]).collect();
    goals.sort_unstable();
    goals.dedup();
    test_board(rows, cols, walls, goals)
}
