//! The project tasks.

fn main() {}
