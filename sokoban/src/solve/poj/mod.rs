//! POJ 1475: one box, the fewest pushes, then the fewest moves.
//!
//! **States.** After a push the player stands where the box was: a position is the box's
//! cell and the direction of the last push (`box * 4 + dir`), a dense index into flat
//! tables (at most 4 x 400 positions on a 20 x 20 maze). The search goes level by level of
//! pushes. From each position of level `k`, with the fewest moves that reach it in `k`
//! pushes, the player walks (the box standing) to the cell behind the box on some side and
//! pushes into a free cell ahead: a position of level `k + 1` at the position's moves plus
//! the walk plus one. Each position keeps the fewest moves over all its candidates of that
//! level, and the position of level `k` it came from. The start (the player anywhere, no
//! push yet) is level 0.
//!
//! **Exactness.** The cost is compared as the pair (pushes, moves), first pushes. A
//! position first reached at level `k` is never taken again at a later level: any solution
//! through it at more pushes can start with the `k`-push way instead and is then strictly
//! better, since what follows a position does not depend on how it was reached. Within a
//! level the fewest moves are kept for the same reason. Between two pushes the box stands
//! still, so the walk between them is a shortest path around it, which a breadth-first
//! search finds. So the first level holding a position with the box on the target is the
//! fewest pushes, and its least moves among those positions the fewest moves.
//!
//! **Speed, without changing an answer.** The walk between two sides of a box depends only
//! on the box's cell and the two sides, so it is found once and kept (`sides`, per box cell
//! and pair of sides), whichever position asks. A walk stops as soon as the sides it was
//! asked for are reached (`maze::Walk`, its marks stamped rather than cleared), and a side
//! is never asked for when the box's cell cuts it off from the player (the cut structure of
//! `maze::Maze`, one depth-first search per maze) or when the push from it would only reach
//! a position settled at an earlier level. None of this changes which candidates are
//! offered, their costs or their order, so the answer, and the printed moves, are those of
//! the plain level-by-level search with a full walk per position.

mod maze;

use super::{Limit, Options, TooManyStates};
use crate::case::{Board, Move};
use grid_common::Dir;
use maze::{Maze, Walk, NONE};
use puzzle_frame::budget::Ledger;

/// Not reached, or not walked yet.
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
        moves: ledger.vec("the positions' moves", positions, UNSEEN)?,
        parent: ledger.vec("the positions' parents", positions, UNSEEN)?,
        level_of: ledger.vec("the positions' levels", positions, 0)?,
        level: 1,
        sides: ledger.vec("the walks between a box's sides", cells * 16, UNSEEN)?,
        maze: Maze::new(board, &mut ledger)?,
        walk: Walk::new(cells, &mut ledger)?,
        board,
    };
    let (Some(&start_box), Some(&target)) = (board.boxes.first(), board.goals.first()) else {
        return Ok(None);
    };
    ledger.take::<u32>("the levels", 2 * positions)?;
    let (mut level, mut next) = (Vec::new(), Vec::new());
    search.start(start_box, board.player, &mut level);
    while !level.is_empty() {
        let best = level
            .iter()
            .filter(|&&p| p as usize / 4 == target)
            .min_by_key(|&&p| search.moves[p as usize]);
        if let Some(&end) = best {
            ledger.take::<Move>("the moves", search.moves[end as usize] as usize)?;
            ledger.take::<usize>("the path's pushes", search.level as usize)?;
            return Ok(Some(search.path(end as usize)));
        }
        search.level += 1;
        next.clear();
        for &p in &level {
            search.expand(p as usize, &mut next);
        }
        std::mem::swap(&mut level, &mut next);
    }
    Ok(None)
}

/// The search's tables.
struct Search<'b> {
    board: &'b Board,
    maze: Maze,
    walk: Walk,
    /// Per position: the fewest moves that reach it at its level (or [`UNSEEN`]).
    moves: Vec<u32>,
    /// Per position: the position it came from ([`UNSEEN`] for the first push).
    parent: Vec<u32>,
    /// Per position: the level (pushes) it was reached at.
    level_of: Vec<u32>,
    /// The level being built.
    level: u32,
    /// Per box cell `b` and sides `s`, `t` (directions from `b`), at `b * 16 + s * 4 + t`:
    /// the player's fewest steps from the cell beside `b` on side `s` to the one on side
    /// `t`, the box on `b` ([`UNSEEN`]: not walked yet).
    sides: Vec<u32>,
}

impl Search<'_> {
    /// True when position `q` was reached at an earlier level than the one being built
    /// (it is final).
    fn settled(&self, q: usize) -> bool {
        self.moves[q] != UNSEEN && self.level_of[q] != self.level
    }

    /// Offers position `q` at `cost` moves, reached from position `from`: kept when new to
    /// the level being built (then listed in `next`) or cheaper than its candidate so far.
    fn offer(&mut self, q: usize, cost: u32, from: u32, next: &mut Vec<u32>) {
        match self.moves[q] {
            UNSEEN => {
                next.push(q as u32);
                self.level_of[q] = self.level;
            }
            // A position of an earlier level is final; one of this level keeps its
            // fewest moves (the first candidate among equals).
            old if self.level_of[q] != self.level || old <= cost => return,
            _ => {}
        }
        self.moves[q] = cost;
        self.parent[q] = from;
    }

    /// The first pushes: the player walks from `player` around the box on `box_cell`.
    fn start(&mut self, box_cell: usize, player: usize, next: &mut Vec<u32>) {
        let part = self.maze.part_of(box_cell, player);
        let around = self.maze.next[box_cell];
        let mut targets = [NONE; 4];
        for e in 0..4 {
            let (behind, ahead) = (around[e ^ 1], around[e]);
            if behind != NONE && ahead != NONE && part == Some(self.maze.parts[box_cell][e ^ 1]) {
                targets[e] = behind;
            }
        }
        self.walk.run(&self.maze, box_cell, player, targets);
        for (e, &behind) in targets.iter().enumerate() {
            let Some(walk) = (behind != NONE)
                .then(|| self.walk.dist(behind as usize))
                .flatten()
            else {
                continue;
            };
            self.offer(around[e] as usize * 4 + e, walk + 1, UNSEEN, next);
        }
    }

    /// Every push from position `p` into `next`: the positions new to this level or
    /// improved.
    fn expand(&mut self, p: usize, next: &mut Vec<u32>) {
        let (b, s) = (p / 4, (p % 4) ^ 1);
        let around = self.maze.next[b];
        let part = self.maze.parts[b];
        let reachable =
            |t: usize, e: usize| around[t] != NONE && around[e] != NONE && part[t] == part[s];
        let mut targets = [NONE; 4];
        for e in 0..4 {
            let t = e ^ 1;
            if t != s
                && reachable(t, e)
                && self.sides[b * 16 + s * 4 + t] == UNSEEN
                && !self.settled(around[e] as usize * 4 + e)
            {
                targets[e] = around[t];
            }
        }
        if targets.iter().any(|&t| t != NONE) {
            self.walk.run(&self.maze, b, around[s] as usize, targets);
            for (e, &behind) in targets.iter().enumerate() {
                if let Some(walk) = (behind != NONE)
                    .then(|| self.walk.dist(behind as usize))
                    .flatten()
                {
                    let t = e ^ 1;
                    self.sides[b * 16 + s * 4 + t] = walk;
                    self.sides[b * 16 + t * 4 + s] = walk;
                }
            }
        }
        let moves = self.moves[p];
        for (e, &ahead) in around.iter().enumerate() {
            let t = e ^ 1;
            if !reachable(t, e) {
                continue;
            }
            let walk = if t == s {
                0
            } else {
                self.sides[b * 16 + s * 4 + t]
            };
            if walk != UNSEEN {
                self.offer(ahead as usize * 4 + e, moves + walk + 1, p as u32, next);
            }
        }
    }

    /// The moves to position `end`, rebuilt from the parents: before each push a shortest
    /// walk to the cell behind the box.
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
            let dir = p % 4;
            let behind = self.maze.next[box_cell][dir ^ 1];
            self.walk
                .run(&self.maze, box_cell, player, [behind, NONE, NONE, NONE]);
            let walk = self.walk.back(&self.maze, behind as usize);
            moves.extend(walk.into_iter().map(Move::walk));
            moves.push(Move::push(Dir::from_index(dir)));
            (player, box_cell) = (box_cell, p / 4);
        }
        moves
    }
}
