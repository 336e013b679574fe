//! `cargo xtask demo`: each puzzle's sample, solved and shown step by step.

use std::process::Command;

use puzzle_frame::cli::{Args, Opt};

/// `--html`: also write each sample's page.
pub const HTML: Opt = Opt::flag("--html", "write each sample's page under target/demo/");
/// The options `demo` takes.
pub const OPTIONS: &[Opt] = &[HTML];

use crate::workspace::{build_release, project_root};
use crate::{crates, positionals, Failure};

/// Builds the puzzle binaries and runs each on its statement sample with `--show`.
/// Its options are parsed in `main` (the `demo` entry of its task list).
pub fn run(args: &Args) -> Result<(), Failure> {
    positionals("demo", args, 0)?;
    let root = project_root();
    if args.flag(&HTML) {
        let pages = crate::browser::write_demo_pages(&root).map_err(Failure::Failed)?;
        println!("Each puzzle's sample as a page that plays its solution:");
        for page in pages {
            println!("  {}", page.display());
        }
        return Ok(());
    }
    let puzzles: Vec<&str> = crates::all().iter().map(|p| p.name).collect();
    let binaries = build_release(&root, &puzzles)?;
    for (puzzle, binary) in puzzles.into_iter().zip(binaries) {
        let sample = root.join(puzzle).join("tests/cases/sample.in");
        let Ok(input) = std::fs::File::open(&sample) else {
            println!("{puzzle}: no sample at {}", sample.display());
            continue;
        };
        let shown = std::fs::read_to_string(&sample).unwrap_or_default();
        println!("\n==================== {puzzle} ====================");
        println!("$ {puzzle} --show < {puzzle}/tests/cases/sample.in\n");
        println!("input:\n{}", indent(&shown));
        let status = Command::new(&binary).arg("--show").stdin(input).status()?;
        if !status.success() {
            return Err(Failure::Failed(format!(
                "{puzzle} failed on its sample: {status}"
            )));
        }
    }
    println!("\nEach binary reads the judge's format on stdin; `--help` lists its flags.");
    Ok(())
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}
