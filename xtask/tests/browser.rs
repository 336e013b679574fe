//! The `--html` browser suite's own tests (`xtask/src/browser.rs`), built alone until
//! `main.rs` declares `mod browser;`; then this file can go.

#[allow(dead_code)]
#[path = "../src/browser.rs"]
mod browser;
