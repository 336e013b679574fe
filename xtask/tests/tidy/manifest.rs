//! What the tidy checks read of the workspace: its members and a little of TOML, the
//! sections of a manifest and their keys, enough for the dependency tables.

use std::path::Path;

pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// A member of the workspace: its folder (relative to the root) and package name.
#[derive(Clone, Debug)]
pub struct Member {
    pub folder: String,
    pub name: String,
}

/// The workspace's members, from the root manifest's `members = [...]` (comments skipped).
pub fn members(root: &Path) -> Vec<Member> {
    let manifest = read(&root.join("Cargo.toml"));
    let list = manifest
        .split_once("members")
        .and_then(|(_, rest)| rest.split_once('['))
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
        .expect("a `members = [...]` list in Cargo.toml");
    list.lines()
        .map(|line| line.split_once('#').map_or(line, |(code, _)| code))
        .flat_map(|line| line.split(','))
        .map(|item| item.trim().trim_matches('"'))
        .filter(|item| !item.is_empty())
        .map(|folder| Member {
            folder: folder.to_string(),
            name: package_name(&read(&root.join(folder).join("Cargo.toml")))
                .unwrap_or_else(|| panic!("no package name in {folder}/Cargo.toml")),
        })
        .collect()
}

/// The `(section, key, value)` of each `key = value` line of a manifest; a dotted key
/// (`grid-common.workspace = true`) is split into its first part and the rest of the line
/// (`grid-common`, `workspace = true`); a `[dependencies.NAME]` section is read as one key
/// `NAME` of `[dependencies]`.
pub fn entries(manifest: &str) -> Vec<(String, String, String)> {
    let mut section = String::new();
    // Inside a `[dependencies.NAME]` table: the index of NAME's entry.
    let mut table_of: Option<usize> = None;
    let mut found: Vec<(String, String, String)> = Vec::new();
    for line in manifest.lines() {
        let line = line.split_once(" #").map_or(line, |(code, _)| code).trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = header.trim().to_string();
            table_of = dependency_table(&section).map(|(table, name)| {
                found.push((table, name, String::new()));
                found.len() - 1
            });
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim().trim_matches('"');
        let value = value.trim();
        if let Some(entry) = table_of {
            found[entry].2.push_str(&format!("{key} = {value}, "));
            continue;
        }
        let (key, value) = match key.split_once('.') {
            Some((first, rest)) => (first.to_string(), format!("{rest} = {value}")),
            None => (key.to_string(), value.to_string()),
        };
        found.push((section.clone(), key, value));
    }
    found
}

/// `dependencies` and `NAME` for a header `dependencies.NAME` (any dependency table).
fn dependency_table(header: &str) -> Option<(String, String)> {
    let (table, name) = header.rsplit_once('.')?;
    is_dependency_table(table).then(|| (table.to_string(), name.trim_matches('"').to_string()))
}

/// True for `dependencies`, `dev-dependencies`, `build-dependencies`, also under a
/// `target.'cfg(...)'` table.
fn is_dependency_table(section: &str) -> bool {
    ["dependencies", "dev-dependencies", "build-dependencies"]
        .iter()
        .any(|t| section == *t || section.ends_with(&format!(".{t}")))
}

/// The package name of a member's manifest.
pub fn package_name(manifest: &str) -> Option<String> {
    entries(manifest)
        .into_iter()
        .find(|(section, key, _)| section == "package" && key == "name")
        .map(|(_, _, value)| value.trim_matches('"').to_string())
}

/// One dependency of a manifest.
#[derive(Clone, Debug)]
pub struct Dependency {
    /// `dependencies`, `dev-dependencies`, `build-dependencies` (with any `target.` prefix).
    pub table: String,
    /// The package it names (`package = "..."` when renamed).
    pub package: String,
    /// Its value as written (`{ path = "..." }`, `workspace = true`, `"0.14"`).
    pub value: String,
}

/// Every dependency a manifest declares.
pub fn dependencies(manifest: &str) -> Vec<Dependency> {
    entries(manifest)
        .into_iter()
        .filter(|(section, _, _)| is_dependency_table(section))
        .map(|(table, key, value)| {
            let package = value
                .split_once("package")
                .and_then(|(_, rest)| rest.split('"').nth(1))
                .map_or(key, str::to_string);
            Dependency {
                table,
                package,
                value,
            }
        })
        .collect()
}

/// The workspace's `[workspace.dependencies]`: each name and whether it is a path.
pub fn workspace_dependencies(root: &Path) -> Vec<(String, bool)> {
    entries(&read(&root.join("Cargo.toml")))
        .into_iter()
        .filter(|(section, _, _)| section == "workspace.dependencies")
        .map(|(_, key, value)| (key, value.contains("path")))
        .collect()
}
