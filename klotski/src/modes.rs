//! The binary's `--sweep R C` mode (every block set of a box; it reads no input).

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use klotski::layouts::{census_lines, sweep};
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::cli::{self, EXIT_BAD_INPUT, EXIT_LIMIT};

/// `klotski --sweep R C [--max-memory SIZE]`, when the arguments hold `--sweep`: the exit
/// code; `None` otherwise (the usual modes).
pub fn sweep_main() -> Option<ExitCode> {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let at = args.iter().position(|a| a == "--sweep")?;
    let bad = |message: String| {
        eprintln!("error: {message}");
        eprintln!("hint: run 'klotski --help' for the usage");
        Some(ExitCode::from(EXIT_BAD_INPUT))
    };
    let size = |k: usize, what: &str| -> Result<usize, String> {
        let text = args.get(at + k).ok_or("--sweep needs two values: R C")?;
        text.parse::<usize>()
            .map_err(|_| format!("invalid value '{text}' for --sweep's {what}"))
    };
    let (rows, cols) = match (size(1, "rows"), size(2, "columns")) {
        (Ok(r), Ok(c)) => (r, c),
        (Err(e), _) | (_, Err(e)) => return bad(e),
    };
    if rows < 2 || cols < 2 || rows * cols > klotski::MAX_CELLS || rows * cols < 6 {
        return bad(format!(
            "--sweep {rows} {cols}: a box of at least 2 rows and 2 columns, 6 to 64 cells"
        ));
    }
    let rest: Vec<&String> = args[..at].iter().chain(&args[at + 3..]).collect();
    let parsed = match cli::parse_args(rest, &[cli::MAX_MEMORY]) {
        Ok(parsed) => parsed,
        Err(e) => return bad(e),
    };
    if let Some(extra) = parsed.positionals.first() {
        return bad(format!("unexpected argument '{extra}' with --sweep"));
    }
    let budget = match cli::memory_budget(&parsed) {
        Ok(budget) => budget,
        Err(e) => return bad(e),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let code = match run_sweep(rows, cols, budget, &mut out) {
        Ok(Ok(())) => 0,
        Ok(Err(message)) => {
            let _ = out.flush();
            eprintln!("error: {message}");
            EXIT_LIMIT
        }
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            EXIT_LIMIT
        }
    };
    Some(ExitCode::from(code))
}

/// The sweep, its lines written as each block set is done; a progress line on standard
/// error (rewritten in place on a terminal, else a line every ten seconds).
fn run_sweep(
    rows: usize,
    cols: usize,
    budget: MemoryBudget,
    out: &mut dyn Write,
) -> std::io::Result<Result<(), String>> {
    let sets = sweep::block_sets(rows, cols);
    let terminal = std::io::stderr().is_terminal();
    let every = Duration::from_millis(if terminal { 250 } else { 10_000 });
    let started = Instant::now();
    let mut shown = Instant::now();
    let mut total = sweep::Totals::default();
    for (i, set) in sets.iter().enumerate() {
        let pieces = sweep::pieces(rows, cols, set);
        let census = match pieces.census(1, budget) {
            Ok(census) => census,
            Err(e) => return Ok(Err(format!("block set {}: {e}", sweep::set_name(set)))),
        };
        writeln!(out, "{}", sweep::set_line(set, &census))?;
        total.add(&pieces, &census);
        if shown.elapsed() >= every {
            shown = Instant::now();
            let line = format!(
                "sweep {rows}x{cols}: {}/{} block sets, {} layouts, {:.0} s",
                i + 1,
                sets.len(),
                total.layouts,
                started.elapsed().as_secs_f64()
            );
            if terminal {
                eprint!("\r{line}");
            } else {
                eprintln!("{line}");
            }
        }
    }
    if terminal && started.elapsed() >= every {
        eprintln!();
    }
    write!(
        out,
        "{}",
        census_lines(total.layouts, total.groups, total.solvable, total.hardest)
    )?;
    if let Some(case) = &total.first_hardest {
        write!(out, "{case}")?;
    }
    Ok(Ok(()))
}
