//! Accepting connections, with the limits axum's own loop does not set: HTTP/1.1 connections
//! whose request headers must arrive within [`Limits::header_read`] (the first request's, and
//! each next one's on a kept-alive connection, idle time included), and at most
//! [`Limits::max_connections`] of them at once. Past the limit the loop stops accepting until
//! a connection ends: new ones wait in the kernel's backlog, holding no descriptor of ours, so
//! clients that open connections and send nothing cannot exhaust the descriptors or the
//! memory, and the stalled ones are closed by the header limit and make room. A connection
//! whose answer the client does not read for [`Limits::write`] is closed too
//! ([`WriteDeadline`]): the answer it held is dropped, so clients that send and never read
//! cannot keep answers in memory.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The listen backlog: connections the system accepts for us while we are at the limit or
/// busy (capped by `net.core.somaxconn`).
pub const BACKLOG: i32 = 4_096;

/// The connection limits.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub header_read: Duration,
    pub max_connections: usize,
    /// How long a write may wait for the client to read before the connection is closed.
    pub write: Duration,
}

/// An I/O stream whose writes fail (`TimedOut`) when none can make progress for `limit`:
/// the socket's buffer stays full because the client does not read.
pub struct WriteDeadline<S> {
    inner: S,
    limit: Duration,
    /// Set while a write waits; reset by any progress.
    waiting: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl<S> std::fmt::Debug for WriteDeadline<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WriteDeadline").field("limit", &self.limit).finish()
    }
}

impl<S> WriteDeadline<S> {
    pub fn new(inner: S, limit: Duration) -> Self {
        WriteDeadline { inner, limit, waiting: None }
    }

    /// `poll` of a write (or flush) with the deadline: progress clears it, a wait past it fails.
    fn deadline<T>(
        &mut self,
        cx: &mut std::task::Context<'_>,
        poll: std::task::Poll<std::io::Result<T>>,
    ) -> std::task::Poll<std::io::Result<T>> {
        use std::task::Poll;
        if poll.is_ready() {
            self.waiting = None;
            return poll;
        }
        let limit = self.limit;
        let sleep = self.waiting.get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client did not read the answer in time",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for WriteDeadline<S> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: tokio::io::AsyncWrite + Unpin> tokio::io::AsyncWrite for WriteDeadline<S> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_write(cx, buf);
        self.deadline(cx, poll)
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_flush(cx);
        self.deadline(cx, poll)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_shutdown(cx);
        self.deadline(cx, poll)
    }
}

/// Half the process's descriptor limit (the rest for the oracles' pipes and the runs folder's
/// files), at least 64 and at most [`super::MAX_CONNECTIONS`] (whose stalled connections,
/// each a few tens of KiB until the header limit closes it, bound the memory they can take).
pub fn default_max_connections() -> usize {
    #[cfg(unix)]
    let soft = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
    #[cfg(not(unix))]
    let soft: Option<u64> = None;
    let half = soft.map_or(super::MAX_CONNECTIONS as u64, |n| n / 2);
    usize::try_from(half).unwrap_or(usize::MAX).clamp(64, super::MAX_CONNECTIONS)
}

/// Serve `router` on `listener` until `stop` completes; open connections are then dropped.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    stop: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let mut stop = std::pin::pin!(stop);
    loop {
        let slot = tokio::select! {
            () = &mut stop => return,
            slot = Arc::clone(&slots).acquire_owned() => slot,
        };
        let Ok(slot) = slot else { return };
        let stream = tokio::select! {
            () = &mut stop => return,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of descriptors, or a connection reset before it was accepted: try again
                // shortly rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let _slot = slot;
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read)
                .serve_connection(TokioIo::new(WriteDeadline::new(stream, limits.write)), service);
            // A client that goes away, or one closed for its headers, is no error of ours.
            let _: Result<(), hyper::Error> = connection.await;
        });
    }
}
