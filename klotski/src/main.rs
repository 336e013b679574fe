//! The `klotski` binary: reads puzzles, prints the fewest moves and the moves themselves.

fn main() -> std::process::ExitCode {
    puzzle_frame::puzzle::main::<klotski::Klotski>()
}
