//! `cargo xtask bench [CRATE [FILE...]] [--vs 'COMMAND'] [--runs N]`: worst-case inputs,
//! timed as whole processes, optionally side by side with another program that reads the
//! same format.
//!
//! It reports and asserts nothing about time; it fails only when our own binary fails or
//! (with `--vs`) when both programs ran and printed different answers.

use std::path::{Path, PathBuf};
use std::time::Duration;

use puzzle_frame::cli::{Args, Opt};

use crate::crates::{self, Puzzle};
use crate::judge::{first_difference, normalise};
use crate::measure::{self, Measured};
use crate::workspace::{build_release, project_root, target_dir};
use crate::Failure;

const LIMIT: Duration = Duration::from_secs(120);

/// The options of bench that take a value.
/// `--vs COMMAND`: another program to time on the same inputs.
pub const VS: Opt = Opt::valued(
    "--vs",
    "COMMAND",
    "another program that reads the same format",
);
/// `--runs N`: how many times each input runs.
pub const RUNS: Opt = Opt::valued("--runs", "N", "runs per input (default 5)");
/// The options `bench` takes.
pub const OPTIONS: &[Opt] = &[VS, RUNS];

struct Options {
    vs: Option<Vec<String>>,
    runs: usize,
    /// Input files given on the command line (real data that stays outside the project).
    files: Vec<PathBuf>,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let (chosen, options) = parse(args)?;
    let root = project_root();
    let names: Vec<&str> = chosen.iter().map(|p| p.name).collect();
    let binaries = build_release(&root, &names)?;
    let mut problems = Vec::new();
    for (puzzle, binary) in chosen.iter().zip(&binaries) {
        bench_crate(&root, puzzle, binary, &options, &mut problems)?;
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::Failed(format!(
            "bench:\n  {}",
            problems.join("\n  ")
        )))
    }
}

/// The crates to bench and the options.
fn parse(args: &Args) -> Result<(Vec<Puzzle>, Options), Failure> {
    let usage = |message: &str| Failure::Usage(format!("bench: {message}"));
    let vs = match args.value(&VS) {
        None => None,
        Some(command) => {
            let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
            if words.is_empty() {
                return Err(usage("--vs needs a command"));
            }
            Some(words)
        }
    };
    let runs = match args.parsed::<usize>(&RUNS).map_err(|e| usage(&e))? {
        None => 5,
        Some(0) => return Err(usage("--runs needs a positive whole number")),
        Some(n) => n,
    };
    let (chosen, files) = match args.positionals.split_first() {
        None => (crates::all(), Vec::new()),
        Some((name, files)) => (
            vec![crates::find(name)?],
            files.iter().map(PathBuf::from).collect(),
        ),
    };
    if vs.is_some() && chosen.len() > 1 {
        return Err(usage(
            "--vs is for one crate: name it (bench CRATE --vs 'COMMAND')",
        ));
    }
    Ok((chosen, Options { vs, runs, files }))
}

/// Times of one program on one input.
struct Series {
    runs: Vec<Measured>,
}

impl Series {
    fn millis(&self) -> Vec<f64> {
        let mut m: Vec<f64> = self
            .runs
            .iter()
            .map(|r| r.wall.as_secs_f64() * 1000.0)
            .collect();
        m.sort_by(f64::total_cmp);
        m
    }

    fn median(&self) -> f64 {
        let m = self.millis();
        match m.len() {
            0 => f64::NAN,
            n if n % 2 == 1 => m[n / 2],
            n => (m[n / 2 - 1] + m[n / 2]) / 2.0,
        }
    }

    fn summary(&self) -> String {
        let m = self.millis();
        format!(
            "{:.1} ({:.1}-{:.1})",
            self.median(),
            m.first().copied().unwrap_or(f64::NAN),
            m.last().copied().unwrap_or(f64::NAN)
        )
    }

    fn peak_mib(&self) -> f64 {
        self.runs.iter().map(|r| r.peak_kib).max().unwrap_or(0) as f64 / 1024.0
    }
}

fn bench_crate(
    root: &Path,
    puzzle: &Puzzle,
    binary: &Path,
    options: &Options,
    problems: &mut Vec<String>,
) -> Result<(), Failure> {
    let dir = target_dir(root).join("bench").join(puzzle.name);
    std::fs::create_dir_all(&dir)?;
    let inputs = (puzzle.kit.bench_inputs)()
        .into_iter()
        .map(
            |puzzle_frame::testkit::BenchInput {
                 name,
                 args,
                 input: text,
             }| {
                let path = dir.join(format!("{name}.in"));
                std::fs::write(&path, &text).map(|()| (name, args, path, text.len()))
            },
        )
        .collect::<Result<Vec<_>, _>>()?;
    let mut inputs = inputs;
    for file in &options.files {
        let bytes = std::fs::metadata(file)
            .map_err(|e| Failure::Usage(format!("cannot read {}: {e}", file.display())))?
            .len();
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        inputs.push((name, Vec::new(), file.clone(), bytes as usize));
    }
    println!(
        "\n{} ({} runs each{}; inputs in {})",
        puzzle.name,
        options.runs,
        options.vs.as_ref().map_or(String::new(), |v| format!(
            ", alternating with `{}`",
            v.join(" ")
        )),
        dir.display()
    );
    let name_width = inputs
        .iter()
        .map(|(n, _, _, _)| n.len())
        .max()
        .unwrap_or(5)
        .max(5);
    print!(
        "{:<name_width$}  {:>10}  {:>24}  {:>8}",
        "input", "bytes", "ours ms: median (min-max)", "peak MiB"
    );
    if options.vs.is_some() {
        print!(
            "  {:>25}  {:>8}  {:>7}",
            "other ms: median (min-max)", "peak MiB", "ratio"
        );
    }
    println!();
    for (name, args, path, bytes) in &inputs {
        let mut ours_cmd = vec![binary.to_string_lossy().into_owned()];
        ours_cmd.extend(args.iter().cloned());
        let mut ours = Series { runs: Vec::new() };
        let mut other = Series { runs: Vec::new() };
        // An input our binary reads only with options is in no judge's format.
        let mut other_note: Option<String> =
            (!args.is_empty()).then(|| format!("not run: ours needs `{}`", args.join(" ")));
        for _ in 0..options.runs {
            ours.runs.push(run_one(&ours_cmd, path)?);
            if let (Some(vs), None) = (&options.vs, &other_note) {
                let m = run_one(vs, path)?;
                if let Some(f) = &m.failure {
                    other_note = Some(format!("cannot take it ({f})"));
                }
                other.runs.push(m);
            }
        }
        if let Some(f) = ours.runs.iter().find_map(|r| r.failure.clone()) {
            problems.push(format!("{}: our binary failed on {name}: {f}", puzzle.name));
        }
        if other_note.is_none() && options.vs.is_some() && !other.runs.is_empty() {
            if let (Some(a), Some(b)) = (ours.runs.first(), other.runs.first()) {
                let (want, got) = (normalise(&a.stdout), normalise(&b.stdout));
                if let Some(why) = first_difference(&want, &got) {
                    other_note = Some("answers differ".into());
                    problems.push(format!(
                        "{}: {name}: the answers differ (ours, then theirs): {why}",
                        puzzle.name
                    ));
                }
            }
        }
        print!(
            "{name:<name_width$}  {bytes:>10}  {:>24}  {:>8.1}",
            ours.summary(),
            ours.peak_mib()
        );
        if options.vs.is_some() {
            match &other_note {
                Some(note) => print!("  {note}"),
                None => print!(
                    "  {:>25}  {:>8.1}  {:>6.2}x",
                    other.summary(),
                    other.peak_mib(),
                    other.median() / ours.median()
                ),
            }
        }
        println!();
    }
    Ok(())
}

fn run_one(command: &[String], input: &Path) -> Result<Measured, Failure> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| Failure::Usage("empty command".into()))?;
    measure::run_isolated(program, args, input, LIMIT)
        .map_err(|e| Failure::Failed(format!("cannot run `{}`: {e}", command.join(" "))))
}
