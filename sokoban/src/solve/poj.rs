//! POJ 1475: one box, the fewest pushes, then the fewest moves.
//!
//! **States.** After a push the player stands where the box was: a position is the box's
//! cell and the direction of the last push (`box * 4 + dir`). The search goes level by
//! level of pushes. From each position of level `k`, with the fewest moves that reach it in
//! `k` pushes, a breadth-first search of the player's walk (the box standing) gives the
//! fewest walking steps to each cell; a push from the cell behind the box into a free cell
//! ahead gives a position of level `k + 1` at the position's moves plus the walk plus one.
//! Each position keeps the fewest moves over all its candidates of that level, and the
//! position of level `k` it came from. The start (the player anywhere, no push yet) is
//! level 0.
//!
//! **Exactness.** The cost is compared as the pair (pushes, moves), first pushes. A
//! position first reached at level `k` is never taken again at a later level: any solution
//! through it at more pushes can start with the `k`-push way instead and is then strictly
//! better, since what follows a position does not depend on how it was reached. Within a
//! level the fewest moves are kept for the same reason. Between two pushes the box stands
//! still, so the walk between them is a shortest path around it, which the breadth-first
//! search finds. So the first level holding a position with the box on the target is the
//! fewest pushes, and its least moves among those positions the fewest moves.

use super::{Limit, Options, TooManyStates};
use crate::case::{Board, Move};
use grid_common::Dir;
use puzzle_frame::budget::Ledger;

/// Not reached.
const UNSEEN: u32 = u32::MAX;

/// The fewest-pushes, then fewest-moves solution, `None` when the box cannot reach the
/// target.
pub fn solve(board: &Board, options: &Options) -> Result<Option<Vec<Move>>, Limit> {
    let mut ledger = Ledger::new(options.budget);
    let cells = board.cells();
    let positions = cells * 4;
    if positions as u64 > options.max_states {
        return Err(Limit::Other(TooManyStates(options.max_states)));
    }
    let mut search = Search {
        board,
        moves: ledger.vec("the positions' moves", positions, UNSEEN)?,
        parent: ledger.vec("the positions' parents", positions, UNSEEN)?,
        level_of: ledger.vec("the positions' levels", positions, 0)?,
        level: 1,
        walk: ledger.vec("the walk's distances", cells, UNSEEN)?,
        queue: ledger.vec("the walk's queue", cells, 0)?,
    };
    let (Some(&start_box), Some(&target)) = (board.boxes.first(), board.goals.first()) else {
        return Ok(None);
    };
    ledger.take::<u32>("the levels", 2 * positions)?;
    let mut level: Vec<u32> = Vec::new();
    search.expand(start_box, board.player, 0, UNSEEN, &mut level);
    while !level.is_empty() {
        let best = level
            .iter()
            .filter(|&&p| p as usize / 4 == target)
            .min_by_key(|&&p| search.moves[p as usize]);
        if let Some(&end) = best {
            ledger.take::<Move>("the moves", search.moves[end as usize] as usize)?;
            return Ok(Some(search.path(end as usize)));
        }
        let mut next = Vec::new();
        for &p in &level {
            let (box_cell, dir) = (p as usize / 4, Dir::from_index(p as usize % 4));
            let player = board.step(box_cell, dir.opposite()).unwrap_or(box_cell);
            let moves = search.moves[p as usize];
            search.expand(box_cell, player, moves, p, &mut next);
        }
        level = next;
        search.level += 1;
    }
    Ok(None)
}

/// The search's tables.
struct Search<'b> {
    board: &'b Board,
    /// Per position: the fewest moves that reach it at its level (or [`UNSEEN`]).
    moves: Vec<u32>,
    /// Per position: the position it came from ([`UNSEEN`] for the first push).
    parent: Vec<u32>,
    /// Per position: the level (pushes) it was reached at.
    level_of: Vec<u32>,
    /// The level being built.
    level: u32,
    /// The walk's distances from the player (per cell).
    walk: Vec<u32>,
    queue: Vec<u32>,
}

impl Search<'_> {
    /// The player's fewest steps to every cell, the box at `box_cell`.
    fn walk_from(&mut self, box_cell: usize, player: usize) {
        self.walk.fill(UNSEEN);
        self.walk[player] = 0;
        self.queue[0] = player as u32;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let cell = self.queue[head] as usize;
            head += 1;
            for dir in Dir::ALL {
                let Some(next) = self.board.step(cell, dir) else {
                    continue;
                };
                if next != box_cell && !self.board.is_wall(next) && self.walk[next] == UNSEEN {
                    self.walk[next] = self.walk[cell] + 1;
                    self.queue[tail] = next as u32;
                    tail += 1;
                }
            }
        }
    }

    /// Every push from the box at `box_cell`, the player at `player` after `moves` moves
    /// (position `from`), into `next`: the positions new to this level or improved.
    fn expand(
        &mut self,
        box_cell: usize,
        player: usize,
        moves: u32,
        from: u32,
        next: &mut Vec<u32>,
    ) {
        self.walk_from(box_cell, player);
        for dir in Dir::ALL {
            let behind = self.board.step(box_cell, dir.opposite());
            let ahead = self.board.step(box_cell, dir);
            let (Some(behind), Some(ahead)) = (behind, ahead) else {
                continue;
            };
            if self.walk[behind] == UNSEEN || self.board.is_wall(ahead) {
                continue;
            }
            let cost = moves + self.walk[behind] + 1;
            let p = ahead * 4 + dir.index();
            match self.moves[p] {
                UNSEEN => {
                    next.push(p as u32);
                    self.level_of[p] = self.level;
                }
                // A position of an earlier level is final; one of this level keeps its
                // fewest moves.
                old if self.level_of[p] != self.level || old <= cost => continue,
                _ => {}
            }
            self.moves[p] = cost;
            self.parent[p] = from;
        }
    }

    /// The moves to position `end`, rebuilt from the parents.
    fn path(&mut self, end: usize) -> Vec<Move> {
        let mut chain = vec![end];
        while let Some(&p) = chain.last() {
            match self.parent[p] {
                UNSEEN => break,
                parent => chain.push(parent as usize),
            }
        }
        chain.reverse();
        let (mut box_cell, mut player) = (self.board.boxes[0], self.board.player);
        let mut moves = Vec::new();
        for p in chain {
            let dir = Dir::from_index(p % 4);
            let behind = self
                .board
                .step(box_cell, dir.opposite())
                .unwrap_or(box_cell);
            self.walk_from(box_cell, player);
            moves.extend(self.walk_back(behind).into_iter().map(Move::walk));
            moves.push(Move::push(dir));
            (player, box_cell) = (box_cell, p / 4);
        }
        moves
    }

    /// The steps of a shortest walk to `to`, read back from the walk's distances.
    fn walk_back(&self, to: usize) -> Vec<Dir> {
        let mut dirs = Vec::new();
        let mut cell = to;
        while self.walk[cell] > 0 {
            let step = Dir::ALL.into_iter().find_map(|dir| {
                let prev = self.board.step(cell, dir.opposite())?;
                (self.walk[prev] == self.walk[cell] - 1).then_some((dir, prev))
            });
            let Some((dir, prev)) = step else { break };
            dirs.push(dir);
            cell = prev;
        }
        dirs.reverse();
        dirs
    }
}
