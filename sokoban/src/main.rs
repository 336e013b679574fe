//! The `sokoban` binary: reads walk cases and prints the fewest moves for each.

use sokoban::Sokoban;

fn main() -> std::process::ExitCode {
    puzzle_frame::puzzle::main::<Sokoban>()
}
