//! `cargo xtask new NAME`: a new puzzle crate, written from the template puzzle and wired
//! in everywhere, so that nobody edits a file outside the new crate by hand.
//!
//! The template (`xtask/template/crate/`, every file ending in `.tmpl`) is a small real
//! puzzle, walk: every role of ARCHITECTURE.md filled, its snapshots reviewed, so the new
//! crate builds and passes its tests the moment it is written. Its placeholders are the
//! names: `{{crate}}` (the package, binary and folder: `lights-out`), `{{crate_snake}}`
//! (the Rust crate: `lights_out`) and `{{Struct}}` (the type that implements `Puzzle`:
//! `LightsOut`).
//!
//! The wiring lands at markers: the workspace's `members` and `xtask/Cargo.toml`'s
//! dependencies (`# cargo xtask new: next puzzle`), `xtask/src/crates.rs`'s list
//! (`// cargo xtask new: next puzzle`), and the crate tables and sections of README.md and
//! ARCHITECTURE.md (`<!-- cargo xtask new: ... above this line -->`, from
//! `xtask/template/wiring/`). Everything else that enumerates the crates reads
//! `crates.rs` or the members.
//!
//! Nothing is written until everything is known: the name is checked and every new file's
//! and changed file's contents are computed first ([`plan`]), from a [`Source`] that is
//! either the workspace on disk or a copy in memory (the `scaffold` stage of verify).

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use puzzle_frame::cli::Args;

use crate::workspace::{files_below, member_folders, project_root};
use crate::{positionals, Failure};

mod names;
#[cfg(test)]
mod tests;

pub use names::Names;

/// The template crate's folder, relative to the workspace root.
pub const TEMPLATE: &str = "xtask/template/crate";
/// The template's wiring texts (the README and ARCHITECTURE rows and section).
pub const WIRING: &str = "xtask/template/wiring";
/// The suffix every template file carries, so that no tool takes it for a source file or a
/// snapshot of the workspace.
pub const SUFFIX: &str = ".tmpl";
/// The marker in both Cargo manifests and in `crates.rs` (after `#` or `//`).
pub const NEXT_PUZZLE: &str = "cargo xtask new: next puzzle";
/// The marker of the crate tables in README.md and ARCHITECTURE.md.
pub const ROWS_MARKER: &str = "<!-- cargo xtask new: puzzle rows above this line -->";
/// The marker of the puzzle sections in README.md.
pub const SECTIONS_MARKER: &str = "<!-- cargo xtask new: puzzle sections above this line -->";

/// Creates the crate `NAME` and wires it in, then prints what changed and what to do next.
pub fn run(args: &Args) -> Result<(), Failure> {
    let [name] = positionals("new", args, 1)? else {
        return Err(Failure::Usage(
            "new: which crate? (`cargo xtask new NAME`, NAME like `lights-out`)".into(),
        ));
    };
    let plan = create(&project_root(), name)?;
    print!("{}", plan.summary());
    Ok(())
}

/// Creates the crate `name` in the workspace at `root` and wires it in: what was written.
/// A bad or taken name, a missing marker or a broken template writes nothing.
pub fn create(root: &Path, name: &str) -> Result<Plan, Failure> {
    let plan = plan(&Disk(root.to_path_buf()), name)?;
    plan.write(root)?;
    Ok(plan)
}

/// Where the generator reads the workspace: paths are relative to its root, with `/`.
pub trait Source {
    /// The text of the file at `path`, `None` when there is none.
    fn read(&self, path: &str) -> Result<Option<String>, String>;
    /// Every file below the folder `dir`, sorted.
    fn files_below(&self, dir: &str) -> Vec<String>;
    /// True when `path` is a file or a folder.
    fn exists(&self, path: &str) -> bool;
}

/// The workspace on disk.
pub struct Disk(pub PathBuf);

impl Source for Disk {
    fn read(&self, path: &str) -> Result<Option<String>, String> {
        match std::fs::read_to_string(self.0.join(path)) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("cannot read {path}: {e}")),
        }
    }

    fn files_below(&self, dir: &str) -> Vec<String> {
        files_below(&self.0.join(dir))
            .iter()
            .filter_map(|p| p.strip_prefix(&self.0).ok())
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .collect()
    }

    fn exists(&self, path: &str) -> bool {
        self.0.join(path).exists()
    }
}

/// A copy of the workspace's files in memory: path to contents.
pub type Files = BTreeMap<String, Vec<u8>>;

impl Source for Files {
    fn read(&self, path: &str) -> Result<Option<String>, String> {
        self.get(path)
            .map(|bytes| {
                String::from_utf8(bytes.clone()).map_err(|_| format!("{path} is not UTF-8"))
            })
            .transpose()
    }

    fn files_below(&self, dir: &str) -> Vec<String> {
        let prefix = format!("{dir}/");
        self.keys()
            .filter(|p| p.starts_with(&prefix))
            .cloned()
            .collect()
    }

    fn exists(&self, path: &str) -> bool {
        let prefix = format!("{path}/");
        self.contains_key(path)
            || self
                .range(prefix.clone()..)
                .next()
                .is_some_and(|(p, _)| p.starts_with(&prefix))
    }
}

/// What `new` writes: the new crate's files and the wired-in files, every content computed.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The crate's names.
    pub names: Names,
    /// New files: path and contents.
    pub created: Vec<(String, String)>,
    /// Changed files: path, contents before and after.
    pub changed: Vec<(String, String, String)>,
}

/// Everything `new` would write for the crate `name` in `source`; a usage error for a bad
/// or taken name, a failure when the template or a marker is not as it must be.
pub fn plan(source: &dyn Source, name: &str) -> Result<Plan, Failure> {
    let usage = |why: String| Failure::Usage(format!("new: {why}"));
    let names = Names::of(name).map_err(usage)?;
    if let Some(taken) = taken(source, &names)? {
        return Err(usage(format!("'{name}' is taken: {taken}")));
    }
    let failed = |why: String| Failure::Failed(format!("new: {why}"));
    let created = crate_files(source, &names).map_err(failed)?;
    let changed = wiring(source, &names).map_err(failed)?;
    Ok(Plan {
        names,
        created,
        changed,
    })
}

/// Why `names` cannot be used in this workspace, if it cannot.
fn taken(source: &dyn Source, names: &Names) -> Result<Option<String>, Failure> {
    let name = names.kebab.as_str();
    if source.exists(name) || name == "target" {
        return Ok(Some(format!("the workspace has a file or folder '{name}'")));
    }
    let text = |path: &str| {
        source
            .read(path)
            .map_err(Failure::Failed)?
            .ok_or_else(|| Failure::Failed(format!("new: the workspace has no {path}")))
    };
    let manifest = text("Cargo.toml")?;
    let members = member_folders(&manifest)
        .ok_or_else(|| Failure::Failed("new: no `members = [...]` in Cargo.toml".into()))?;
    if members.iter().any(|m| m == name) {
        return Ok(Some("the workspace's members name it already".into()));
    }
    let lock = text("Cargo.lock")?;
    let locked = lock
        .lines()
        .filter_map(|l| l.strip_prefix("name = \""))
        .filter_map(|l| l.strip_suffix('"'))
        .any(|package| package.replace('-', "_") == names.snake);
    if locked {
        return Ok(Some(
            "a package of that name (or its `_` spelling) is in Cargo.lock".into(),
        ));
    }
    let module = source.files_below("xtask/src").iter().any(|path| {
        let stem = path.trim_start_matches("xtask/src/");
        let stem = stem.split('/').next().unwrap_or(stem);
        stem.trim_end_matches(".rs") == names.snake
    });
    if module {
        return Ok(Some(format!(
            "xtask has a module '{}', which would hide the crate there",
            names.snake
        )));
    }
    Ok(None)
}

/// The new crate's files: each template file filled, under the crate's folder.
fn crate_files(source: &dyn Source, names: &Names) -> Result<Vec<(String, String)>, String> {
    let templates = source.files_below(TEMPLATE);
    if templates.is_empty() {
        return Err(format!("the template {TEMPLATE}/ is missing"));
    }
    templates
        .iter()
        .map(|path| {
            let relative = path
                .strip_prefix(&format!("{TEMPLATE}/"))
                .and_then(|p| p.strip_suffix(SUFFIX))
                .ok_or_else(|| format!("{path}: every template file ends in {SUFFIX}"))?;
            let text = source.read(path)?.unwrap_or_default();
            let target = format!("{}/{}", names.kebab, names.fill(relative, path)?);
            Ok((target, names.fill(&text, path)?))
        })
        .collect()
}

/// The files that name every puzzle crate, each with the new crate's line added at its
/// marker.
fn wiring(source: &dyn Source, names: &Names) -> Result<Vec<(String, String, String)>, String> {
    let wiring_text = |file: &str| -> Result<String, String> {
        let path = format!("{WIRING}/{file}{SUFFIX}");
        let text = source
            .read(&path)?
            .ok_or_else(|| format!("the template {path} is missing"))?;
        names.fill(&text, &path)
    };
    let (name, snake, camel) = (&names.kebab, &names.snake, &names.camel);
    let edits: [(&str, Vec<(String, String)>); 5] = [
        (
            "Cargo.toml",
            vec![(format!("# {NEXT_PUZZLE}"), format!("\"{name}\",\n"))],
        ),
        (
            "xtask/Cargo.toml",
            vec![(
                format!("# {NEXT_PUZZLE}"),
                format!("{name} = {{ path = \"../{name}\", features = [\"testkit\"] }}\n"),
            )],
        ),
        (
            "xtask/src/crates.rs",
            vec![(
                format!("// {NEXT_PUZZLE}"),
                format!("Puzzle::of::<{snake}::{camel}>(),\n"),
            )],
        ),
        (
            "README.md",
            vec![
                (ROWS_MARKER.to_string(), wiring_text("readme-row.md")?),
                (
                    SECTIONS_MARKER.to_string(),
                    wiring_text("readme-section.md")?,
                ),
            ],
        ),
        (
            "ARCHITECTURE.md",
            vec![(ROWS_MARKER.to_string(), wiring_text("architecture-row.md")?)],
        ),
    ];
    edits
        .into_iter()
        .map(|(path, inserts)| {
            let before = source
                .read(path)?
                .ok_or_else(|| format!("the workspace has no {path}"))?;
            let mut after = before.clone();
            for (marker, text) in inserts {
                after = insert_above(&after, &marker, &text).map_err(|e| format!("{path}: {e}"))?;
            }
            Ok((path.to_string(), before, after))
        })
        .collect()
}

/// `text` with `insertion` (whole lines) added just above the one line that reads `marker`
/// (leading spaces aside), each added line indented as the marker is.
pub fn insert_above(text: &str, marker: &str, insertion: &str) -> Result<String, String> {
    let mut lines = text.split_inclusive('\n');
    let at: Vec<usize> = text
        .split_inclusive('\n')
        .enumerate()
        .filter(|(_, line)| line.trim() == marker)
        .map(|(i, _)| i)
        .collect();
    let &[at] = at.as_slice() else {
        return Err(format!(
            "the line `{marker}` must be there exactly once (found {} times); `cargo xtask \
             new` adds the new puzzle above it",
            at.len()
        ));
    };
    let mut out = String::with_capacity(text.len() + insertion.len());
    for line in lines.by_ref().take(at) {
        out.push_str(line);
    }
    let marker_line = lines.next().unwrap_or_default();
    let indent = &marker_line[..marker_line.len() - marker_line.trim_start().len()];
    for line in insertion.split_inclusive('\n') {
        if line.trim().is_empty() {
            out.push_str(line);
        } else {
            out.push_str(indent);
            out.push_str(line);
        }
    }
    out.push_str(marker_line);
    out.extend(lines);
    Ok(out)
}

impl Plan {
    /// Writes every file: the new crate's (refusing to overwrite one), then the changed ones.
    pub fn write(&self, root: &Path) -> Result<(), Failure> {
        for (path, text) in &self.created {
            let path = root.join(path);
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
                .and_then(|mut file| file.write_all(text.as_bytes()))
                .map_err(|e| Failure::Failed(format!("cannot create {}: {e}", path.display())))?;
        }
        for (path, _, text) in &self.changed {
            std::fs::write(root.join(path), text)?;
        }
        Ok(())
    }

    /// Applies the plan to a copy of the workspace in memory.
    pub fn apply(&self, files: &mut Files) {
        for (path, text) in &self.created {
            files.insert(path.clone(), text.clone().into_bytes());
        }
        for (path, _, text) in &self.changed {
            files.insert(path.clone(), text.clone().into_bytes());
        }
    }

    /// What was written, as `git diff --stat` lists it, and what to do next.
    pub fn summary(&self) -> String {
        let lines = |text: &str| text.lines().count();
        let mut rows: Vec<(String, usize)> = self
            .created
            .iter()
            .map(|(path, text)| (path.clone(), lines(text)))
            .chain(
                self.changed
                    .iter()
                    .map(|(path, before, after)| (path.clone(), lines(after) - lines(before))),
            )
            .collect();
        rows.sort();
        let width = rows.iter().map(|(p, _)| p.len()).max().unwrap_or(0);
        let digits = rows
            .iter()
            .map(|(_, n)| n.to_string().len())
            .max()
            .unwrap_or(1);
        let name = &self.names.kebab;
        let mut out = format!(
            "Created the crate {name}/ from the template puzzle (walk: the fewest moves of a \
             piece to its goal) and wired it in:\n"
        );
        for (path, added) in &rows {
            out.push_str(&format!(" {path:<width$} | {added:>digits$} +\n"));
        }
        let total: usize = rows.iter().map(|(_, n)| n).sum();
        out.push_str(&format!(
            " {} files changed, {total} insertions(+) ({} new)\n",
            rows.len(),
            self.created.len()
        ));
        out.push_str(&format!(
            "(cargo adds {name} to Cargo.lock the next time it runs)\n\nNext:\n\
             \x20 cargo test -p {name}          # the template puzzle passes as it is\n\
             \x20 edit {name}/ into your puzzle: src/lib.rs (docs, PROGRAM), case.rs, parse.rs,\n\
             \x20   solve.rs, reference.rs, replay.rs, format.rs, render.rs, testkit.rs, tests/cases/\n\
             \x20 edit {name}'s rows in README.md and ARCHITECTURE.md and its README section\n\
             \x20 cargo xtask regen {name}      # rewrite its snapshots, then review them: git diff\n\
             \x20 cargo xtask verify\n"
        ));
        out
    }
}
