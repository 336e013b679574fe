//! `cargo xtask bench [CRATE] [--vs 'COMMAND'] [--runs N]`: worst-case inputs, timed as
//! whole processes, optionally side by side with another program that reads the same format.
//!
//! It reports and asserts nothing about time; it fails only when our own binary fails or
//! (with `--vs`) when both programs ran and printed different answers.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::judge::{first_difference, normalise};
use crate::kits::{self, Kit};
use crate::measure::{self, Measured};
use crate::workspace::{build_release, project_root, target_dir};
use crate::Failure;

const LIMIT: Duration = Duration::from_secs(120);

struct Options {
    crate_name: Option<String>,
    vs: Option<Vec<String>>,
    runs: usize,
    /// Input files given on the command line (real data that stays outside the project).
    files: Vec<PathBuf>,
}

pub fn run(args: &[String]) -> Result<(), Failure> {
    let options = parse(args)?;
    let chosen: Vec<Kit> = match &options.crate_name {
        None => kits::all(),
        Some(name) => vec![kits::find(name).ok_or_else(|| {
            let names: Vec<_> = kits::all().iter().map(|k| k.name).collect();
            Failure::Usage(format!(
                "unknown crate '{name}' (one of: {})",
                names.join(", ")
            ))
        })?],
    };
    let root = project_root();
    let names: Vec<&str> = chosen.iter().map(|k| k.name).collect();
    let binaries = build_release(&root, &names)?;
    let mut problems = Vec::new();
    for (kit, binary) in chosen.iter().zip(&binaries) {
        bench_crate(&root, kit, binary, &options, &mut problems)?;
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

fn parse(args: &[String]) -> Result<Options, Failure> {
    let mut options = Options {
        crate_name: None,
        vs: None,
        runs: 5,
        files: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--vs" => {
                let command = it
                    .next()
                    .ok_or_else(|| Failure::Usage("--vs needs a command".into()))?;
                let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
                if words.is_empty() {
                    return Err(Failure::Usage("--vs needs a command".into()));
                }
                options.vs = Some(words);
            }
            "--input" => {
                let file = it
                    .next()
                    .ok_or_else(|| Failure::Usage("--input needs a file".into()))?;
                options.files.push(PathBuf::from(file));
            }
            "--runs" => {
                options.runs = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|&n: &usize| n > 0)
                    .ok_or_else(|| Failure::Usage("--runs needs a positive whole number".into()))?;
            }
            other if other.starts_with('-') => {
                return Err(Failure::Usage(format!(
                    "unknown option '{other}' for bench"
                )))
            }
            other if options.crate_name.is_none() => options.crate_name = Some(other.to_string()),
            other => return Err(Failure::Usage(format!("unexpected argument '{other}'"))),
        }
    }
    if (options.vs.is_some() || !options.files.is_empty()) && options.crate_name.is_none() {
        return Err(Failure::Usage(
            "--vs and --input are for one crate: name it (bench CRATE --vs 'COMMAND')".into(),
        ));
    }
    Ok(options)
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
    kit: &Kit,
    binary: &Path,
    options: &Options,
    problems: &mut Vec<String>,
) -> Result<(), Failure> {
    let dir = target_dir(root).join("bench").join(kit.name);
    std::fs::create_dir_all(&dir)?;
    let inputs = (kit.bench_inputs)()
        .into_iter()
        .map(|(name, args, text)| {
            let path = dir.join(format!("{name}.in"));
            std::fs::write(&path, &text).map(|()| (name, args, path, text.len()))
        })
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
        kit.name,
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
            problems.push(format!("{}: our binary failed on {name}: {f}", kit.name));
        }
        if other_note.is_none() && options.vs.is_some() && !other.runs.is_empty() {
            if let (Some(a), Some(b)) = (ours.runs.first(), other.runs.first()) {
                let (want, got) = (normalise(&a.stdout), normalise(&b.stdout));
                if let Some(why) = first_difference(&want, &got) {
                    other_note = Some("answers differ".into());
                    problems.push(format!(
                        "{}: {name}: the answers differ (ours, then theirs): {why}",
                        kit.name
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
