//! The `bloxorz-game` binary: reads walk cases and prints the fewest moves for each.

use bloxorz_game::BloxorzGame;

fn main() -> std::process::ExitCode {
    puzzle_frame::puzzle::main::<BloxorzGame>()
}
