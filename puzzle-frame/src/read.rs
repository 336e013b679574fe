//! Reading the whole input once, charged to the memory budget (`--max-memory`).
//!
//! **Layout.** The input is one `Vec<u8>` that the parsers read in place. When the input
//! has a length (a file named on the command line, or standard input redirected from a
//! regular file), the buffer is allocated once at that length and filled by one `read`
//! (and one more that finds the end): no buffer that grows and moves. An input longer
//! than the budget is refused from its length, before a byte is read.
//!
//! Standard input without a length (a pipe, a terminal) is read in chunks, each twice
//! the one before, into a buffer that grows with them; the reading stops as soon as it
//! holds more than the budget, so an endless input cannot take more than about the
//! budget.
//!
//! A failure to read is bad input (exit code 2, as before any case is read); an input
//! over the budget is a limit (exit code 1), with a message naming the input and the
//! budget, like every other limit.

use std::fs::File;
use std::io::{self, Read, Seek};

use crate::budget::{format_size, MemoryBudget, OverBudget};
use crate::cli::Stop;

/// The first chunk read from an input without a length; each next chunk is twice as large.
const FIRST_CHUNK: usize = 64 << 10;

/// The whole input: the file, or standard input for `None`, in one buffer sized from the
/// input's length when it has one, and never more than `budget` bytes.
pub fn input(file: Option<&str>, budget: MemoryBudget) -> Result<Vec<u8>, Stop> {
    match file {
        Some(path) => {
            let cannot = |e: io::Error| Stop::BadInput(format!("cannot read '{path}': {e}"));
            let file = File::open(path).map_err(cannot)?;
            read_file(file, &format!("the input '{path}'"), budget, cannot)
        }
        None => {
            let cannot = |e: io::Error| Stop::BadInput(format!("cannot read standard input: {e}"));
            let what = "the input on standard input";
            let stdin = io::stdin();
            match stdin_file(&stdin) {
                Some(file) => read_file(file, what, budget, cannot),
                None => read_stream(stdin.lock(), what, budget).map_err(|e| e.map_io(cannot)),
            }
        }
    }
}

/// Standard input as a [`File`] when it is a regular file (redirected from one): a second
/// descriptor for it, which shares its position. `None` for a pipe or a terminal, and
/// when standard input is closed (std then reads it as an empty input).
#[cfg(unix)]
fn stdin_file(stdin: &io::Stdin) -> Option<File> {
    use std::os::fd::AsFd;
    let file = File::from(stdin.as_fd().try_clone_to_owned().ok()?);
    file.metadata().ok()?.is_file().then_some(file)
}

/// Elsewhere standard input is always read as a stream.
#[cfg(not(unix))]
fn stdin_file(_: &io::Stdin) -> Option<File> {
    None
}

/// Reads a regular file from its current position to its end, into a buffer of exactly
/// that length, after checking the length against the budget (a file that grew while it
/// was read is refused after it).
fn read_file(
    mut file: File,
    what: &str,
    budget: MemoryBudget,
    cannot: impl Fn(io::Error) -> Stop,
) -> Result<Vec<u8>, Stop> {
    let len = file.metadata().map_err(&cannot)?.len();
    let position = file.stream_position().map_err(&cannot)?;
    let left = len.saturating_sub(position);
    let over_budget = |bytes: u64| Stop::Limit(over(what, bytes, budget).to_string());
    if left > budget.bytes() {
        return Err(over_budget(left));
    }
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(left as usize)
        .map_err(|_| over_budget(left))?;
    // `File`'s own `read_to_end` asks for the rest of the file in one read (a `Take` would
    // read in growing pieces), and a second read finds the end.
    file.read_to_end(&mut bytes).map_err(&cannot)?;
    if bytes.len() as u64 > budget.bytes() {
        return Err(over_budget(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Why a stream could not be read whole.
#[derive(Debug)]
pub(crate) enum StreamError {
    /// Reading failed.
    Io(io::Error),
    /// More than the budget arrived: the message.
    OverBudget(String),
}

impl StreamError {
    fn map_io(self, cannot: impl Fn(io::Error) -> Stop) -> Stop {
        match self {
            StreamError::Io(e) => cannot(e),
            StreamError::OverBudget(message) => Stop::Limit(message),
        }
    }
}

/// Reads a stream without a known length to its end in growing chunks ([`FIRST_CHUNK`],
/// then twice the buffer's size each time, never past `budget + 1` bytes), and stops as
/// soon as it holds more than `budget` bytes.
pub(crate) fn read_stream(
    mut reader: impl Read,
    what: &str,
    budget: MemoryBudget,
) -> Result<Vec<u8>, StreamError> {
    // One byte past the budget tells an input of exactly the budget from a longer one.
    let most = usize::try_from(budget.bytes())
        .unwrap_or(usize::MAX)
        .saturating_add(1);
    let mut bytes: Vec<u8> = Vec::new();
    loop {
        let room = bytes.len().max(FIRST_CHUNK).min(most - bytes.len());
        if room == 0 {
            let read = bytes.len() as u64;
            return Err(StreamError::OverBudget(format!(
                "{what} would need more than {}, over the memory budget of {} (raise it with \
                 --max-memory SIZE)",
                format_size(read - 1),
                format_size(budget.bytes())
            )));
        }
        bytes.try_reserve_exact(room).map_err(|_| {
            StreamError::OverBudget(over(what, (bytes.len() + room) as u64, budget).to_string())
        })?;
        // Fills the room just reserved (`read_to_end` reads into spare capacity first).
        let before = bytes.len();
        let read = (&mut reader)
            .take(room as u64)
            .read_to_end(&mut bytes)
            .map_err(StreamError::Io)?;
        debug_assert_eq!(bytes.len(), before + read);
        if read < room {
            return Ok(bytes);
        }
    }
}

/// The error for `bytes` of `what` over the budget.
fn over(what: &str, bytes: u64, budget: MemoryBudget) -> OverBudget {
    OverBudget {
        what: what.to_string(),
        needed: bytes,
        budget: budget.bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stream that hands out `left` bytes, at most `piece` per read, and counts them.
    struct Pieces {
        left: usize,
        piece: usize,
        given: usize,
    }

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.piece).min(self.left);
            buf[..n].fill(b'.');
            self.left -= n;
            self.given += n;
            Ok(n)
        }
    }

    #[test]
    fn a_stream_within_the_budget_is_read_whole() {
        for (len, piece, budget) in [
            (0, 10, 1),
            (1000, 7, 1000),
            (200_000, 65536, 1 << 20),
            (5, 1, 5),
        ] {
            let mut stream = Pieces {
                left: len,
                piece,
                given: 0,
            };
            let bytes = read_stream(&mut stream, "it", MemoryBudget::new(budget)).unwrap();
            assert_eq!(bytes.len(), len);
            assert!(bytes.iter().all(|&b| b == b'.'));
            assert!(bytes.capacity() <= (budget as usize + 1).max(FIRST_CHUNK));
        }
    }

    #[test]
    fn a_stream_past_the_budget_stops_just_past_it() {
        let budget = MemoryBudget::new(300_000);
        let mut stream = Pieces {
            left: usize::MAX,
            piece: 4096,
            given: 0,
        };
        let Err(StreamError::OverBudget(message)) =
            read_stream(&mut stream, "the input on standard input", budget)
        else {
            panic!("an endless stream is over any budget");
        };
        assert_eq!(stream.given, 300_001);
        assert_eq!(
            message,
            "the input on standard input would need more than 293.0 KiB, over the memory \
             budget of 293.0 KiB (raise it with --max-memory SIZE)"
        );
        // An endless stream that never stops on its own.
        let endless = read_stream(io::repeat(b'x'), "it", MemoryBudget::new(1 << 20));
        assert!(matches!(endless, Err(StreamError::OverBudget(_))));
        let exact = Pieces {
            left: 1000,
            piece: 3,
            given: 0,
        };
        assert_eq!(
            read_stream(exact, "it", MemoryBudget::new(1000))
                .map(|b| b.len())
                .ok(),
            Some(1000)
        );
    }

    /// A file in the system's temporary folder, removed when dropped.
    struct TempFile(std::path::PathBuf);

    impl TempFile {
        fn new(name: &str, bytes: &[u8]) -> TempFile {
            let path = std::env::temp_dir()
                .join(format!("puzzle-frame-read-{}-{name}", std::process::id()));
            std::fs::write(&path, bytes).expect("write a temporary file");
            TempFile(path)
        }

        fn path(&self) -> &str {
            self.0.to_str().expect("a UTF-8 temporary path")
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    #[test]
    fn a_file_is_read_into_a_buffer_of_its_length() {
        let text: Vec<u8> = (0..300_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        let file = TempFile::new("whole", &text);
        let bytes = input(Some(file.path()), MemoryBudget::new(300_000)).unwrap();
        assert_eq!(bytes, text);
        assert_eq!(bytes.capacity(), text.len());
        let empty = TempFile::new("empty", b"");
        assert_eq!(
            input(Some(empty.path()), MemoryBudget::new(1)).map(|b| b.len()),
            Ok(0)
        );
    }

    #[test]
    fn a_file_over_the_budget_is_refused_from_its_length() {
        let file = TempFile::new("long", &[b'.'; 2000]);
        let Err(Stop::Limit(message)) = input(Some(file.path()), MemoryBudget::new(1024)) else {
            panic!("2000 bytes are over 1 KiB");
        };
        assert_eq!(
            message,
            format!(
                "the input '{}' would need 2.0 KiB, over the memory budget of 1.0 KiB (raise \
                 it with --max-memory SIZE)",
                file.path()
            )
        );
        // Refused before a byte is read: a file that cannot be read at all (opened for
        // writing only) but is too long is over the budget, not unreadable.
        let unreadable = File::options()
            .append(true)
            .open(file.path())
            .expect("open for writing");
        let refused = read_file(unreadable, "it", MemoryBudget::new(1024), |e| {
            Stop::BadInput(e.to_string())
        });
        assert!(matches!(refused, Err(Stop::Limit(_))), "{refused:?}");
        let missing = input(Some("/nonexistent/puzzle-input"), MemoryBudget::new(1024));
        let Err(Stop::BadInput(message)) = missing else {
            panic!("a missing file is bad input");
        };
        assert!(
            message.starts_with("cannot read '/nonexistent/puzzle-input': "),
            "{message}"
        );
    }
}
