//! The `huarongdao` binary (work in progress).

fn main() {}
