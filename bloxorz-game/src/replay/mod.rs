//! Plays a key sequence on a level, checking each key with its own statement of the rules
//! (not the solver's tables, nor the reference's search).
//!
//! **The block as a solid**: a footprint of rows `top..=bottom` and columns
//! `left..=right` and a height (2 standing, 1 lying). A roll turns it a quarter over its
//! bottom edge: along the roll its new extent is its old height and its new height its old
//! extent there, starting on the cell just past its old footprint; across the roll nothing
//! changes. **The cubes**: two cells and which one is selected. **The bridges**: the set
//! of bridge cells present.
//!
//! An arrow, in FORMAT.md's order: every cell of the new footprint (or the moved cube's
//! cell) must be on the board, not `#` and not an absent bridge, and a footprint of one
//! cell at height 2 may not be `E`; then each `S` in the new footprint (or under the moved
//! cube) is pressed, and an `H` only under a height-2 block, top-left first; then a
//! height-2 block on a `T` splits onto the splitter's targets, each of which must be
//! present; then two cubes that share a side merge; the level is solved when a height-2
//! block stands on `O`, and then no key may follow.

use crate::case::{cell_name, keys_of, Case, Key, Move, Tile};
use grid_common::{Dir, Pos};
use std::collections::BTreeSet;

/// A key that breaks the rules (`key 3 (R) is illegal: ...`).
pub type ReplayError = puzzle_frame::puzzle::ReplayError<Key>;

/// Where the block or the cubes are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// The whole block over these cells (one: standing; two: lying), top-left first.
    Block(Vec<Pos>),
    /// Two cubes.
    Cubes {
        /// The selected cube's cell.
        selected: Pos,
        /// The other cube's cell.
        other: Pos,
    },
}

/// The level after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The block or the cubes.
    pub body: Body,
    /// The bridge cells present.
    pub present: BTreeSet<Pos>,
    /// The switches this key pressed, in the order they acted.
    pub pressed: Vec<Pos>,
    /// The splitter this key split the block on.
    pub split: Option<Pos>,
    /// True when this key merged the cubes.
    pub merged: bool,
}

/// How a sequence of legal keys ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The level at the start, then after each key.
    pub snapshots: Vec<Snapshot>,
    /// The arrow presses.
    pub arrows: usize,
    /// True when the last key solved the level.
    pub solved: bool,
}

/// The whole block as a solid (signed, so that a roll may leave the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Solid {
    top: i64,
    bottom: i64,
    left: i64,
    right: i64,
    height: i64,
}

impl Solid {
    fn rolled(self, dir: Dir) -> Solid {
        let Solid {
            top,
            bottom,
            left,
            right,
            height,
        } = self;
        let mut next = self;
        match dir {
            Dir::Up => {
                (next.top, next.bottom, next.height) = (top - height, top - 1, bottom - top + 1)
            }
            Dir::Down => {
                (next.top, next.bottom, next.height) =
                    (bottom + 1, bottom + height, bottom - top + 1)
            }
            Dir::Left => {
                (next.left, next.right, next.height) = (left - height, left - 1, right - left + 1)
            }
            Dir::Right => {
                (next.left, next.right, next.height) = (right + 1, right + height, right - left + 1)
            }
        }
        next
    }

    fn footprint(self) -> Vec<(i64, i64)> {
        (self.top..=self.bottom)
            .flat_map(|r| (self.left..=self.right).map(move |c| (r, c)))
            .collect()
    }

    fn over(cells: &[Pos]) -> Solid {
        let rows = cells.iter().map(|p| p.row as i64);
        let cols = cells.iter().map(|p| p.col as i64);
        Solid {
            top: rows.clone().min().unwrap_or(0),
            bottom: rows.max().unwrap_or(0),
            left: cols.clone().min().unwrap_or(0),
            right: cols.max().unwrap_or(0),
            height: if cells.len() == 1 { 2 } else { 1 },
        }
    }
}

/// Where the moving part is while a key is played.
enum Mover {
    Whole(Solid),
    Cube { selected: Pos, other: Pos },
}

/// Plays the keys of `moves` from the level's start (see [`replay_keys`]).
pub fn replay(case: &Case, moves: &[Move]) -> Result<Replayed, ReplayError> {
    replay_keys(case, &keys_of(moves))
}

/// Plays `keys` from the level's start: every snapshot, the arrows and whether the level
/// ends solved; or the first illegal key.
pub fn replay_keys(case: &Case, keys: &[Key]) -> Result<Replayed, ReplayError> {
    let present: BTreeSet<Pos> = case
        .bridges()
        .iter()
        .enumerate()
        .filter(|&(bit, _)| case.start_bridges() >> bit & 1 == 1)
        .map(|(_, &p)| p)
        .collect();
    let mut now = Snapshot {
        body: Body::Block(vec![case.start()]),
        present,
        pressed: Vec::new(),
        split: None,
        merged: false,
    };
    let mut snapshots = vec![now.clone()];
    let mut arrows = 0;
    let mut solved = false;
    for (i, &key) in keys.iter().enumerate() {
        let illegal = |reason: String| ReplayError::new("key", i + 1, key, reason);
        if solved {
            return Err(illegal("the level is solved already".into()));
        }
        now.pressed.clear();
        now.split = None;
        now.merged = false;
        match key {
            Key::Space => {
                if let Body::Cubes { selected, other } = now.body {
                    now.body = Body::Cubes {
                        selected: other,
                        other: selected,
                    };
                }
            }
            Key::Arrow(dir) => {
                arrows += 1;
                now = arrow(case, now, dir).map_err(illegal)?;
                solved = now.body == Body::Block(vec![case.exit()]);
            }
        }
        snapshots.push(now.clone());
    }
    Ok(Replayed {
        snapshots,
        arrows,
        solved,
    })
}

/// The cell at signed coordinates if it can carry what arrives there.
fn landing(case: &Case, present: &BTreeSet<Pos>, (r, c): (i64, i64)) -> Result<Pos, String> {
    let on_board = usize::try_from(r)
        .ok()
        .zip(usize::try_from(c).ok())
        .map(|(r, c)| Pos::new(r, c))
        .filter(|&p| case.tiles().contains(p));
    let Some(p) = on_board else {
        return Err(format!("it would leave the board at ({r}, {c})"));
    };
    match case.tile(p) {
        Tile::Void => Err(format!("it would fall into the void at {}", cell_name(p))),
        Tile::Bridge if !present.contains(&p) => Err(format!(
            "it would fall through the absent bridge cell {}",
            cell_name(p)
        )),
        _ => Ok(p),
    }
}

/// One arrow press.
fn arrow(case: &Case, mut now: Snapshot, dir: Dir) -> Result<Snapshot, String> {
    let mover = match now.body {
        Body::Block(ref cells) => Mover::Whole(Solid::over(cells).rolled(dir)),
        Body::Cubes { selected, other } => Mover::Cube { selected, other },
    };
    // Landing.
    let arrived: Vec<Pos> = match mover {
        Mover::Whole(solid) => solid
            .footprint()
            .into_iter()
            .map(|p| landing(case, &now.present, p))
            .collect::<Result<_, _>>()?,
        Mover::Cube { selected, .. } => {
            let (dr, dc) = dir.delta();
            let to = (
                selected.row as i64 + dr as i64,
                selected.col as i64 + dc as i64,
            );
            vec![landing(case, &now.present, to)?]
        }
    };
    let standing = matches!(mover, Mover::Whole(s) if s.height == 2);
    if standing && case.tile(arrived[0]) == Tile::Orange {
        return Err(format!(
            "the block would stand on the orange tile {}",
            cell_name(arrived[0])
        ));
    }
    // Switches: the footprint is listed top-left first, which is reading order.
    for &p in &arrived {
        let pressed = match case.tile(p) {
            Tile::Soft => true,
            Tile::Heavy => standing,
            _ => false,
        };
        let Some(switch) = case.switch_at(p).filter(|_| pressed) else {
            continue;
        };
        for &(effect, cell) in &switch.actions {
            let was = now.present.contains(&cell);
            if effect.apply(was) {
                now.present.insert(cell);
            } else {
                now.present.remove(&cell);
            }
        }
        now.pressed.push(p);
    }
    now.body = match mover {
        Mover::Whole(_) => Body::Block(arrived.clone()),
        Mover::Cube { other, .. } => Body::Cubes {
            selected: arrived[0],
            other,
        },
    };
    // Splitter.
    if standing && case.tile(arrived[0]) == Tile::Splitter {
        let Some(splitter) = case.splitter_at(arrived[0]) else {
            return Err("a splitter without its line".into());
        };
        let [first, second] = splitter.targets;
        for t in [first, second] {
            if case.tile(t) == Tile::Bridge && !now.present.contains(&t) {
                return Err(format!(
                    "the split would drop a cube through the absent bridge cell {}",
                    cell_name(t)
                ));
            }
        }
        now.split = Some(arrived[0]);
        now.body = Body::Cubes {
            selected: first,
            other: second,
        };
    }
    // Merge.
    if let Body::Cubes { selected, other } = now.body {
        if selected.row.abs_diff(other.row) + selected.col.abs_diff(other.col) == 1 {
            now.body = Body::Block(vec![selected.min(other), selected.max(other)]);
            now.merged = true;
        }
    }
    Ok(now)
}

#[cfg(test)]
mod tests;
