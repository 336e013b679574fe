//! Keeping the process's resident size near what the budget charges.
//!
//! The budget ([`crate::budget`]) charges what a solver holds, but glibc's `malloc` can keep
//! much more resident. By default it raises its mmap threshold each time a large mapped
//! block is freed (up to 32 MiB), so later tables below that size come from the heap. A table
//! that grows there leaves its old block behind as a free hole, and the holes' pages stay
//! resident. On a dense 6x6 klotski box under `--max-memory 256M` that put the peak at
//! 317 MB, with the heap's own peak at 220 MB.
//!
//! So every binary fixes the threshold at start, from its budget ([`threshold_for`]):
//! a block of at least 1/64 of the budget is mapped on its own and unmapped when freed,
//! and grown in place by `mremap`. Under a small budget the large tables are mapped. Under
//! the default budget the threshold is glibc's own ceiling, so large runs keep the heap's
//! reuse of freed blocks.

/// The least threshold: glibc's own starting value, 128 KiB.
const LEAST: u64 = 128 << 10;

/// The greatest threshold: glibc's own ceiling for its moving threshold on 64-bit, 32 MiB.
const GREATEST: u64 = 32 << 20;

/// The mmap threshold for a budget of `budget_bytes`: 1/64 of it, within glibc's own range
/// of 128 KiB to 32 MiB.
///
/// ```
/// use puzzle_frame::allocator::threshold_for;
///
/// assert_eq!(threshold_for(64 << 20), 1 << 20);
/// assert_eq!(threshold_for(1 << 20), 128 << 10);
/// assert_eq!(threshold_for(2 << 30), 32 << 20);
/// ```
pub fn threshold_for(budget_bytes: u64) -> u64 {
    (budget_bytes / 64).clamp(LEAST, GREATEST)
}

/// Fixes the allocator's mmap threshold for a process under a budget of `budget_bytes`
/// ([`threshold_for`]). With glibc on Linux this is `mallopt(M_MMAP_THRESHOLD, ..)`; with
/// any other allocator it does nothing. It changes where memory comes from, never what a
/// solver holds or computes. Call it once, at the start of the process.
pub fn fit_to_budget(budget_bytes: u64) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    glibc::set_mmap_threshold(threshold_for(budget_bytes));
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = budget_bytes;
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
mod glibc {
    /// glibc's `M_MMAP_THRESHOLD` parameter of `mallopt`.
    const M_MMAP_THRESHOLD: i32 = -3;

    extern "C" {
        /// glibc: sets one of the allocator's parameters; returns 1 on success.
        fn mallopt(param: i32, value: i32) -> i32;
    }

    /// Sets the threshold (at most 32 MiB, so it fits an `i32`).
    pub(super) fn set_mmap_threshold(bytes: u64) {
        let value = i32::try_from(bytes).unwrap_or(i32::MAX);
        // SAFETY: `mallopt` takes two plain integers and only changes the allocator's own
        // settings under its lock; a value it refuses leaves them as they were.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, value);
        }
    }
}
