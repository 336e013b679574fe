//! The `bloxorz` binary: reads POJ 3322 cases and prints the fewest rolls for each.

fn main() -> std::process::ExitCode {
    puzzle_frame::puzzle::main::<bloxorz::Bloxorz>()
}
