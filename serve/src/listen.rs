//! Accepting connections, with the limits axum's own loop does not set: HTTP/1.1 connections
//! whose request headers must arrive within [`Limits::header_read`] (the first request's, and
//! each next one's on a kept-alive connection, idle time included), and at most
//! [`Limits::max_connections`] of them at once. Past the limit the loop stops accepting until
//! a connection ends: new ones wait in the kernel's backlog, holding no descriptor of ours, so
//! clients that open connections and send nothing cannot exhaust the descriptors or the
//! memory, and the stalled ones are closed by the header limit and make room.

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
                .serve_connection(TokioIo::new(stream), service);
            // A client that goes away, or one closed for its headers, is no error of ours.
            let _: Result<(), hyper::Error> = connection.await;
        });
    }
}
