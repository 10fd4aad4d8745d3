//! A batch's answers written as they are serialized: the JSON array `[{…},{…},…]` (the bytes
//! `Json(Vec<ComparedJson>)` would give), a few cases per chunk. hyper asks for the next
//! chunk only when it can write: a client that does not read leaves the rest unserialized,
//! and each case's answers are dropped once written. The [`AppState::held`] permits go back
//! when the body ends or is dropped (the connection closed).

use super::AppState;
use axum::body::Bytes;
use http_body::{Body, Frame, SizeHint};
use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::sync::OwnedSemaphorePermit;
use urldiff_reports::compare_view::json::ComparedJson;
use urldiff_triage::compared::Compared;

/// About how many bytes one chunk holds (a case's answers can be more).
pub const CHUNK_BYTES: usize = 64 * 1024;

/// The streamed answer of a batch.
pub struct Streamed {
    state: Arc<AppState>,
    left: VecDeque<Compared>,
    started: bool,
    ended: bool,
    _held: OwnedSemaphorePermit,
}

impl std::fmt::Debug for Streamed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Streamed").field("left", &self.left.len()).finish()
    }
}

impl Streamed {
    pub fn new(state: Arc<AppState>, all: Vec<Compared>, held: OwnedSemaphorePermit) -> Self {
        Streamed { state, left: all.into(), started: false, ended: false, _held: held }
    }

    /// The next chunk: `[` first, cases joined by `,`, `]` last.
    fn chunk(&mut self) -> Result<Bytes, serde_json::Error> {
        let mut out = Vec::with_capacity(CHUNK_BYTES + 1024);
        if !self.started {
            out.push(b'[');
        }
        while out.len() < CHUNK_BYTES {
            let Some(case) = self.left.pop_front() else { break };
            if self.started {
                out.push(b',');
            }
            self.started = true;
            serde_json::to_writer(&mut out, &ComparedJson::of(&self.state.oracles, &case))?;
        }
        self.started = true;
        if self.left.is_empty() {
            out.push(b']');
            self.ended = true;
        }
        Ok(Bytes::from(out))
    }
}

impl Body for Streamed {
    type Data = Bytes;
    type Error = serde_json::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        if this.ended {
            return Poll::Ready(None);
        }
        Poll::Ready(Some(this.chunk().map(Frame::data)))
    }

    fn is_end_stream(&self) -> bool {
        self.ended
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::default()
    }
}
