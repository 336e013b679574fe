//! The search alone, timed in the process: `cargo run --release -p rush-hour --example
//! card_times -- [--path|--count|--steps] [--runs N] FILE...`. Each board of each FILE is
//! solved again and again by one solver (as the binary's loop solves cases one after
//! another), at least N times (default 21) and for at least a fifth of a second. A board's
//! time is the CPU time of those searches divided by their number, from the thread's own
//! accounting (`/proc/thread-self/schedstat`, so that other processes on a busy machine
//! count for little; the system updates it at its clock ticks, hence the fifth of a
//! second), or the median wall time of one search where that file cannot be read. Prints one line per board (`FILE #K: ANSWER  TIME us`) and per
//! file the median and the worst board, in microseconds. It measures; nothing asserts a
//! time.

use std::time::Instant;

use rush_hour::case::Case;
use rush_hour::parse::parse_all;
use rush_hour::solve::{Options, Solver};

/// The thread's CPU time so far, in nanoseconds, if the system says.
fn cpu_nanos() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// One board's answer and time in microseconds over `runs` searches.
fn time(solver: &mut Solver, case: &Case, path: bool, runs: usize) -> Result<(i64, f64), String> {
    let mut walls = Vec::with_capacity(runs);
    let mut answer = -1;
    let cpu = cpu_nanos();
    let started = Instant::now();
    while walls.len() < runs || started.elapsed().as_secs_f64() < 0.2 {
        let started = Instant::now();
        let found = solver.solve(case, path).map_err(|e| e.to_string())?;
        walls.push(started.elapsed().as_secs_f64() * 1e6);
        answer = found.distance.map_or(-1, |d| d as i64);
    }
    walls.sort_by(f64::total_cmp);
    let micros = match (cpu, cpu_nanos()) {
        (Some(before), Some(after)) => {
            after.saturating_sub(before) as f64 / 1e3 / walls.len() as f64
        }
        _ => walls[walls.len() / 2],
    };
    Ok((answer, micros))
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let (mut options, mut runs, mut path, mut files) = (Options::default(), 21, false, Vec::new());
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--path" => path = true,
            "--count" => options.cluster = true,
            "--steps" => options.steps = true,
            "--runs" => {
                let n = args.next().ok_or("--runs needs a number")?;
                runs = n.parse().map_err(|e| format!("--runs {n}: {e}"))?;
            }
            _ => files.push(arg),
        }
    }
    let runs = runs.max(1);
    let clock = if cpu_nanos().is_some() {
        "CPU"
    } else {
        "wall, median"
    };
    let mut solver = Solver::new(&options);
    for file in &files {
        let text = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
        let cases = parse_all(&text).map_err(|e| format!("{file}: {e}"))?;
        let mut times = Vec::with_capacity(cases.len());
        for (k, case) in cases.iter().enumerate() {
            let (answer, micros) = time(&mut solver, case, path, runs)?;
            println!("{file} #{}: {answer:>3}  {micros:>9.1} us", k + 1);
            times.push((micros, k + 1));
        }
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        if let (Some(mid), Some(worst)) = (times.get(times.len() / 2), times.last()) {
            let total: f64 = times.iter().map(|m| m.0).sum();
            println!(
                "{file}: {} boards, {clock} us a search: median {:.1}, \
                 worst {:.1} (#{}), all {:.1}",
                times.len(),
                mid.0,
                worst.0,
                worst.1,
                total
            );
        }
    }
    Ok(())
}
