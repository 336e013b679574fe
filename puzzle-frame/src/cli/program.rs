//! A puzzle binary's command line: its help, its run, its exit codes.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use crate::budget::MemoryBudget;

use super::{
    options_help, parse_args, read_input, Args, Opt, RunResult, Settings, Stop, EXIT_BAD_INPUT,
    EXIT_CODES_HELP, EXIT_LIMIT, EXIT_OK, HELP, SHARED_OPTIONS, VERSION,
};

/// A puzzle binary's command line: its name, what it does, its input and output format and
/// its own options. `--help` is built from these and the options and exit codes every
/// binary shares ([`SHARED_OPTIONS`], [`EXIT_CODES_HELP`]).
#[derive(Clone, Copy, Debug)]
pub struct Program {
    /// The binary's name, for `--help`, `--version` and the hint after a bad argument.
    pub name: &'static str,
    /// The version `--version` prints.
    pub version: &'static str,
    /// What the binary does, in one line.
    pub about: &'static str,
    /// The input and output format, in paragraphs (each line ending in a newline).
    pub format: &'static str,
    /// The binary's own options (`--path`, `--rows N`), before the shared ones.
    pub options: &'static [Opt],
}

/// A puzzle binary's [`Program`], its name and version from the calling crate's
/// `Cargo.toml` (the package name is the binary's): `program! { about: "...", format: "...",
/// options: &[PATH] }`.
#[macro_export]
macro_rules! program {
    (about: $about:expr, format: $format:expr, options: $options:expr $(,)?) => {
        $crate::cli::Program {
            name: env!("CARGO_PKG_NAME"),
            version: env!("CARGO_PKG_VERSION"),
            about: $about,
            format: $format,
            options: $options,
        }
    };
}

impl Program {
    /// The `--help` text.
    pub fn usage(&self) -> String {
        let options: Vec<Opt> = self
            .options
            .iter()
            .chain(&SHARED_OPTIONS)
            .copied()
            .collect();
        format!(
            "{name}: {about}\n\nUsage: {name} [OPTIONS] [FILE]\n\nReads FILE, or standard input \
             when FILE is absent or '-'.\n\n{format}\nOptions:\n{options}\n{exits}",
            name = self.name,
            about = self.about,
            format = self.format,
            options = options_help(&options),
            exits = EXIT_CODES_HELP,
        )
    }

    /// Every option the binary accepts: its own, then the shared ones.
    pub fn accepted(&self) -> Vec<Opt> {
        self.options
            .iter()
            .chain(&SHARED_OPTIONS)
            .copied()
            .collect()
    }
    /// Runs the program on the process's arguments and standard streams.
    ///
    /// The arguments are read once: the shared options into [`Settings`], then
    /// `configure` reads the program's own (an `Err` is a bad argument, exit 2, reported
    /// before any input is read; it may say that no input is read). `run` answers the
    /// input's cases, writing to the buffered standard output.
    pub fn main<C>(
        &self,
        configure: impl FnOnce(&Args, &mut Settings) -> Result<C, String>,
        run: impl FnOnce(C, Settings, &[u8], &mut dyn Write) -> RunResult,
    ) -> ExitCode {
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        let code = self.run_with(
            std::env::args_os().skip(1),
            read_input,
            &mut out,
            &mut io::stderr(),
            |args, settings| {
                let options = configure(args, settings)?;
                crate::allocator::fit_to_budget(settings.budget.bytes());
                Ok(options)
            },
            run,
        );
        ExitCode::from(code)
    }

    /// [`Program::main`] with the arguments, the input, and the output streams given: the
    /// exit code. Standard output is flushed before anything is written to standard error.
    pub fn run_with<C, A: Into<OsString>>(
        &self,
        args: impl IntoIterator<Item = A>,
        read: impl FnOnce(Option<&str>, MemoryBudget) -> Result<Vec<u8>, Stop>,
        out: &mut dyn Write,
        err: &mut dyn Write,
        configure: impl FnOnce(&Args, &mut Settings) -> Result<C, String>,
        run: impl FnOnce(C, Settings, &[u8], &mut dyn Write) -> RunResult,
    ) -> u8 {
        let bad_args = |err: &mut dyn Write, message: &str| {
            let _ = writeln!(err, "error: {message}");
            let _ = writeln!(err, "hint: run '{} --help' for the usage", self.name);
            EXIT_BAD_INPUT
        };
        let args = match parse_args(args, &self.accepted()) {
            Ok(args) => args,
            Err(message) => return bad_args(err, &message),
        };
        if args.flag(&HELP) {
            return finish(write!(out, "{}", self.usage()).map(|()| Ok(())), out, err);
        }
        if args.flag(&VERSION) {
            let line = writeln!(out, "{} {}", self.name, self.version);
            return finish(line.map(|()| Ok(())), out, err);
        }
        let mut settings = match Settings::from_args(&args) {
            Ok(settings) => settings,
            Err(message) => return bad_args(err, &message),
        };
        let options = match configure(&args, &mut settings) {
            Ok(options) => options,
            Err(message) => return bad_args(err, &message),
        };
        let input = match settings.reads_input {
            false => Vec::new(),
            true => match read(settings.file.as_deref(), settings.budget) {
                Ok(input) => input,
                Err(stop) => return finish(Ok(Err(stop)), out, err),
            },
        };
        let result = run(options, settings, &input, out);
        finish(result, out, err)
    }
}

/// Flushes the output and maps how the run ended to an exit code, with its message.
/// A stop (bad input, a limit) is reported even when the output is gone.
fn finish(result: RunResult, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let flushed = out.flush();
    match result {
        Ok(Err(Stop::BadInput(message))) => {
            let _ = writeln!(err, "error: {message}");
            EXIT_BAD_INPUT
        }
        Ok(Err(Stop::Limit(message))) => {
            let _ = writeln!(err, "error: {message}");
            EXIT_LIMIT
        }
        Ok(Err(Stop::Paused(message))) => {
            let _ = writeln!(err, "{message}");
            EXIT_LIMIT
        }
        Ok(Ok(())) => match flushed {
            Ok(()) => EXIT_OK,
            Err(e) => output_failed(&e, err),
        },
        Err(e) => output_failed(&e, err),
    }
}

/// A reader that stops early (`| head`) is not an error; any other write failure is.
fn output_failed(e: &io::Error, err: &mut dyn Write) -> u8 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        EXIT_OK
    } else {
        let _ = writeln!(err, "error: cannot write the output: {e}");
        EXIT_LIMIT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    const TIMES: Opt = Opt::valued("--times", "N", "how often each line is echoed");

    const TOY: Program = Program {
        name: "toy",
        version: "1.2.3",
        about: "echoes its input",
        format: "Input: lines.\n",
        options: &[TIMES],
    };

    /// Runs the toy program: it echoes each input line `--times` times, stops with a bad
    /// input at a line `bad`, and with a limit at a line `limit`.
    fn toy(list: &[&str], input: &str) -> (u8, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = TOY.run_with(
            args(list),
            |file, budget| match file {
                None if input.len() as u64 > budget.bytes() => Err(Stop::Limit(format!(
                    "the input would need {} bytes, over {}",
                    input.len(),
                    budget.bytes()
                ))),
                None => Ok(input.as_bytes().to_vec()),
                Some(f) => Err(Stop::BadInput(format!("cannot read '{f}': no such file"))),
            },
            &mut out,
            &mut err,
            |a, _| Ok(a.parsed::<usize>(&TIMES)?.unwrap_or(1)),
            |times, _, input, out| {
                for line in String::from_utf8_lossy(input).lines() {
                    match line {
                        "bad" => return Ok(Err(Stop::BadInput("line: bad".into()))),
                        "limit" => return Ok(Err(Stop::Limit("too many".into()))),
                        _ => (0..times).try_for_each(|_| writeln!(out, "{line}"))?,
                    }
                }
                Ok(Ok(()))
            },
        );
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn a_program_answers_and_maps_each_ending_to_its_exit_code() {
        assert_eq!(
            toy(&["--times", "2"], "a\nb\n"),
            (0, "a\na\nb\nb\n".into(), String::new())
        );
        assert_eq!(toy(&["-h"], ""), (0, TOY.usage(), String::new()));
        assert_eq!(toy(&["-V"], ""), (0, "toy 1.2.3\n".into(), String::new()));
        // Earlier answers stay written; the message follows on standard error.
        assert_eq!(
            toy(&[], "a\nbad\nc\n"),
            (2, "a\n".into(), "error: line: bad\n".into())
        );
        assert_eq!(
            toy(&[], "a\nlimit\n"),
            (1, "a\n".into(), "error: too many\n".into())
        );
        let hint = "hint: run 'toy --help' for the usage\n";
        assert_eq!(
            toy(&["--nope"], "a"),
            (
                2,
                String::new(),
                format!("error: unknown option '--nope'\n{hint}")
            )
        );
        assert_eq!(
            toy(&["--times", "x"], "a"),
            (
                2,
                String::new(),
                format!("error: invalid value 'x' for --times\n{hint}")
            )
        );
        // The input is read under the --max-memory budget; past it, a limit.
        assert_eq!(
            toy(&["--max-memory", "3"], "a\nb\n"),
            (
                1,
                String::new(),
                "error: the input would need 4 bytes, over 3\n".into()
            )
        );
        assert_eq!(toy(&["--max-memory", "4"], "a\nb\n").0, 0);
        assert_eq!(
            toy(&["in.txt"], "a"),
            (
                2,
                String::new(),
                "error: cannot read 'in.txt': no such file\n".into()
            )
        );
    }

    /// An output whose reader has gone: every write fails with a broken pipe.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
    }

    #[test]
    fn a_closed_output_is_quiet_but_a_bad_input_is_still_reported() {
        let run = |input: &'static str| {
            let mut err = Vec::new();
            let code = TOY.run_with(
                args(&[]),
                |_, _| Ok(input.as_bytes().to_vec()),
                &mut Closed,
                &mut err,
                |_, _| Ok(()),
                |(), _, input, out| {
                    for line in String::from_utf8_lossy(input).lines() {
                        if line == "bad" {
                            return Ok(Err(Stop::BadInput("bad line".into())));
                        }
                        let _ = writeln!(out, "{line}");
                    }
                    Ok(Ok(()))
                },
            );
            (code, String::from_utf8(err).unwrap())
        };
        assert_eq!(run("a\nb\n"), (EXIT_OK, String::new()));
        assert_eq!(
            run("a\nbad\n"),
            (EXIT_BAD_INPUT, "error: bad line\n".into())
        );
    }
}
