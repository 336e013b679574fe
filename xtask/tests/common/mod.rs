//! What the memory tests share: the release binaries, scratch files, and a run measured
//! from a fresh process (`xtask __measure`: the `ru_maxrss` of the finished process, see
//! `xtask/src/measure.rs`), held under its budget plus [`SLACK_KIB`].

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// What a process holds besides its budget: the binary, std, the allocator's slack, the
/// output buffers (8 MiB).
pub const SLACK_KIB: u64 = 8 << 10;

mod root;
pub use root::root;

/// The release binary of the puzzle crate `name`, built (with every crate of `all` not
/// built yet, in one cargo command) the first time one is asked for.
pub fn binary(name: &str, all: &[&str]) -> PathBuf {
    static BUILT: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    let mut built = BUILT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if !built.contains(name) {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .current_dir(root())
            .args(["build", "--release", "--quiet"]);
        let wanted: Vec<&str> = all.iter().chain([&name]).copied().collect();
        for package in &wanted {
            build.args(["-p", package]);
        }
        let ok = build.status().is_ok_and(|s| s.success());
        assert!(ok, "the release build of {} failed", wanted.join(", "));
        built.extend(wanted.iter().map(|p| p.to_string()));
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or(root().join("target"), |d| root().join(d));
    target.join("release").join(name)
}

/// A file in the temporary folder, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A new file named `name`, written by `write`.
    pub fn new(
        name: &str,
        write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
    ) -> Scratch {
        let path =
            std::env::temp_dir().join(format!("memory-budget-{}-{name}", std::process::id()));
        let file = std::fs::File::create(&path).expect("create a scratch file");
        let mut out = std::io::BufWriter::new(file);
        write(&mut out).expect("write a scratch file");
        std::io::Write::flush(&mut out).expect("write a scratch file");
        Scratch(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// How a measured run ended.
pub struct Run {
    /// Its wall time, in milliseconds.
    pub wall_ms: u64,
    /// The peak resident size of the finished process, in KiB.
    pub peak_kib: u64,
    /// `ok`, `exit code N`, `timed out after ...`.
    pub status: String,
    /// What it wrote on standard output.
    pub stdout: Vec<u8>,
    /// What it wrote on standard error.
    pub stderr: String,
}

/// Runs `program args...` with `input` on standard input, measured from a fresh
/// `xtask __measure` process.
pub fn measure(program: &Path, args: &[&str], input: &Path) -> Run {
    let out = std::env::temp_dir().join(format!(
        "memory-budget-{}-{}.out",
        std::process::id(),
        input
            .file_name()
            .map_or("x".into(), |n| n.to_string_lossy())
    ));
    let report = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("__measure")
        .arg("600000")
        .arg(input)
        .arg(&out)
        .arg(program)
        .args(args)
        .output()
        .expect("run xtask __measure");
    let report = String::from_utf8_lossy(&report.stdout).into_owned();
    let mut words = report.trim().splitn(3, ' ');
    let wall_ms = words
        .next()
        .and_then(|w| w.parse::<u64>().ok())
        .map_or(0, |ns| ns / 1_000_000);
    let peak_kib = words.next().and_then(|w| w.parse().ok()).expect(&report);
    let status = words.next().unwrap_or("").to_string();
    let stdout = std::fs::read(&out).unwrap_or_default();
    let err = PathBuf::from(format!("{}.err", out.display()));
    let stderr = String::from_utf8_lossy(&std::fs::read(&err).unwrap_or_default()).into_owned();
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&err);
    Run {
        wall_ms,
        peak_kib,
        status,
        stdout,
        stderr,
    }
}

/// Asserts the run's peak stays under `budget_kib` plus [`SLACK_KIB`].
pub fn within(run: &Run, budget_kib: u64) {
    eprintln!(
        "peak {} KiB against a budget of {budget_kib} KiB (+ {SLACK_KIB}); {}",
        run.peak_kib, run.status
    );
    assert!(
        run.peak_kib <= budget_kib + SLACK_KIB,
        "peak {} KiB over the budget of {budget_kib} KiB + {SLACK_KIB} KiB; stderr: {}",
        run.peak_kib,
        &run.stderr[..run.stderr.len().min(400)]
    );
}
