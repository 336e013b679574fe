//! The `rush-hour` binary: reads Rush Hour boards and prints the fewest moves for each.

fn main() -> std::process::ExitCode {
    puzzle_frame::puzzle::main::<rush_hour::RushHour>()
}
