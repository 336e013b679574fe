//! Boxes that must leave their goals: with as many goals as boxes, a box on a goal `g`
//! whose staying there would leave an empty goal that no other box can reach must be
//! pushed off `g`, and its pushes to the goal it ends on are at least one push to a
//! neighbour of `g` plus the push distance from there.
//!
//! **Why the bound stays admissible.** Every goal must be filled. Suppose some solution
//! never pushes the box `b` on `g`: then `b` is a wall for the whole solution, and every
//! empty goal `h` is filled by another box pushed on the level with `g` walled (its goal
//! dropped). The pushes of that box alone on that level (every other box removed) still
//! bring it to `h`, with the player on the side of it where the player's region lies now
//! (the region of the state is the same on that level: `b` already blocks `g`), so its
//! push distance to `h` there is finite. When no other box has a finite distance to some
//! empty goal `h`, no such solution exists: every solution pushes `b`. Until its first
//! push `b` is still that wall, so `h` is still empty then. The first push moves `b` from
//! `g` to a neighbour `t` with the player on `g`'s other side: both floor, `t` not dead.
//! When `t` is a goal from which no push can ever move a box (a wall on one side of it
//! along each axis) and, on the level with `t` walled, no box from any cell with the
//! player on any side reaches `h`, that first push leaves `h` empty for ever, so it is
//! not taken either. So `b`'s pushes to a goal `x` are at least the least, over the
//! first pushes left, of 1 plus the push distance from `t` to `x` with the player on
//! `g` (no other box adds to it; the argument of the plain matching), and the matching
//! with that row in place of `b`'s is a lower bound; a box with no first push left has
//! no solution. The box is left out of the pair penalties, as a forced box is.

use puzzle_frame::budget::{Ledger, OverBudget};

use super::bits;
use super::board::{opposite, Board, NONE, UNREACHABLE};
use super::walled;
use super::Problem;

/// The level walled at one goal.
struct Walls {
    board: Board,
    /// The walled board's floor index of each floor cell of the level's board.
    index: Vec<u16>,
    /// The walled board's goal number of each goal number of the level's board ([`NONE`]
    /// for the walled goal).
    goal: Vec<u16>,
    /// Whether no push can ever move a box on the walled goal.
    immobile: bool,
}

/// The walled levels of every goal, and scratch space.
pub(super) struct Leaving {
    walls: Vec<Option<Walls>>,
    /// `closes[(g * 4 + dir) * goals + h]`: whether a first push of a box off goal `g` in
    /// direction `dir` cannot be taken while goal `h` is one no other box reaches with
    /// the box on `g` (module docs).
    closes: Vec<bool>,
    /// The goal number of each floor cell ([`NONE`] off the goals).
    goal_of: Vec<u16>,
    /// Scratch: the empty goals no other box reaches while the box stays.
    sealed: Vec<usize>,
}

impl Leaving {
    /// The walled levels of `board` (made from `level`) with `boxes` boxes, `None` unless
    /// every goal must be filled (as many goals as boxes, at least two).
    pub fn new(
        level: &Problem,
        board: &Board,
        boxes: usize,
        ledger: &mut Ledger,
    ) -> Result<Option<Leaving>, OverBudget> {
        let goals = board.goals.len();
        if boxes != goals || boxes < 2 {
            return Ok(None);
        }
        let mut goal_of = ledger.vec("the goals boxes leave", board.floor(), NONE)?;
        for (number, &g) in board.goals.iter().enumerate() {
            goal_of[usize::from(g)] = number as u16;
        }
        ledger.take::<Option<Walls>>("the goals boxes leave", goals)?;
        let mut walls = Vec::with_capacity(goals);
        for &g in &board.goals {
            walls.push(Walls::new(level, board, g, ledger)?);
        }
        let mut closes = ledger.vec("the goals boxes leave", goals * 4 * goals, false)?;
        for (number, &g) in board.goals.iter().enumerate() {
            for dir in 0..4 {
                let (Some(to), Some(behind)) = (board.step(g, dir), board.step(g, opposite(dir)))
                else {
                    continue;
                };
                let at = usize::from(goal_of[usize::from(to)]);
                let (Some(on_g), Some(Some(on_to))) = (&walls[number], walls.get(at)) else {
                    continue;
                };
                if !on_to.immobile {
                    continue;
                }
                for h in 0..goals {
                    closes[(number * 4 + dir) * goals + h] =
                        h != number && h != at && closed(board, on_g, on_to, h, (g, to, behind));
                }
            }
        }
        Ok(Some(Leaving {
            walls,
            closes,
            goal_of,
            sealed: Vec::with_capacity(goals),
        }))
    }

    /// Writes into `leaving` each box of `list` (cells, also the set `boxes`) on a goal
    /// that must leave it, with its first pushes left (a bit per direction), the player's
    /// region on `player`. False when such a box has no first push left: no solution.
    pub fn find(
        &mut self,
        board: &Board,
        boxes: &[u64],
        list: &[u16],
        player: u16,
        leaving: &mut Vec<(u16, u8)>,
    ) -> bool {
        leaving.clear();
        for &b in list {
            let number = self.goal_of[usize::from(b)];
            if number == NONE {
                continue;
            }
            let Some(walls) = &self.walls[usize::from(number)] else {
                continue;
            };
            let player = walls.index[usize::from(player)];
            if player == NONE {
                continue;
            }
            self.sealed.clear();
            for (h, &goal) in board.goals.iter().enumerate() {
                if bits::has(boxes, goal) {
                    continue;
                }
                let on_walls = usize::from(walls.goal[h]);
                let reached = list.iter().any(|&other| {
                    let cell = walls.index[usize::from(other)];
                    other != b
                        && cell != NONE
                        && walls.board.push_distance(on_walls, cell, player) != UNREACHABLE
                });
                if !reached {
                    self.sealed.push(h);
                }
            }
            if self.sealed.is_empty() {
                continue;
            }
            let mut dirs = 0u8;
            for dir in 0..4 {
                let (Some(to), Some(_)) = (board.step(b, dir), board.step(b, opposite(dir))) else {
                    continue;
                };
                let closes = &self.closes[(usize::from(number) * 4 + dir) * board.goals.len()..];
                if board.dead[usize::from(to)] || self.sealed.iter().any(|&h| closes[h]) {
                    continue;
                }
                dirs |= 1 << dir;
            }
            if dirs == 0 {
                return false;
            }
            leaving.push((b, dirs));
        }
        true
    }
}

/// Whether goal number `h` stays empty for ever after a box's first push off goal `g` onto
/// `to` (an immobile goal), the player behind it on `behind`, when no other box reaches
/// `h` with the box on `g`: every cell from which a box reaches `h` on the level walled
/// at `to` (the player on `g`, where the push leaves it) is one from which a box reaches
/// `h` on the level walled at `g` with the player on `behind` (where it stands for the
/// push). A box on such a cell then would have reached `h` before (module docs).
fn closed(board: &Board, on_g: &Walls, on_to: &Walls, h: usize, cells: (u16, u16, u16)) -> bool {
    let (g, to, behind) = cells;
    let goal = board.goals[h];
    let (h_on_g, h_on_to) = (usize::from(on_g.goal[h]), usize::from(on_to.goal[h]));
    let (player_on_g, player_on_to) =
        (on_g.index[usize::from(behind)], on_to.index[usize::from(g)]);
    (0..board.floor() as u16)
        .filter(|&c| c != g && c != to && c != goal)
        .all(|c| {
            let (c_on_g, c_on_to) = (on_g.index[usize::from(c)], on_to.index[usize::from(c)]);
            on_to.board.push_distance(h_on_to, c_on_to, player_on_to) == UNREACHABLE
                || on_g.board.push_distance(h_on_g, c_on_g, player_on_g) != UNREACHABLE
        })
}

impl Walls {
    /// The level of `board` walled at goal `g`, `None` when it cannot be numbered.
    fn new(
        level: &Problem,
        board: &Board,
        g: u16,
        ledger: &mut Ledger,
    ) -> Result<Option<Walls>, OverBudget> {
        let Some(walled) = walled::board_without(level, board, &[g], ledger)? else {
            return Ok(None);
        };
        let what = "the goals boxes leave";
        let mut index = ledger.vec(what, board.floor(), NONE)?;
        for (cell, i) in index.iter_mut().enumerate() {
            *i = walled.index[board.cells[cell]];
        }
        let mut goal = ledger.vec(what, board.goals.len(), NONE)?;
        for (number, &cell) in board.goals.iter().enumerate() {
            let on_walls = index[usize::from(cell)];
            if let Some(k) = walled.goals.iter().position(|&x| x == on_walls) {
                goal[number] = k as u16;
            }
        }
        let immobile = (0..2)
            .all(|dir| board.step(g, dir).is_none() || board.step(g, opposite(dir)).is_none());
        Ok(Some(Walls {
            board: walled,
            index,
            goal,
            immobile,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::test_board;
    use super::*;
    use puzzle_frame::budget::MemoryBudget;

    /// A dead-end column of goals fed from a room whose corner goal below it can never be
    /// left (the shape of Microban 153's corner):
    ///
    /// ```text
    /// #######
    /// #.#####
    /// #.#####
    /// #..   #
    /// #..   #
    /// ###   #
    /// #######
    /// ```
    #[test]
    fn a_box_in_the_corner_doorway_must_leave_and_not_into_the_corner_while_the_column_is_empty() {
        let (rows, cols) = (7, 7);
        let open = [8, 15, 22, 23, 24, 25, 26, 29, 30, 31, 32, 33, 38, 39, 40];
        let walls = (0..rows * cols).map(|c| !open.contains(&c)).collect();
        let goals = vec![8, 15, 22, 23, 29, 30];
        let (mut problem, board) = test_board(rows, cols, walls, goals).unwrap();
        problem.boxes = vec![0; 6];
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 24));
        let mut leaving = Leaving::new(&problem, &board, 6, &mut ledger)
            .unwrap()
            .unwrap();
        let at = |cell: usize| board.index[cell];
        let state = |cells: &[usize]| {
            let mut list: Vec<u16> = cells.iter().map(|&c| at(c)).collect();
            list.sort_unstable();
            let mut set = vec![0u64; bits::words(board.floor())];
            for &c in &list {
                bits::insert(&mut set, c);
            }
            (set, list)
        };
        let mut found = Vec::new();
        // The column and the corner empty, a box on the doorway goal (30): it must leave,
        // to the right only (into the corner, 29, it would shut the column for ever).
        let (set, list) = state(&[30, 24, 25, 31, 32, 38]);
        assert!(leaving.find(&board, &set, &list, at(40), &mut found));
        assert_eq!(found, vec![(at(30), 1 << 2)]);
        // The column and its foot filled, only the corner empty: the box must leave, and
        // into the corner is now a way.
        let (set, list) = state(&[8, 15, 22, 23, 30, 31]);
        assert!(leaving.find(&board, &set, &list, at(40), &mut found));
        assert_eq!(found, vec![(at(30), 1 | 1 << 2)]);
        // Every goal filled: nothing must leave.
        let (set, list) = state(&[8, 15, 22, 23, 29, 30]);
        assert!(leaving.find(&board, &set, &list, at(40), &mut found));
        assert!(found.is_empty());
    }
}
