//! Runs a whole process and measures its wall time and peak memory.
//!
//! Peak memory is the operating system's own accounting of the finished process
//! (`ru_maxrss` from `wait4`), so nothing is sampled and nothing is missed. std has no
//! `wait4`, and this is its only use in the project, so it is declared here rather than
//! taking a dependency on `libc`.
#![allow(unsafe_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What one run of a program did.
#[derive(Clone, Debug)]
pub struct Measured {
    /// Wall time from spawn to exit.
    pub wall: Duration,
    /// Peak resident memory in KiB (0 where the system does not say).
    pub peak_kib: u64,
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error.
    pub stderr: Vec<u8>,
    /// How it ended: `None` for exit code 0, otherwise a description.
    pub failure: Option<String>,
}

#[repr(C)]
#[derive(Default)]
struct Timeval {
    tv_sec: i64,
    tv_usec: i64,
}

/// `struct rusage` on 64-bit Linux: two timevals, then fourteen longs.
#[repr(C)]
#[derive(Default)]
struct Rusage {
    ru_utime: Timeval,
    ru_stime: Timeval,
    ru_maxrss: i64,
    rest: [i64; 13],
}

extern "C" {
    fn wait4(pid: i32, status: *mut i32, options: i32, rusage: *mut Rusage) -> i32;
    fn kill(pid: i32, signal: i32) -> i32;
}

/// Runs `program args...` with `input` on standard input, killing it after `limit`.
pub fn run(
    program: &str,
    args: &[String],
    input: &Path,
    limit: Duration,
) -> std::io::Result<Measured> {
    let stdin = std::fs::File::open(input)?;
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let pid = child.id() as i32;
    let mut stdout = child.stdout.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        out
    });
    let mut stderr = child.stderr.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
    let err_reader = std::thread::spawn(move || {
        let mut err = Vec::new();
        let _ = stderr.read_to_end(&mut err);
        err
    });
    let done = Arc::new(AtomicBool::new(false));
    let timed_out = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (done, timed_out) = (Arc::clone(&done), Arc::clone(&timed_out));
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if started.elapsed() > limit {
                    timed_out.store(true, Ordering::Relaxed);
                    // SAFETY: `pid` is our child, not yet reaped (we reap it only below,
                    // after this thread has been told it is done), so it names no other process.
                    unsafe { kill(pid, 9) };
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    let mut status = 0i32;
    let mut usage = Rusage::default();
    // SAFETY: plain FFI call with pointers to live, correctly laid out locals.
    let reaped = unsafe { wait4(pid, &mut status, 0, &mut usage) };
    let wall = started.elapsed();
    done.store(true, Ordering::Relaxed);
    let _ = watchdog.join();
    // The child is reaped: `Child` must not wait on it again (dropping it does not).
    drop(child);
    let stdout = reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    if reaped != pid {
        return Err(std::io::Error::last_os_error());
    }
    let failure = if timed_out.load(Ordering::Relaxed) {
        Some(format!("timed out after {}s", limit.as_secs()))
    } else if status & 0x7f != 0 {
        Some(format!("killed by signal {}", status & 0x7f))
    } else if (status >> 8) & 0xff != 0 {
        Some(format!("exit code {}", (status >> 8) & 0xff))
    } else {
        None
    };
    Ok(Measured {
        wall,
        peak_kib: u64::try_from(usage.ru_maxrss).unwrap_or(0),
        stdout,
        stderr,
        failure,
    })
}

/// The hidden task `__measure LIMIT_MS INPUT STDOUT_FILE PROGRAM ARGS...`: runs the program
/// with [`run`], writes its standard output to STDOUT_FILE (and its standard error to
/// STDOUT_FILE with `.err` added) and prints
/// `WALL_NANOS PEAK_KIB STATUS` on one line (STATUS `ok` or a description).
pub fn measure_task(args: &[String]) -> Result<(), String> {
    println!("{}", report(args)?);
    Ok(())
}

/// What `__measure` does, its line returned rather than printed.
fn report(args: &[String]) -> Result<String, String> {
    let [limit, input, stdout_file, program, rest @ ..] = args else {
        return Err("usage: __measure LIMIT_MS INPUT STDOUT_FILE PROGRAM [ARGS...]".into());
    };
    let limit = Duration::from_millis(limit.parse().map_err(|_| "bad LIMIT_MS".to_string())?);
    let m = run(program, rest, Path::new(input), limit)
        .map_err(|e| format!("cannot run {program}: {e}"))?;
    std::fs::write(stdout_file, &m.stdout)
        .map_err(|e| format!("cannot write {stdout_file}: {e}"))?;
    std::fs::write(format!("{stdout_file}.err"), &m.stderr)
        .map_err(|e| format!("cannot write {stdout_file}.err: {e}"))?;
    Ok(format!(
        "{} {} {}",
        m.wall.as_nanos(),
        m.peak_kib,
        m.failure.as_deref().unwrap_or("ok")
    ))
}

/// The arguments of `__measure` for `program args...` on `input`.
fn task_args(
    program: &str,
    args: &[String],
    input: &Path,
    limit: Duration,
    stdout_file: &Path,
) -> Vec<String> {
    let mut all = vec![
        limit.as_millis().to_string(),
        input.to_string_lossy().into_owned(),
        stdout_file.to_string_lossy().into_owned(),
        program.to_string(),
    ];
    all.extend_from_slice(args);
    all
}

/// A `__measure` line read back, with the standard output the program wrote to `stdout_file`.
fn parse_report(report: &str, stdout_file: &Path) -> std::io::Result<Measured> {
    let mut words = report.trim().splitn(3, ' ');
    let bad = || std::io::Error::other(format!("__measure said: {report:?}"));
    let wall: u64 = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
    let peak_kib: u64 = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
    let status = words.next().ok_or_else(bad)?;
    let stdout = std::fs::read(stdout_file)?;
    let _ = std::fs::remove_file(stdout_file);
    let err_file = PathBuf::from(format!("{}.err", stdout_file.display()));
    let stderr = std::fs::read(&err_file).unwrap_or_default();
    let _ = std::fs::remove_file(&err_file);
    Ok(Measured {
        wall: Duration::from_nanos(wall),
        peak_kib,
        stdout,
        stderr,
        failure: (status != "ok").then(|| status.to_string()),
    })
}

/// Like [`run`], measured from a fresh `xtask __measure` process (see the module docs).
pub fn run_isolated(
    program: &str,
    args: &[String],
    input: &Path,
    limit: Duration,
) -> std::io::Result<Measured> {
    let stdout_file =
        std::env::temp_dir().join(format!("xtask-measure-{}.out", std::process::id()));
    let output = Command::new(std::env::current_exe()?)
        .arg("__measure")
        .args(task_args(program, args, input, limit, &stdout_file))
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()?;
    parse_report(&String::from_utf8_lossy(&output.stdout), &stdout_file)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Set in the fresh process the test below starts: where to write its report line.
    const FRESH_REPORT: &str = "XTASK_TEST_MEASURE_REPORT";
    /// Set with it: the `__measure` arguments, separated by `\x1f`.
    const FRESH_ARGS: &str = "XTASK_TEST_MEASURE_ARGS";
    const THIS_TEST: &str = "measure::tests::measures_a_process_that_allocates";

    /// Measures `program args` as bench does, from a fresh process: this test binary run
    /// anew on this test alone, which then does what `__measure` does. A child spawned
    /// straight from this process would start from its memory high-water mark, which the
    /// tests running beside it raise.
    fn measure_fresh(program: &str, args: &[String], input: &Path) -> Measured {
        static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = RUNS.fetch_add(1, Ordering::Relaxed);
        let base =
            std::env::temp_dir().join(format!("xtask-measure-test-{}-{n}", std::process::id()));
        let (report_file, stdout_file) =
            (base.with_extension("report"), base.with_extension("out"));
        let spec = task_args(program, args, input, Duration::from_secs(30), &stdout_file);
        let status = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", THIS_TEST, "--test-threads=1", "--quiet"])
            .env(FRESH_REPORT, &report_file)
            .env(FRESH_ARGS, spec.join("\x1f"))
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(
            status.success(),
            "the fresh measuring process failed: {status}"
        );
        let report = std::fs::read_to_string(&report_file).unwrap();
        let _ = std::fs::remove_file(&report_file);
        parse_report(&report, &stdout_file).unwrap()
    }

    #[test]
    fn measures_a_process_that_allocates() {
        if let (Some(report_file), Some(spec)) = (
            std::env::var_os(FRESH_REPORT),
            std::env::var(FRESH_ARGS).ok(),
        ) {
            // The fresh measuring process.
            let args: Vec<String> = spec.split('\x1f').map(str::to_string).collect();
            std::fs::write(report_file, report(&args).unwrap()).unwrap();
            return;
        }
        let input = std::env::temp_dir().join(format!("xtask-measure-{}", std::process::id()));
        std::fs::write(&input, "").unwrap();
        // A shell holding a 30 MB string, and `true`, both from a fresh measuring process:
        // the difference is the string, whatever the tests beside this one allocate.
        let small = measure_fresh("true", &[], &input);
        assert!(small.failure.is_none());
        let args = vec![
            "-c".to_string(),
            "x=$(head -c 30000000 /dev/zero | tr '\\0' a); echo ${#x}".to_string(),
        ];
        let big = measure_fresh("sh", &args, &input);
        assert_eq!(String::from_utf8_lossy(&big.stdout).trim(), "30000000");
        assert!(
            big.peak_kib >= 29_000 && big.peak_kib >= small.peak_kib + 20_000,
            "{} vs {}",
            big.peak_kib,
            small.peak_kib
        );
        let failed = run(
            "sh",
            &["-c".into(), "exit 3".into()],
            &input,
            Duration::from_secs(10),
        )
        .unwrap();
        assert_eq!(failed.failure.as_deref(), Some("exit code 3"));
        let slow = run("sleep", &["5".into()], &input, Duration::from_millis(200)).unwrap();
        assert!(slow.failure.unwrap().starts_with("timed out"));
        let _ = std::fs::remove_file(&input);
    }
}
