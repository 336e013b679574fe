//! Push-optimal Sokoban: the fewest pushes that put every box on a goal, any number of
//! boxes, as a LURD string (lower case a walk, upper case a push).
//!
//! # The search
//!
//! A* over states = (the set of box cells, the player's region), the region named by its
//! least floor cell: two positions of the player from which the same cells are reachable
//! without pushing allow exactly the same pushes, so one state stands for all of them and
//! the walk between pushes (free in the push count) is found again when the answer is
//! written out. Every push costs one; the estimate of a state is its pushes so far plus a
//! lower bound on the pushes left, and a state is tested for the goal when it is taken
//! from the open list, so the first goal taken has the fewest pushes.
//!
//! # Why every rule keeps the answer exact
//!
//! - **The bound** (`matching` on `distance`): the cheapest assignment of the boxes to
//!   distinct goals, a box costing its push distance to the goal: the fewest pushes that
//!   bring it there alone on the board, starting with the player on the side of it where
//!   the player's region lies. Other boxes only take pushes away and the player's region
//!   lies on one side of each box, so a box needs at least that many pushes to the goal it
//!   ends on; the boxes end on distinct goals, so the bound never exceeds the pushes left
//!   (admissible). A push changes the pushed box's distance by at most one and leaves the
//!   player on the same side of every other box (its walks and pushes never cross their
//!   cells), so the bound drops by at most one per push (consistent). With more goals than boxes goals are left
//!   over, which is right: a solution needs every box on a goal, not every goal covered.
//!   A child's matching starts from its parent's (only the pushed box's row changed);
//!   it is the same optimum, only found faster. The parent's matching is made only when
//!   a first new child needs it, starting from each row's least cost, or from the
//!   state's forced matching (below) when it has one, each forced row written back and
//!   matched again (again only one row changes at a time); a child whose
//!   pushed box came one push nearer the goal it was assigned takes the parent's bound
//!   less one as it stands (no push lowers the optimum by more than one).
//! - **Pair penalties** (`pairs`): for every two boxes, the fewest pushes that bring them
//!   both onto goals with every other box removed is tabled at the start, exactly (a
//!   search by pulls per set of two goals), as what it costs beyond the two boxes' push
//!   distances (the least over the goal sets). A solution's pushes of two boxes, the other
//!   boxes removed, still solve that pair, so over disjoint pairs these penalties add to
//!   the matching and the sum stays a lower bound (the proof is in that module); a pair
//!   that cannot reach two goals even alone leaves the state without a solution. The sum
//!   is admissible but not consistent (the greedy choice of pairs changes from state to
//!   state), which the search copes with as it does for the forced bound below.
//! - **Forced barrier pushes** (`corral::Corrals::forced`): take a corral (an area the
//!   player cannot reach) whose barrier boxes must move (one is off a goal, or a goal in
//!   it is empty and every goal must be covered). Until the first push of a barrier box
//!   the corral and its barrier stay as they are (the PI-corral argument in `corral`), so
//!   that push is made with the player outside the corral and neither the cell behind the
//!   box nor the cell ahead of it holding another barrier box. When no barrier box admits
//!   such a push, the state has no solution and is dropped (a corral deadlock). When
//!   exactly one does, and it stands on a goal, every solution moves it; a box that moves
//!   and ends where it started takes at least two pushes, so the matching may charge it
//!   2, not 0, for its own goal (its other goals cost at least 1 anyway) and stays a lower
//!   bound. This refined bound is computed when a state is taken from the open list; when
//!   it is larger, the state goes back with the larger estimate instead of being
//!   expanded. The bound is then no longer consistent, only admissible, so a state met
//!   again with fewer pushes after its expansion is opened again (the table does that):
//!   A* with an admissible bound and reopening still takes the goal first with its fewest
//!   pushes.
//! - **Pathmax** (`search`): a child's stored bound is at least its parent's stored
//!   bound less one. The parent's bound never exceeds its fewest pushes left, which are
//!   at most one more than the child's (the push between them), so the parent's bound
//!   less one never exceeds the child's fewest pushes left either: the larger of the two
//!   stays admissible. It passes a refined (forced) bound down to the children, which
//!   then need not be queued again as often. A goal keeps bound 0: its parent is one push
//!   away, so the parent's bound is at most 1.
//! - **No assignment** (a box that reaches no goal, two boxes that can only reach the same
//!   one goal): the assignment relaxes every solution, so none exists; the state is
//!   dropped.
//! - **Boxes frozen on goals at the start** (`deadlock::FreezeCheck::frozen_on_goals`):
//!   no solution ever moves a box of a frozen set (the argument in `deadlock`), so when a
//!   frozen set lies wholly on goals its boxes are turned into walls and their goals
//!   dropped before the tables are built: the level keeps exactly its solutions, and the
//!   push distances and dead squares see those boxes as the walls they are.
//! - **Boxes frozen on goals during the search** (`walled`): when a push freezes a set of
//!   boxes that all stand on goals, no solution moves them again, so the rest is a
//!   solution of the level with them as walls and their goals dropped; the child's bound is
//!   at least that level's matching (made on a walled board kept per frozen set), and the
//!   child is dropped when that level has no assignment (a goal that could only be filled
//!   through a frozen box, as when the cell from which a dead-end row of goals is filled
//!   is taken first). The bound depends on the push that froze the set, not only on the
//!   state; a state keeps the largest bound it was given, all of them admissible.
//! - **Boxes that must leave their goals** (`leaving`): with as many goals as boxes, a
//!   box on a goal whose staying there would leave an empty goal that no other box can
//!   reach (on the level with that goal walled, from where the boxes and the player's
//!   region are now) is pushed off it by every solution; its cost to each goal becomes
//!   the least, over its possible first pushes, of 1 plus the push distance from where
//!   that push leaves it, and a first push onto a goal no push can ever leave is not
//!   counted when that goal's wall would keep such an empty goal empty for ever (every
//!   cell from which a box could then reach it being one from which a box could have
//!   reached it before). The refined bound is found when a state is taken from the open
//!   list, as the forced bound is; the argument is in that module.
//! - **The group bound** (`groups`): the boxes split into groups by the rooms their
//!   cells lie in (two rooms a doorway joins, a doorway a cell walled on two opposite
//!   sides), each group's cost the fewest pushes that put its boxes on goals (every goal
//!   free) with every other box removed, found by a small capped A* and cached by its box
//!   set and player region. A solution's pushes of a group's boxes solve that sub-level,
//!   and the groups are disjoint, so the sum (the largest over a few splits) is a lower
//!   bound, and a group with no solution drops the state; the argument is in that module.
//!   It is not consistent (a box crossing a room border changes groups), which the search
//!   copes with as for the pair penalties. It is on only when the level has rooms, at most
//!   128 floor cells and a start whose group bound is at least 4 above its matching
//!   bound, and only once the search has stored 131,072 states (smaller searches are left
//!   as they were: the group searches cost more there than they save); on Microban only
//!   level 144 uses it.
//! - **Learnt deadlock patterns** (`patterns`): for a new child, the pushed box and the
//!   boxes met from it through cells the player could not reach (at most 4) are solved
//!   alone, the player on the same cell, once per box set and player zone; a sub-level
//!   with no solution is kept as a pattern (its boxes and the player's zone among them),
//!   and a child that holds a pattern's boxes with its player in the zone is dropped. The
//!   boxes of a solution, the others removed, still solve the sub-level, so none exists;
//!   the argument is in that module.
//! - **Dead squares** (`board`): a cell from which a box alone on the board reaches no
//!   goal from any side; other boxes only take pushes away, so a box there never reaches
//!   a goal and no push onto one is generated.
//! - **Freeze deadlocks** (`deadlock`), 2 x 2 blocks among them: a set of boxes that can
//!   never move again with one of them off a goal; the argument is in that module.
//! - **PI-corrals** (`corral`): when an area the player cannot reach can only be opened
//!   by pushing its surrounding boxes inwards from where the player stands, and one of them
//!   must move, some push-optimal solution starts with one of those pushes, so only they
//!   are tried; the argument (a reordering of any optimal solution) is in that module.
//! - **Dead-end corridors of goals** (`tunnel`): with every goal to fill, a box in a
//!   straight corridor of goals ending in a wall, the cell ahead of it empty and the cell
//!   behind it in the player's region, must make that push in every solution, and no
//!   other push or walk before it uses the corridor ahead; moved to the front it keeps
//!   every other push legal, so some push-optimal solution starts with it and only it is
//!   tried (when no PI-corral has narrowed the pushes); the argument is in that module.
//! - **Symmetry** (`symmetry`): when a turn or mirror of the grid maps the level's floor
//!   and goals onto themselves, a position and its image need the same fewest pushes and
//!   every rule and the bound treat them alike, so each position is stored as the least
//!   of its images and only that one is expanded; the answer's pushes are mapped back,
//!   step by step, onto the real positions (the argument is in that module).
//! - **Duplicates** (`table`): a state met again with no fewer pushes is dropped; met
//!   with fewer, it takes the new pushes and parent and is queued again.
//! - **Naming the region** (`region`): a child's least cell is mostly found without a
//!   flood, from its parent's region, its cut cells (when the box lands on one, the least
//!   cell of each part it cuts off comes from the depth-first tree) and the corrals; it
//!   is the same cell a flood finds, or (when that is not sure) a flood finds it. A
//!   push into a corral leaves the parent's region whole (the box left a cell next to
//!   it and landed outside it), so only what the player reaches from the freed cell
//!   outside that region is flooded. On a symmetric level a child's image under each
//!   map is its parent's image less the pushed box's old cell plus its new one.
//!
//! No macros (tunnels, goal rooms) are used: every push is one step of the search (the
//! corridor rule only narrows which pushes are tried).
//!
//! # The moves
//!
//! The pushes are optimal; the moves are not minimal: before each push the player walks a
//! shortest way to the cell behind the box, in the order the search found the pushes,
//! which need not give the fewest moves among the push-optimal solutions.
//!
//! # Memory and states
//!
//! The board's tables, the transposition table, the open list and the answer are charged
//! to the budget before they grow (past it [`Limit::Memory`]); past `max_states` stored
//! states the search gives up ([`TooManyStates`]). Both are deterministic.

mod bits;
mod board;
mod corral;
mod deadlock;
mod distance;
mod groups;
mod leaving;
mod matching;
mod open;
mod pairs;
mod path;
mod patterns;
mod region;
mod search;
mod symmetry;
mod table;
mod tunnel;
mod walled;

use puzzle_frame::budget::Ledger;

use super::{Limit, TooManyStates};

use board::{Board, NONE};
use deadlock::FreezeCheck;
use search::{Outcome, Search};
use symmetry::Symmetries;

pub use super::levels::{Limits, Problem};

/// A push-optimal solution of `problem` as a LURD string, or `None` when no sequence of
/// moves puts every box on a goal. A problem whose player or boxes are not on distinct
/// floor cells of the grid has no solution.
pub fn solve(problem: &Problem, limits: &Limits) -> Result<Option<Vec<u8>>, Limit> {
    solve_counting(problem, limits, &mut 0)
}

/// [`solve`], also telling in `states` how many states the search stored.
pub fn solve_counting(
    problem: &Problem,
    limits: &Limits,
    states: &mut u64,
) -> Result<Option<Vec<u8>>, Limit> {
    let mut ledger = Ledger::new(limits.budget);
    let Some((level, board, player, mut boxes, symmetries)) = start(problem, limits, &mut ledger)?
    else {
        return Ok(None);
    };
    let mut search = Search::new(&level, &board, &symmetries, limits.max_states, &mut ledger)?;
    let outcome = search.run(&boxes, player, &mut ledger);
    *states = search.states();
    drop(search);
    walk_of(outcome?, limits, &board, player, &mut boxes, &mut ledger)
}

/// The LURD walk of a search's `outcome` from `player` and `boxes`, `None` when it found
/// no solution.
fn walk_of(
    outcome: Outcome,
    limits: &Limits,
    board: &Board,
    player: u16,
    boxes: &mut [u64],
    ledger: &mut Ledger,
) -> Result<Option<Vec<u8>>, Limit> {
    let pushes = match outcome {
        Outcome::Solved(pushes) => pushes,
        Outcome::Unsolvable => return Ok(None),
        Outcome::TooManyStates => return Err(Limit::Other(TooManyStates(limits.max_states))),
    };
    Ok(path::lurd(board, player, boxes, &pushes, ledger)?)
}

/// [`solve`] with the group bound used from the start, the boxes grouped by `split` of
/// each grid cell (for the tests: any split keeps the answer).
#[cfg(test)]
pub(super) fn solve_with_split(
    problem: &Problem,
    limits: &Limits,
    split: &dyn Fn(usize) -> u8,
) -> Result<Option<Vec<u8>>, Limit> {
    let mut ledger = Ledger::new(limits.budget);
    let Some((level, board, player, mut boxes, symmetries)) = start(problem, limits, &mut ledger)?
    else {
        return Ok(None);
    };
    let cells = board.cells.iter().map(|&cell| split(cell)).collect();
    let count = level.boxes.len();
    let groups = groups::Groups::with_splits(&board, count, vec![cells], &mut ledger)?;
    let mut search = Search::new(&level, &board, &symmetries, limits.max_states, &mut ledger)?;
    search.force_groups(groups);
    let outcome = search.run(&boxes, player, &mut ledger);
    drop(search);
    walk_of(outcome?, limits, &board, player, &mut boxes, &mut ledger)
}

/// The lower bound the search gives the start of `problem` once its expansion refines it
/// (forced barrier pushes charged), or `None` when the engine's rules find no solution
/// there (the level's frozen goals walled as [`solve`] does): the tests hold it against
/// the fewest pushes, which it must never exceed.
pub fn start_bound(problem: &Problem, limits: &Limits) -> Result<Option<u32>, Limit> {
    let mut ledger = Ledger::new(limits.budget);
    let Some((level, board, player, boxes, symmetries)) = start(problem, limits, &mut ledger)?
    else {
        return Ok(None);
    };
    let mut search = Search::new(&level, &board, &symmetries, limits.max_states, &mut ledger)?;
    Ok(search.start_bound(&boxes, player))
}

/// Where the search starts: the level (its frozen goals walled), its board, the player's
/// floor cell, the box set and the board's symmetries.
type Start = (Problem, Board, u16, Vec<u64>, Symmetries);

/// The board, the player's floor cell and the box set the search starts from, `None` when
/// the level has no solution (a position off the floor or shared). Boxes frozen on goals
/// from the start ([`FreezeCheck::frozen_on_goals`]) become walls, and their goals go:
/// no solution moves them, so the level keeps its solutions, and the bound and the dead
/// squares see them as the walls they are.
fn start(problem: &Problem, limits: &Limits, ledger: &mut Ledger) -> Result<Option<Start>, Limit> {
    let mut walled = None;
    loop {
        let level = walled.as_ref().unwrap_or(problem);
        let Some(board) = Board::new(level, ledger)? else {
            // More floor cells than a state numbers (the reader keeps levels far smaller).
            return Err(Limit::Other(TooManyStates(limits.max_states)));
        };
        let floor_cell = |cell: usize| board.index.get(cell).copied().filter(|&i| i != NONE);
        let Some(player) = floor_cell(level.player) else {
            return Ok(None);
        };
        let mut boxes = ledger.vec("the boxes", bits::words(board.floor()), 0u64)?;
        for &cell in &level.boxes {
            match floor_cell(cell) {
                Some(b) if !bits::has(&boxes, b) && b != player => bits::insert(&mut boxes, b),
                _ => return Ok(None),
            }
        }
        let mut list = Vec::new();
        bits::cells(&boxes, &mut list);
        let fixed = FreezeCheck::new().frozen_on_goals(&board, &boxes, &list);
        if fixed.is_empty() || walled.is_some() {
            let symmetries = Symmetries::new(&board, level.cols, ledger)?;
            return Ok(Some((level.clone(), board, player, boxes, symmetries)));
        }
        let fixed: Vec<usize> = fixed.iter().map(|&f| board.cells[usize::from(f)]).collect();
        let mut level = level.clone();
        for &cell in &fixed {
            level.walls[cell] = true;
        }
        level.boxes.retain(|b| !fixed.contains(b));
        level.goals.retain(|g| !fixed.contains(g));
        walled = Some(level);
    }
}
