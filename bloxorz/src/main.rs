//! The `bloxorz` binary (work in progress).

fn main() {}
