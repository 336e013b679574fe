//! The module layout check of the tidy tests.

use std::path::Path;

/// One module layout (ARCHITECTURE.md): a module is `X.rs` while it is one file and
/// `X/mod.rs` once it has submodules, never `X.rs` beside a folder `X/`.
pub fn module_layout(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for member in super::puzzles(root) {
        let mut folders = vec![root.join(&member.folder).join("src")];
        while let Some(folder) = folders.pop() {
            let Ok(entries) = std::fs::read_dir(&folder) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if !path.is_dir() {
                    continue;
                }
                if path.with_extension("rs").is_file() {
                    problems.push(format!(
                        "{}: {} beside {}/ (one layout: move it to {}/mod.rs)",
                        member.folder,
                        super::relative(&path.with_extension("rs"), root),
                        super::relative(&path, root),
                        super::relative(&path, root),
                    ));
                }
                folders.push(path);
            }
        }
    }
    problems.sort();
    problems
}
