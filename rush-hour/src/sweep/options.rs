//! The options of `--sweep N`, read with the binary's others (`crate::modes`).

use puzzle_frame::cli::Opt;

/// `--sweep N`: the whole space of Fogleman's enumeration for `N` x `N` boards.
pub const SWEEP: Opt = Opt::valued(
    "--sweep",
    "N",
    "every board of Fogleman's enumeration of N x N boards (the red car in row (N-1)/2, no \
     other piece across that row, no full row or column of one direction), each cluster \
     once: a line 'MOVES BOARD CLUSTER' per interesting cluster, hardest first, then a \
     summary (reads no input); with --walls W (default 0), --checkpoint DIR (a stopped \
     run continues there), --threads T, --stop-after K (chunks), --max-memory",
);
/// `--walls W`: the most walls a board of the sweep has.
pub const WALLS: Opt = Opt::valued("--walls", "W", "with --sweep: at most W walls (default 0)");
/// `--checkpoint DIR`: where the sweep keeps each finished chunk.
pub const CHECKPOINT: Opt = Opt::valued(
    "--checkpoint",
    "DIR",
    "with --sweep: keep each finished chunk in DIR; a run stopped part way (Ctrl-C, a kill, \
     --stop-after) continues from there with the same output",
);
/// `--threads T`: worker threads of the sweep.
pub const THREADS: Opt = Opt::valued(
    "--threads",
    "T",
    "with --sweep: T workers (default: every core)",
);
/// `--stop-after K`: a limit of chunks for this run.
pub const STOP_AFTER: Opt = Opt::valued(
    "--stop-after",
    "K",
    "with --sweep and --checkpoint: stop after K chunks (exit 1; run again to continue)",
);

/// Every option the sweep mode takes besides `--sweep`.
pub const SWEEP_OPTIONS: [Opt; 5] = [
    WALLS,
    CHECKPOINT,
    THREADS,
    STOP_AFTER,
    puzzle_frame::cli::MAX_MEMORY,
];
