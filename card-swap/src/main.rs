//! The `card-swap` binary: reads boards and prints the fewest moves that swap A and B.

fn main() -> std::process::ExitCode {
    puzzle_frame::puzzle::main::<card_swap::CardSwap>()
}
