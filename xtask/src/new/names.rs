//! The names of a new crate: the three spellings, the rules a name must keep, and the
//! placeholders the template holds for them.

/// The longest name taken: every line that holds a name stays within rustfmt's width.
pub const MAX_NAME: usize = 32;

/// The three spellings of a crate's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// The package, binary and folder: `lights-out`.
    pub kebab: String,
    /// The Rust crate: `lights_out`.
    pub snake: String,
    /// The type that implements `Puzzle`: `LightsOut`.
    pub camel: String,
}

impl Names {
    /// The spellings of `name`, or why it cannot name a crate (whatever the workspace holds).
    pub fn of(name: &str) -> Result<Names, String> {
        let bytes = name.as_bytes();
        let well_formed = bytes.first().is_some_and(u8::is_ascii_lowercase)
            && bytes
                .last()
                .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            && bytes.len() >= 2
            && bytes
                .iter()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
            && !name.contains("--");
        if !well_formed {
            return Err(format!(
                "'{name}' is not a crate name here: lower-case letters, digits and single \
                 hyphens, starting with a letter and ending with a letter or digit \
                 (`[a-z][a-z0-9-]*[a-z0-9]`), like `lights-out`"
            ));
        }
        if name.len() > MAX_NAME {
            return Err(format!(
                "'{name}' is longer than {MAX_NAME} characters (the lines that hold it must \
                 stay within rustfmt's width)"
            ));
        }
        let snake = name.replace('-', "_");
        if KEYWORDS.contains(&snake.as_str()) {
            return Err(format!("'{name}' is a Rust keyword"));
        }
        if RESERVED.contains(&snake.as_str()) {
            return Err(format!(
                "'{name}' is reserved (a crate of the Rust distribution, or a file name \
                 Windows refuses)"
            ));
        }
        let camel: String = name
            .split('-')
            .map(|word| {
                let mut chars = word.chars();
                chars.next().map_or_else(String::new, |first| {
                    first.to_ascii_uppercase().to_string() + chars.as_str()
                })
            })
            .collect();
        if CRATE_ROOT_NAMES.contains(&camel.as_str()) {
            return Err(format!(
                "'{name}' would name its type `{camel}`, which the crate's root already \
                 uses (its `Case` and `Move`, or a name of Rust's prelude)"
            ));
        }
        Ok(Names {
            kebab: name.to_string(),
            snake,
            camel,
        })
    }

    /// `text` with every placeholder filled; `file` names the template in the error for a
    /// placeholder this generator does not know.
    pub fn fill(&self, text: &str, file: &str) -> Result<String, String> {
        let filled = text
            .replace("{{crate}}", &self.kebab)
            .replace("{{crate_snake}}", &self.snake)
            .replace("{{Struct}}", &self.camel);
        match leftover_placeholder(&filled) {
            Some(left) => Err(format!(
                "the template {file} holds the placeholder {left}, which `cargo xtask new` \
                 does not fill (it knows {{{{crate}}}}, {{{{crate_snake}}}} and {{{{Struct}}}})"
            )),
            None => Ok(filled),
        }
    }
}

/// The first `{{identifier}}` in `text`, if any.
pub fn leftover_placeholder(text: &str) -> Option<&str> {
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let ident = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        if ident > 0 && after[ident..].starts_with("}}") {
            return Some(&rest[start..start + 2 + ident + 2]);
        }
        rest = &rest[start + 2..];
    }
    None
}

/// Every keyword of Rust (strict, reserved, and of later editions).
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "union", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Crate names of the Rust distribution, and file names Windows refuses.
const RESERVED: &[&str] = &[
    "alloc",
    "core",
    "proc_macro",
    "std",
    "test",
    "con",
    "prn",
    "aux",
    "nul",
    "com1",
    "com2",
    "com3",
    "com4",
    "com5",
    "com6",
    "com7",
    "com8",
    "com9",
    "lpt1",
    "lpt2",
    "lpt3",
    "lpt4",
    "lpt5",
    "lpt6",
    "lpt7",
    "lpt8",
    "lpt9",
];

/// Names the template's `lib.rs` uses beside the puzzle's type: its re-exports and the
/// prelude's types and variants.
const CRATE_ROOT_NAMES: &[&str] = &[
    "Case",
    "Move",
    "Option",
    "Some",
    "None",
    "Result",
    "Ok",
    "Err",
    "String",
    "Vec",
    "Box",
    "Copy",
    "Clone",
    "Send",
    "Sync",
    "Sized",
    "Unpin",
    "Drop",
    "Fn",
    "FnMut",
    "FnOnce",
    "ToOwned",
    "ToString",
    "PartialEq",
    "PartialOrd",
    "Eq",
    "Ord",
    "AsRef",
    "AsMut",
    "Into",
    "From",
    "Default",
    "Iterator",
    "Extend",
    "IntoIterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "TryFrom",
    "TryInto",
    "FromIterator",
];
