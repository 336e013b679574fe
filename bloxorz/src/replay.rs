//! Plays a sequence of rolls on a case, checking each one with its own statement of the
//! rules (not the solver's tables, nor the reference's geometry).
//!
//! **The box as a solid.** The box is a cuboid: a footprint of rows `top..=bottom` and
//! columns `left..=right` on the plane, and a height (2 standing, 1 lying). Rolling it
//! over its bottom edge in a direction turns it a quarter around that edge: along the
//! roll's axis its new extent is its old height and its new height is its old extent
//! there, and its footprint starts on the cell just past its old footprint, in the
//! direction of the roll; across the roll nothing changes. After each roll every cell of
//! the footprint must be on the plane and not empty, and a box of height 2 stands on a
//! rigid cell.

use crate::case::{Block, Case, Cell, Move};
use grid_common::Pos;

/// A roll that breaks the rules (`roll 3 (R) is illegal: ...`).
pub type ReplayError = puzzle_frame::puzzle::ReplayError<Move>;

/// How a sequence of legal rolls ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The placements of the box, the start first, then one per roll.
    pub placements: Vec<Block>,
    /// True when the box ends standing on the target.
    pub solved: bool,
}

/// The box as a solid: its footprint (signed, so that a roll may leave the plane) and
/// its height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Solid {
    top: isize,
    bottom: isize,
    left: isize,
    right: isize,
    height: isize,
}

impl Solid {
    fn of(block: Block) -> Solid {
        let (a, b) = block.cells();
        let b = b.unwrap_or(a);
        let height = if a == b { 2 } else { 1 };
        Solid {
            top: a.row.min(b.row) as isize,
            bottom: a.row.max(b.row) as isize,
            left: a.col.min(b.col) as isize,
            right: a.col.max(b.col) as isize,
            height,
        }
    }

    /// The solid after a quarter turn over its bottom edge in direction `roll`: along the
    /// roll's axis, its cells `low..=high` there go to the `height` cells just beyond the
    /// edge it turns over, and its height becomes their count; the other axis is kept.
    fn rolled(self, roll: Move) -> Solid {
        let turn = |(low, high): (isize, isize), forward: bool| match forward {
            true => (high + 1, high + self.height, high - low + 1),
            false => (low - self.height, low - 1, high - low + 1),
        };
        let mut next = self;
        match roll {
            Move::Up | Move::Down => {
                let forward = roll == Move::Down;
                (next.top, next.bottom, next.height) = turn((self.top, self.bottom), forward);
            }
            Move::Left | Move::Right => {
                let forward = roll == Move::Right;
                (next.left, next.right, next.height) = turn((self.left, self.right), forward);
            }
        }
        next
    }

    /// Why the solid cannot rest on the case's plane, if it cannot.
    fn unsupported(self, case: &Case) -> Option<String> {
        for row in self.top..=self.bottom {
            for col in self.left..=self.right {
                let (Ok(r), Ok(c)) = (usize::try_from(row), usize::try_from(col)) else {
                    return Some("the box would leave the plane".to_string());
                };
                let pos = Pos::new(r, c);
                match case.grid().get(pos) {
                    None => return Some("the box would leave the plane".to_string()),
                    Some(Cell::Empty) => {
                        return Some(format!("the box would cover the empty cell {pos}"))
                    }
                    Some(Cell::Fragile) if self.height == 2 => {
                        return Some(format!(
                            "the box would stand on the easily broken cell {pos}"
                        ))
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// The placement of a solid that rests on the plane.
    fn block(self) -> Option<Block> {
        let cells: Vec<Pos> = (self.top..=self.bottom)
            .flat_map(|r| (self.left..=self.right).map(move |c| (r, c)))
            .map(|(r, c)| Pos::new(r as usize, c as usize))
            .collect();
        Block::from_cells(&cells)
    }
}

/// Plays `rolls` from the case's start: every placement, and whether the box ends
/// standing on the target; or the first illegal roll.
pub fn replay(case: &Case, rolls: &[Move]) -> Result<Replayed, ReplayError> {
    let mut placements = vec![case.start()];
    let mut solid = Solid::of(case.start());
    for (i, &roll) in rolls.iter().enumerate() {
        let illegal = |reason: String| ReplayError::new("roll", i + 1, roll, reason);
        solid = solid.rolled(roll);
        if let Some(reason) = solid.unsupported(case) {
            return Err(illegal(reason));
        }
        let block = solid
            .block()
            .ok_or_else(|| illegal("the box would come apart".to_string()))?;
        placements.push(block);
    }
    let target = case.target();
    let solved =
        solid.height == 2 && (solid.top, solid.left) == (target.row as isize, target.col as isize);
    Ok(Replayed { placements, solved })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Orientation;
    use crate::parse::parse_all;

    fn case(input: &str) -> Case {
        parse_all(input.as_bytes()).expect("parses").remove(0)
    }

    #[test]
    fn legal_and_illegal_rolls() {
        let c = case("2 5\nX..EO\n.....\n");
        let err = replay(&c, &[Move::Right, Move::Right]).unwrap_err();
        assert_eq!(err.step, 2, "{err}");
        assert!(err.to_string().contains("easily broken"), "{err}");
        assert!(replay(&c, &[Move::Up]).is_err());
        assert!(replay(&c, &[Move::Down]).is_err());
        let lying = replay(&c, &[Move::Right]).unwrap();
        assert!(!lying.solved);
        let ok = replay(&case("1 4\nX..O\n"), &[Move::Right, Move::Right]).unwrap();
        assert!(ok.solved);
        assert_eq!(ok.placements.len(), 3);
        assert_eq!(ok.placements[1].orientation, Orientation::AlongRow);
        assert_eq!(ok.placements[1].pos, Pos::new(0, 1));
        assert_eq!(ok.placements[2].pos, Pos::new(0, 3));
    }

    #[test]
    fn every_roll_of_every_placement_by_hand() {
        let c = case("6 6\n......\n......\n..X...\n......\n.....O\n......\n");
        let end = |rolls: &[Move]| replay(&c, rolls).map(|r| r.placements[rolls.len()]);
        let block = |row, col, orientation| Block {
            pos: Pos::new(row, col),
            orientation,
        };
        use Orientation::*;
        // Standing on (2, 2): tips onto the next two cells.
        assert_eq!(end(&[Move::Up]), Ok(block(0, 2, AlongColumn)));
        assert_eq!(end(&[Move::Down]), Ok(block(3, 2, AlongColumn)));
        assert_eq!(end(&[Move::Left]), Ok(block(2, 0, AlongRow)));
        assert_eq!(end(&[Move::Right]), Ok(block(2, 3, AlongRow)));
        // Lying along row 2 on columns 3-4: stands up past an end, or slides one row.
        let r = Move::Right;
        assert_eq!(end(&[r, Move::Right]), Ok(block(2, 5, Standing)));
        assert_eq!(end(&[r, Move::Left]), Ok(block(2, 2, Standing)));
        assert_eq!(end(&[r, Move::Up]), Ok(block(1, 3, AlongRow)));
        assert_eq!(end(&[r, Move::Down]), Ok(block(3, 3, AlongRow)));
        // Lying along column 2 on rows 3-4: stands up past an end, or slides one column.
        let d = Move::Down;
        assert_eq!(end(&[d, Move::Down]), Ok(block(5, 2, Standing)));
        assert_eq!(end(&[d, Move::Up]), Ok(block(2, 2, Standing)));
        assert_eq!(end(&[d, Move::Left]), Ok(block(3, 1, AlongColumn)));
        assert_eq!(end(&[d, Move::Right]), Ok(block(3, 3, AlongColumn)));
        // Off the plane.
        assert!(end(&[Move::Up, Move::Up]).is_err());
        assert!(end(&[Move::Left, Move::Left]).is_err());
    }
}
