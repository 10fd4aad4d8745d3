//! A large batch answered by several workers of one oracle, when cores are free.
//!
//! Every worker answering a batch counts as busy, process-wide ([`Busy`]). A large batch is cut
//! into chunks that lanes take in turn: the calling thread is the first lane, and after each
//! of its chunks it opens another lane (a thread with a worker of its own) when fewer workers
//! are busy than there are cores, the machine has a core nobody waits for, and enough chunks
//! are left to pay for a worker's start. When
//! every oracle of a run is answering, the cores are taken and nothing is added; when the fast
//! ones are done, the slowest get the free cores.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// Workers answering a batch right now, in this process.
static BUSY: AtomicUsize = AtomicUsize::new(0);

/// Cases per chunk of a split batch: large enough that a worker's pipeline stays full, small
/// enough that a lane opened late still finds work.
pub const CHUNK: usize = 256;

/// A lane is opened only while at least this many chunks are left: a worker's start (an
/// interpreter, a JVM) costs about what a few hundred answers do.
pub const MIN_CHUNKS_LEFT: usize = 4;

/// A worker counted as busy while this lives.
#[derive(Debug)]
pub struct Busy(());

impl Busy {
    pub fn enter() -> Busy {
        BUSY.fetch_add(1, Ordering::SeqCst);
        Busy(())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        BUSY.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The cores this process may use.
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Whether a core is free: fewer workers answer than there are cores, and (where the kernel
/// says) fewer threads are runnable on the machine than there are cores, counting this one: on
/// a machine others load, a worker more would only take turns with them.
fn core_free() -> bool {
    BUSY.load(Ordering::SeqCst) < cores() && runnable().is_none_or(|n| n < cores())
}

/// The threads runnable on the machine now (`/proc/loadavg`'s fourth field), where known.
fn runnable() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().nth(3)?.split('/').next()?.parse().ok()
}

/// `answer(i)` for each chunk `i` of `n`, in chunk order, on up to `max_lanes` lanes (see the
/// module documentation). The first error stops every lane and is returned.
pub fn run_chunks<T: Send, E: Send>(
    n: usize,
    max_lanes: usize,
    answer: impl Fn(usize) -> Result<T, E> + Sync,
) -> Result<Vec<T>, E> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let results: Vec<Mutex<Option<Result<T, E>>>> = (0..n).map(|_| Mutex::new(None)).collect();
    // Answer the next chunk; `false` when none is left or a lane met an error.
    let one = || {
        if stop.load(Ordering::SeqCst) {
            return false;
        }
        let i = next.fetch_add(1, Ordering::SeqCst);
        if i >= n {
            return false;
        }
        let result = answer(i);
        if result.is_err() {
            stop.store(true, Ordering::SeqCst);
        }
        *results[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(result);
        true
    };
    std::thread::scope(|scope| {
        let mut lanes = 1;
        while one() {
            let left = n.saturating_sub(next.load(Ordering::SeqCst));
            if lanes < max_lanes && left >= MIN_CHUNKS_LEFT && core_free() {
                lanes += 1;
                scope.spawn(|| {
                    let _busy = Busy::enter();
                    while one() {}
                });
            }
        }
    });
    let mut out = Vec::with_capacity(n);
    for slot in results {
        match slot.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(Ok(value)) => out.push(value),
            Some(Err(e)) => return Err(e),
            // Left when another lane stopped on an error, which comes first or later.
            None => continue,
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chunk_is_answered_once_in_order() {
        let calls = AtomicUsize::new(0);
        let out = run_chunks(40, 4, |i| {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok::<_, ()>(i * 10)
        })
        .unwrap();
        assert_eq!(out, (0..40).map(|i| i * 10).collect::<Vec<_>>());
        assert_eq!(calls.load(Ordering::SeqCst), 40);
    }

    #[test]
    fn an_error_is_returned() {
        let out = run_chunks(40, 4, |i| if i == 7 { Err(i) } else { Ok(i) });
        assert_eq!(out, Err(7));
    }
}
