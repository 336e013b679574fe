//! Tidy checks, as rust-analyzer's xtask keeps them: the house rules of ARCHITECTURE.md as
//! tests that `cargo test -p xtask` runs, so that nobody has to remember them.
//!
//! - every puzzle crate (and the template `cargo xtask new` copies) has the files of the
//!   role table, its tests included ([`ROLE_FILES`], the one list to update with the table),
//!   and any other test file is named in ARCHITECTURE.md;
//! - the dependency rules: `grid-common` depends on nothing, `puzzle-frame` on `grid-common`
//!   only, a puzzle crate on `grid-common`, `puzzle-frame`, `itertools` and (for its tests)
//!   `insta`, never on another puzzle crate; `xtask` on nothing from crates.io;
//! - one module layout: `X.rs`, or `X/mod.rs` with submodules, never `X.rs` beside `X/`;
//! - no source file over [`MAX_LINES`] lines;
//! - docs on every public item: every member keeps `[lints] workspace = true`, the workspace
//!   keeps `missing_docs` (which `cargo clippy -- -D warnings` in verify turns into an
//!   error), and no source file allows it away.
//!
//! Each check is a function of the workspace's root that returns its problems; each is run
//! on the workspace, and on a scratch copy with the breach it is for planted
//! (`each_check_fails_on_its_planted_breach`), so none of them can pass vacuously.

use std::path::{Path, PathBuf};

#[path = "tidy/manifest.rs"]
mod manifest;

#[path = "tidy/layout.rs"]
mod layout;

#[path = "common/root.rs"]
mod root;

use layout::module_layout;
use manifest::{dependencies, entries, members, read, workspace_dependencies, Member};
use root::root;

/// The files every puzzle crate has, by role (ARCHITECTURE.md's role table and its tests
/// row): one entry per role, its alternatives separated by `|`. A path ending in `/` is a
/// folder.
const ROLE_FILES: &[&str] = &[
    "src/lib.rs",
    "src/main.rs",
    "src/case.rs|src/case/mod.rs",
    "src/parse.rs|src/parse/mod.rs",
    "src/solve.rs|src/solve/mod.rs",
    "src/reference.rs|src/reference/mod.rs",
    "src/replay.rs|src/replay/mod.rs",
    "src/format.rs|src/format/mod.rs",
    "src/render.rs|src/render/mod.rs",
    "src/testkit.rs|src/testkit/mod.rs",
    "tests/snapshots.rs",
    "tests/reference.rs",
    "tests/replay.rs",
    "tests/robustness.rs",
    "tests/cases/",
    "tests/snapshots/",
];

/// The most lines a source file may have.
const MAX_LINES: usize = 600;

/// The members that are not puzzle crates.
const NOT_PUZZLES: &[&str] = &["grid-common", "puzzle-frame", "xtask"];

/// The crates.io packages the workspace may depend on.
const FROM_CRATES_IO: &[&str] = &["itertools", "insta"];

/// The puzzle crates: every member but the frame, the grid and xtask.
fn puzzles(root: &Path) -> Vec<Member> {
    members(root)
        .into_iter()
        .filter(|m| !NOT_PUZZLES.contains(&m.name.as_str()))
        .collect()
}

// ---------------------------------------------------------------------------------------
// The checks.

/// The role files missing from the crate (or template) folder `dir`; `suffix` is added to
/// each file's name (`.tmpl` in the template).
fn missing_role_files(dir: &Path, suffix: &str) -> Vec<String> {
    let named = |path: &str| match path.strip_suffix('/') {
        Some(folder) => folder.to_string(),
        None => format!("{path}{suffix}"),
    };
    ROLE_FILES
        .iter()
        .filter(|role| {
            !role.split('|').any(|path| match path.strip_suffix('/') {
                Some(folder) => dir.join(folder).is_dir(),
                None => dir.join(named(path)).is_file(),
            })
        })
        .map(|role| role.split('|').map(named).collect::<Vec<_>>().join(" or "))
        .collect()
}

/// Every puzzle crate, and the template, has the files of the role table.
fn role_files(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let template = ("xtask/template/crate".to_string(), ".tmpl");
    let crates = puzzles(root).into_iter().map(|m| (m.folder, ""));
    for (folder, suffix) in crates.chain([template]) {
        for missing in missing_role_files(&root.join(&folder), suffix) {
            problems.push(format!(
                "{folder}: no {missing} (ARCHITECTURE.md's role table)"
            ));
        }
    }
    problems
}

/// Every test file of a puzzle crate beyond the role table's is named in ARCHITECTURE.md
/// (with its reason): no test file nobody documents.
fn extra_tests_documented(root: &Path) -> Vec<String> {
    let architecture = read(&root.join("ARCHITECTURE.md"));
    let mut problems = Vec::new();
    for member in puzzles(root) {
        let Ok(entries) = std::fs::read_dir(root.join(&member.folder).join("tests")) else {
            continue;
        };
        let mut extra: Vec<String> = entries
            .flatten()
            .map(|entry| format!("tests/{}", entry.file_name().to_string_lossy()))
            .filter(|file| file.ends_with(".rs") && !ROLE_FILES.contains(&file.as_str()))
            .filter(|file| !architecture.contains(&format!("`{file}`")))
            .collect();
        extra.sort();
        problems.extend(extra.into_iter().map(|file| {
            format!(
                "{}/{file}: a test file ARCHITECTURE.md does not name (say why it is there)",
                member.folder
            )
        }));
    }
    problems
}

/// Every file of [`ROLE_FILES`] is named in ARCHITECTURE.md (the list and the table agree).
fn role_files_documented(root: &Path) -> Vec<String> {
    let architecture = read(&root.join("ARCHITECTURE.md"));
    ROLE_FILES
        .iter()
        .flat_map(|role| role.split('|'))
        .filter(|path| !architecture.contains(path.trim_end_matches('/')))
        .map(|path| format!("ARCHITECTURE.md does not name {path}, which tidy expects"))
        .collect()
}

/// The dependency rules of ARCHITECTURE.md's invariants.
fn dependency_rules(root: &Path) -> Vec<String> {
    let members = members(root);
    let puzzle_names: Vec<&str> = members
        .iter()
        .map(|m| m.name.as_str())
        .filter(|n| !NOT_PUZZLES.contains(n))
        .collect();
    let local: Vec<(String, bool)> = workspace_dependencies(root);
    let mut problems = Vec::new();
    for (name, is_path) in &local {
        if !is_path && !FROM_CRATES_IO.contains(&name.as_str()) {
            problems.push(format!(
                "Cargo.toml: [workspace.dependencies] names {name} from crates.io (only {} are allowed)",
                FROM_CRATES_IO.join(", ")
            ));
        }
    }
    for member in &members {
        let manifest = read(&root.join(&member.folder).join("Cargo.toml"));
        for dep in dependencies(&manifest) {
            let dev = dep.table.ends_with("dev-dependencies");
            let package = dep.package.as_str();
            let allowed = match member.name.as_str() {
                "grid-common" => false,
                "puzzle-frame" => package == "grid-common" || (dev && package == "puzzle-frame"),
                "xtask" => {
                    let is_path = dep.value.contains("path")
                        || (dep.value.contains("workspace")
                            && local.iter().any(|(n, p)| n == package && *p));
                    is_path && members.iter().any(|m| m.name == package)
                }
                own => {
                    let normal = ["grid-common", "puzzle-frame", "itertools"].contains(&package);
                    let test_only = dev && (package == "insta" || package == own);
                    !dep.table.ends_with("build-dependencies") && (normal || test_only)
                }
            };
            if !allowed {
                let other_puzzle =
                    puzzle_names.contains(&package) && package != member.name.as_str();
                let why = if other_puzzle {
                    "a puzzle crate never depends on another"
                } else {
                    "outside ARCHITECTURE.md's invariants"
                };
                problems.push(format!(
                    "{}/Cargo.toml: [{}] {package} ({why})",
                    member.folder, dep.table
                ));
            }
        }
    }
    problems.extend(xtask_locked_dependencies(root, &members));
    problems
}

/// xtask's dependencies as Cargo.lock records them: workspace members only.
fn xtask_locked_dependencies(root: &Path, members: &[Member]) -> Vec<String> {
    let lock = read(&root.join("Cargo.lock"));
    let Some(xtask) = lock
        .split("[[package]]")
        .find(|p| p.lines().any(|l| l.trim() == "name = \"xtask\""))
    else {
        return vec!["Cargo.lock has no xtask package".to_string()];
    };
    let listed = xtask
        .split_once("dependencies = [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map_or("", |(list, _)| list);
    listed
        .split(',')
        .map(|item| item.trim().trim_matches('"'))
        .filter(|item| !item.is_empty())
        .map(|item| item.split(' ').next().unwrap_or(item))
        .filter(|name| !members.iter().any(|m| m.name == *name))
        .map(|name| format!("Cargo.lock: xtask depends on {name}, which is not a member"))
        .collect()
}

/// Every file below `folder`.
fn files_below(folder: &Path) -> Vec<PathBuf> {
    let mut folders = vec![folder.to_path_buf()];
    let mut files = Vec::new();
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            match entry.path() {
                path if path.is_dir() => folders.push(path),
                path => files.push(path),
            }
        }
    }
    files
}

/// Every Rust source file of the members (`src/`, `tests/`, `examples/`, `benches/`,
/// `build.rs`) and of the template, sorted.
fn source_files(root: &Path) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = members(root)
        .iter()
        .flat_map(|m| ["src", "tests", "examples", "benches"].map(|f| root.join(&m.folder).join(f)))
        .collect();
    folders.push(root.join("xtask/template"));
    let mut files: Vec<PathBuf> = folders.iter().flat_map(|f| files_below(f)).collect();
    files.extend(
        members(root)
            .iter()
            .map(|m| root.join(&m.folder).join("build.rs")),
    );
    files.retain(|path| {
        let name = path.to_string_lossy();
        path.is_file() && (name.ends_with(".rs") || name.ends_with(".rs.tmpl"))
    });
    files.sort();
    files
}

fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// No source file over [`MAX_LINES`] lines.
fn file_lengths(root: &Path) -> Vec<String> {
    source_files(root)
        .iter()
        .filter_map(|path| {
            let lines = read(path).lines().count();
            (lines > MAX_LINES).then(|| {
                format!(
                    "{}: {lines} lines, over {MAX_LINES}: split it along its seams",
                    relative(path, root)
                )
            })
        })
        .collect()
}

/// Docs on every public item: `missing_docs` in the workspace's lints, every member under
/// them, and no source file allowing it away.
fn docs_enforced(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let workspace = entries(&read(&root.join("Cargo.toml")));
    let kept = workspace.iter().any(|(section, key, value)| {
        section == "workspace.lints.rust"
            && key == "missing_docs"
            && ["warn", "deny", "forbid"]
                .iter()
                .any(|level| value.contains(level))
    });
    if !kept {
        problems.push(
            "Cargo.toml: [workspace.lints.rust] must keep missing_docs (warn or deny)".to_string(),
        );
    }
    let template = "xtask/template/crate/Cargo.toml.tmpl".to_string();
    let manifests = members(root)
        .into_iter()
        .map(|m| format!("{}/Cargo.toml", m.folder))
        .chain([template]);
    for manifest in manifests {
        let under = entries(&read(&root.join(&manifest)))
            .iter()
            .any(|(section, key, value)| {
                section == "lints" && key == "workspace" && value == "true"
            });
        if !under {
            problems.push(format!("{manifest}: no `[lints] workspace = true`"));
        }
    }
    for path in source_files(root) {
        let text = read(&path);
        let allows = text.lines().map(str::trim).any(|line| {
            let attribute = line.starts_with("#[") || line.starts_with("#![");
            let lowered = ["allow(", "expect("].iter().any(|a| line.contains(a));
            attribute && lowered && line.contains("missing_docs")
        });
        if allows {
            problems.push(format!(
                "{}: allows missing_docs (every public item is documented)",
                relative(&path, root)
            ));
        }
    }
    problems
}

/// Panics with every problem, one a line.
fn assert_none(check: &str, problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "tidy, {check}:\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn every_puzzle_crate_has_the_role_files_and_tests() {
    let root = root();
    assert!(puzzles(&root).len() >= 6, "the puzzle crates are found");
    assert_none("role files", role_files(&root));
    assert_none(
        "role files in ARCHITECTURE.md",
        role_files_documented(&root),
    );
    assert_none("test files beyond the roles", extra_tests_documented(&root));
    assert_none("module layout", module_layout(&root));
}

#[test]
fn dependencies_keep_the_invariants() {
    assert_none("dependencies", dependency_rules(&root()));
}

#[test]
fn no_source_file_is_over_600_lines() {
    let root = root();
    assert!(
        source_files(&root).len() > 100,
        "the source files are found"
    );
    assert_none("file lengths", file_lengths(&root));
}

#[test]
fn every_public_item_must_have_docs() {
    assert_none("docs", docs_enforced(&root()));
}

// ---------------------------------------------------------------------------------------
// Each check on a scratch copy with its breach planted.

/// A copy of the workspace's manifests, ARCHITECTURE.md, the template and every source
/// file (the tests' case and snapshot folders empty), in the temporary folder; removed
/// when dropped.
struct Copy(PathBuf);

impl Copy {
    fn new(name: &str) -> Copy {
        let root = root();
        let to = std::env::temp_dir().join(format!("tidy-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&to);
        let mut files = source_files(&root);
        files.extend(["Cargo.toml", "Cargo.lock", "ARCHITECTURE.md"].map(|f| root.join(f)));
        files.extend(files_below(&root.join("xtask/template")));
        for member in members(&root) {
            files.push(root.join(&member.folder).join("Cargo.toml"));
            for folder in ["tests/cases", "tests/snapshots"] {
                if root.join(&member.folder).join(folder).is_dir() {
                    std::fs::create_dir_all(to.join(&member.folder).join(folder))
                        .expect("make a folder of the copy");
                }
            }
        }
        for file in files {
            let target = to.join(relative(&file, &root));
            if let Some(folder) = target.parent() {
                std::fs::create_dir_all(folder).expect("make a folder of the copy");
            }
            std::fs::copy(&file, &target).expect("copy a file");
        }
        Copy(to)
    }

    /// Rewrites one file of the copy: `edit` gets its text.
    fn edit(&self, file: &str, edit: impl FnOnce(String) -> String) {
        let path = self.0.join(file);
        std::fs::write(&path, edit(read(&path))).expect("plant a breach");
    }
}

impl Drop for Copy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Asserts that `check` passes on a clean copy and names `expected` once `plant` changed it.
fn fails_when_planted(
    name: &str,
    check: fn(&Path) -> Vec<String>,
    plant: impl FnOnce(&Copy),
    expected: &str,
) {
    let copy = Copy::new(name);
    assert_none(&format!("{name}, before planting"), check(&copy.0));
    plant(&copy);
    let problems = check(&copy.0);
    assert!(
        problems.iter().any(|p| p.contains(expected)),
        "{name}: the planted breach ({expected}) went unseen: {problems:?}"
    );
}

/// The first puzzle crate's folder.
fn a_puzzle() -> String {
    puzzles(&root())[0].folder.clone()
}

#[test]
fn each_check_fails_on_its_planted_breach() {
    let crate_dir = a_puzzle();
    fails_when_planted(
        "renamed-robustness",
        role_files,
        |copy| {
            let tests = copy.0.join(&crate_dir).join("tests");
            std::fs::rename(tests.join("robustness.rs"), tests.join("hostile.rs"))
                .expect("rename the copy's robustness.rs");
        },
        &format!("{crate_dir}: no tests/robustness.rs"),
    );
    fails_when_planted(
        "two-layouts",
        module_layout,
        |copy| {
            let folder = copy.0.join(&crate_dir).join("src").join("case");
            std::fs::create_dir_all(&folder).expect("make a folder beside case.rs");
            std::fs::write(folder.join("more.rs"), "//! A submodule beside case.rs.\n")
                .expect("write a submodule");
        },
        &format!("{crate_dir}: {crate_dir}/src/case.rs beside {crate_dir}/src/case/"),
    );
    fails_when_planted(
        "undocumented-test",
        extra_tests_documented,
        |copy| {
            let tests = copy.0.join(&crate_dir).join("tests");
            std::fs::write(tests.join("stray.rs"), "//! A test nobody documents.\n")
                .expect("write a stray test");
        },
        &format!("{crate_dir}/tests/stray.rs: a test file ARCHITECTURE.md does not name"),
    );
    fails_when_planted(
        "undocumented-role",
        role_files_documented,
        |copy| {
            copy.edit("ARCHITECTURE.md", |t| {
                t.replace("tests/replay.rs", "tests/replays")
            })
        },
        "does not name tests/replay.rs",
    );
    let other = puzzles(&root())[1].name.clone();
    fails_when_planted(
        "puzzle-on-puzzle",
        dependency_rules,
        |copy| {
            copy.edit(&format!("{crate_dir}/Cargo.toml"), |t| {
                t.replacen(
                    "[dependencies]\n",
                    &format!("[dependencies]\n{other} = {{ path = \"../{other}\" }}\n"),
                    1,
                )
            })
        },
        "a puzzle crate never depends on another",
    );
    fails_when_planted(
        "frame-on-crates-io",
        dependency_rules,
        |copy| {
            copy.edit("puzzle-frame/Cargo.toml", |t| {
                t.replacen(
                    "[dependencies]\n",
                    "[dependencies]\nitertools.workspace = true\n",
                    1,
                )
            })
        },
        "puzzle-frame/Cargo.toml: [dependencies] itertools",
    );
    fails_when_planted(
        "grid-with-a-dev-dependency",
        dependency_rules,
        |copy| {
            copy.edit("grid-common/Cargo.toml", |t| {
                t + "\n[dev-dependencies.insta]\nworkspace = true\n"
            })
        },
        "grid-common/Cargo.toml: [dev-dependencies] insta",
    );
    fails_when_planted(
        "xtask-from-crates-io",
        dependency_rules,
        |copy| {
            copy.edit("xtask/Cargo.toml", |t| {
                t.replacen(
                    "[dependencies]\n",
                    "[dependencies]\nitertools = \"0.14\"\n",
                    1,
                )
            })
        },
        "xtask/Cargo.toml: [dependencies] itertools",
    );
    fails_when_planted(
        "long-file",
        file_lengths,
        |copy| {
            copy.edit(&format!("{crate_dir}/src/format.rs"), |t| {
                t + &"// filler\n".repeat(MAX_LINES)
            })
        },
        &format!("{crate_dir}/src/format.rs: "),
    );
    fails_when_planted(
        "no-workspace-lints",
        docs_enforced,
        |copy| {
            copy.edit(&format!("{crate_dir}/Cargo.toml"), |t| {
                t.replace("[lints]\nworkspace = true", "")
            })
        },
        &format!("{crate_dir}/Cargo.toml: no `[lints] workspace = true`"),
    );
    fails_when_planted(
        "missing-docs-allowed",
        docs_enforced,
        |copy| {
            copy.edit(&format!("{crate_dir}/src/lib.rs"), |t| {
                format!("#![allow(missing_docs)]\n{t}")
            })
        },
        &format!("{crate_dir}/src/lib.rs: allows missing_docs"),
    );
    fails_when_planted(
        "missing-docs-dropped",
        docs_enforced,
        |copy| copy.edit("Cargo.toml", |t| t.replace("missing_docs = \"warn\"", "")),
        "must keep missing_docs",
    );
}
