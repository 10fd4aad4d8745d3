//! The `urldiff minimize --json` object, also `POST /api/minimize`'s answer (docs/cli-json.md),
//! and the same result for a person ([`for_person`]).

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

/// What a minimization that ran out of budget gives, for a person (`None`: it reached a
/// 1-minimal input): how far it went and how to let it go further.
pub fn budget_note(m: &Minimized) -> Option<String> {
    if m.one_minimal {
        return None;
    }
    let result = if m.minimized == m.original {
        "nothing smaller was found yet: the result is the original"
    } else {
        "the result is smaller, not proven 1-minimal"
    };
    Some(format!(
        "the budget ran out after {} oracle calls in {:.2} s: {result} \
         (raise --max-calls or --max-seconds)",
        m.oracle_calls, m.seconds
    ))
}

/// The result for a person (`urldiff minimize` without `--json`): both requests, the signature, classes, severity, the cost.
pub fn for_person(oracles: &[&dyn urldiff_oracles::Oracle], m: &Minimized) -> String {
    let comparison = crate::ask::compare_answers(oracles, &m.minimized, &m.answers);
    let infos: Vec<_> = oracles.iter().map(|o| o.info()).collect();
    let classes =
        crate::classify::classify(&crate::classify::Facts::new(&m.minimized, &comparison, &infos));
    let mut out =
        format!("original:  {:?}\nminimized: {:?}\n", m.original.input, m.minimized.input);
    if m.original.base.is_some() {
        let show =
            |b: &Option<String>| b.as_ref().map_or("(none)".to_owned(), |b| format!("{b:?}"));
        out.push_str(&format!(
            "base:      {} -> {}\n",
            show(&m.original.base),
            show(&m.minimized.base)
        ));
    }
    out.push_str(&format!("signature {}: {}\n", m.signature.id(), m.signature.line()));
    out.push_str(&format!("classes:   {}\n", classes.join(", ")));
    if let Some(s) = crate::findings::severity(&comparison) {
        out.push_str(&format!("severity:  {}\n", s.name()));
    }
    let proof = if m.one_minimal { "1-minimal" } else { "not proven 1-minimal" };
    out.push_str(&format!(
        "{proof} after {} oracle calls in {:.3} s ({} -> {} code points)\n",
        m.oracle_calls,
        m.seconds,
        m.original.input.chars().count(),
        m.minimized.input.chars().count()
    ));
    out
}
