//! The `urldiff minimize --json` object, also `POST /api/minimize`'s answer (docs/cli-json.md).

use crate::minimize::Minimized;
use serde::Serialize;

/// Exactly `{"original", "base", "minimized", "minimized_base", "signature", "oracle_calls",
/// "seconds"}`.
#[derive(Clone, Debug, Serialize)]
pub struct MinimizedJson<'a> {
    pub original: &'a str,
    pub base: Option<&'a str>,
    pub minimized: &'a str,
    pub minimized_base: Option<&'a str>,
    /// The divergence signature kept, in its one-line form.
    pub signature: String,
    pub oracle_calls: usize,
    pub seconds: f64,
}

impl<'a> MinimizedJson<'a> {
    pub fn of(m: &'a Minimized) -> Self {
        MinimizedJson {
            original: &m.original.input,
            base: m.original.base.as_deref(),
            minimized: &m.minimized.input,
            minimized_base: m.minimized.base.as_deref(),
            signature: m.signature.line(),
            oracle_calls: m.oracle_calls,
            seconds: m.seconds,
        }
    }
}
