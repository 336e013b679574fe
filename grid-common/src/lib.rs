//! Coordinates, directions and grids, shared by the grid-puzzle solvers.
//!
//! - [`Dir`] and [`Pos`]: the four directions with their tables, and (row, column) coordinates.
//! - [`Grid`]: a flat, row-major grid with bounds-checked neighbour stepping.
//! - [`Padded`]: board geometry, a board in a flat array with a border, where a step in a
//!   direction is one added offset.
//!
//! This crate depends on nothing. The program frame (arguments, input, budget, the answer
//! loop, films) is the `puzzle-frame` crate's.

mod dir;
mod grid;
mod padded;

pub use dir::{Dir, Pos};
pub use grid::Grid;
pub use padded::Padded;
