//! `cargo xtask stress <CRATE> [--cases N] [--seed S] [--max-size K]`: random instances,
//! solver against brute force, in process; the first failure is shrunk and saved as a case.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use grid_common::rng::Rng;

use crate::kits::{self, Kit};
use crate::workspace::{project_root, relative};
use crate::Failure;

/// The options of a stress run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// How many random instances.
    pub cases: usize,
    /// The seed of the first instance.
    pub seed: u64,
    /// The largest board size the generator may reach.
    pub max_size: usize,
}

/// A failing input, shrunk.
#[derive(Clone, Debug)]
pub struct Found {
    /// Which instance failed first (0-based).
    pub instance: usize,
    /// The original failing input.
    pub original: String,
    /// The smallest failing input found.
    pub shrunk: String,
    /// What disagreed on the shrunk input.
    pub why: String,
}

pub fn run(args: &[String]) -> Result<(), Failure> {
    let (name, options) = parse(args)?;
    let kit = kits::find(&name).ok_or_else(|| {
        let names: Vec<_> = kits::all().iter().map(|k| k.name).collect();
        Failure::Usage(format!(
            "unknown crate '{name}' (one of: {})",
            names.join(", ")
        ))
    })?;
    println!(
        "stress {}: {} instances, seed {}, sizes up to {}",
        kit.name, options.cases, options.seed, options.max_size
    );
    let started = Instant::now();
    let mut last_report = Instant::now();
    let outcome = hunt(kit, options, |done, checked| {
        if last_report.elapsed() >= Duration::from_secs(1) || done == options.cases {
            last_report = Instant::now();
            let rate = done as f64 / started.elapsed().as_secs_f64().max(1e-9);
            println!(
                "  {done}/{} instances ({checked} cases), {rate:.0} instances/s",
                options.cases
            );
        }
    });
    match outcome {
        Ok(cases) => {
            println!(
                "stress {}: {} instances ({cases} cases) in {:.1}s: 0 disagreements\nstress: {} passed, 0 failed",
                kit.name,
                options.cases,
                started.elapsed().as_secs_f64(),
                options.cases
            );
            Ok(())
        }
        Err(found) => {
            let saved = save_case(kit.name, options.seed, &found)?;
            Err(Failure::Failed(format!(
                "stress {}: instance {} (seed {}) disagrees.\n\nshrunk from {} to {} bytes:\n{}\n{}\n\nsaved as {saved}; run `cargo xtask regen {}` to add its snapshot, then fix the solver",
                kit.name,
                found.instance,
                options.seed,
                found.original.len(),
                found.shrunk.len(),
                indent(&found.shrunk),
                found.why,
                kit.name
            )))
        }
    }
}

fn parse(args: &[String]) -> Result<(String, Options), Failure> {
    let mut name = None;
    let mut options = Options {
        cases: 1000,
        seed: 1,
        max_size: 8,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |flag: &str| {
            it.next()
                .and_then(|v| v.parse::<u64>().ok())
                .ok_or_else(|| Failure::Usage(format!("{flag} needs a whole number")))
        };
        match arg.as_str() {
            "--cases" => options.cases = value("--cases")? as usize,
            "--seed" => options.seed = value("--seed")?,
            "--max-size" => options.max_size = (value("--max-size")? as usize).max(1),
            other if other.starts_with('-') => {
                return Err(Failure::Usage(format!(
                    "unknown option '{other}' for stress"
                )))
            }
            other if name.is_none() => name = Some(other.to_string()),
            other => return Err(Failure::Usage(format!("unexpected argument '{other}'"))),
        }
    }
    let name = name.ok_or_else(|| {
        Failure::Usage(
            "stress needs a crate: stress <CRATE> [--cases N] [--seed S] [--max-size K]".into(),
        )
    })?;
    Ok((name, options))
}

/// The instance generator of instance `i`: its own seed, so any instance can be replayed alone.
fn rng_for(seed: u64, i: usize) -> Rng {
    let mut mix = Rng::new(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    Rng::new(mix.next_u64())
}

/// The board size of instance `i`: ramps from 1 up to `max_size` over the run.
fn size_for(i: usize, options: Options) -> usize {
    1 + i * options.max_size / options.cases.max(1)
}

/// Checks an input, turning a panic into a disagreement.
pub fn check(kit: Kit, input: &str) -> Result<usize, String> {
    match catch_unwind(AssertUnwindSafe(|| (kit.check_input)(input))) {
        Ok(result) => result,
        Err(panic) => Err(format!(
            "the check panicked: {}",
            panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)")
        )),
    }
}

/// Runs the instances; Ok(cases checked) or the first failure, shrunk.
pub fn hunt(
    kit: Kit,
    options: Options,
    mut progress: impl FnMut(usize, usize),
) -> Result<usize, Found> {
    let mut checked = 0;
    let quiet = QuietPanics::new();
    for i in 0..options.cases {
        let input = (kit.random_input)(&mut rng_for(options.seed, i), size_for(i, options));
        match check(kit, &input) {
            Ok(n) => checked += n,
            Err(why) => {
                let (shrunk, why) = shrink(kit, input.clone(), why);
                drop(quiet);
                return Err(Found {
                    instance: i,
                    original: input,
                    shrunk,
                    why,
                });
            }
        }
        progress(i + 1, checked);
    }
    Ok(checked)
}

/// Greedy shrinking: take the first smaller variant that still fails, until none does.
pub fn shrink(kit: Kit, mut input: String, mut why: String) -> (String, String) {
    let mut rounds = 0;
    'outer: while rounds < 10_000 {
        rounds += 1;
        for candidate in (kit.shrink_input)(&input) {
            if candidate.len() > input.len() || candidate == input {
                continue;
            }
            if let Err(reason) = check(kit, &candidate) {
                input = candidate;
                why = reason;
                continue 'outer;
            }
        }
        break;
    }
    (input, why)
}

fn save_case(crate_name: &str, seed: u64, found: &Found) -> Result<String, Failure> {
    let root = project_root();
    let dir: PathBuf = root.join(crate_name).join("tests/cases");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("stress-seed{seed}-instance{}.in", found.instance));
    std::fs::write(&path, &found.shrunk)?;
    Ok(relative(&path, &root))
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Silences the default panic message while stress catches panics, and restores it after.
struct QuietPanics;

impl QuietPanics {
    fn new() -> QuietPanics {
        std::panic::set_hook(Box::new(|_| {}));
        QuietPanics
    }
}

impl Drop for QuietPanics {
    fn drop(&mut self) {
        let _ = std::panic::take_hook();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy puzzle whose "solver" is wrong whenever the input holds two `x` or more.
    fn toy() -> Kit {
        Kit {
            name: "toy",
            random_input: |rng, size| {
                (0..size * 4)
                    .map(|_| *rng.choose(&['a', 'b', 'x']))
                    .collect()
            },
            check_input: |input| match input.matches('x').count() {
                0 | 1 => Ok(1),
                n => Err(format!("{n} x's")),
            },
            shrink_input: |input| {
                (0..input.len())
                    .map(|i| format!("{}{}", &input[..i], &input[i + 1..]))
                    .collect()
            },
            bench_inputs: Vec::new,
        }
    }

    #[test]
    fn finds_the_first_failure_and_shrinks_it_to_the_smallest() {
        let options = Options {
            cases: 200,
            seed: 5,
            max_size: 6,
        };
        let found = hunt(toy(), options, |_, _| {}).unwrap_err();
        assert!(found.original.matches('x').count() >= 2);
        assert_eq!(found.shrunk, "xx");
        assert_eq!(found.why, "2 x's");
        // Every earlier instance passed: the failure is the first one.
        for i in 0..found.instance {
            let input = (toy().random_input)(&mut rng_for(5, i), size_for(i, options));
            assert!((toy().check_input)(&input).is_ok());
        }
    }

    #[test]
    fn a_panicking_check_is_a_failure_not_a_crash() {
        let mut kit = toy();
        kit.check_input = |input| {
            assert!(!input.contains("bb"), "planted panic");
            Ok(1)
        };
        let _quiet = QuietPanics::new();
        let why = check(kit, "abba").unwrap_err();
        assert!(why.contains("planted panic"), "{why}");
    }

    #[test]
    fn sizes_ramp_up_to_the_maximum() {
        let options = Options {
            cases: 10,
            seed: 1,
            max_size: 5,
        };
        let sizes: Vec<_> = (0..10).map(|i| size_for(i, options)).collect();
        assert_eq!(sizes.first(), Some(&1));
        assert_eq!(sizes.last(), Some(&5));
        assert!(sizes.windows(2).all(|w| w[0] <= w[1]));
    }

    /// bloxorz with a planted bug: the real solver run on the board with every `E` made
    /// rigid, which lets the box stand on `E`; checked against the real reference.
    fn bloxorz_standing_on_fragile_cells() -> Kit {
        Kit {
            check_input: |input| {
                let boards = bloxorz::parse_all(input.as_bytes()).map_err(|e| e.to_string())?;
                for board in &boards {
                    let rigid = board.to_input().replace('E', ".");
                    let planted =
                        bloxorz::parse_all(rigid.as_bytes()).map_err(|e| e.to_string())?;
                    let planted = bloxorz::solve(&planted[0]).map(|rolls| rolls.len());
                    let truth = bloxorz::reference::min_rolls(board);
                    if planted != truth {
                        return Err(format!("solver {planted:?}, reference {truth:?}"));
                    }
                }
                Ok(boards.len())
            },
            ..crate::kits::find("bloxorz").expect("bloxorz has a kit")
        }
    }

    #[test]
    fn catches_a_planted_bug_in_a_real_solver_and_shrinks_it() {
        let options = Options {
            cases: 3000,
            seed: 1,
            max_size: 10,
        };
        let found = hunt(bloxorz_standing_on_fragile_cells(), options, |_, _| {}).unwrap_err();
        let shrunk = bloxorz::parse_all(found.shrunk.as_bytes()).unwrap();
        assert_eq!(shrunk.len(), 1, "shrunk to one case:\n{}", found.shrunk);
        let grid = shrunk[0].grid();
        assert!(
            grid.rows() * grid.cols() <= 12,
            "shrunk to a small board:\n{}",
            found.shrunk
        );
        assert!(found.shrunk.len() < found.original.len());
        assert!(
            found.shrunk.contains('E'),
            "the bug needs an E cell:\n{}",
            found.shrunk
        );
        // The shrunk case still shows the planted bug, and the real solver gets it right.
        assert!(check(bloxorz_standing_on_fragile_cells(), &found.shrunk).is_err());
        assert_eq!(
            check(crate::kits::find("bloxorz").unwrap(), &found.shrunk),
            Ok(1)
        );
    }
}
