//! What could make `cargo test`'s snapshot check pass when it should fail.
//!
//! insta reads its settings from the environment and from a settings file
//! (`.config/insta.yaml`, `insta.yaml` or `.insta.yaml` in the workspace it finds), and
//! cargo adds to the tests' environment every `[env]` entry of the cargo configuration
//! files that apply. verify refuses the plain routes: an insta settings file at the root
//! or in a member's folder; a cargo configuration file (the workspace's, its parent
//! folders', `$CARGO_HOME`'s) with a line naming an `INSTA_` variable or a test runner; a
//! source file outside xtask that names an `INSTA_` variable. These scans keep developers'
//! `cargo test` honest; they are not complete, and verify's verdict does not rest on them:
//! it checks every snapshot itself ([`crate::verify::transcripts`]). And the snapshot and
//! case files must stay byte for byte what they were when verify started ([`Tree`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::workspace::{files_below, relative, Member};

/// The names insta reads its settings from, relative to the workspace it finds.
pub const INSTA_SETTINGS: [&str; 3] = [".config/insta.yaml", "insta.yaml", ".insta.yaml"];

/// Every way the workspace at `root` could change insta's behaviour, one message each.
pub fn settings_problems(root: &Path, members: &[Member]) -> Vec<String> {
    let mut problems = Vec::new();
    let folders = std::iter::once(root).chain(members.iter().map(|m| m.dir.as_path()));
    for folder in folders {
        for name in INSTA_SETTINGS {
            let path = folder.join(name);
            if path.exists() {
                problems.push(format!(
                    "insta settings file {}: it can make insta pass or rewrite snapshots; delete it",
                    relative(&path, root)
                ));
            }
        }
    }
    for path in cargo_configs(root) {
        if let Ok(text) = std::fs::read_to_string(&path) {
            problems.extend(cargo_config_problems(&path, &text));
        }
    }
    let xtask = root.join("xtask");
    for path in files_below(root) {
        if path.starts_with(&xtask) || path.extension().map_or(true, |e| e != "rs") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            if line.contains("INSTA_") {
                problems.push(format!(
                    "{}:{}: names an INSTA_ variable (`{}`): tests and build scripts may not change insta's settings",
                    relative(&path, root),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    problems
}

/// The cargo configuration files that apply to a cargo run in `root`, as far as they exist:
/// `.cargo/config.toml` and `.cargo/config` in `root` and every parent folder, and in
/// `$CARGO_HOME` (`~/.cargo` by default).
pub fn cargo_configs(root: &Path) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = root.ancestors().map(|d| d.join(".cargo")).collect();
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    folders.extend(home);
    let mut found: Vec<PathBuf> = Vec::new();
    for folder in folders {
        for name in ["config.toml", "config"] {
            let path = folder.join(name);
            let canonical = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
            if path.is_file() && !found.contains(&canonical) {
                found.push(canonical);
            }
        }
    }
    found
}

/// The lines of a cargo configuration file that reach insta: any line naming an `INSTA_`
/// variable (an `[env]` entry, whatever its form), and a test runner.
pub fn cargo_config_problems(path: &Path, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("").trim();
        let key = code.split('=').next().unwrap_or("").trim();
        let why = if code.contains("INSTA_") {
            "sets an INSTA_ variable for the tests (an [env] entry), which can make insta pass or rewrite snapshots"
        } else if code.contains('=') && (key == "runner" || key.ends_with(".runner")) {
            "runs the tests through another program, which can set insta's variables"
        } else {
            continue;
        };
        problems.push(format!(
            "cargo config {}:{}: `{code}` {why}; remove it",
            path.display(),
            n + 1
        ));
    }
    problems
}

/// The snapshot and case files of some crates (`tests/snapshots/**`, `tests/cases/**`),
/// byte for byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree(BTreeMap<PathBuf, Vec<u8>>);

impl Tree {
    /// Reads the snapshot and case files of `members`.
    pub fn read(members: &[Member]) -> Tree {
        let mut files = BTreeMap::new();
        for member in members {
            for sub in ["tests/snapshots", "tests/cases"] {
                for path in files_below(&member.dir.join(sub)) {
                    // A file that cannot be read now reads as empty; if it changes, it differs.
                    let bytes = std::fs::read(&path).unwrap_or_default();
                    files.insert(path, bytes);
                }
            }
        }
        Tree(files)
    }

    /// The bytes of `path`, if the tree holds it.
    pub fn get(&self, path: &Path) -> Option<&[u8]> {
        self.0.get(path).map(Vec::as_slice)
    }

    /// Every file of the tree, sorted by path.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.0.keys().map(PathBuf::as_path)
    }

    /// Each file created, changed or deleted since `before`, as a message naming it.
    pub fn changes_since(&self, before: &Tree, root: &Path) -> Vec<String> {
        let mut changes = Vec::new();
        for (path, bytes) in &self.0 {
            match before.0.get(path) {
                None => changes.push(format!("created {}", relative(path, root))),
                Some(old) if old != bytes => {
                    changes.push(format!("changed {}", relative(path, root)))
                }
                Some(_) => {}
            }
        }
        for path in before.0.keys().filter(|p| !self.0.contains_key(*p)) {
            changes.push(format!("deleted {}", relative(path, root)));
        }
        changes
    }

    /// Puts every file back as it was in `self`, removing files created since.
    pub fn restore(&self, now: &Tree) -> std::io::Result<()> {
        for path in now.0.keys().filter(|p| !self.0.contains_key(*p)) {
            std::fs::remove_file(path)?;
        }
        for (path, bytes) in &self.0 {
            if now.0.get(path) != Some(bytes) {
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(path, bytes)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargo_config_lines_that_reach_insta() {
        let path = Path::new(".cargo/config.toml");
        let text = "[alias]\nxtask = \"run --package xtask --\" # INSTA_ in a comment is fine\n\n[env]\nRUST_LOG = \"info\"\nINSTA_FORCE_PASS = \"1\"\nINSTA_UPDATE = { value = \"always\", force = true }\n\n[target.x86_64-unknown-linux-gnu]\nrunner = \"./sneaky\"\n";
        let problems = cargo_config_problems(path, text);
        assert_eq!(problems.len(), 3, "{problems:#?}");
        assert!(problems[0].starts_with(
            "cargo config .cargo/config.toml:6: `INSTA_FORCE_PASS = \"1\"` sets an INSTA_ variable"
        ));
        assert!(problems[1].contains(":7: `INSTA_UPDATE = { value = \"always\", force = true }`"));
        assert!(problems[2]
            .contains(":10: `runner = \"./sneaky\"` runs the tests through another program"));
        assert!(cargo_config_problems(path, "env.INSTA_UPDATE = \"always\"\n")[0].contains(":1:"));
    }

    #[test]
    fn a_parent_folders_cargo_config_and_a_source_naming_insta_are_refused() {
        let outer = std::env::temp_dir().join(format!("xtask-tamper-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&outer);
        let root = outer.join("workspace");
        let write = |path: PathBuf, text: &str| {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(
            outer.join(".cargo/config"),
            "[env]\nINSTA_FORCE_PASS = \"1\"\n",
        );
        write(
            root.join("demo/tests/sneaky.rs"),
            "#[test]\nfn t() {\n    std::env::set_var(\"INSTA_FORCE_PASS\", \"1\");\n}\n",
        );
        write(
            root.join("xtask/src/main.rs"),
            "// INSTA_UPDATE: verify's own code\n",
        );
        let members = [Member {
            name: "demo".into(),
            dir: root.join("demo"),
        }];
        // Only what was laid here: the machine's own `$CARGO_HOME` is none of this test's business.
        let laid = outer.to_string_lossy().into_owned();
        let problems: Vec<String> = settings_problems(&root, &members)
            .into_iter()
            .filter(|p| !p.starts_with("cargo config ") || p.contains(&laid))
            .collect();
        let config = std::fs::canonicalize(outer.join(".cargo/config")).unwrap();
        assert_eq!(
            problems,
            [
                format!("cargo config {}:2: `INSTA_FORCE_PASS = \"1\"` sets an INSTA_ variable for the tests (an [env] entry), which can make insta pass or rewrite snapshots; remove it", config.display()),
                "demo/tests/sneaky.rs:3: names an INSTA_ variable (`std::env::set_var(\"INSTA_FORCE_PASS\", \"1\");`): tests and build scripts may not change insta's settings".to_string(),
            ]
        );
        let _ = std::fs::remove_dir_all(&outer);
    }
}
