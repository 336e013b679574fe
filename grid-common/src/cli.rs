//! What the puzzle binaries share: argument parsing, reading the input, exit codes.
//!
//! The binaries stay thin: they parse their arguments with [`parse_args`], read the
//! input with [`read_input`], and map outcomes to the exit codes below.

use std::io::Read;

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

/// Parses `args` (without the program name). `flags` and `valued` list the accepted long
/// options (`--path`, `--rows`); `-h` and `-V` mean `--help` and `--version`, which are always
/// accepted. A lone `-` is a positional (standard input); `--` ends the options.
pub fn parse_args(
    args: impl IntoIterator<Item = String>,
    flags: &[&str],
    valued: &[&str],
) -> Result<Args, String> {
    let mut parsed = Args::default();
    let mut args = args.into_iter();
    let mut options_done = false;
    while let Some(arg) = args.next() {
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
                None => args.next().ok_or_else(|| format!("{name} needs a value"))?,
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
}
