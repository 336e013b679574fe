//! The binary's modes (the one documented exception to the shared loop): `--hardest`
//! answers each case with the census of its blocks ([`crate::layouts::mode`]), `--sweep R C`
//! reads no input and runs every block set of a box; otherwise the shared loop.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use crate::layouts::{census_lines, sweep};
use crate::{solve, Klotski};
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::cli::{Printing, RunResult, Settings as Shared, Stop};
use puzzle_frame::puzzle::Binary;

/// Klotski's options, read once from the command line: the solver's, and `--sweep`'s box.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The solver's settings (`--count`, `--max-states`, `--hardest`).
    pub solver: solve::Options,
    /// `--sweep R C`: the box's rows and columns.
    pub sweep: Option<(usize, usize)>,
}

/// The box of `--sweep R C` from its two values: a box of at least 2 rows and 2 columns,
/// 6 to 64 cells; no input file beside it.
pub fn sweep_box(values: &str, positionals: &[String]) -> Result<(usize, usize), String> {
    let mut sizes = values.split(' ');
    let mut size = |what: &str| -> Result<usize, String> {
        let text = sizes.next().unwrap_or_default();
        text.parse::<usize>()
            .map_err(|_| format!("invalid value '{text}' for --sweep's {what}"))
    };
    let (rows, cols) = (size("rows")?, size("columns")?);
    if rows < 2 || cols < 2 || rows * cols > crate::MAX_CELLS || rows * cols < 6 {
        return Err(format!(
            "--sweep {rows} {cols}: a box of at least 2 rows and 2 columns, 6 to 64 cells"
        ));
    }
    if let Some(extra) = positionals.first() {
        return Err(format!("unexpected argument '{extra}' with --sweep"));
    }
    Ok((rows, cols))
}

impl Binary for Klotski {
    /// `--sweep`, `--hardest`, or the shared loop.
    fn run(options: Settings, shared: Shared, input: &[u8], out: &mut dyn Write) -> RunResult {
        if let Some((rows, cols)) = options.sweep {
            return Ok(run_sweep(rows, cols, shared.budget, out)?.map_err(Stop::Limit));
        }
        if options.solver.hardest {
            let solver = solve::Options {
                budget: shared.budget.without(input.len() as u64),
                ..options.solver
            };
            let printing = Printing::of(&shared);
            return crate::layouts::mode::hardest(solver, printing, input, out);
        }
        puzzle_frame::answer::answer_cases::<Klotski>(&options, shared, input, out)
    }
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
    let threads = sweep::threads();
    let done = sweep::each_census((rows, cols), &sets, budget, threads, |i, pieces, census| {
        let set = &sets[i];
        let census = match census {
            Ok(census) => census,
            Err(e) => return Err(Ok(format!("block set {}: {e}", sweep::set_name(set)))),
        };
        writeln!(out, "{}", sweep::set_line(set, &census)).map_err(Err)?;
        total.add(pieces, &census);
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
        Ok(())
    });
    match done {
        Err(Ok(limit)) => return Ok(Err(limit)),
        Err(Err(e)) => return Err(e),
        Ok(()) => {}
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
