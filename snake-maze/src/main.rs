//! The `snake-maze` binary (work in progress).

fn main() {}
