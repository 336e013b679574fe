//! `cargo xtask stress <CRATE> [--cases N] [--seed S] [--max-size K]`: random instances,
//! solver against brute force, in process; the first failure is shrunk and saved as a case.
//!
//! An instance passes only when its check compared at least one case: a run whose
//! instances all checked nothing fails. The shrinker keeps a smaller input only when it
//! fails the same way as the original ([`Failed`]'s kind): a disagreement is not traded
//! for a panic, a solver giving up, or an input that does not parse.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use puzzle_frame::cli::{Args, Opt};
use puzzle_frame::rng::Rng;

use crate::crates::{self, Kit};
use crate::workspace::{project_root, relative};
use crate::{positionals, Failure};

/// The options of stress that take a value.
/// `--cases N`: how many random instances.
pub const CASES: Opt = Opt::valued("--cases", "N", "how many random instances (default 1000)");
/// `--seed S`: the generator's seed.
pub const SEED: Opt = Opt::valued("--seed", "S", "the generator's seed (default 1)");
/// `--max-size K`: the largest board size the sizes ramp up to.
pub const MAX_SIZE: Opt = Opt::valued(
    "--max-size",
    "K",
    "the size instances ramp up to (default 8)",
);
/// The options `stress` takes.
pub const OPTIONS: &[Opt] = &[CASES, SEED, MAX_SIZE];

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

/// How a check failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failed {
    /// The solver and the reference disagree (or a printed path does not replay).
    Disagreement(String),
    /// The input does not parse: the check's message starts with `bad input`, or with
    /// `the input does not parse` (snake-maze's wording).
    BadInput(String),
    /// A solver gave up (a state limit, the memory budget, a board too large): the
    /// check's message says `gave up`, `over the memory budget` or `too large`.
    Limit(String),
    /// The check panicked: the panic's message.
    Panic(String),
}

impl Failed {
    /// The failure that `check_input`'s message describes.
    fn from_message(message: String) -> Failed {
        const BAD_INPUT: [&str; 2] = ["bad input", "the input does not parse"];
        const LIMIT: [&str; 3] = ["gave up", "over the memory budget", "too large"];
        if BAD_INPUT.iter().any(|p| message.starts_with(p)) {
            Failed::BadInput(message)
        } else if LIMIT.iter().any(|p| message.contains(p)) {
            Failed::Limit(message)
        } else {
            Failed::Disagreement(message)
        }
    }

    /// True when `other` is the same kind of failure (whatever its message).
    pub fn same_kind(&self, other: &Failed) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failed::Disagreement(m) | Failed::BadInput(m) | Failed::Limit(m) => write!(f, "{m}"),
            Failed::Panic(m) => write!(f, "the check panicked: {m}"),
        }
    }
}

/// A failing input, shrunk.
#[derive(Clone, Debug)]
pub struct Found {
    /// Which instance failed first (0-based).
    pub instance: usize,
    /// The original failing input.
    pub original: String,
    /// The smallest input found that fails the same way.
    pub shrunk: String,
    /// How the shrunk input fails.
    pub why: Failed,
}

/// What a run that found no failure checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases compared over all instances.
    pub cases: usize,
    /// Instances whose check compared no case at all.
    pub empty: usize,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let (name, options) = parse(args)?;
    let puzzle = crates::find(name)?;
    let kit = puzzle.kit;
    println!(
        "stress {}: {} instances, seed {}, sizes up to {}",
        puzzle.name, options.cases, options.seed, options.max_size
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
        Ok(tally) => {
            let empty = match tally.empty {
                0 => String::new(),
                n => format!("; {n} instances checked nothing"),
            };
            if let Some(message) = verdict(options.cases, tally) {
                return Err(Failure::Failed(format!(
                    "stress {}: {message}",
                    puzzle.name
                )));
            }
            println!(
                "stress {}: {} instances ({} cases) in {:.1}s: 0 disagreements{empty}\nstress: {} passed, 0 failed",
                puzzle.name,
                options.cases,
                tally.cases,
                started.elapsed().as_secs_f64(),
                options.cases - tally.empty
            );
            Ok(())
        }
        Err(found) => {
            let saved = save_case(puzzle.name, kit.args_for, options.seed, &found)?;
            Err(Failure::Failed(format!(
                "stress {}: instance {} (seed {}) fails.\n\nshrunk from {} to {} bytes:\n{}\n{}\n\nsaved as {saved}; run `cargo xtask regen {}` to add its snapshot, then fix the solver",
                puzzle.name,
                found.instance,
                options.seed,
                found.original.len(),
                found.shrunk.len(),
                indent(&found.shrunk),
                found.why,
                puzzle.name
            )))
        }
    }
}

/// Why a run without a failing instance still fails: nothing was checked at all.
fn verdict(instances: usize, tally: Tally) -> Option<String> {
    (instances > 0 && tally.cases == 0).then(|| {
        format!(
            "{} instances checked nothing: the testkit's check compared no case, so nothing was tested",
            tally.empty
        )
    })
}

fn parse(args: &Args) -> Result<(&str, Options), Failure> {
    let usage = |message: String| Failure::Usage(format!("stress: {message}"));
    let number = |opt: &Opt| args.parsed::<u64>(opt).map_err(usage);
    let [name] = positionals("stress", args, 1)? else {
        return Err(usage(
            "needs a crate: stress <CRATE> [--cases N] [--seed S] [--max-size K]".into(),
        ));
    };
    let size = |n: Option<u64>, default: usize| n.map_or(default, |n| n as usize);
    let options = Options {
        cases: size(number(&CASES)?, 1000),
        seed: number(&SEED)?.unwrap_or(1),
        max_size: size(number(&MAX_SIZE)?, 8).max(1),
    };
    Ok((name.as_str(), options))
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

/// Checks an input: `Ok(cases compared)`, or how it failed (a panic is caught).
pub fn check(kit: Kit, input: &str) -> Result<usize, Failed> {
    match catch_unwind(AssertUnwindSafe(|| (kit.check_input)(input))) {
        Ok(result) => result.map_err(Failed::from_message),
        Err(panic) => Err(Failed::Panic(
            panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)")
                .to_string(),
        )),
    }
}

/// Runs the instances; what they checked, or the first failure, shrunk.
pub fn hunt(
    kit: Kit,
    options: Options,
    mut progress: impl FnMut(usize, usize),
) -> Result<Tally, Found> {
    let mut tally = Tally::default();
    let quiet = QuietPanics::new();
    for i in 0..options.cases {
        let input = (kit.random_input)(&mut rng_for(options.seed, i), size_for(i, options));
        match check(kit, &input) {
            Ok(0) => tally.empty += 1,
            Ok(n) => tally.cases += n,
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
        progress(i + 1, tally.cases);
    }
    Ok(tally)
}

/// Greedy shrinking: take the first smaller variant that fails the same way as `input`
/// (see [`Failed::same_kind`]), until none does.
pub fn shrink(kit: Kit, mut input: String, mut why: Failed) -> (String, Failed) {
    let mut rounds = 0;
    'outer: while rounds < 10_000 {
        rounds += 1;
        for candidate in (kit.shrink_input)(&input) {
            if candidate.len() > input.len() || candidate == input {
                continue;
            }
            if let Err(reason) = check(kit, &candidate) {
                if reason.same_kind(&why) {
                    input = candidate;
                    why = reason;
                    continue 'outer;
                }
            }
        }
        break;
    }
    (input, why)
}

/// Saves the shrunk input as a snapshot case, with the arguments it needs in `NAME.args`.
fn save_case(
    crate_name: &str,
    args_for: fn(&str) -> Vec<String>,
    seed: u64,
    found: &Found,
) -> Result<String, Failure> {
    let root = project_root();
    let dir: PathBuf = root.join(crate_name).join("tests/cases");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("stress-seed{seed}-instance{}.in", found.instance));
    std::fs::write(&path, &found.shrunk)?;
    let args = args_for(&found.shrunk);
    if !args.is_empty() {
        std::fs::write(path.with_extension("args"), args.join(" ") + "\n")?;
    }
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
        // The hook cannot be changed while this thread panics (a failing test).
        if !std::thread::panicking() {
            let _ = std::panic::take_hook();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy puzzle whose "solver" is wrong whenever the input holds two `x` or more.
    fn toy() -> Kit {
        Kit {
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
            args_for: |_| Vec::new(),
        }
    }

    /// A run of `cases` instances from `seed`, boards up to `max_size`.
    fn stress_run(cases: usize, seed: u64, max_size: usize) -> Options {
        Options {
            cases,
            seed,
            max_size,
        }
    }

    #[test]
    fn finds_the_first_failure_and_shrinks_it_to_the_smallest() {
        let options = stress_run(200, 5, 6);
        let found = hunt(toy(), options, |_, _| {}).unwrap_err();
        assert!(found.original.matches('x').count() >= 2);
        assert_eq!(found.shrunk, "xx");
        assert_eq!(found.why, Failed::Disagreement("2 x's".into()));
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
        let why = {
            let _quiet = QuietPanics::new();
            check(kit, "abba").unwrap_err()
        };
        assert_eq!(why, Failed::Panic("planted panic".into()));
    }

    #[test]
    fn instances_that_check_nothing_are_counted_and_a_run_of_only_those_fails() {
        let options = stress_run(50, 3, 4);
        let mut kit = toy();
        kit.check_input = |_| Ok(0);
        let tally = hunt(kit, options, |_, _| {}).unwrap();
        assert_eq!(
            tally,
            Tally {
                cases: 0,
                empty: 50
            }
        );
        assert_eq!(
            verdict(options.cases, tally).as_deref(),
            Some("50 instances checked nothing: the testkit's check compared no case, so nothing was tested")
        );
        // Some instances check nothing, others check: counted, and the run passes.
        kit.check_input = |input| Ok(usize::from(input.contains('a')));
        let tally = hunt(kit, options, |_, _| {}).unwrap();
        assert!(tally.empty > 0 && tally.cases > 0, "{tally:?}");
        assert_eq!(tally.empty + tally.cases, 50);
        assert_eq!(verdict(options.cases, tally), None);
    }

    /// A toy puzzle with three ways to fail: an input not starting with `a` does not
    /// parse; two `x`s or more disagree, except that the check panics when the input
    /// also ends with `x`.
    fn toy_with_three_failures() -> Kit {
        Kit {
            check_input: |input| {
                if !input.starts_with('a') {
                    return Err("bad input: line 1, column 1: expected 'a'".into());
                }
                match input.matches('x').count() {
                    0 | 1 => Ok(1),
                    _ if input.ends_with('x') => panic!("planted panic"),
                    n => Err(format!("{n} x's")),
                }
            },
            ..toy()
        }
    }

    #[test]
    fn the_shrinker_keeps_only_inputs_that_fail_the_same_way() {
        let kit = toy_with_three_failures();
        // Each original, how it fails, and what it shrinks to; panics silenced meanwhile
        // (and no longer once the assertions run, so a failure shows its message).
        let shrunk = |original: &str| {
            let _quiet = QuietPanics::new();
            let why = check(kit, original).unwrap_err();
            (why.clone(), shrink(kit, original.to_string(), why))
        };
        // Dropping the first character gives a parse error, dropping the last before an
        // `x` ends gives a panic; neither is taken for the disagreement.
        let disagreement = Failed::Disagreement("2 x's".into());
        assert_eq!(
            shrunk("abxbxb"),
            (disagreement.clone(), ("axxb".to_string(), disagreement))
        );
        // And a panic stays a panic.
        let panic = Failed::Panic("planted panic".into());
        assert_eq!(shrunk("abxbx"), (panic.clone(), ("axx".to_string(), panic)));
    }

    #[test]
    fn a_disagreement_does_not_shrink_into_a_solver_giving_up() {
        // Two `x`s disagree, except that the solver gives up on inputs of 3 bytes or less.
        let kit = Kit {
            check_input: |input| {
                match input.matches('x').count() {
                0 | 1 => Ok(1),
                _ if input.len() <= 3 => Err(
                    "case 1: the solver gave up: the visited set would need 2 GiB, over the memory budget of 2 GiB".into(),
                ),
                n => Err(format!("{n} x's")),
            }
            },
            ..toy()
        };
        let shrunk = |original: &str| {
            let why = check(kit, original).unwrap_err();
            shrink(kit, original.to_string(), why)
        };
        let (input, why) = shrunk("abxbxb");
        assert_eq!(why, Failed::Disagreement("2 x's".into()));
        assert_eq!(input.len(), 4, "{input}");
        // And a limit stays a limit.
        let (input, why) = shrunk("axx");
        assert_eq!(
            (input.as_str(), why.same_kind(&Failed::Limit(String::new()))),
            ("xx", true)
        );
    }

    #[test]
    fn sizes_ramp_up_to_the_maximum() {
        let options = stress_run(10, 1, 5);
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
                let boards =
                    bloxorz::parse::parse_all(input.as_bytes()).map_err(|e| e.to_string())?;
                for board in &boards {
                    let rigid = board.to_string().replace('E', ".");
                    let planted =
                        bloxorz::parse::parse_all(rigid.as_bytes()).map_err(|e| e.to_string())?;
                    let mut solver = bloxorz::solve::Solver::new(&Default::default());
                    let planted = puzzle_frame::puzzle::Solve::count(&mut solver, &planted[0])
                        .map_err(|e| e.to_string())?;
                    let truth = bloxorz::reference::count(board);
                    if planted != truth {
                        return Err(format!("solver {planted:?}, reference {truth:?}"));
                    }
                }
                Ok(boards.len())
            },
            ..crates::find("bloxorz").expect("bloxorz is a puzzle").kit
        }
    }

    #[test]
    fn catches_a_planted_bug_in_a_real_solver_and_shrinks_it() {
        let options = stress_run(3000, 1, 10);
        let found = hunt(bloxorz_standing_on_fragile_cells(), options, |_, _| {}).unwrap_err();
        let shrunk = bloxorz::parse::parse_all(found.shrunk.as_bytes()).unwrap();
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
            check(crates::find("bloxorz").unwrap().kit, &found.shrunk),
            Ok(1)
        );
    }
}
