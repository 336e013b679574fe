//! Plays a sequence of moves on a case, checking each one with its own statement of the
//! rules (not the solvers' tables, nor the reference's), and reads the judge's move letters.
//!
//! **The rules.** The player stands on a cell at row `r`, column `c` (0-based). A move in a
//! direction goes to the next cell that way (north/up row `r - 1`, south/down `r + 1`,
//! west/left column `c - 1`, east/right `c + 1`), which must lie on the board and not be a
//! wall. A walk goes to a cell without a box. A push goes to a cell with a box, and the
//! box moves one cell further the same way, to a cell on the board that is neither a wall
//! nor another box. The case is solved when every box stands on a goal.

use crate::case::{Case, Format, Move};
use crate::solve::Cost;
use grid_common::{Dir, Pos};
use std::collections::BTreeSet;
use std::fmt;

/// A move that breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based number of the move.
    pub step: usize,
    /// The move.
    pub found: Move,
    /// What it would break, in words.
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.found.push { "push" } else { "walk" };
        write!(
            f,
            "move {} (a {what} {}) is illegal: {}",
            self.step,
            self.found.dir.letter(),
            self.reason
        )
    }
}

impl std::error::Error for ReplayError {}

/// How a sequence of legal moves went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The player's cells, the start first, then one per move.
    pub players: Vec<Pos>,
    /// For each push, the box's cell before and after it, in order.
    pub pushed: Vec<(Pos, Pos)>,
    /// The pushes and moves played.
    pub cost: Cost,
    /// True when every box ends on a goal.
    pub solved: bool,
}

/// Plays `moves` from the case's start; or the first illegal move.
pub fn replay(case: &Case, moves: &[Move]) -> Result<Replayed, ReplayError> {
    let b = &case.board;
    let (rows, cols) = (b.rows as i64, b.cols as i64);
    let wall = |r: i64, c: i64| {
        !(0..rows).contains(&r) || !(0..cols).contains(&c) || b.walls[(r * cols + c) as usize]
    };
    let mut boxes: BTreeSet<(i64, i64)> = b
        .boxes
        .iter()
        .map(|&x| ((x / b.cols) as i64, (x % b.cols) as i64))
        .collect();
    let (mut r, mut c) = ((b.player / b.cols) as i64, (b.player % b.cols) as i64);
    let mut done = Replayed {
        players: vec![Pos::new(r as usize, c as usize)],
        pushed: Vec::new(),
        cost: Cost {
            pushes: 0,
            moves: 0,
        },
        solved: false,
    };
    for (i, &m) in moves.iter().enumerate() {
        let illegal = |reason: &str| ReplayError {
            step: i + 1,
            found: m,
            reason: reason.to_string(),
        };
        let (dr, dc) = match m.dir {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        };
        let (nr, nc) = (r + dr, c + dc);
        if wall(nr, nc) {
            return Err(illegal("the player would leave the board or enter a wall"));
        }
        let boxed = boxes.contains(&(nr, nc));
        match (m.push, boxed) {
            (false, true) => return Err(illegal("a box stands there (that step is a push)")),
            (true, false) => return Err(illegal("no box stands there to push")),
            (true, true) => {
                let (br, bc) = (nr + dr, nc + dc);
                if wall(br, bc) || boxes.contains(&(br, bc)) {
                    return Err(illegal(
                        "the box would go into a wall, off the board or into a box",
                    ));
                }
                boxes.remove(&(nr, nc));
                boxes.insert((br, bc));
                let at = |r: i64, c: i64| Pos::new(r as usize, c as usize);
                done.pushed.push((at(nr, nc), at(br, bc)));
                done.cost.pushes += 1;
            }
            (false, false) => {}
        }
        (r, c) = (nr, nc);
        done.cost.moves += 1;
        done.players.push(Pos::new(r as usize, c as usize));
    }
    let goals: BTreeSet<(i64, i64)> = b
        .goals
        .iter()
        .map(|&g| ((g / b.cols) as i64, (g % b.cols) as i64))
        .collect();
    done.solved = boxes.is_subset(&goals);
    Ok(done)
}

/// Reads a line of moves in `format`'s letters: POJ's `NSEW` pushes and `nsew` walks, or
/// XSB's `LURD` pushes and `lurd` walks; or the first other character (0-based index).
pub fn read_moves(format: Format, line: &str) -> Result<Vec<Move>, (usize, char)> {
    let letters: &[u8; 4] = match format {
        Format::Poj => b"NSWE",
        Format::Xsb => b"UDLR",
    };
    line.chars()
        .enumerate()
        .map(|(i, ch)| {
            let upper = ch.to_ascii_uppercase();
            let index = letters.iter().position(|&l| char::from(l) == upper);
            match index {
                Some(d) => Ok(Move {
                    dir: [Dir::Up, Dir::Down, Dir::Left, Dir::Right][d],
                    push: ch.is_ascii_uppercase(),
                }),
                None => Err((i, ch)),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_all;

    #[test]
    fn the_sample_answers_replay() {
        let cases = parse_all(include_bytes!("../tests/cases/sample.in"), Format::Poj).unwrap();
        for (case, line, pushes, moves) in [
            (&cases[0], "EEEEE", 5, 5),
            (&cases[2], "eennwwWWWWeeeeeesswwwwwwwnNN", 6, 28),
            (&cases[3], "swwwnnnnnneeesssSSS", 3, 19),
        ] {
            let played = replay(case, &read_moves(Format::Poj, line).unwrap()).unwrap();
            assert!(played.solved, "{line}");
            assert_eq!(played.cost, Cost { pushes, moves });
        }
    }

    #[test]
    fn illegal_moves_are_named() {
        let case = &parse_all(b"1 4\nSB.T\n", Format::Poj).unwrap()[0];
        let walk_into_box = read_moves(Format::Poj, "e").unwrap();
        assert_eq!(replay(case, &walk_into_box).unwrap_err().step, 1);
        let push_nothing = read_moves(Format::Poj, "EW").unwrap();
        assert_eq!(replay(case, &push_nothing).unwrap_err().step, 2);
        let off = read_moves(Format::Poj, "n").unwrap();
        assert!(replay(case, &off).is_err());
        let too_far = read_moves(Format::Poj, "EEE").unwrap();
        assert_eq!(replay(case, &too_far).unwrap_err().step, 3);
        assert!(
            !replay(case, &read_moves(Format::Poj, "E").unwrap())
                .unwrap()
                .solved
        );
        assert_eq!(read_moves(Format::Poj, "EeX"), Err((2, 'X')));
        assert_eq!(
            read_moves(Format::Xsb, "lR").unwrap()[1],
            Move::push(Dir::Right)
        );
    }
}
