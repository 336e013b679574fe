//! Snapshot-case support: runs a binary on a case file and writes down what it did.
//!
//! A case is `NAME.in` (fed to standard input) with an optional `NAME.args` beside it
//! (the command-line arguments, separated by whitespace). The transcript holds the
//! arguments, the exit code, standard output and standard error, so that a snapshot
//! pins the whole interface: answers, error messages and exit codes.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `binary` with `args`, feeding it `input` on standard input, and collects what it did.
///
/// The input is fed from a thread, so a large output cannot deadlock against it. A program
/// that stops reading early (bad input) closes the pipe: that is not an error here, its exit
/// code and output tell what happened; any other failure to write the input is.
pub fn run<S: AsRef<std::ffi::OsStr>>(
    binary: &Path,
    args: &[S],
    input: &[u8],
) -> std::io::Result<Output> {
    run_in(binary, args, input, None)
}

/// [`run`] in the working directory `dir` (this process's own without one).
fn run_in<S: AsRef<std::ffi::OsStr>>(
    binary: &Path,
    args: &[S],
    input: &[u8],
    dir: Option<&Path>,
) -> std::io::Result<Output> {
    let mut command = Command::new(binary);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .args(args)
        // `--show` lays frames out to the terminal's width: snapshots use the default.
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || match stdin.write_all(&input) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    });
    let output = child.wait_with_output()?;
    feeder
        .join()
        .map_err(|_| std::io::Error::other("the thread feeding the input panicked"))??;
    Ok(output)
}

/// A crate's snapshot test (its `tests/snapshots.rs` is this one line): every
/// `tests/cases/*.in` through the crate's binary `$binary`, each transcript an
/// `insta` snapshot (`snapshots__cases@NAME.in.snap`; the crate has `insta` among its
/// dev-dependencies).
#[macro_export]
macro_rules! snapshot_cases {
    ($binary:literal) => {
        #[test]
        fn cases() {
            insta::glob!("cases/*.in", |path| {
                let binary = env!(concat!("CARGO_BIN_EXE_", $binary));
                let transcript = $crate::transcript::run_case(binary.as_ref(), path)
                    .expect("run the binary on the case");
                insta::assert_snapshot!(transcript);
            });
        }
    };
}

/// Runs `binary` on the case `case` (a `.in` file) and returns its transcript.
pub fn run_case(binary: &Path, case: &Path) -> std::io::Result<String> {
    transcript(binary, case, None)
}

/// [`run_case`] with the binary working in `dir` (where a relative file name among the
/// case's arguments is found): what `cargo xtask verify` runs, in a copy of the crate's
/// cases, to check each snapshot itself.
pub fn run_case_in(binary: &Path, case: &Path, dir: &Path) -> std::io::Result<String> {
    transcript(binary, case, Some(dir))
}

fn transcript(binary: &Path, case: &Path, dir: Option<&Path>) -> std::io::Result<String> {
    let input = std::fs::read(case)?;
    let args_file = case.with_extension("args");
    let args: Vec<String> = match std::fs::read_to_string(&args_file) {
        Ok(text) => text.split_whitespace().map(str::to_string).collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e),
    };
    let output = run_in(binary, &args, &input, dir)?;
    let name = binary
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let shown_args = if args.is_empty() {
        String::new()
    } else {
        format!(" {}", args.join(" "))
    };
    let case_name = case
        .file_name()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let code = output
        .status
        .code()
        .map_or_else(|| "killed by a signal".to_string(), |c| c.to_string());
    Ok(format!(
        "$ {name}{shown_args} < {case_name}\n--- exit code: {code}\n--- stdout\n{}--- stderr\n{}--- end\n",
        exact(&output.stdout),
        exact(&output.stderr),
    ))
}

/// An output as text that keeps every byte visible through insta's normalisation (which
/// trims trailing blank lines and turns `\r\n` into `\n`): a carriage return is written
/// `<CR>`, a missing final newline is said in a line of its own, and the section is closed
/// by the next `---` line, so trailing blank lines stay part of the snapshot.
pub fn exact(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes).replace('\r', "<CR>");
    if text.is_empty() || text.ends_with('\n') {
        text
    } else {
        format!("{text}\n<no newline at end>\n")
    }
}

#[cfg(test)]
mod tests {
    use super::exact;

    #[test]
    fn line_endings_and_the_final_newline_stay_visible() {
        assert_eq!(exact(b"1\n2\n"), "1\n2\n");
        assert_eq!(exact(b"1\r\n2\r\n"), "1<CR>\n2<CR>\n");
        assert_eq!(exact(b"1\n2"), "1\n2\n<no newline at end>\n");
        assert_eq!(exact(b""), "");
        assert_ne!(exact(b"1\n\n"), exact(b"1\n"));
    }
}
