//! The per-case time limit, enforced without standing between the worker and the collector.
//!
//! The collecting thread reads the worker's stdout itself (a blocking read, no hand-off per
//! line) and only stamps each answer's arrival into an atomic. A [`Watchdog`] thread sleeps
//! until the oldest unanswered case's deadline (the last stamp plus the limit); if no answer
//! came by then, it kills the worker's process group. The blocked read then ends at EOF and the
//! collector, seeing [`Watchdog::fired`], records the time-out. The watchdog costs nothing per
//! answer beyond the stamp: it wakes once per limit, not once per case.

use super::process_group::kill_group;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

#[derive(Debug)]
struct Shared {
    start: Instant,
    /// Nanoseconds from `start` to the latest progress (an answer, or the start).
    last_progress: AtomicU64,
    fired: AtomicBool,
}

/// Kills process group `pid` when [`Watchdog::progress`] is not called for `limit`.
#[derive(Debug)]
pub struct Watchdog {
    shared: Arc<Shared>,
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    /// Start watching the process group led by `pid`; the first deadline is `limit` from now.
    pub fn start(pid: u32, limit: Duration) -> Watchdog {
        let shared = Arc::new(Shared {
            start: Instant::now(),
            last_progress: AtomicU64::new(0),
            fired: AtomicBool::new(false),
        });
        let (stop, stopped) = mpsc::channel::<()>();
        let watched = Arc::clone(&shared);
        let thread = thread::spawn(move || loop {
            let last = Duration::from_nanos(watched.last_progress.load(Ordering::Acquire));
            let now = watched.start.elapsed();
            let deadline = last + limit;
            if now >= deadline {
                watched.fired.store(true, Ordering::Release);
                kill_group(pid);
                return;
            }
            // A message or a dropped sender both mean "stop watching".
            if stopped.recv_timeout(deadline - now) != Err(RecvTimeoutError::Timeout) {
                return;
            }
        });
        Watchdog { shared, stop: Some(stop), thread: Some(thread) }
    }

    /// An answer arrived: the next deadline is `limit` from now.
    pub fn progress(&self) {
        let nanos = u64::try_from(self.shared.start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.shared.last_progress.store(nanos, Ordering::Release);
    }

    /// Whether the limit passed and the process group was killed.
    pub fn fired(&self) -> bool {
        self.shared.fired.load(Ordering::Acquire)
    }

    /// Stop watching; returns whether the watchdog fired (even just before being stopped).
    pub fn stop(mut self) -> bool {
        self.halt();
        self.fired()
    }

    fn halt(&mut self) {
        self.stop = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.halt();
    }
}
