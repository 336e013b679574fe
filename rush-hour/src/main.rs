//! The `rush-hour` binary: reads Rush Hour boards and prints the fewest moves for each.

use rush_hour::RushHour;

fn main() -> std::process::ExitCode {
    puzzle_frame::puzzle::main::<RushHour>()
}
