//! The `bloxorz-game` binary: reads Bloxorz levels and prints the fewest arrow presses
//! for each.

fn main() -> std::process::ExitCode {
    puzzle_frame::puzzle::main::<bloxorz_game::BloxorzGame>()
}
