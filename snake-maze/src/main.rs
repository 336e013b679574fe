//! The `snake-maze` binary: reads POJ 1324 lairs and prints the fewest steps for each.

fn main() -> std::process::ExitCode {
    puzzle_frame::puzzle::main::<snake_maze::SnakeMaze>()
}
