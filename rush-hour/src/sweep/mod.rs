//! `--sweep N [--walls W]`: every board of Fogleman's enumeration of the `N` x `N`
//! space, each cluster once, and one database line per interesting cluster.
//!
//! His enumeration (FORMAT.md section 5): the red car (2 cells) in the exit row
//! `(N - 1) / 2`, no other horizontal piece there (walls only, left of the car), no row
//! full of horizontal pieces and walls, no column full of vertical pieces, at most `W`
//! walls, and only *seeds*: boards where no piece can slide left or up (every cluster has
//! one: its smallest board). His `boards` figure counts the seeds.
//!
//! - [`entries`]: the placements of one row or column, in his order.
//! - [`space`]: a board as one placement per line, its moves, a seed's dense rank;
//!   [`offsets`]: each row tuple's first seed rank, kept only for the tuples that hold
//!   seeds, counted by [`tuples`] (a walk that leaves out the tuples with too many
//!   walls); [`signatures`]: the row signatures, which chunks are made of.
//! - [`cluster`]: one cluster's search, distances, hardest board and minimality (its box
//!   path, which numbers boards by place, in `cluster/boxed.rs`);
//!   [`dense`]: a cluster's boards numbered by place in its box (no hashing);
//!   [`steps`]: the box path's moves, each a table entry (the placement reached, how far
//!   the place moves, the cells it changes), read only for the lines with a free cell
//!   next to a piece.
//! - [`run`]: chunks, workers, progress; [`checkpoint`]: the resumable folder.
//!
//! No move changes the lengths of the pieces of a row, so every cluster lies within one
//! *row signature*; a chunk is a run of whole signatures, its clusters found from its
//! seeds in his order (each from the first seed not yet reached), so a chunk's result
//! depends on nothing outside it: that makes the sweep resumable and deterministic.
//!
//! Lines come hardest first, ties by board string (byte order), as the published file
//! (sorted by moves, hardest first).

pub mod checkpoint;
pub mod cluster;
pub mod dense;
pub mod entries;
pub mod marks;
pub mod offsets;
pub mod options;
pub mod reference;
pub mod run;
pub mod signatures;
pub mod space;
pub mod steps;
pub mod table;
pub mod tuples;

use cluster::Line;
use puzzle_frame::budget::{Ledger, MemoryBudget, OverBudget};
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// The default [`SweepOptions::dense_limit`]: 1 Gi places (a bit and a half each: 192 MiB)
/// per worker.
pub const DENSE_LIMIT: u64 = 1 << 30;

/// What a sweep covers and how it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepOptions {
    /// The board's side (3 to 8).
    pub size: usize,
    /// The most walls a board has.
    pub max_walls: u32,
    /// Worker threads.
    pub threads: usize,
    /// The checkpoint folder (a run continues what it finds there).
    pub checkpoint: Option<PathBuf>,
    /// Stop after this many chunks of this run (a limit; the run can be continued).
    pub stop_after_chunks: Option<usize>,
    /// Run only the chunks whose index is `k` modulo `m` (`Some((k, m))`): a sample, to
    /// estimate a long sweep; the outcome is then [`SweepOutcome::Stopped`].
    pub sample: Option<(usize, usize)>,
    /// How many chunks the work is cut into.
    pub chunks: usize,
    /// Clusters whose box ([`dense`]) has at most this many places are numbered by place
    /// (a bit and a half a place, per worker); larger ones by a hashed index. 0: always
    /// hashed.
    pub dense_limit: u64,
}

impl SweepOptions {
    /// A sweep of `size` with up to `max_walls` walls on every core, not resumable.
    pub fn new(size: usize, max_walls: u32) -> SweepOptions {
        SweepOptions {
            size,
            max_walls,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            checkpoint: None,
            stop_after_chunks: None,
            sample: None,
            chunks: 1024,
            dense_limit: DENSE_LIMIT,
        }
    }
}

/// Why a sweep stopped without an answer.
#[derive(Debug)]
pub enum SweepError {
    /// A side outside 3..=8.
    Size(usize),
    /// A space whose boards do not fit the packed state.
    TooLarge {
        /// The side.
        n: usize,
        /// The walls.
        max_walls: u32,
    },
    /// A cluster of more than 2^32 boards.
    ClusterTooLarge,
    /// Past the memory budget.
    Memory(OverBudget),
    /// The checkpoint folder cannot be read or written, or holds another sweep.
    Checkpoint(String),
    /// A broken invariant (a bug).
    Internal(&'static str),
}

impl From<OverBudget> for SweepError {
    fn from(e: OverBudget) -> SweepError {
        SweepError::Memory(e)
    }
}

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SweepError::Size(n) => write!(f, "--sweep {n}: the side must be 3 to 8"),
            SweepError::TooLarge { n, max_walls } => {
                write!(
                    f,
                    "--sweep {n} --walls {max_walls}: too many placements per line for one sweep"
                )
            }
            SweepError::ClusterTooLarge => write!(f, "a cluster of more than 2^32 boards"),
            SweepError::Memory(e) => write!(f, "{e}"),
            SweepError::Checkpoint(m) => write!(f, "checkpoint: {m}"),
            SweepError::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

impl std::error::Error for SweepError {}

/// Where a running sweep is.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Seeds of finished chunks and of the chunks' finished row tuples.
    pub seeds_done: u64,
    /// All seeds.
    pub seeds_total: u64,
    /// Seeds done by this run (not read back from the checkpoint).
    pub seeds_this_run: u64,
    /// Chunks finished.
    pub chunks_done: usize,
    /// All chunks.
    pub chunks_total: usize,
    /// Time since this run's workers started.
    pub elapsed: Duration,
    /// The chunks this run finished since the last report, each reported once.
    pub finished: Vec<ChunkTiming>,
}

/// What one chunk of this run cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkTiming {
    /// The chunk's index in the plan.
    pub index: usize,
    /// The boards of its clusters.
    pub boards: u64,
    /// Its wall time.
    pub wall: Duration,
    /// The CPU time of the worker that ran it, where the system tells it
    /// (`/proc/thread-self/schedstat` on Linux).
    pub cpu: Option<Duration>,
}

impl Progress {
    /// The time left at this run's pace so far, once there is a pace.
    pub fn eta(&self) -> Option<Duration> {
        if self.seeds_this_run == 0 {
            return None;
        }
        let left = self.seeds_total.saturating_sub(self.seeds_done) as f64;
        Some(self.elapsed.mul_f64(left / self.seeds_this_run as f64))
    }
}

/// The totals of a sweep.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Boards of his enumeration (seeds).
    pub seeds: u64,
    /// All boards of the space (the clusters' sizes added).
    pub boards: u64,
    /// Clusters.
    pub clusters: u64,
    /// Clusters with a solved board.
    pub solvable: u64,
    /// Interesting clusters (lines).
    pub interesting: u64,
}

/// A sweep's answer: its lines (hardest first, then by board string) and totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepReport {
    /// One line per interesting cluster.
    pub lines: Vec<Line>,
    /// The totals.
    pub summary: Summary,
}

/// The end of a sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SweepOutcome {
    /// Every chunk done.
    Done(SweepReport),
    /// A limit stopped it; continue it with the same checkpoint folder.
    Stopped {
        /// Chunks done so far (this run and before).
        chunks_done: usize,
        /// All chunks.
        chunks_total: usize,
    },
}

/// Runs the sweep of `options` under `budget`, reporting progress now and then.
pub fn sweep(
    options: &SweepOptions,
    budget: MemoryBudget,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SweepOutcome, SweepError> {
    let mut ledger = Ledger::new(budget);
    let space = space::Space::new(options.size, options.max_walls)?;
    let offsets = offsets::SeedOffsets::new(&space, &mut ledger, options.threads)?;
    let sigs = signatures::Signatures::new(&space);
    let weights = run::signature_seeds(&space, &sigs, &offsets, options.threads);
    let chunks = run::plan(&weights, options.chunks.max(1));
    let name = format!("{} {} {}", options.size, options.max_walls, chunks.len());
    let checkpoint = match &options.checkpoint {
        Some(dir) => Some(checkpoint::Checkpoint::open(dir, &name)?),
        None => None,
    };
    let results = run::run(
        &space,
        &sigs,
        &offsets,
        &chunks,
        options,
        checkpoint.as_ref(),
        &mut ledger,
        progress,
    )?;
    let chunks_done = results.iter().filter(|r| r.is_some()).count();
    if chunks_done < chunks.len() {
        return Ok(SweepOutcome::Stopped {
            chunks_done,
            chunks_total: chunks.len(),
        });
    }
    let mut summary = Summary::default();
    let mut lines = Vec::new();
    for r in results.into_iter().flatten() {
        summary.seeds += r.seeds;
        summary.boards += r.boards;
        summary.clusters += r.clusters;
        summary.solvable += r.solvable;
        lines.extend(r.lines);
    }
    summary.interesting = lines.len() as u64;
    lines.sort_by(|a, b| b.moves.cmp(&a.moves).then_with(|| a.board.cmp(&b.board)));
    Ok(SweepOutcome::Done(SweepReport { lines, summary }))
}

/// The database line: `MOVES BOARD CLUSTER`, moves on two digits.
pub fn format_line(line: &Line) -> String {
    format!("{:02} {} {}", line.moves, line.board, line.cluster)
}

/// The closing summary.
pub fn format_summary(report: &SweepReport) -> String {
    let s = &report.summary;
    let hardest = report.lines.first().map_or("none".to_string(), format_line);
    format!(
        "boards {} (all states {}), clusters {}, solvable {}, interesting {}, hardest {}",
        s.seeds, s.boards, s.clusters, s.solvable, s.interesting, hardest
    )
}
