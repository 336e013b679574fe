//! `cargo xtask regen [CRATE...]`: rewrite snapshots for review with `git diff`.

use puzzle_frame::cli::Args;

use crate::crates::unknown_crate;
use crate::snapshots::{self, Mode};
use crate::workspace::{members, project_root, relative, target_dir};
use crate::Failure;

/// Rewrites the snapshots of the named crates (all members when none is named), deletes
/// pending files and (after a green run over all members) orphaned snapshots, and prints
/// which snapshot files changed.
pub fn run(args: &Args) -> Result<(), Failure> {
    let root = project_root();
    let all = members(&root).map_err(Failure::Failed)?;
    let chosen: Vec<_> = if args.positionals.is_empty() {
        all.clone()
    } else {
        args.positionals
            .iter()
            .map(|name| {
                all.iter()
                    .find(|m| &m.name == name)
                    .cloned()
                    .ok_or_else(|| unknown_crate(name, all.iter().map(|m| m.name.as_str())))
            })
            .collect::<Result<_, _>>()?
    };
    let before = snapshots::contents(&root);
    for pending in snapshots::pending_files(&root) {
        if chosen.iter().any(|m| pending.starts_with(&m.dir)) {
            std::fs::remove_file(&pending)?;
        }
    }
    let run = snapshots::run_tests(&root, &target_dir(&root), &chosen, Mode::Update, false)
        .map_err(Failure::Failed)?;
    let mut deleted = Vec::new();
    if run.all_passed() {
        let canon_dirs: Vec<_> = chosen
            .iter()
            .map(|m| std::fs::canonicalize(&m.dir).unwrap_or_else(|_| m.dir.clone()))
            .collect();
        for orphan in snapshots::orphans(&root, &run) {
            if canon_dirs.iter().any(|d| orphan.starts_with(d)) {
                std::fs::remove_file(&orphan)?;
                deleted.push(orphan);
            }
        }
    }
    let after = snapshots::contents(&root);
    let canon_root = std::fs::canonicalize(&root).unwrap_or(root.clone());
    let mut changes = Vec::new();
    for (path, text) in &after {
        match before.get(path) {
            None => changes.push(format!("  new      {}", relative(path, &canon_root))),
            Some(old) if old != text => {
                changes.push(format!("  changed  {}", relative(path, &canon_root)))
            }
            Some(_) => {}
        }
    }
    for path in &deleted {
        changes.push(format!("  deleted  {}", relative(path, &canon_root)));
    }
    println!();
    if changes.is_empty() {
        println!("regen: no snapshot changed");
    } else {
        println!(
            "regen: {} snapshot file(s) changed; review with `git diff`:",
            changes.len()
        );
        for c in &changes {
            println!("{c}");
        }
    }
    match run
        .crates
        .iter()
        .filter(|c| !c.passed)
        .map(|c| c.name.as_str())
        .collect::<Vec<_>>()
    {
        failed if failed.is_empty() => Ok(()),
        failed => Err(Failure::Failed(format!(
            "tests other than snapshots failed in: {} (orphans were not deleted)",
            failed.join(", ")
        ))),
    }
}
