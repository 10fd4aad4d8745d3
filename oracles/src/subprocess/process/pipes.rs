//! A worker's pipe ends, made so that no process holding the other end can block urldiff.
//!
//! Killing the worker's process group is not enough to end a blocked read or write: a child
//! that left the group (`setsid()`) keeps the pipes open, so end of file never comes and a full
//! stdin pipe never drains. So every wait on a worker pipe is a `poll` that something of ours
//! ends:
//!
//! - [`TimedReader`] (stdout, read by the collector itself): a deadline. When it passes the
//!   read fails with [`ErrorKind::TimedOut`]; the caller kills the worker and drops the pipe.
//! - [`Hangup`] (stdin's writer thread and stderr's reader thread): the worker keeps one end of
//!   a socket pair and drops it when it kills the process; every wait also watches the other
//!   end, so those threads end, and drop their pipes, at once.

use std::io::{self, ErrorKind, Read, Write};
use std::time::Instant;

#[cfg(unix)]
use std::os::fd::AsFd;
#[cfg(unix)]
use std::os::unix::net::UnixStream;

/// A pipe read end whose reads fail with `TimedOut` once the deadline (if any) has passed.
#[derive(Debug)]
pub struct TimedReader<R> {
    pipe: R,
    deadline: Option<Instant>,
    timed_out: bool,
}

impl<R> TimedReader<R> {
    pub fn new(pipe: R) -> Self {
        TimedReader { pipe, deadline: None, timed_out: false }
    }

    /// Reads wait for data until `deadline` at the latest.
    pub fn set_deadline(&mut self, deadline: Instant) {
        self.deadline = Some(deadline);
        self.timed_out = false;
    }

    /// Whether a read failed because the deadline passed (until the next `set_deadline`).
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }
}

#[cfg(unix)]
impl<R: Read + AsFd> Read for TimedReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(deadline) = self.deadline {
            if !wait(&self.pipe, rustix::event::PollFlags::IN, None, Some(deadline))? {
                self.timed_out = true;
                return Err(ErrorKind::TimedOut.into());
            }
        }
        self.pipe.read(buf)
    }
}

/// The two ends of a hang-up signal: [`Hangup::watcher`]s see the keeper dropped.
#[cfg(unix)]
#[derive(Debug)]
pub struct Hangup {
    keeper: Option<UnixStream>,
    watched: UnixStream,
}

#[cfg(unix)]
impl Hangup {
    pub fn new() -> io::Result<Hangup> {
        let (keeper, watched) = UnixStream::pair()?;
        Ok(Hangup { keeper: Some(keeper), watched })
    }

    /// One more end to watch, for a thread.
    pub fn watcher(&self) -> io::Result<UnixStream> {
        self.watched.try_clone()
    }

    /// Signal the hang-up: every wait on a watcher ends.
    pub fn hang_up(&mut self) {
        self.keeper = None;
    }
}

/// A pipe end whose waits also end when its hang-up is signalled (then `BrokenPipe`).
#[cfg(unix)]
#[derive(Debug)]
pub struct HangupPipe<P> {
    pipe: P,
    hangup: UnixStream,
}

#[cfg(unix)]
impl<P: AsFd> HangupPipe<P> {
    /// `pipe` switched to non-blocking (writes that cannot complete wait here instead).
    pub fn new(pipe: P, hangup: UnixStream) -> io::Result<Self> {
        rustix::io::ioctl_fionbio(&pipe, true)?;
        Ok(HangupPipe { pipe, hangup })
    }

    fn wait(&self, flags: rustix::event::PollFlags) -> io::Result<()> {
        match wait(&self.pipe, flags, Some(&self.hangup), None)? {
            true => Ok(()),
            false => Err(io::Error::new(ErrorKind::BrokenPipe, "the worker was killed")),
        }
    }
}

#[cfg(unix)]
impl<P: Read + AsFd> Read for HangupPipe<P> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.pipe.read(buf) {
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    self.wait(rustix::event::PollFlags::IN)?
                }
                other => return other,
            }
        }
    }
}

#[cfg(unix)]
impl<P: Write + AsFd> Write for HangupPipe<P> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        loop {
            match self.pipe.write(buf) {
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    self.wait(rustix::event::PollFlags::OUT)?
                }
                other => return other,
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.pipe.flush()
    }
}

/// Wait until `pipe` is ready for `flags` (`true`), or until `hangup` is readable or the
/// deadline passes (`false`). A pipe whose other end is closed counts as ready: the read or
/// write then reports it.
#[cfg(unix)]
fn wait(
    pipe: &impl AsFd,
    flags: rustix::event::PollFlags,
    hangup: Option<&UnixStream>,
    deadline: Option<Instant>,
) -> io::Result<bool> {
    use rustix::event::{poll, PollFd, PollFlags, Timespec};
    loop {
        let timeout = match deadline {
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Ok(false);
                }
                Some(Timespec::try_from(left).unwrap_or(Timespec { tv_sec: 3600, tv_nsec: 0 }))
            }
            None => None,
        };
        let mut fds = vec![PollFd::new(pipe, flags)];
        if let Some(hangup) = hangup {
            fds.push(PollFd::new(hangup, PollFlags::IN));
        }
        match poll(&mut fds, timeout.as_ref()) {
            Ok(0) => continue,
            // What is already in the pipe is read before a hang-up is obeyed.
            Ok(_) if !fds[0].revents().is_empty() => return Ok(true),
            Ok(_) => return Ok(false),
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

// Elsewhere the waits are plain blocking calls (the time limit then relies on killing the
// process tree, `process_group::kill_group`).
#[cfg(not(unix))]
impl<R: Read> Read for TimedReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.pipe.read(buf)
    }
}

#[cfg(not(unix))]
#[derive(Debug)]
pub struct Hangup;

#[cfg(not(unix))]
impl Hangup {
    pub fn new() -> io::Result<Hangup> {
        Ok(Hangup)
    }

    pub fn watcher(&self) -> io::Result<()> {
        Ok(())
    }

    pub fn hang_up(&mut self) {}
}

#[cfg(not(unix))]
#[derive(Debug)]
pub struct HangupPipe<P>(P);

#[cfg(not(unix))]
impl<P> HangupPipe<P> {
    pub fn new(pipe: P, _hangup: ()) -> io::Result<Self> {
        Ok(HangupPipe(pipe))
    }
}

#[cfg(not(unix))]
impl<P: Read> Read for HangupPipe<P> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

#[cfg(not(unix))]
impl<P: Write> Write for HangupPipe<P> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
