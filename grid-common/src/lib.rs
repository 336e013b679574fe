//! Coordinates, directions and grids, shared by the grid-puzzle solvers.
//!
//! - [`Dir`] and [`Pos`]: the four directions with their tables, and (row, column) coordinates.
//! - [`Grid`]: a flat, row-major grid with bounds-checked neighbour stepping.
//!
//! This crate depends on nothing. The program frame (arguments, input, budget, the answer
//! loop, films) is the `puzzle-frame` crate's.

mod dir;
mod grid;

pub use dir::{Dir, Pos};
pub use grid::Grid;
