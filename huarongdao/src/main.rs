//! The `huarongdao` binary: reads a NOIP 2013 华容道 board and its queries and prints the fewest moves for each.

fn main() -> std::process::ExitCode {
    puzzle_frame::puzzle::main::<huarongdao::Huarongdao>()
}
