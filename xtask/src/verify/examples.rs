//! verify's examples stage: every member's examples (`examples/NAME.rs`), built and run.
//!
//! clippy's `--all-targets` and `cargo test` build the examples; this stage also runs each
//! one, as its doc comment says it is run, so an example that no longer works fails verify.
//! Each runs in a scratch folder (an example that writes files writes them there), with
//! `examples/NAME.in` on standard input when there is one (else nothing), and must exit 0.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::workspace::{cargo, Member};
use crate::Failure;

/// One example of a member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The member's package name.
    pub package: String,
    /// The example's name (its file's stem).
    pub name: String,
    /// `examples/NAME.in` beside it, when there is one: its standard input.
    pub input: Option<PathBuf>,
}

impl Example {
    /// The command that runs it by hand, for a failure's message.
    fn command(&self, root: &Path) -> String {
        let input = self.input.as_ref().map_or(String::new(), |input| {
            format!(" < {}", crate::workspace::relative(input, root))
        });
        format!(
            "cargo run -p {} --example {}{input}",
            self.package, self.name
        )
    }
}

/// Every `examples/*.rs` of `members`, in order.
pub fn find(members: &[Member]) -> Vec<Example> {
    let mut found = Vec::new();
    for member in members {
        let Ok(entries) = std::fs::read_dir(member.dir.join("examples")) else {
            continue;
        };
        let mut names: Vec<String> = entries
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "rs"))
            .filter_map(|path| Some(path.file_stem()?.to_string_lossy().into_owned()))
            .collect();
        names.sort();
        found.extend(names.into_iter().map(|name| {
            let input = member.dir.join("examples").join(format!("{name}.in"));
            Example {
                package: member.name.clone(),
                input: input.is_file().then_some(input),
                name,
            }
        }));
    }
    found
}

/// Builds every example of `members` into `target` and runs each: the problems, each with
/// the command to run it by hand.
pub fn check(root: &Path, target: &Path, members: &[Member]) -> Result<Vec<String>, Failure> {
    let examples = find(members);
    if examples.is_empty() {
        return Ok(Vec::new());
    }
    let build = cargo(root)
        .args(["build", "--workspace", "--examples"])
        .env("CARGO_TARGET_DIR", target)
        .status()?;
    if !build.success() {
        return Ok(vec![
            "the examples do not build: run `cargo build --workspace --examples`".to_string(),
        ]);
    }
    let scratch = target.join(format!("xtask-examples-{}", std::process::id()));
    let binaries = target.join("debug").join("examples");
    let problems = examples
        .iter()
        .filter_map(|example| {
            let binary = binaries.join(&example.name);
            run(&binary, example, &scratch)
                .err()
                .map(|why| format!("example {why}: run `{}`", example.command(root)))
        })
        .collect();
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(problems)
}

/// Runs one example's `binary` in a fresh folder `scratch`: Ok when it exits 0, else what
/// went wrong (naming the example).
pub fn run(binary: &Path, example: &Example, scratch: &Path) -> Result<(), String> {
    let name = format!("{} of {}", example.name, example.package);
    let _ = std::fs::remove_dir_all(scratch);
    std::fs::create_dir_all(scratch).map_err(|e| format!("{name}: no scratch folder: {e}"))?;
    let stdin = match &example.input {
        Some(input) => std::fs::File::open(input)
            .map(Stdio::from)
            .map_err(|e| format!("{name}: cannot read {}: {e}", input.display()))?,
        None => Stdio::null(),
    };
    let out = Command::new(binary)
        .current_dir(scratch)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("{name} did not start ({}): {e}", binary.display()))?;
    if out.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first = stderr.lines().next().unwrap_or("");
    Err(format!("{name} failed ({}): {first}", out.status))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_is_found_with_its_input() {
        let (root, members) = crate::workspace::this_workspace();
        let examples = find(&members);
        let film_demo = examples
            .iter()
            .find(|e| e.package == "puzzle-frame" && e.name == "film_demo")
            .expect("puzzle-frame's film_demo");
        assert_eq!(
            film_demo.input.as_deref(),
            Some(root.join("puzzle-frame/examples/film_demo.in").as_path())
        );
        assert_eq!(
            film_demo.command(&root),
            "cargo run -p puzzle-frame --example film_demo < puzzle-frame/examples/film_demo.in"
        );
        let inputs = examples.iter().filter(|e| e.name.ends_with("_long"));
        assert_eq!(inputs.count(), 0, "an input file is not an example");
    }

    #[test]
    #[cfg(unix)]
    fn an_example_that_fails_is_named_with_its_message() {
        let temp = |what: &str| {
            std::env::temp_dir().join(format!("xtask-example-{}-{what}", std::process::id()))
        };
        let (scratch, binary, input) = (temp("folder"), temp("walk"), temp("walk.in"));
        // A shell script stands in for the example's binary.
        std::fs::write(
            &binary,
            "#!/bin/sh\nread word; echo \"no $word\" >&2; exit 3\n",
        )
        .unwrap();
        let runnable = Command::new("chmod").arg("+x").arg(&binary).status();
        assert!(runnable.is_ok_and(|s| s.success()));
        std::fs::write(&input, "luck\n").unwrap();
        let example = Example {
            package: "toy".into(),
            name: "walk".into(),
            input: Some(input.clone()),
        };
        let failed = run(&binary, &example, &scratch);
        assert_eq!(
            failed,
            Err("walk of toy failed (exit status: 3): no luck".into())
        );
        assert_eq!(run(Path::new("/bin/true"), &example, &scratch), Ok(()));
        for file in [&binary, &input] {
            let _ = std::fs::remove_file(file);
        }
        let _ = std::fs::remove_dir_all(&scratch);
    }
}
