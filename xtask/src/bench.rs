//! `cargo xtask bench [CRATE [FILE...]] [--args 'ARGS[; ARGS...]'] [--files-only]
//! [--vs 'COMMAND'] [--vs-ignore WORD] [--runs N] [--timeout SECONDS]`: worst-case inputs, timed as whole processes, optionally
//! side by side with another program that reads the same format.
//!
//! **Inputs.** The crate's generated bench inputs, then each FILE (real data that stays
//! outside the project), each FILE once per `;`-separated group of `--args` (the binary's
//! arguments for it: `--keep-going --max-states 100000`, or `--sweep 5` with `/dev/null`
//! for a mode that reads no input); `--files-only` leaves the generated inputs out.
//!
//! **The other program.** `--vs 'COMMAND'` runs COMMAND on the same standard input, in
//! turn with ours. An input ours runs with arguments runs COMMAND only when COMMAND has the
//! word `{args}`, which stands for those arguments (and for nothing on an input without
//! any): a wrapper script can then take `--sweep 5` its own way. `--vs-ignore WORD` leaves
//! the lines whose first word is WORD out of the comparison of answers (a summary only
//! ours prints).
//!
//! It reports and asserts nothing about time; it fails only when our own binary fails or
//! (with `--vs`) when both programs ran and printed different answers.

use std::path::{Path, PathBuf};
use std::time::Duration;

use puzzle_frame::cli::{Args, Opt};
use puzzle_frame::testkit::BenchInput;

use crate::crates::{self, Puzzle};
use crate::judge::{first_difference, normalise};
use crate::measure::{self, Measured};
use crate::workspace::{build_release, project_root, target_dir};
use crate::Failure;

/// How long one run may take by default before it is stopped.
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
/// `--args 'ARGS[; ARGS...]'`: the binary's arguments for each FILE, one row per group.
pub const FILE_ARGS: Opt = Opt::valued(
    "--args",
    "'ARGS[; ARGS...]'",
    "our binary's arguments for each FILE; each ';'-separated group is one more row",
);
/// `--files-only`: no generated inputs.
pub const FILES_ONLY: Opt = Opt::flag(
    "--files-only",
    "only the FILEs given, not the crate's generated inputs",
);
/// `--vs-ignore WORD`: lines left out of the comparison of answers.
pub const VS_IGNORE: Opt = Opt::valued(
    "--vs-ignore",
    "WORD",
    "leave the lines whose first word is WORD out of the comparison of answers \
     (a summary only ours prints)",
);
/// `--timeout SECONDS`: how long one run may take.
pub const TIMEOUT: Opt = Opt::valued(
    "--timeout",
    "SECONDS",
    "stop a run after this long (default 120; a whole-space sweep can need more)",
);
/// The options `bench` takes.
pub const OPTIONS: &[Opt] = &[VS, RUNS, FILE_ARGS, FILES_ONLY, VS_IGNORE, TIMEOUT];

/// The word of a `--vs` command that stands for an input's arguments.
const ARGS_WORD: &str = "{args}";

struct Options {
    vs: Option<Vec<String>>,
    runs: usize,
    /// Input files given on the command line (real data that stays outside the project).
    files: Vec<PathBuf>,
    /// The groups of arguments each file runs with (one empty group without `--args`).
    file_args: Vec<Vec<String>>,
    /// Leave out the crate's generated inputs.
    files_only: bool,
    /// Lines with this first word are not compared.
    ignore: Option<String>,
    /// How long one run may take.
    limit: Duration,
}

/// The lines of `output` that are compared: [`normalise`]d, less those whose first word is
/// `ignore`.
fn compared(output: &[u8], ignore: Option<&str>) -> Vec<String> {
    let mut lines = normalise(output);
    if let Some(word) = ignore {
        lines.retain(|line| line.split_whitespace().next() != Some(word));
    }
    lines
}

/// The groups of `--args`: split at `;`, each at white space; one empty group for none.
fn arg_groups(value: Option<&str>) -> Result<Vec<Vec<String>>, String> {
    let Some(value) = value else {
        return Ok(vec![Vec::new()]);
    };
    let groups: Vec<Vec<String>> = value
        .split(';')
        .map(|group| group.split_whitespace().map(str::to_string).collect())
        .collect();
    if groups.iter().any(Vec::is_empty) {
        return Err(format!("--args '{value}' has an empty group"));
    }
    Ok(groups)
}

/// The other program's command for an input ours runs with `args`: `{args}` replaced by
/// them; `None` when the input has arguments and COMMAND has no `{args}` (it takes
/// standard input only).
fn vs_command(vs: &[String], args: &[String]) -> Option<Vec<String>> {
    if !args.is_empty() && !vs.iter().any(|w| w == ARGS_WORD) {
        return None;
    }
    Some(
        vs.iter()
            .flat_map(|w| match w == ARGS_WORD {
                true => args.to_vec(),
                false => vec![w.clone()],
            })
            .collect(),
    )
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
    let limit = match args.parsed::<u64>(&TIMEOUT).map_err(|e| usage(&e))? {
        None => LIMIT,
        Some(0) => return Err(usage("--timeout needs a positive number of seconds")),
        Some(n) => Duration::from_secs(n),
    };
    let file_args = arg_groups(args.value(&FILE_ARGS)).map_err(|e| usage(&e))?;
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
    let files_only = args.flag(&FILES_ONLY);
    if (files_only || args.value(&FILE_ARGS).is_some()) && files.is_empty() {
        return Err(usage(
            "--args and --files-only are for FILEs: name them (bench CRATE FILE...)",
        ));
    }
    Ok((
        chosen,
        Options {
            vs,
            runs,
            files,
            file_args,
            files_only,
            ignore: args.value(&VS_IGNORE).map(str::to_string),
            limit,
        },
    ))
}

/// An input written to a file: its name, the binary's arguments, the file, its bytes.
type Written = (String, Vec<String>, PathBuf, usize);

/// Writes `puzzle`'s bench inputs into `dir` (made if missing), each as `NAME.in`.
fn write_inputs(puzzle: &Puzzle, dir: &Path) -> std::io::Result<Vec<Written>> {
    std::fs::create_dir_all(dir)?;
    (puzzle.kit.bench_inputs)()
        .into_iter()
        .map(|BenchInput { name, args, input }| {
            let path = dir.join(format!("{name}.in"));
            std::fs::write(&path, &input).map(|()| (name, args, path, input.len()))
        })
        .collect()
}

/// `xtask __bench-inputs DIR`: every crate's bench inputs (the list of [`crates::all`]),
/// written as `DIR/CRATE/NAME.in` with the binary's arguments, one a line, in
/// `DIR/CRATE/NAME.args`; for the tests that run each crate's largest inputs
/// (`xtask/tests/memory_every_crate.rs`).
pub fn write_every_input(args: &[String]) -> Result<(), String> {
    let [dir] = args else {
        return Err("usage: __bench-inputs DIR".into());
    };
    let dir = Path::new(dir);
    for puzzle in crates::all() {
        let folder = dir.join(puzzle.name);
        let failed = |e: std::io::Error| format!("cannot write {}: {e}", folder.display());
        for (name, args, _, _) in write_inputs(&puzzle, &folder).map_err(failed)? {
            let lines: String = args.iter().map(|a| format!("{a}\n")).collect();
            std::fs::write(folder.join(format!("{name}.args")), lines).map_err(failed)?;
        }
    }
    Ok(())
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
    let mut inputs = match options.files_only {
        true => Vec::new(),
        false => write_inputs(puzzle, &dir)?,
    };
    for file in &options.files {
        let bytes = std::fs::metadata(file)
            .map_err(|e| Failure::Usage(format!("cannot read {}: {e}", file.display())))?
            .len();
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        for args in &options.file_args {
            let row = std::iter::once(name.clone()).chain(args.iter().cloned());
            let row: Vec<String> = row.collect();
            inputs.push((row.join(" "), args.clone(), file.clone(), bytes as usize));
        }
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
        // An input our binary reads only with options is in no judge's format, unless the
        // other command takes them.
        let vs = options.vs.as_ref().and_then(|vs| vs_command(vs, args));
        let mut other_note: Option<String> = vs
            .is_none()
            .then(|| format!("not run: ours needs `{}`", args.join(" ")));
        for _ in 0..options.runs {
            ours.runs.push(run_one(&ours_cmd, path, options.limit)?);
            if let (Some(vs), None) = (&vs, &other_note) {
                let m = run_one(vs, path, options.limit)?;
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
                let ignore = options.ignore.as_deref();
                let (want, got) = (compared(&a.stdout, ignore), compared(&b.stdout, ignore));
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

fn run_one(command: &[String], input: &Path, limit: Duration) -> Result<Measured, Failure> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| Failure::Usage("empty command".into()))?;
    measure::run_isolated(program, args, input, limit)
        .map_err(|e| Failure::Failed(format!("cannot run `{}`: {e}", command.join(" "))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn args_groups_split_at_semicolons() {
        assert_eq!(arg_groups(None), Ok(vec![Vec::<String>::new()]));
        assert_eq!(
            arg_groups(Some("--sweep 5; --sweep 5 --walls 1")),
            Ok(vec![words("--sweep 5"), words("--sweep 5 --walls 1")])
        );
        assert_eq!(
            arg_groups(Some("--keep-going --max-states 100")),
            Ok(vec![words("--keep-going --max-states 100")])
        );
        assert!(arg_groups(Some("--sweep 5;")).is_err());
        assert!(arg_groups(Some(" ")).is_err());
    }

    #[test]
    fn the_other_command_takes_arguments_only_where_it_says() {
        let plain = words("other --fast");
        assert_eq!(vs_command(&plain, &[]), Some(plain.clone()));
        assert_eq!(vs_command(&plain, &words("--sweep 5")), None);
        let taking = words("wrap {args} --quiet");
        assert_eq!(vs_command(&taking, &[]), Some(words("wrap --quiet")));
        assert_eq!(
            vs_command(&taking, &words("--sweep 5 --walls 1")),
            Some(words("wrap --sweep 5 --walls 1 --quiet"))
        );
    }

    #[test]
    fn ignored_lines_are_not_compared() {
        let ours = b"20 BOARD 299\n19 OTHER 12\nboards 5, clusters 2\n";
        let theirs = b"20 BOARD 299\n19 OTHER 12\n";
        assert_eq!(
            compared(ours, Some("boards")),
            compared(theirs, Some("boards"))
        );
        assert_ne!(compared(ours, None), compared(theirs, None));
        assert_eq!(compared(b"boards x\n20 B 1\n", Some("20")), ["boards x"]);
    }

    fn parsed(line: &str) -> Result<Options, Failure> {
        let args = puzzle_frame::cli::parse_args(line.split_whitespace(), OPTIONS)
            .map_err(Failure::Usage)?;
        parse(&args).map(|(_, options)| options)
    }

    #[test]
    fn file_arguments_need_files() {
        let options = parsed("rush-hour /dev/null --files-only --args --sweep=4").unwrap();
        assert!(options.files_only);
        assert_eq!(options.files, [PathBuf::from("/dev/null")]);
        assert_eq!(options.file_args, [words("--sweep=4")]);
        for line in ["rush-hour --files-only", "rush-hour --args --count"] {
            assert!(matches!(parsed(line), Err(Failure::Usage(_))), "{line}");
        }
    }
}
