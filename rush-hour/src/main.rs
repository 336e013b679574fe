//! The `rush-hour` binary: reads Rush Hour boards and prints the fewest moves for each.

use rush_hour::RushHour;

mod modes;

fn main() -> std::process::ExitCode {
    // `--sweep N` reads no input: it runs before the shared loop.
    if let Some(code) = modes::sweep_main() {
        return code;
    }
    puzzle_frame::puzzle::main::<RushHour>()
}
