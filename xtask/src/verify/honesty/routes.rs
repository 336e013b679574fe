//! The routes that make insta pass an edited snapshot (or put the accepted text back for
//! the test run) without a line verify's scans recognise. Each test lays one route into
//! a scratch workspace whose snapshot of `one.in` was edited, shows that the route really
//! fools insta (the crate's tests pass), and that verify fails all the same, naming the
//! snapshot and its first differing line: its own comparison, against the text read
//! before any cargo command ran, decides.

use super::*;

/// Lays `files` (path relative to the scratch root, text) after editing the snapshot of
/// `one.in`, checks, and asserts that insta was fooled (when `fools_insta`) and that the
/// edited snapshot is reported. Returns the check.
fn assert_route_fails(name: &str, files: &[(&str, String)], fools_insta: bool) -> SnapshotCheck {
    let s = scratch(name);
    edit_first_snapshot(&s);
    for (path, text) in files {
        write(&s.root.join(path), text);
        if path.ends_with(".sh") {
            use std::os::unix::fs::PermissionsExt;
            let exec = std::fs::Permissions::from_mode(0o755);
            std::fs::set_permissions(s.root.join(path), exec).unwrap();
        }
    }
    // Built before the route was laid, the crate would stay fresh: make cargo build its
    // binary and its test again, as on a clean clone where the route is there from the
    // start.
    for source in ["demo/src/main.rs", "demo/tests/snapshots.rs"] {
        let path = s.root.join(source);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text).unwrap();
    }
    let check = check(&s);
    if fools_insta {
        assert!(
            check.run.all_passed(),
            "{name}: the route should make the crate's tests pass (insta fooled); the problems:\n{:#?}",
            check.problems
        );
    }
    assert_reported(&check.problems, name, false, &EDITED);
    check
}

/// A shell script for the runner routes: runs the test binary with insta told to pass.
fn forcing_runner(s: &str) -> String {
    format!("#!/bin/sh\n# {s}\nINSTA_FORCE_PASS=1 exec \"$@\"\n")
}

/// The scratch root of the test named `name` (where [`scratch`] lays it).
fn root_of(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("xtask-honesty-{}-{name}", std::process::id()))
}

/// The host's target triple, as `rustc -vV` says.
fn host() -> String {
    let out = std::process::Command::new("rustc")
        .arg("-vV")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .unwrap()
        .to_string()
}

#[test]
fn a_build_script_that_puts_the_accepted_text_back_fails() {
    // It runs when the crate is built, after verify read the files: verify's comparison
    // uses what it read, and the rewritten file is named and put back.
    let name = "build-rs";
    let snap = root_of(name).join("demo/tests/snapshots/snapshots__cases@one.in.snap");
    let script = format!(
        "fn main() {{\n    let p = {:?};\n    let t = std::fs::read_to_string(p).unwrap();\n    std::fs::write(p, t.replace(\"HELL0\", \"HELLO\")).unwrap();\n}}\n",
        snap.display().to_string()
    );
    let check = assert_route_fails(name, &[("demo/build.rs", script)], true);
    assert_reported(
        &check.problems,
        name,
        false,
        &[
            "snapshot or case files changed while verify ran",
            "changed demo/tests/snapshots/snapshots__cases@one.in.snap",
        ],
    );
}

#[test]
fn a_test_that_sets_insta_force_pass_unseen_by_the_scan_fails() {
    let test = SNAPSHOT_TEST.replace(
        "fn cases() {\n",
        "fn cases() {\n    std::env::set_var(concat!(\"INSTA\", \"_FORCE_PASS\"), \"1\");\n",
    );
    assert_route_fails("concat", &[("demo/tests/snapshots.rs", test)], true);
}

#[test]
fn a_build_script_that_sets_insta_force_pass_for_the_tests_fails() {
    let script =
        "fn main() {\n    println!(concat!(\"cargo:rustc-env=INSTA\", \"_FORCE_PASS=1\"));\n}\n";
    assert_route_fails("rustc-env", &[("demo/build.rs", script.to_string())], true);
}

/// A route through a script cargo runs: the configuration `files` name it where they say
/// `SCRIPT`; `script` is its file name and text.
fn assert_script_route_fails(name: &str, files: &[(&str, &str)], script: (&str, String)) {
    let path = format!("{:?}", root_of(name).join(script.0).display().to_string());
    let mut laid: Vec<(&str, String)> = files
        .iter()
        .map(|&(file, text)| (file, text.replace("SCRIPT", &path)))
        .collect();
    laid.push(script);
    assert_route_fails(name, &laid, true);
}

/// A runner route: the runner is a script that runs the test binary with insta told to
/// pass.
fn assert_runner_route_fails(name: &str, files: &[(&str, &str)]) {
    let runner = forcing_runner(&format!("{name} runner"));
    assert_script_route_fails(name, files, ("run.sh", runner));
}

#[test]
fn a_runner_in_an_included_cargo_config_fails() {
    let files = [
        (".cargo/config.toml", "include = [{ path = \"ci.toml\" }]\n"),
        (".cargo/ci.toml", "[target.'cfg(all())']\nrunner = SCRIPT\n"),
    ];
    assert_runner_route_fails("include", &files);
}

#[test]
fn a_quoted_runner_key_fails() {
    let config = "[target.'cfg(all())']\n\"runner\" = SCRIPT\n";
    assert_runner_route_fails("quoted", &[(".cargo/config.toml", config)]);
}

#[test]
fn a_runner_in_an_inline_target_table_fails() {
    let config = "target = { \"cfg(all())\" = { runner = SCRIPT } }\n";
    assert_runner_route_fails("inline", &[(".cargo/config.toml", config)]);
}

/// A shell script that wraps a freshly built test binary of `snapshots` (found at `$out`)
/// into a script that runs it with insta told to pass.
const WRAP_TEST_BINARY: &str = "case \"$(basename \"$out\")\" in\n  snapshots-*)\n    mv \"$out\" \"$out.real\"\n    printf '#!/bin/sh\\nINSTA_FORCE_PASS=1 exec \"%s\" \"$@\"\\n' \"$out.real\" > \"$out\"\n    chmod +x \"$out\";;\nesac\n";

#[test]
fn a_rustc_wrapper_that_wraps_the_test_binary_fails() {
    let config = "[build]\nrustc-wrapper = SCRIPT\n";
    // rustc's output: `--out-dir DIR` and `-C extra-filename=-HASH` with `--crate-name`.
    let script = format!(
        "#!/bin/sh\n\"$@\" || exit $?\nprev=; dir=; name=; extra=\nfor a in \"$@\"; do\n  case \"$prev\" in --out-dir) dir=$a;; --crate-name) name=$a;; esac\n  case \"$a\" in extra-filename=*) extra=${{a#extra-filename=}};; esac\n  prev=$a\ndone\n[ -n \"$name\" ] || exit 0\nout=\"$dir/$name$extra\"\n[ -f \"$out\" ] || exit 0\n{WRAP_TEST_BINARY}"
    );
    let files = [(".cargo/config.toml", config)];
    assert_script_route_fails("rustc-wrapper", &files, ("wrap.sh", script));
}

#[test]
fn a_linker_that_wraps_the_test_binary_fails() {
    // Named `*-gcc` so that rustc passes it a C compiler's arguments.
    let config = format!("[target.{}]\nlinker = SCRIPT\n", host());
    let script = format!(
        "#!/bin/sh\ncc \"$@\" || exit $?\nprev=; out=\nfor a in \"$@\"; do\n  [ \"$prev\" = -o ] && out=$a\n  prev=$a\ndone\n[ -f \"$out\" ] || exit 0\n{WRAP_TEST_BINARY}"
    );
    let files = [(".cargo/config.toml", config.as_str())];
    assert_script_route_fails("linker", &files, ("wrap-gcc.sh", script));
}

#[test]
fn a_test_that_puts_the_accepted_text_back_for_the_glob_fails() {
    // The accepted text during the glob, the edited text again afterwards: the files end
    // as they began, and insta saw the accepted text.
    let test = SNAPSHOT_TEST
        .replace(
            "fn cases() {\n",
            "fn cases() {\n    let p = \"tests/snapshots/snapshots__cases@one.in.snap\";\n    let edited = std::fs::read_to_string(p).unwrap();\n    std::fs::write(p, edited.replace(\"HELL0\", \"HELLO\")).unwrap();\n",
        )
        .replace("    });\n}\n", "    });\n    std::fs::write(p, edited).unwrap();\n}\n");
    let check = assert_route_fails("write-back", &[("demo/tests/snapshots.rs", test)], true);
    assert!(
        !check.problems.iter().any(|p| p.contains("changed while")),
        "the files ended as they began: {:#?}",
        check.problems
    );
}

/// `git ARGS` in `root`, which must succeed.
fn git(root: &Path, args: &[&str]) {
    let status = std::process::Command::new("git")
        .arg("-C")
        .arg(root)
        .args([
            "-c",
            "user.name=honesty",
            "-c",
            "user.email=honesty@example.com",
        ])
        .args(args)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

#[test]
fn a_build_script_that_ran_before_verify_started_fails_under_ci() {
    // `cargo xtask verify` builds xtask and the puzzle crates first: a build script of one
    // of them can put the accepted text back before verify reads anything. The edited
    // snapshot is committed; the working tree holds the accepted text, as that build
    // script leaves it.
    let s = scratch("before-verify");
    let (snap, accepted) = edit_first_snapshot(&s);
    git(&s.root, &["init", "-q"]);
    git(&s.root, &["add", "-A"]);
    git(&s.root, &["commit", "-q", "-m", "edited snapshot"]);
    std::fs::write(&snap, &accepted).unwrap();
    let expected = Expected::capture(&s.root).unwrap();
    let ci = check_snapshots(&s.root, &s.target, &expected, true, true).unwrap();
    let named = [
        "snapshot or case files differ from the commit (HEAD) when verify starts: changed demo/tests/snapshots/snapshots__cases@one.in.snap",
        "under CI=true verify judges the commit",
    ];
    assert_reported(&ci.problems, "under CI", false, &named);
    // Outside CI the files are judged as on disk (a regeneration under review is
    // uncommitted on purpose), and the file is named in a note.
    let local = check_snapshots(&s.root, &s.target, &expected, true, false).unwrap();
    assert!(local.problems.is_empty(), "{:#?}", local.problems);
    assert_eq!(
        local.notes,
        ["judged as on disk, not as committed (under CI=true this fails): changed demo/tests/snapshots/snapshots__cases@one.in.snap"]
    );
}
