//! The `card-swap` binary (work in progress).

fn main() {}
