//! `cargo xtask new`: names, refusals that change nothing, the wiring at its markers, and
//! a template with every placeholder filled. The workspace is copied (in memory, or to a
//! scratch folder) so that nothing here touches the real one.

use super::names::{leftover_placeholder, MAX_NAME};
use super::*;
use crate::scaffold::{sync, workspace_files};

/// The workspace's files, in memory.
fn workspace() -> Files {
    workspace_files(&project_root()).expect("git lists the workspace's files")
}

/// A scratch copy of the workspace on disk, deleted when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("xtask-new-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        sync(&workspace(), &dir).expect("copy the workspace");
        Scratch(dir)
    }

    /// Every file of the copy and its contents.
    fn tree(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        files_below(&self.0)
            .into_iter()
            .map(|p| {
                let bytes = std::fs::read(&p).expect("read a file of the copy");
                (p, bytes)
            })
            .collect()
    }

    fn read(&self, path: &str) -> String {
        std::fs::read_to_string(self.0.join(path)).expect("read a file of the copy")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn usage_error(result: Result<Plan, Failure>) -> String {
    match result {
        Err(Failure::Usage(message)) => message,
        Err(Failure::Failed(message)) => panic!("a usage error expected, got: {message}"),
        Ok(plan) => panic!(
            "a usage error expected, got a plan for {}",
            plan.names.kebab
        ),
    }
}

#[test]
fn names_are_spelled_three_ways_and_bad_ones_say_why() {
    let names = Names::of("lights-out").unwrap();
    assert_eq!(
        (
            names.kebab.as_str(),
            names.snake.as_str(),
            names.camel.as_str()
        ),
        ("lights-out", "lights_out", "LightsOut")
    );
    assert_eq!(Names::of("x-2b").unwrap().camel, "X2b");
    assert_eq!(Names::of("walk2").unwrap().camel, "Walk2");
    let long = "a".repeat(MAX_NAME);
    assert!(Names::of(&long).is_ok());
    for (bad, why) in [
        ("", "not a crate name"),
        ("a", "not a crate name"),
        ("Walk", "not a crate name"),
        ("1walk", "not a crate name"),
        ("lights_out", "not a crate name"),
        ("lights-", "not a crate name"),
        ("-lights", "not a crate name"),
        ("lights--out", "not a crate name"),
        ("lights out", "not a crate name"),
        ("wälk", "not a crate name"),
        (&format!("{long}b"), "longer than 32"),
        ("fn", "keyword"),
        ("type", "keyword"),
        ("self", "keyword"),
        ("async", "keyword"),
        ("gen", "keyword"),
        ("std", "reserved"),
        ("test", "reserved"),
        ("con", "reserved"),
        ("case", "`Case`"),
        ("ok", "`Ok`"),
        ("option", "`Option`"),
        ("into-iterator", "`IntoIterator`"),
    ] {
        let message = Names::of(bad).expect_err(bad);
        assert!(message.contains(why), "{bad}: {message}");
    }
}

#[test]
fn taken_names_are_usage_errors_that_say_what_holds_them() {
    let files = workspace();
    for (name, why) in [
        ("bloxorz", "file or folder 'bloxorz'"),
        ("grid-common", "file or folder"),
        ("puzzle-frame", "file or folder"),
        ("xtask", "file or folder"),
        ("target", "file or folder"),
        ("insta", "Cargo.lock"),
        ("itertools", "Cargo.lock"),
        ("stress", "module 'stress'"),
        ("verify", "module 'verify'"),
        ("new", "module 'new'"),
        ("bad_name", "not a crate name"),
    ] {
        let message = usage_error(plan(&files, name));
        assert!(message.starts_with("new: "), "{name}: {message}");
        assert!(message.contains(why), "{name}: {message}");
    }
    // A member listed in the manifest whose folder is gone is taken too.
    let mut gone = files.clone();
    gone.retain(|path, _| !path.starts_with("klotski/"));
    assert!(usage_error(plan(&gone, "klotski")).contains("members name it"));
    assert!(plan(&files, "lights-out").is_ok());
}

#[test]
fn a_refused_name_or_a_missing_marker_changes_nothing() {
    let scratch = Scratch::new("refused");
    let before = scratch.tree();
    for name in ["bloxorz", "insta", "Bad", "type"] {
        usage_error(create(&scratch.0, name));
        assert!(
            scratch.tree() == before,
            "`new {name}` changed the workspace"
        );
    }
    // The name is good, but a file to wire it into has lost its marker: nothing at all is
    // written, not even the crate.
    let architecture = scratch.read("ARCHITECTURE.md");
    let unmarked = architecture.replace(ROWS_MARKER, "");
    std::fs::write(scratch.0.join("ARCHITECTURE.md"), &unmarked).unwrap();
    let before = scratch.tree();
    let Err(Failure::Failed(message)) = create(&scratch.0, "lights-out") else {
        panic!("a missing marker must fail");
    };
    assert!(message.contains("ARCHITECTURE.md"), "{message}");
    assert!(
        scratch.tree() == before,
        "a failed `new` changed the workspace"
    );
    // Once made, the name is taken, and asking again changes nothing.
    std::fs::write(scratch.0.join("ARCHITECTURE.md"), &architecture).unwrap();
    create(&scratch.0, "lights-out").expect("a good name in a marked workspace");
    let made = scratch.tree();
    assert!(usage_error(create(&scratch.0, "lights-out")).contains("is taken"));
    assert!(scratch.tree() == made, "asking twice changed the workspace");
}

/// The line just above the one line that reads `marker` (leading spaces aside).
fn line_above<'a>(text: &'a str, marker: &str) -> &'a str {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim() == marker)
        .expect("the marker is there");
    lines[at - 1]
}

/// The lines of `new` that are not in `old`, when `new` is `old` with lines added; `None`
/// when a line of `old` was changed or dropped.
fn added_lines<'a>(old: &str, new: &'a str) -> Option<Vec<&'a str>> {
    let mut old_lines = old.lines().peekable();
    let mut added = Vec::new();
    for line in new.lines() {
        if old_lines.peek() == Some(&line) {
            old_lines.next();
        } else {
            added.push(line);
        }
    }
    old_lines.next().is_none().then_some(added)
}

/// The lines of the README section the template adds.
fn readme_section_lines() -> usize {
    let path = format!("{WIRING}/readme-section.md{SUFFIX}");
    workspace().read(&path).unwrap().unwrap().lines().count()
}

#[test]
fn the_wiring_lands_at_the_markers_and_changes_nothing_else() {
    let scratch = Scratch::new("wiring");
    let before: BTreeMap<&str, String> = [
        "Cargo.toml",
        "xtask/Cargo.toml",
        "xtask/src/crates.rs",
        "README.md",
        "ARCHITECTURE.md",
    ]
    .into_iter()
    .map(|path| (path, scratch.read(path)))
    .collect();
    let plan = create(&scratch.0, "lights-out").unwrap();
    let next = format!("# {NEXT_PUZZLE}");
    let expected: [(&str, &str, &str); 5] = [
        ("Cargo.toml", &next, "    \"lights-out\","),
        (
            "xtask/Cargo.toml",
            &next,
            "lights-out = { path = \"../lights-out\", features = [\"testkit\"] }",
        ),
        (
            "xtask/src/crates.rs",
            "// cargo xtask new: next puzzle",
            "        Puzzle::of::<lights_out::LightsOut>(),",
        ),
        (
            "README.md",
            ROWS_MARKER,
            "| [`lights-out`](#lights-out) | walk, the template puzzle of `cargo xtask new`: fewest moves of a piece to its goal on a grid with walls (edit into the new puzzle) |",
        ),
        (
            "ARCHITECTURE.md",
            ROWS_MARKER,
            "| `lights-out/` | walk, from `cargo xtask new`'s template puzzle (edit into the new puzzle) |",
        ),
    ];
    for (path, marker, line) in expected {
        assert_eq!(line_above(&scratch.read(path), marker), line, "{path}");
    }
    let readme = scratch.read("README.md");
    let section = readme.find("\n### lights-out\n").expect("a README section");
    let klotski = readme.find("\n### klotski\n").expect("klotski's section");
    assert!(klotski < section && section < readme.find(SECTIONS_MARKER).unwrap());
    assert_eq!(line_above(&readme, SECTIONS_MARKER), "");
    // Each file only gained lines: its old lines, in order, and the new crate's.
    for (path, old, new) in &plan.changed {
        assert_eq!(&before[path.as_str()], old, "{path}");
        let added = added_lines(old, new).unwrap_or_else(|| panic!("{path}: a line changed"));
        match expected.iter().find(|(p, _, _)| p == path) {
            Some((_, _, line)) if *path != "README.md" => assert_eq!(added, [*line], "{path}"),
            _ => assert_eq!(added.len(), 1 + readme_section_lines(), "{path}"),
        }
    }
    assert_eq!(plan.changed.len(), before.len());
    let summary = plan.summary();
    let crates_row = summary
        .lines()
        .find(|l| l.starts_with(" xtask/src/crates.rs "));
    assert!(
        crates_row.is_some_and(|row| row.ends_with("|   1 +")),
        "{summary}"
    );
    let files = plan.created.len() + plan.changed.len();
    assert!(
        summary.contains(&format!(" {files} files changed, ")),
        "{summary}"
    );
    let members = crate::workspace::members(&scratch.0).unwrap();
    let new_member = members.iter().find(|m| m.name == "lights-out");
    assert_eq!(
        new_member.map(|m| &m.dir),
        Some(&scratch.0.join("lights-out"))
    );
}

#[test]
fn the_generated_crate_fills_every_role_and_holds_no_placeholder() {
    let plan = plan(&workspace(), "lights-out").unwrap();
    let paths: Vec<&str> = plan.created.iter().map(|(p, _)| p.as_str()).collect();
    for role in [
        "Cargo.toml",
        "src/lib.rs",
        "src/main.rs",
        "src/case.rs",
        "src/parse.rs",
        "src/solve.rs",
        "src/reference.rs",
        "src/replay.rs",
        "src/format.rs",
        "src/render.rs",
        "src/testkit.rs",
        "tests/snapshots.rs",
        "tests/reference.rs",
        "tests/replay.rs",
        "tests/cases/sample.in",
        "tests/cases/help.args",
    ] {
        let path = format!("lights-out/{role}");
        assert!(paths.contains(&path.as_str()), "no {path}");
    }
    let created = plan.created.iter().map(|(path, text)| (path, text));
    let changed = plan.changed.iter().map(|(path, _, after)| (path, after));
    for (path, text) in created.chain(changed) {
        assert!(!path.contains("{{") && !path.ends_with(SUFFIX), "{path}");
        assert!(!text.contains("{{"), "{path} holds a placeholder");
    }
    let text = |path: &str| &plan.created.iter().find(|(p, _)| p == path).unwrap().1;
    assert!(text("lights-out/src/main.rs").contains("main::<LightsOut>()"));
    assert!(text("lights-out/Cargo.toml").contains("name = \"lights-out\""));
    let help = "lights-out/tests/snapshots/snapshots__cases@help.in.snap";
    assert!(text(help).contains("\n$ lights-out --help < help.in\n"));
    assert!(text(help).contains("source: lights-out/tests/snapshots.rs\n"));
}

#[test]
fn every_template_case_has_its_snapshot_and_every_snapshot_its_case() {
    let files = workspace();
    let below = |dir: &str, suffix: &str| -> Vec<String> {
        files
            .files_below(&format!("{TEMPLATE}/tests/{dir}"))
            .iter()
            .filter_map(|p| p.rsplit('/').next()?.strip_suffix(suffix))
            .map(str::to_string)
            .collect()
    };
    let cases = below("cases", &format!(".in{SUFFIX}"));
    let snapshots: Vec<String> = below("snapshots", &format!(".in.snap{SUFFIX}"))
        .iter()
        .map(|s| s.trim_start_matches("snapshots__cases@").to_string())
        .collect();
    assert!(cases.len() >= 10, "{cases:?}");
    assert_eq!(cases, snapshots);
}

#[test]
fn a_placeholder_the_generator_does_not_know_is_refused() {
    let mut files = workspace();
    let lib = format!("{TEMPLATE}/src/lib.rs{SUFFIX}");
    let planted = files.read(&lib).unwrap().unwrap() + "// {{Crate}}\n";
    files.insert(lib.clone(), planted.into_bytes());
    let Err(Failure::Failed(message)) = plan(&files, "lights-out") else {
        panic!("an unknown placeholder must be refused");
    };
    assert!(
        message.contains(&lib) && message.contains("{{Crate}}"),
        "{message}"
    );
    assert_eq!(leftover_placeholder("a {{ b }} {{x_1}} c"), Some("{{x_1}}"));
    assert_eq!(leftover_placeholder("format!(\"{{}}\") {{ }}"), None);
}

#[test]
fn insertions_go_above_the_one_marker_with_its_indentation() {
    let text = "a\n    // MARK\nb\n";
    assert_eq!(
        insert_above(text, "// MARK", "x\n\ny\n").unwrap(),
        "a\n    x\n\n    y\n    // MARK\nb\n"
    );
    assert!(insert_above("a\nb\n", "// MARK", "x\n")
        .unwrap_err()
        .contains("found 0 times"));
    assert!(insert_above("// MARK\n// MARK\n", "// MARK", "x\n")
        .unwrap_err()
        .contains("found 2 times"));
}
