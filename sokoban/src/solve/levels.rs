//! XSB levels: the adapter between a case and the push-optimal engine.
//!
//! The engine takes a [`Problem`] and [`Limits`] and returns a push-optimal solution as
//! `LURD` bytes (lower case a walk, upper case a push). Which engine answers is the one
//! `use` line below: [`super::push`], the A* engine with its deadlock rules. The plain
//! breadth-first search over pushes, [`super::plain`], takes the same call (the tests
//! compare the two).

use super::push as engine;
use super::{Limit, Options};
use crate::case::{Board, Move};
use grid_common::Dir;
use puzzle_frame::budget::MemoryBudget;

/// A level as the engines take it: the case's board itself (cells row-major, one wall flag
/// per cell, goals, boxes, the player).
pub use crate::case::Board as Problem;

/// The limits a search runs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most positions it may store before giving up.
    pub max_states: u64,
    /// The memory it may take.
    pub budget: MemoryBudget,
}

/// A push-optimal solution of `board` (the moves between pushes as few as the engine
/// finds), `None` when it has none.
pub fn solve(board: &Board, options: &Options) -> Result<Option<Vec<Move>>, Limit> {
    let limits = Limits {
        max_states: options.max_states,
        budget: options.budget,
    };
    let lurd = engine::solve(board, &limits)?;
    Ok(lurd.map(|letters| letters.iter().filter_map(|&b| lurd_move(b)).collect()))
}

/// The move a `LURD` letter stands for.
pub fn lurd_move(letter: u8) -> Option<Move> {
    let dir = Dir::from_letter(letter.to_ascii_uppercase() as char)?;
    Some(Move {
        dir,
        push: letter.is_ascii_uppercase(),
    })
}
