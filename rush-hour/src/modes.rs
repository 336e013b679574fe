//! The binary's modes: `--sweep N` (Fogleman's whole space; it reads no input, a typed
//! option read once with the others), or the shared loop.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use crate::sweep::options::{CHECKPOINT, STOP_AFTER, SWEEP, SWEEP_OPTIONS, THREADS, WALLS};
use crate::sweep::{format_line, format_summary, sweep, Progress, SweepOptions, SweepOutcome};
use crate::{solve, RushHour};
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::cli::{Args, RunResult, Settings as Shared, Stop};
use puzzle_frame::puzzle::Binary;

/// Rush Hour's options, read once from the command line: the solver's, and `--sweep`'s.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The solver's settings (`--steps`, `--count`).
    pub solver: solve::Options,
    /// `--sweep N` and the options that go with it.
    pub sweep: Option<SweepOptions>,
}

/// The typed options of `--sweep N`, `None` without it. With it, no other option of the
/// binary and no input file; without it, none of the options that go with it.
pub fn sweep_options(args: &Args) -> Result<Option<SweepOptions>, String> {
    args.only_with(&SWEEP, &SWEEP_OPTIONS)?;
    let Some(size) = args.parsed::<usize>(&SWEEP)? else {
        let sweep_only = SWEEP_OPTIONS[..4].iter();
        return match sweep_only.into_iter().find(|o| args.value(o).is_some()) {
            Some(opt) => Err(format!("{} goes with --sweep", opt.name)),
            None => Ok(None),
        };
    };
    if !(3..=8).contains(&size) {
        return Err(format!("--sweep {size}: the side must be 3 to 8"));
    }
    if let Some(extra) = args.positionals.first() {
        return Err(format!("unexpected argument '{extra}' with --sweep"));
    }
    let mut options = SweepOptions::new(size, args.parsed(&WALLS)?.unwrap_or(0));
    if let Some(threads) = args.parsed::<usize>(&THREADS)? {
        if threads == 0 {
            return Err("--threads 0: at least one worker".to_string());
        }
        options.threads = threads;
    }
    options.checkpoint = args.value(&CHECKPOINT).map(Into::into);
    options.stop_after_chunks = args.parsed(&STOP_AFTER)?;
    if options.stop_after_chunks.is_some() && options.checkpoint.is_none() {
        return Err("--stop-after needs --checkpoint DIR (where the run continues)".to_string());
    }
    Ok(Some(options))
}

impl Binary for RushHour {
    /// `--sweep`, or the shared loop.
    fn run(options: Settings, shared: Shared, input: &[u8], out: &mut dyn Write) -> RunResult {
        match &options.sweep {
            Some(sweep) => run_sweep(sweep, shared.budget, out),
            None => puzzle_frame::answer::answer_cases::<RushHour>(&options, shared, input, out),
        }
    }
}

/// The sweep: its lines and summary once it is done; a run stopped by `--stop-after` says
/// how to continue it (exit 1).
fn run_sweep(options: &SweepOptions, budget: MemoryBudget, out: &mut dyn Write) -> RunResult {
    let mut progress = progress_printer(options.size);
    match sweep(options, budget, &mut progress) {
        Ok(SweepOutcome::Done(report)) => {
            for line in &report.lines {
                writeln!(out, "{}", format_line(line))?;
            }
            writeln!(out, "{}", format_summary(&report))?;
            Ok(Ok(()))
        }
        Ok(SweepOutcome::Stopped {
            chunks_done,
            chunks_total,
        }) => Ok(Err(Stop::Paused(format!(
            "stopped after {chunks_done} of {chunks_total} chunks (--stop-after); run again \
             with the same --checkpoint to continue"
        )))),
        Err(e) => Ok(Err(Stop::Limit(e.to_string()))),
    }
}

/// The progress line on standard error: rewritten in place on a terminal, else a line
/// every ten seconds; and a line per chunk finished (its boards, CPU and wall time).
fn progress_printer(size: usize) -> impl FnMut(&Progress) {
    let terminal = std::io::stderr().is_terminal();
    let every = Duration::from_millis(if terminal { 500 } else { 10_000 });
    let mut shown = Instant::now();
    move |p: &Progress| {
        for chunk in &p.finished {
            let cpu = chunk
                .cpu
                .map_or("?".to_string(), |c| format!("{:.2} s", c.as_secs_f64()));
            let clear = if terminal { "\r\x1b[2K" } else { "" };
            eprintln!(
                "{clear}sweep {size}x{size}: chunk {} done, {} boards, {cpu} CPU, {:.2} s wall",
                chunk.index,
                chunk.boards,
                chunk.wall.as_secs_f64()
            );
        }
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
