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
    println!(
        "{} {} {}",
        m.wall.as_nanos(),
        m.peak_kib,
        m.failure.as_deref().unwrap_or("ok")
    );
    Ok(())
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
        .arg(limit.as_millis().to_string())
        .arg(input)
        .arg(&stdout_file)
        .arg(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()?;
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    let mut words = report.trim().splitn(3, ' ');
    let bad = || std::io::Error::other(format!("__measure said: {report:?}"));
    let wall: u64 = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
    let peak_kib: u64 = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
    let status = words.next().ok_or_else(bad)?;
    let stdout = std::fs::read(&stdout_file)?;
    let _ = std::fs::remove_file(&stdout_file);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_a_process_that_allocates() {
        let input = std::env::temp_dir().join(format!("xtask-measure-{}", std::process::id()));
        std::fs::write(&input, "").unwrap();
        // `head -c` of 64 MiB through a pipe keeps little resident; `sort` of it holds it all.
        let small = run("true", &[], &input, Duration::from_secs(10)).unwrap();
        assert!(small.failure.is_none());
        let args = vec![
            "-c".to_string(),
            "x=$(head -c 30000000 /dev/zero | tr '\\0' a); echo ${#x}".to_string(),
        ];
        let big = run("sh", &args, &input, Duration::from_secs(30)).unwrap();
        assert_eq!(String::from_utf8_lossy(&big.stdout).trim(), "30000000");
        // A child forked from this test process starts from the process's resident size at
        // the fork, which other tests running in parallel change: compare with the 30 MB
        // the shell holds, not with the other run.
        assert!(
            big.peak_kib >= 29_000 && big.peak_kib > small.peak_kib,
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
