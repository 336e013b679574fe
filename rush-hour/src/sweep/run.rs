//! The sweep's schedule: the row tuples cut into chunks of about equal seed counts (the
//! same cut every run, so that a continued run finds its chunks), the workers taking
//! chunks in order, the progress reports (with each finished chunk's boards, wall and
//! CPU time: where a long sweep's time goes), and the merge of the chunks' results.

use super::checkpoint::{Checkpoint, ChunkResult};
use super::cluster::Explorer;
use super::marks::Marks;
use super::offsets::SeedOffsets;
use super::signatures::Signatures;
use super::space::Space;
use super::{ChunkTiming, Progress, SweepError, SweepOptions};
use puzzle_frame::budget::{Ledger, MemoryBudget};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Row signatures `first..end`.
pub type Chunk = (u64, u64);

/// The seeds of each row signature, counted on `threads` threads (each a run of them).
pub fn signature_seeds(
    space: &Space,
    sigs: &Signatures,
    offsets: &SeedOffsets,
    threads: usize,
) -> Vec<u64> {
    let mut weights = vec![0u64; sigs.count() as usize];
    let run = weights.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        for (k, part) in weights.chunks_mut(run).enumerate() {
            scope.spawn(move || {
                let mut tuples = Vec::new();
                for (i, weight) in part.iter_mut().enumerate() {
                    let sig = (k * run + i) as u64;
                    // Too many walls: no seed (most signatures of a space with walls).
                    if sigs.walls(sig) > space.max_walls {
                        continue;
                    }
                    sigs.row_tuples(space, sig, &mut tuples);
                    *weight = tuples
                        .iter()
                        .map(|&rows| offsets.seeds(space.row_tuple_rank(rows) as usize))
                        .sum();
                }
            });
        }
    });
    weights
}

/// Cuts the signatures into about `count` chunks of about equal seed counts.
pub fn plan(weights: &[u64], count: usize) -> Vec<Chunk> {
    let total: u64 = weights.iter().sum();
    let goal = total.div_ceil(count.max(1) as u64).max(1);
    let mut chunks = Vec::new();
    let (mut first, mut held) = (0u64, 0u64);
    for (sig, &w) in weights.iter().enumerate() {
        held += w;
        if held >= goal {
            chunks.push((first, sig as u64 + 1));
            first = sig as u64 + 1;
            held = 0;
        }
    }
    if first < weights.len() as u64 {
        chunks.push((first, weights.len() as u64));
    }
    chunks
}

/// Explores every cluster of the signatures of one chunk, each from its first unmarked
/// seed in his order.
fn run_chunk(
    space: &Space,
    sigs: &Signatures,
    offsets: &SeedOffsets,
    chunk: Chunk,
    explorer: &mut Explorer,
    marks: &Marks,
    seeds_done: &AtomicU64,
) -> Result<ChunkResult, SweepError> {
    let mut result = ChunkResult::default();
    let mut tuples = Vec::new();
    for sig in chunk.0..chunk.1 {
        // Too many walls: no seed, nothing to explore or count.
        if sigs.walls(sig) > space.max_walls {
            continue;
        }
        sigs.row_tuples(space, sig, &mut tuples);
        for &rows in &tuples {
            let tuple = space.row_tuple_rank(rows) as usize;
            let (base, end) = (offsets.start(tuple), offsets.start(tuple + 1));
            if base == end {
                continue;
            }
            let fits = space.column_fits(rows);
            let mut digits = vec![0usize; space.n];
            for rank in base..end {
                if !marks.get(rank) {
                    let mut s = rows;
                    for (x, fit) in fits.iter().enumerate() {
                        s = space.with_field(s, space.n + x, fit[digits[x]] as usize);
                    }
                    let facts = explorer.explore(s, marks)?;
                    result.clusters += 1;
                    result.boards += facts.size;
                    result.solvable += u64::from(facts.solvable);
                    result.lines.extend(facts.line);
                }
                for x in (0..space.n).rev() {
                    digits[x] += 1;
                    if digits[x] < fits[x].len() {
                        break;
                    }
                    digits[x] = 0;
                }
            }
            result.seeds += end - base;
            seeds_done.fetch_add(end - base, Ordering::Relaxed);
        }
    }
    Ok(result)
}

/// The shared state of the workers.
struct Shared<'a> {
    space: &'a Space,
    sigs: &'a Signatures,
    offsets: &'a SeedOffsets,
    chunks: &'a [Chunk],
    pending: Vec<usize>,
    next: AtomicUsize,
    finished: AtomicUsize,
    seeds_done: AtomicU64,
    stop: AtomicBool,
    marks: Marks,
    results: Mutex<Vec<Option<ChunkResult>>>,
    /// The chunks finished and not yet reported.
    timings: Mutex<Vec<ChunkTiming>>,
    error: Mutex<Option<SweepError>>,
    checkpoint: Option<&'a Checkpoint>,
    limit: Option<usize>,
    dense_limit: u64,
}

impl Shared<'_> {
    fn work(&self, ledger: Ledger) -> Result<(), SweepError> {
        let mut explorer = Explorer::new(self.space, self.offsets, ledger, self.dense_limit)?;
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let k = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(&index) = self.pending.get(k) else {
                return Ok(());
            };
            if self.limit.is_some_and(|limit| k >= limit) {
                return Ok(());
            }
            let chunk = self.chunks[index];
            let (wall, cpu) = (Instant::now(), thread_cpu());
            let result = run_chunk(
                self.space,
                self.sigs,
                self.offsets,
                chunk,
                &mut explorer,
                &self.marks,
                &self.seeds_done,
            )?;
            let timing = ChunkTiming {
                index,
                boards: result.boards,
                wall: wall.elapsed(),
                cpu: thread_cpu()
                    .zip(cpu)
                    .map(|(now, then)| now.saturating_sub(then)),
            };
            if let Some(checkpoint) = self.checkpoint {
                checkpoint.write(index, chunk.0, chunk.1, &result)?;
            }
            if let Ok(mut timings) = self.timings.lock() {
                timings.push(timing);
            }
            if let Ok(mut results) = self.results.lock() {
                results[index] = Some(result);
            }
            self.finished.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Runs the chunks not yet in `checkpoint` on `options.threads` workers; the results of
/// every chunk (read back or computed), or `None` for a chunk a limit left undone.
#[allow(clippy::too_many_arguments)]
pub fn run(
    space: &Space,
    sigs: &Signatures,
    offsets: &SeedOffsets,
    chunks: &[Chunk],
    options: &SweepOptions,
    checkpoint: Option<&Checkpoint>,
    ledger: &mut Ledger,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Vec<Option<ChunkResult>>, SweepError> {
    let total_seeds = offsets.total();
    let marks = Marks::new(total_seeds, ledger)?;
    let mut results: Vec<Option<ChunkResult>> = vec![None; chunks.len()];
    let mut seeds_before = 0;
    if let Some(checkpoint) = checkpoint {
        for (i, slot) in results.iter_mut().enumerate() {
            *slot = checkpoint.read(i);
            seeds_before += slot.as_ref().map_or(0, |r| r.seeds);
        }
    }
    let sampled = |i: usize| options.sample.map_or(true, |(k, m)| i % m.max(1) == k);
    let pending: Vec<usize> = (0..chunks.len())
        .filter(|&i| results[i].is_none() && sampled(i))
        .collect();
    let threads = options.threads.max(1);
    let shared = Shared {
        space,
        sigs,
        offsets,
        chunks,
        pending,
        next: AtomicUsize::new(0),
        finished: AtomicUsize::new(0),
        seeds_done: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        marks,
        results: Mutex::new(results),
        timings: Mutex::new(Vec::new()),
        error: Mutex::new(None),
        checkpoint,
        limit: options.stop_after_chunks,
        dense_limit: options.dense_limit,
    };
    let share = ledger.remainder().bytes() / threads as u64;
    let start = Instant::now();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let worker_ledger = Ledger::new(MemoryBudget::new(share.max(1)));
                let shared = &shared;
                scope.spawn(move || {
                    if let Err(e) = shared.work(worker_ledger) {
                        shared.stop.store(true, Ordering::Relaxed);
                        if let Ok(mut slot) = shared.error.lock() {
                            slot.get_or_insert(e);
                        }
                    }
                })
            })
            .collect();
        let report = |progress: &mut dyn FnMut(&Progress)| {
            let done = shared.seeds_done.load(Ordering::Relaxed);
            progress(&Progress {
                seeds_done: seeds_before + done,
                seeds_total: total_seeds,
                seeds_this_run: done,
                chunks_done: chunks.len() - shared.pending.len()
                    + shared.finished.load(Ordering::Relaxed),
                chunks_total: chunks.len(),
                elapsed: start.elapsed(),
                finished: shared
                    .timings
                    .lock()
                    .map_or(Vec::new(), |mut t| std::mem::take(&mut *t)),
            });
        };
        // Whether a worker runs is read before the report, so that the last report
        // comes after every chunk is finished.
        loop {
            let running = handles.iter().any(|h| !h.is_finished());
            report(progress);
            if !running {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    });
    if let Some(e) = shared.error.lock().ok().and_then(|mut e| e.take()) {
        return Err(e);
    }
    shared
        .results
        .into_inner()
        .map_err(|_| SweepError::Internal("a worker panicked"))
}

/// The CPU time of the calling thread so far, where the system tells it (Linux:
/// `/proc/thread-self/schedstat`, whose first field is the nanoseconds on a CPU).
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

#[cfg(test)]
mod tests {
    use super::super::{sweep, SweepOptions, SweepOutcome};
    use puzzle_frame::budget::MemoryBudget;

    /// Every chunk a run finishes is reported once, with its boards, however many
    /// workers share them (the last ones after the workers stop included).
    #[test]
    fn each_finished_chunk_is_reported_once_with_its_boards() {
        // 5x5 takes some tenths of a second: many reports, most of a few chunks.
        for threads in [1, 3] {
            let mut options = SweepOptions::new(5, 0);
            options.threads = threads;
            options.chunks = 64;
            let mut reported = Vec::new();
            let mut progress = |p: &super::Progress| reported.extend(p.finished.clone());
            let outcome = sweep(&options, MemoryBudget::default(), &mut progress);
            let Ok(SweepOutcome::Done(report)) = outcome else {
                panic!("the sweep stopped: {outcome:?}");
            };
            let mut indices: Vec<usize> = reported.iter().map(|t| t.index).collect();
            indices.sort_unstable();
            assert!(indices.len() > 20, "{} chunks", indices.len());
            assert_eq!(indices, (0..indices.len()).collect::<Vec<_>>());
            let boards: u64 = reported.iter().map(|t| t.boards).sum();
            assert_eq!(boards, report.summary.boards);
        }
    }
}
