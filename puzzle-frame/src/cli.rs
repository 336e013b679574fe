//! What the puzzle binaries share: argument parsing, reading the input, exit codes.
//!
//! The binaries stay thin: a [`Program`] parses the arguments, answers `--help` and
//! `--version`, reads the input, hands it to the puzzle's run function with a buffered
//! standard output, and maps how that ended to the exit codes below.

use std::ffi::OsString;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use crate::budget::MemoryBudget;
use crate::film::Film;
use crate::html::HtmlPage;
use crate::show::{self, ShowOptions};

/// Every case answered (a judge's "no solution" answer is an answer).
pub const EXIT_OK: u8 = 0;
/// The solver gave up on a limit the user set (for example a state budget), or the output failed.
pub const EXIT_LIMIT: u8 = 1;
/// Bad arguments or bad input.
pub const EXIT_BAD_INPUT: u8 = 2;

/// Parsed command-line arguments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    /// Arguments that are not options, in order.
    pub positionals: Vec<String>,
    flags: Vec<String>,
    values: Vec<(String, String)>,
}

impl Args {
    /// True when the flag (its long name, like `--path`) was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The last value given to a valued option (`--rows 3` or `--rows=3`).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of a valued option parsed as `T`; an error message when it does not parse.
    pub fn parsed<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        match self.value(name) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("invalid value '{v}' for {name}")),
        }
    }

    /// The one optional input file (`None`, or `-`, means standard input).
    pub fn input_file(&self) -> Result<Option<&str>, String> {
        match self.positionals.as_slice() {
            [] => Ok(None),
            [file] if file == "-" => Ok(None),
            [file] => Ok(Some(file)),
            [_, extra, ..] => Err(format!("unexpected argument '{extra}'")),
        }
    }
}

/// The flags every puzzle binary accepts besides its own (see [`Printing`]).
pub const COMMON_FLAGS: &[&str] = &["--show", "--show-all"];
/// The valued options every puzzle binary accepts besides its own.
pub const COMMON_VALUED: &[&str] = &["--max-memory", "--html"];

/// Parses `args` (without the program name). `flags` and `valued` list the accepted long
/// options (`--path`, `--rows`); `-h` and `-V` mean `--help` and `--version`, which are always
/// accepted. A lone `-` is a positional (standard input); `--` ends the options. An argument
/// that is not valid UTF-8 is an error, not a panic.
pub fn parse_args<A: Into<OsString>>(
    args: impl IntoIterator<Item = A>,
    flags: &[&str],
    valued: &[&str],
) -> Result<Args, String> {
    let mut parsed = Args::default();
    let mut args = args.into_iter().map(|a| {
        a.into().into_string().map_err(|raw| {
            format!(
                "argument '{}' is not valid UTF-8",
                raw.to_string_lossy().escape_debug()
            )
        })
    });
    let mut options_done = false;
    while let Some(arg) = args.next() {
        let arg = arg?;
        if options_done || arg == "-" || !arg.starts_with('-') {
            parsed.positionals.push(arg);
            continue;
        }
        let long = match arg.as_str() {
            "--" => {
                options_done = true;
                continue;
            }
            "-h" => "--help".to_string(),
            "-V" => "--version".to_string(),
            _ => arg.clone(),
        };
        let (name, inline) = match long.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (long.clone(), None),
        };
        if valued.contains(&name.as_str()) {
            let value = match inline {
                Some(v) => v,
                None => args
                    .next()
                    .transpose()?
                    .ok_or_else(|| format!("{name} needs a value"))?,
            };
            parsed.values.push((name, value));
        } else if flags.contains(&name.as_str()) || name == "--help" || name == "--version" {
            if inline.is_some() {
                return Err(format!("{name} takes no value"));
            }
            parsed.flags.push(name);
        } else {
            return Err(format!("unknown option '{arg}'"));
        }
    }
    Ok(parsed)
}

/// Reads the whole input: the file, or standard input for `None`.
pub fn read_input(file: Option<&str>) -> Result<Vec<u8>, String> {
    match file {
        Some(path) => std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}")),
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            Ok(bytes)
        }
    }
}

/// What a binary prints besides the answers: the moves (`--path`), the steps (`--show`,
/// `--show-all`), drawn by [`crate::show`] from each solution's [`Film`], and the page that
/// plays every solution (`--html FILE`, [`crate::html`]), written by [`Printing::finish`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Printing {
    /// `--path`: a line with the moves after each answer.
    pub path: bool,
    /// `--show` (or `--show-all`): the board at each step after each answer.
    pub show: bool,
    /// How `--show` draws (the terminal width, `--show-all`).
    pub show_options: ShowOptions,
    /// `--html FILE`: the file, and the page gathered case by case.
    pub html: Option<(String, HtmlPage)>,
}

impl Printing {
    /// The `--path`, `--show`, `--show-all` flags (`--show-all` implies `--show`) and
    /// `--html FILE`, the width from `COLUMNS`. The page is held to the `--max-memory`
    /// budget (the default when the value does not parse: the binary reports that itself).
    pub fn from_args(args: &Args) -> Printing {
        let all = args.flag("--show-all");
        let budget = memory_budget(args).unwrap_or_default();
        Printing {
            path: args.flag("--path"),
            show: args.flag("--show") || all,
            show_options: ShowOptions::from_env(all),
            html: args
                .value("--html")
                .map(|file| (file.to_string(), HtmlPage::new(budget))),
        }
    }

    /// True when the moves themselves are needed, not only their number.
    pub fn wants_moves(&self) -> bool {
        self.path || self.show || self.html.is_some()
    }

    /// Writes what the flags ask for after a solved case's answer line: the `path` line
    /// (`--path`), then the steps (`--show`) of the film that `film` makes; with `--html`
    /// the film goes into the page. `case` names the case (`case 2`, `query 3`). A film that
    /// cannot be made (moves that do not replay) is reported in one line in place of the
    /// steps, and in the page.
    pub fn write_solution(
        &mut self,
        out: &mut dyn Write,
        case: &str,
        path: &str,
        film: impl FnOnce() -> Result<Film, String>,
    ) -> io::Result<()> {
        if self.path {
            writeln!(out, "{path}")?;
        }
        if !self.show && self.html.is_none() {
            return Ok(());
        }
        let film = film();
        if self.show {
            match &film {
                Ok(film) => show::write(out, film, &self.show_options)?,
                Err(e) => writeln!(out, "(cannot show the moves of {case}: {e})")?,
            }
        }
        if let Some((_, page)) = &mut self.html {
            match &film {
                Ok(film) => page.add_film(case, film),
                Err(e) => page.add_note(case, &format!("cannot show the moves: {e}")),
            }
        }
        Ok(())
    }

    /// Records a case without a solution for the `--html` page's picker, with its answer
    /// line (`-1`, `Impossible`); nothing is written to the output.
    pub fn no_solution(&mut self, case: &str, answer: &str) {
        if let Some((_, page)) = &mut self.html {
            page.add_note(case, &format!("no solution ({answer})"));
        }
    }

    /// Ends the run after the last case: writes what was gathered over all the cases, the
    /// `--html` page. Every binary calls it once, after its loop. A page that cannot be
    /// written, or that left a case out for the memory budget, stops the run with a limit
    /// (exit 1) after every answer.
    pub fn finish(&mut self) -> Result<(), Stop> {
        let Some((file, page)) = &self.html else {
            return Ok(());
        };
        let title = program_name();
        let written = std::fs::File::create(file).and_then(|f| {
            let mut w = BufWriter::new(f);
            page.write(&mut w, &title)?;
            w.flush()
        });
        if let Err(e) = written {
            return Err(Stop::Limit(format!(
                "cannot write the --html page '{file}': {e}"
            )));
        }
        match page.over_budget() {
            Some((case, over)) => Err(Stop::Limit(format!(
                "{case}: {over}; the page '{file}' was written without it"
            ))),
            None => Ok(()),
        }
    }
}

/// The running binary's file name, the page's title.
fn program_name() -> String {
    std::env::args_os()
        .next()
        .map(std::path::PathBuf::from)
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "solutions".to_string())
}

/// The `--max-memory` budget (the default when it is not given).
pub fn memory_budget(args: &Args) -> Result<MemoryBudget, String> {
    match args.value("--max-memory") {
        None => Ok(MemoryBudget::default()),
        Some(text) => MemoryBudget::parse(text).map_err(|e| format!("{e} for --max-memory")),
    }
}

/// Why a run stopped before answering every case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Bad input: the message, without the `error: ` prefix (exit code 2). The answers of
    /// the earlier cases are already written.
    BadInput(String),
    /// A limit set on the command line was reached: the message (exit code 1).
    Limit(String),
}

/// What a puzzle's run function returns: `Err` when writing failed, `Ok(Err(stop))` when it
/// stopped early, `Ok(Ok(()))` when every case was answered.
pub type RunResult = io::Result<Result<(), Stop>>;

/// A puzzle binary's command line: its name, help text and options.
#[derive(Clone, Copy, Debug)]
pub struct Program {
    /// The binary's name, for `--version` and the hint after a bad argument.
    pub name: &'static str,
    /// The version `--version` prints.
    pub version: &'static str,
    /// The `--help` text.
    pub usage: &'static str,
    /// The accepted flags besides `--help`, `--version` and [`COMMON_FLAGS`] (`--path`).
    pub flags: &'static [&'static str],
    /// The accepted options that take a value besides [`COMMON_VALUED`] (`--rows`).
    pub valued: &'static [&'static str],
}

impl Program {
    /// Runs the program on the process's arguments and standard streams.
    ///
    /// `configure` turns the parsed arguments into the run's options (an `Err` is a bad
    /// argument, exit 2, reported before any input is read); `run` answers the input's
    /// cases, writing to the buffered standard output.
    pub fn main<C>(
        &self,
        configure: impl FnOnce(&Args) -> Result<C, String>,
        run: impl FnOnce(C, &[u8], &mut dyn Write) -> RunResult,
    ) -> ExitCode {
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        let code = self.run_with(
            std::env::args_os().skip(1),
            read_input,
            &mut out,
            &mut io::stderr(),
            configure,
            run,
        );
        ExitCode::from(code)
    }

    /// [`Program::main`] with the arguments, the input, and the output streams given: the
    /// exit code. Standard output is flushed before anything is written to standard error.
    pub fn run_with<C, A: Into<OsString>>(
        &self,
        args: impl IntoIterator<Item = A>,
        read: impl FnOnce(Option<&str>) -> Result<Vec<u8>, String>,
        out: &mut dyn Write,
        err: &mut dyn Write,
        configure: impl FnOnce(&Args) -> Result<C, String>,
        run: impl FnOnce(C, &[u8], &mut dyn Write) -> RunResult,
    ) -> u8 {
        let bad_args = |err: &mut dyn Write, message: &str| {
            let _ = writeln!(err, "error: {message}");
            let _ = writeln!(err, "hint: run '{} --help' for the usage", self.name);
            EXIT_BAD_INPUT
        };
        let flags: Vec<&str> = self.flags.iter().chain(COMMON_FLAGS).copied().collect();
        let valued: Vec<&str> = self.valued.iter().chain(COMMON_VALUED).copied().collect();
        let args = match parse_args(args, &flags, &valued) {
            Ok(args) => args,
            Err(message) => return bad_args(err, &message),
        };
        if args.flag("--help") {
            return finish(write!(out, "{}", self.usage).map(|()| Ok(())), out, err);
        }
        if args.flag("--version") {
            let line = writeln!(out, "{} {}", self.name, self.version);
            return finish(line.map(|()| Ok(())), out, err);
        }
        let options = match configure(&args) {
            Ok(options) => options,
            Err(message) => return bad_args(err, &message),
        };
        let file = match args.input_file() {
            Ok(file) => file,
            Err(message) => return bad_args(err, &message),
        };
        let input = match read(file) {
            Ok(input) => input,
            Err(message) => {
                let _ = writeln!(err, "error: {message}");
                return EXIT_BAD_INPUT;
            }
        };
        let result = run(options, &input, out);
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

    #[test]
    fn flags_values_and_positionals() {
        let a = parse_args(
            args(&["--path", "--rows=3", "in.txt", "--max", "7"]),
            &["--path"],
            &["--rows", "--max"],
        )
        .unwrap();
        assert!(a.flag("--path"));
        assert!(!a.flag("--show"));
        assert_eq!(a.parsed::<usize>("--rows"), Ok(Some(3)));
        assert_eq!(a.value("--max"), Some("7"));
        assert_eq!(a.input_file(), Ok(Some("in.txt")));
        let h = parse_args(args(&["-h", "-"]), &[], &[]).unwrap();
        assert!(h.flag("--help"));
        assert_eq!(h.input_file(), Ok(None));
    }

    #[test]
    fn mistakes_are_messages() {
        assert_eq!(
            parse_args(args(&["--nope"]), &[], &[]),
            Err("unknown option '--nope'".into())
        );
        assert_eq!(
            parse_args(args(&["--rows"]), &[], &["--rows"]),
            Err("--rows needs a value".into())
        );
        let a = parse_args(args(&["--rows", "x", "a", "b"]), &[], &["--rows"]).unwrap();
        assert_eq!(
            a.parsed::<usize>("--rows"),
            Err("invalid value 'x' for --rows".into())
        );
        assert_eq!(a.input_file(), Err("unexpected argument 'b'".into()));
    }

    #[test]
    #[cfg(unix)]
    fn a_non_utf8_argument_is_an_error_not_a_panic() {
        use std::os::unix::ffi::OsStringExt;
        let bad = OsString::from_vec(vec![b'a', 0xff]);
        assert_eq!(
            parse_args(vec![bad], &[], &[]),
            Err("argument 'a\u{fffd}' is not valid UTF-8".into())
        );
        let value = OsString::from_vec(vec![0xfe]);
        assert!(parse_args(vec![OsString::from("--rows"), value], &[], &["--rows"]).is_err());
    }

    const TOY: Program = Program {
        name: "toy",
        version: "1.2.3",
        usage: "usage: toy [--loud] [--times N] [FILE]\n",
        flags: &["--loud"],
        valued: &["--times"],
    };

    /// Runs the toy program: it echoes each input line `--times` times, stops with a bad
    /// input at a line `bad`, and with a limit at a line `limit`.
    fn toy(list: &[&str], input: &str) -> (u8, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = TOY.run_with(
            args(list),
            |file| match file {
                None => Ok(input.as_bytes().to_vec()),
                Some(f) => Err(format!("cannot read '{f}': no such file")),
            },
            &mut out,
            &mut err,
            |a| Ok(a.parsed::<usize>("--times")?.unwrap_or(1)),
            |times, input, out| {
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
        assert_eq!(toy(&["-h"], ""), (0, TOY.usage.into(), String::new()));
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
                |_| Ok(input.as_bytes().to_vec()),
                &mut Closed,
                &mut err,
                |_| Ok(()),
                |(), input, out| {
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
