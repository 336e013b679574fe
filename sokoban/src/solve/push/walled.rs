//! Boxes frozen on goals as walls: when a push freezes a set of boxes that all stand on
//! goals, the rest of the level is solved around them, and its bound is the bound of the
//! level with those boxes turned into walls and their goals dropped.
//!
//! **Why the bound stays admissible.** No solution ever moves a box of a frozen set (the
//! argument in `deadlock`), so every solution from the state is, push for push, a solution
//! of the level where those boxes are walls and their goals are gone (they end where they
//! stand, on goals). The cheapest assignment of the other boxes to the remaining goals on
//! that level's push distances (the player on the same cell) is a lower bound on its
//! pushes, as the plain matching is on the whole level (module docs of `push`); so the
//! larger of the two bounds is admissible, and a state whose other boxes have no such
//! assignment (a goal that only a push through a frozen box could fill, as when the cell
//! a player needs to push a box up a dead-end row of goals is taken first) has no solution
//! and is dropped. The walled boards are made once per frozen set and kept.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use puzzle_frame::budget::{Ledger, OverBudget};

use super::board::{Board, NONE};
use super::matching::Matcher;
use super::Problem;

/// The most frozen sets whose walled boards are kept; a set met past them is not used
/// (the plain bound stands).
const MOST_SETS: usize = 256;

/// What a frozen set says about a state.
pub(super) enum Verdict {
    /// The other boxes cannot reach the remaining goals: no solution.
    Dead,
    /// A lower bound on the pushes left.
    Bound(u32),
    /// Nothing (the set was not walled).
    Unknown,
}

/// The walled board and its matcher for one frozen set.
struct Walled {
    board: Board,
    matcher: Matcher,
}

/// The walled boards of the frozen sets met so far.
pub(super) struct WalledSets {
    level: Problem,
    sets: HashMap<Vec<u16>, Option<Walled>>,
    /// Scratch: the other boxes on the walled board.
    list: Vec<u16>,
}

impl WalledSets {
    /// No walled boards yet, for the search of `level`.
    pub fn new(level: Problem) -> WalledSets {
        WalledSets {
            level,
            sets: HashMap::new(),
            list: Vec::new(),
        }
    }

    /// The verdict on the state of `boxes` (cells on `board`, sorted) with the player on
    /// `player`, given that the boxes on `frozen` (sorted) form a frozen set on goals.
    pub fn verdict(
        &mut self,
        board: &Board,
        frozen: &[u16],
        boxes: &[u16],
        player: u16,
        ledger: &mut Ledger,
    ) -> Result<Verdict, OverBudget> {
        let kept = self.sets.len();
        let walled = match self.sets.entry(frozen.to_vec()) {
            Entry::Occupied(entry) => entry.into_mut(),
            Entry::Vacant(entry) => {
                if kept >= MOST_SETS {
                    return Ok(Verdict::Unknown);
                }
                // The map's entry (its key, the set's cells, and the walled board's place)
                // and one control byte, then the board and its matcher.
                let key = std::mem::size_of_val(frozen);
                let slot = std::mem::size_of::<(Vec<u16>, Option<Walled>)>() + 1;
                ledger.allocate("the walled boards", (key + slot) as u64)?;
                entry.insert(Self::wall(&self.level, board, frozen, boxes.len(), ledger)?)
            }
        };
        let Some(walled) = walled else {
            return Ok(Verdict::Unknown);
        };
        let to_walled = |cell: u16| walled.board.index[board.cells[usize::from(cell)]];
        self.list.clear();
        for &cell in boxes {
            if frozen.binary_search(&cell).is_err() {
                self.list.push(to_walled(cell));
            }
        }
        let player = to_walled(player);
        if player == NONE || self.list.contains(&NONE) {
            return Ok(Verdict::Unknown);
        }
        self.list.sort_unstable();
        Ok(
            match walled.matcher.bound(&walled.board, &self.list, player) {
                Some(bound) => Verdict::Bound(bound),
                None => Verdict::Dead,
            },
        )
    }

    /// The board of `level` with the boxes on `frozen` (cells on `board`) as walls and
    /// their goals gone, with a matcher for the other boxes, `None` when it cannot be
    /// numbered.
    fn wall(
        level: &Problem,
        board: &Board,
        frozen: &[u16],
        boxes: usize,
        ledger: &mut Ledger,
    ) -> Result<Option<Walled>, OverBudget> {
        let Some(walled) = board_without(level, board, frozen, ledger)? else {
            return Ok(None);
        };
        let others = boxes.saturating_sub(frozen.len());
        let bytes = Matcher::bytes(others, walled.goals.len());
        ledger.allocate("the walled boards", bytes as u64)?;
        let matcher = Matcher::new(others, walled.goals.len());
        Ok(Some(Walled {
            board: walled,
            matcher,
        }))
    }
}

/// The board of `level` (whose board is `board`) with the floor cells `cells` as walls
/// and their goals gone, no boxes, `None` when it cannot be numbered.
pub(super) fn board_without(
    level: &Problem,
    board: &Board,
    cells: &[u16],
    ledger: &mut Ledger,
) -> Result<Option<Board>, OverBudget> {
    let mut level = level.clone();
    let cells: Vec<usize> = cells.iter().map(|&f| board.cells[usize::from(f)]).collect();
    for &cell in &cells {
        level.walls[cell] = true;
    }
    level.goals.retain(|g| !cells.contains(g));
    level.boxes.clear();
    Board::new(&level, ledger)
}

#[cfg(test)]
mod tests {
    use super::super::board::test_board;
    use super::*;
    use puzzle_frame::budget::MemoryBudget;

    /// A dead-end column of goals filled upwards from its foot, the player's cell for the
    /// last push up being a goal in the corner below it:
    ///
    /// ```text
    /// #####
    /// #.###
    /// #.###
    /// #.  #
    /// #.  #
    /// #####
    /// ```
    #[test]
    fn a_box_frozen_below_a_column_of_goals_kills_it_and_one_on_top_bounds_the_rest() {
        let (rows, cols) = (6, 5);
        let open = [6, 11, 16, 17, 18, 21, 22, 23];
        let walls = (0..rows * cols).map(|c| !open.contains(&c)).collect();
        let (problem, board) = test_board(rows, cols, walls, vec![6, 11, 16, 21]).unwrap();
        let mut ledger = Ledger::new(MemoryBudget::new(1 << 24));
        let mut sets = WalledSets::new(problem);
        let at = |cell: usize| board.index[cell];
        let mut boxes = vec![at(21), at(16), at(17), at(22)];
        boxes.sort_unstable();
        // The box in the corner (21) never moves: the two top goals stay empty.
        let verdict = sets.verdict(&board, &[at(21)], &boxes, at(23), &mut ledger);
        assert!(matches!(verdict, Ok(Verdict::Dead)));
        // The box on top (6) never moves: the rest has a bound, and it is the matching of
        // three boxes onto the three goals below it.
        let mut boxes = vec![at(6), at(16), at(17), at(22)];
        boxes.sort_unstable();
        let verdict = sets.verdict(&board, &[at(6)], &boxes, at(23), &mut ledger);
        let Ok(Verdict::Bound(bound)) = verdict else {
            panic!("no bound");
        };
        // 16 -> 11 (one push up), 17 -> 16 (one push left), 22 -> 21 (one push left).
        assert_eq!(bound, 3);
        assert_eq!(sets.sets.len(), 2);
    }
}
