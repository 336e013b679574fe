//! The workspace's root, for every test of xtask (a binary crate: its tests cannot call
//! its own `workspace::project_root`).

use std::path::{Path, PathBuf};

/// The workspace's root: the parent of xtask's manifest folder.
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}
