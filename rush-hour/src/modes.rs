//! The binary's `--sweep N` mode (Fogleman's whole space; it reads no input).

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use puzzle_frame::cli::{self, EXIT_BAD_INPUT, EXIT_LIMIT};
use rush_hour::sweep::options::{CHECKPOINT, STOP_AFTER, SWEEP, SWEEP_OPTIONS, THREADS, WALLS};
use rush_hour::sweep::{format_line, format_summary, sweep, Progress, SweepOptions, SweepOutcome};

/// `rush-hour --sweep N [...]`, when the arguments hold `--sweep`: the exit code; `None`
/// otherwise (the usual modes).
pub fn sweep_main() -> Option<ExitCode> {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if !args
        .iter()
        .any(|a| a == SWEEP.name || a.starts_with("--sweep="))
    {
        return None;
    }
    let bad = |message: String| {
        eprintln!("error: {message}");
        eprintln!("hint: run 'rush-hour --help' for the usage");
        Some(ExitCode::from(EXIT_BAD_INPUT))
    };
    let accepted: Vec<_> = std::iter::once(SWEEP).chain(SWEEP_OPTIONS).collect();
    let parsed = match cli::parse_args(&args, &accepted) {
        Ok(parsed) => parsed,
        Err(e) => return bad(e),
    };
    if let Some(extra) = parsed.positionals.first() {
        return bad(format!("unexpected argument '{extra}' with --sweep"));
    }
    let options = match sweep_options(&parsed) {
        Ok(options) => options,
        Err(e) => return bad(e),
    };
    let budget = match cli::Settings::from_args(&parsed).map(|settings| settings.budget) {
        Ok(budget) => budget,
        Err(e) => return bad(e),
    };
    let mut progress = progress_printer(options.size);
    let code = match sweep(&options, budget, &mut progress) {
        Ok(SweepOutcome::Done(report)) => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let written = report
                .lines
                .iter()
                .try_for_each(|line| writeln!(out, "{}", format_line(line)))
                .and_then(|()| writeln!(out, "{}", format_summary(&report)))
                .and_then(|()| out.flush());
            match written {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("error: cannot write the output: {e}");
                    EXIT_LIMIT
                }
            }
        }
        Ok(SweepOutcome::Stopped {
            chunks_done,
            chunks_total,
        }) => {
            eprintln!(
                "stopped after {chunks_done} of {chunks_total} chunks (--stop-after); run \
                 again with the same --checkpoint to continue"
            );
            EXIT_LIMIT
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_LIMIT
        }
    };
    Some(ExitCode::from(code))
}

/// The typed options of the sweep.
fn sweep_options(parsed: &cli::Args) -> Result<SweepOptions, String> {
    let size: usize = parsed.parsed(&SWEEP)?.ok_or("--sweep needs a value: N")?;
    if !(3..=8).contains(&size) {
        return Err(format!("--sweep {size}: the side must be 3 to 8"));
    }
    let mut options = SweepOptions::new(size, parsed.parsed(&WALLS)?.unwrap_or(0));
    if let Some(threads) = parsed.parsed::<usize>(&THREADS)? {
        if threads == 0 {
            return Err("--threads 0: at least one worker".to_string());
        }
        options.threads = threads;
    }
    options.checkpoint = parsed.value(&CHECKPOINT).map(Into::into);
    options.stop_after_chunks = parsed.parsed(&STOP_AFTER)?;
    if options.stop_after_chunks.is_some() && options.checkpoint.is_none() {
        return Err("--stop-after needs --checkpoint DIR (where the run continues)".to_string());
    }
    Ok(options)
}

/// The progress line on standard error: rewritten in place on a terminal, else a line
/// every ten seconds.
fn progress_printer(size: usize) -> impl FnMut(&Progress) {
    let terminal = std::io::stderr().is_terminal();
    let every = Duration::from_millis(if terminal { 500 } else { 10_000 });
    let mut shown = Instant::now();
    move |p: &Progress| {
        if shown.elapsed() < every {
            return;
        }
        shown = Instant::now();
        let left = p
            .eta()
            .map_or("?".to_string(), |d| format!("{:.0} s", d.as_secs_f64()));
        let line = format!(
            "sweep {size}x{size}: {}/{} chunks, {:.1}% of the boards, {:.0} s, about {left} left",
            p.chunks_done,
            p.chunks_total,
            100.0 * p.seeds_done as f64 / p.seeds_total.max(1) as f64,
            p.elapsed.as_secs_f64()
        );
        if terminal {
            eprint!("\r{line}");
        } else {
            eprintln!("{line}");
        }
    }
}
