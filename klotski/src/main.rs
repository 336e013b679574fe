//! The `klotski` binary: reads puzzles, prints the fewest moves and the moves themselves.

mod modes;

fn main() -> std::process::ExitCode {
    // `--sweep R C` takes two values and reads no input: it runs before the shared loop.
    if let Some(code) = modes::sweep_main() {
        return code;
    }
    puzzle_frame::puzzle::main::<klotski::Klotski>()
}
