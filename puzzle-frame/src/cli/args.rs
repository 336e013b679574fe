//! The command line: typed options ([`Opt`]), the parser, and the parsed [`Args`].
//!
//! Every option is a constant of type [`Opt`] (its name, its value's name, its help), and
//! the parsed arguments are read through those constants, so a misspelt option is a
//! compile error, not a flag that is silently never set.

use std::ffi::OsString;

/// One command-line option: its long name, the name of its value for an option that takes
/// one, and its help text (one paragraph; `--help` wraps it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opt {
    /// The long name, `--path`.
    pub name: &'static str,
    /// The value's name for an option that takes one (`FILE`), `None` for a flag.
    pub value: Option<&'static str>,
    /// What it does, for `--help`.
    pub help: &'static str,
    /// How many values follow the option: 0 for a flag, 1, or 2 (`--sweep R C`).
    pub takes: usize,
}

impl Opt {
    /// A flag (an option without a value).
    pub const fn flag(name: &'static str, help: &'static str) -> Opt {
        Opt {
            name,
            value: None,
            help,
            takes: 0,
        }
    }

    /// An option that takes a value (`--rows N`, `--rows=N`).
    pub const fn valued(name: &'static str, value: &'static str, help: &'static str) -> Opt {
        Opt {
            name,
            value: Some(value),
            help,
            takes: 1,
        }
    }

    /// An option that takes two values (`--sweep R C`), read as one value joined by a space
    /// ([`Args::value`]).
    pub const fn valued_pair(name: &'static str, values: &'static str, help: &'static str) -> Opt {
        Opt {
            name,
            value: Some(values),
            help,
            takes: 2,
        }
    }
}

/// `-h`, `--help`: every binary and task accepts it.
pub const HELP: Opt = Opt::flag("--help", "print this help");
/// `-V`, `--version`: every binary and task accepts it.
pub const VERSION: Opt = Opt::flag("--version", "print the version");

/// Parsed command-line arguments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    /// Arguments that are not options, in order.
    pub positionals: Vec<String>,
    flags: Vec<&'static str>,
    values: Vec<(&'static str, String)>,
}

impl Args {
    /// True when the flag was given.
    pub fn flag(&self, opt: &Opt) -> bool {
        self.flags.contains(&opt.name)
    }

    /// The last value given to a valued option (`--rows 3` or `--rows=3`).
    pub fn value(&self, opt: &Opt) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| *n == opt.name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of a valued option parsed as `T`; an error message when it does not parse.
    pub fn parsed<T: std::str::FromStr>(&self, opt: &Opt) -> Result<Option<T>, String> {
        match self.value(opt) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("invalid value '{v}' for {}", opt.name)),
        }
    }

    /// With the mode option `mode` given (`--sweep`), every other option given must be one
    /// of `with`, the options the mode reads: the error names the first that is not
    /// (`--count does not go with --sweep`). Nothing to check without `mode`.
    pub fn only_with(&self, mode: &Opt, with: &[Opt]) -> Result<(), String> {
        if !self.flag(mode) && self.value(mode).is_none() {
            return Ok(());
        }
        let given = self.flags.iter().chain(self.values.iter().map(|(n, _)| n));
        match given
            .into_iter()
            .find(|&&n| n != mode.name && with.iter().all(|o| o.name != n))
        {
            Some(other) => Err(format!("{other} does not go with {}", mode.name)),
            None => Ok(()),
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

/// Parses `args` (without the program name) against the accepted `options`; `-h` and `-V`
/// mean `--help` and `--version`, which are always accepted. A lone `-` is a positional
/// (standard input); `--` ends the options. An argument that is not valid UTF-8 is an
/// error, not a panic.
pub fn parse_args<A: Into<OsString>>(
    args: impl IntoIterator<Item = A>,
    options: &[Opt],
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
            "-h" => HELP.name,
            "-V" => VERSION.name,
            other => other,
        };
        let (name, inline) = match long.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (long, None),
        };
        let known = options
            .iter()
            .chain([&HELP, &VERSION])
            .find(|o| o.name == name);
        let Some(opt) = known else {
            return Err(format!("unknown option '{arg}'"));
        };
        match (opt.value, inline) {
            (Some(values), _) if opt.takes == 2 => {
                let mut next = || -> Result<String, String> {
                    args.next()
                        .transpose()?
                        .ok_or_else(|| format!("{name} needs two values: {values}"))
                };
                let (first, second) = (next()?, next()?);
                parsed.values.push((opt.name, format!("{first} {second}")));
            }
            (Some(_), Some(value)) => parsed.values.push((opt.name, value)),
            (Some(_), None) => {
                let value = args
                    .next()
                    .transpose()?
                    .ok_or_else(|| format!("{name} needs a value"))?;
                parsed.values.push((opt.name, value));
            }
            (None, Some(_)) => return Err(format!("{name} takes no value")),
            (None, None) => parsed.flags.push(opt.name),
        }
    }
    Ok(parsed)
}

/// The `Options:` block of a help text: one entry per option, its help wrapped to the
/// width of the page, then `-h, --help` and `-V, --version`.
pub fn options_help(options: &[Opt]) -> String {
    const INDENT: usize = 22;
    const WIDTH: usize = 88;
    let mut text = String::new();
    for opt in options.iter().chain([&HELP, &VERSION]) {
        let short = match opt.name {
            "--help" => "-h, ",
            "--version" => "-V, ",
            _ => "    ",
        };
        let mut head = format!("  {short}{}", opt.name);
        if let Some(value) = opt.value {
            head = format!("{head} {value}");
        }
        let mut line = if head.len() + 2 > INDENT {
            text.push_str(&head);
            text.push('\n');
            " ".repeat(INDENT)
        } else {
            format!("{head:INDENT$}")
        };
        for word in opt.help.split_whitespace() {
            if line.len() > INDENT && line.len() + 1 + word.len() > WIDTH {
                text.push_str(line.trim_end());
                text.push('\n');
                line = " ".repeat(INDENT);
            }
            if line.len() > INDENT {
                line.push(' ');
            }
            line.push_str(word);
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATH: Opt = Opt::flag("--path", "the moves");
    const ROWS: Opt = Opt::valued("--rows", "N", "rows");
    const MAX: Opt = Opt::valued("--max", "N", "most");

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn flags_values_and_positionals() {
        let a = parse_args(
            args(&["--path", "--rows=3", "in.txt", "--max", "7"]),
            &[PATH, ROWS, MAX],
        )
        .unwrap();
        assert!(a.flag(&PATH));
        assert!(!a.flag(&HELP));
        assert_eq!(a.parsed::<usize>(&ROWS), Ok(Some(3)));
        assert_eq!(a.value(&MAX), Some("7"));
        assert_eq!(a.input_file(), Ok(Some("in.txt")));
        let h = parse_args(args(&["-h", "-"]), &[]).unwrap();
        assert!(h.flag(&HELP));
        assert_eq!(h.input_file(), Ok(None));
    }

    #[test]
    fn a_mode_refuses_the_options_it_does_not_read() {
        let parse = |list: &[&str]| parse_args(args(list), &[PATH, ROWS, MAX]).unwrap();
        let with_path = parse(&["--rows", "3", "--path"]);
        assert_eq!(
            with_path.only_with(&ROWS, &[MAX]),
            Err("--path does not go with --rows".into())
        );
        assert_eq!(with_path.only_with(&ROWS, &[PATH]), Ok(()));
        assert_eq!(
            parse(&["--max", "1", "--rows", "2"]).only_with(&ROWS, &[PATH]),
            Err("--max does not go with --rows".into())
        );
        assert_eq!(
            parse(&["--path", "--max", "1"]).only_with(&ROWS, &[]),
            Ok(())
        );
    }

    #[test]
    fn mistakes_are_messages() {
        assert_eq!(
            parse_args(args(&["--nope"]), &[]),
            Err("unknown option '--nope'".into())
        );
        assert_eq!(
            parse_args(args(&["--rows"]), &[ROWS]),
            Err("--rows needs a value".into())
        );
        assert_eq!(
            parse_args(args(&["--path=1"]), &[PATH]),
            Err("--path takes no value".into())
        );
        let a = parse_args(args(&["--rows", "x", "a", "b"]), &[ROWS]).unwrap();
        assert_eq!(
            a.parsed::<usize>(&ROWS),
            Err("invalid value 'x' for --rows".into())
        );
        assert_eq!(a.input_file(), Err("unexpected argument 'b'".into()));
        let pair = Opt::valued_pair("--box", "R C", "a box");
        let a = parse_args(args(&["--box", "3", "4", "in"]), &[pair]).unwrap();
        assert_eq!(
            (a.value(&pair), a.input_file()),
            (Some("3 4"), Ok(Some("in")))
        );
        assert_eq!(
            parse_args(args(&["--box", "3"]), &[pair]),
            Err("--box needs two values: R C".into())
        );
    }

    #[test]
    #[cfg(unix)]
    fn a_non_utf8_argument_is_an_error_not_a_panic() {
        use std::os::unix::ffi::OsStringExt;
        let bad = OsString::from_vec(vec![b'a', 0xff]);
        assert_eq!(
            parse_args(vec![bad], &[]),
            Err("argument 'a\u{fffd}' is not valid UTF-8".into())
        );
        let value = OsString::from_vec(vec![0xfe]);
        assert!(parse_args(vec![OsString::from("--rows"), value], &[ROWS]).is_err());
    }

    #[test]
    fn the_options_block_aligns_and_wraps() {
        let long = Opt::valued(
            "--a-rather-long-option",
            "VALUE",
            "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen",
        );
        let text = options_help(&[PATH, long]);
        let expected = "      --path          the moves
      --a-rather-long-option VALUE
                      one two three four five six seven eight nine ten eleven twelve
                      thirteen fourteen fifteen
  -h, --help          print this help
  -V, --version       print the version
";
        assert_eq!(text, expected);
    }
}
