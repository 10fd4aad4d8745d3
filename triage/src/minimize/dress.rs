//! Dressing a minimized input toward what a person writes: after delta debugging and the
//! readability pass, a special scheme is tried as `http` and `https`, a host of a few letters
//! as `example.com`, a base as `<its scheme>://example.com/a/b`; each change is kept only when the
//! goal still holds. Only goals that ask for it ([`super::Goal::readable`]) are dressed: the
//! result is no longer the smallest input, but one a maintainer can read at a glance.

use super::eval::Evaluator;
use super::Candidate;
use crate::ask::{AskError, Request};

/// The URL Standard's special schemes (the parser's one table) other than `http(s)` and
/// `file` (whose meaning differs): `ftp`, `ws`, `wss`.
fn plain_special() -> Vec<&'static str> {
    let ordinary = |scheme: &&str| !matches!(*scheme, "http" | "https" | "file");
    urldiff_parser::SPECIAL_SCHEMES.iter().map(|(scheme, _)| *scheme).filter(ordinary).collect()
}

/// The byte range of the host of `s` (after `//` and any userinfo, up to a port, path, query
/// or fragment), if it has one.
fn host_range(s: &str) -> Option<std::ops::Range<usize>> {
    let start = s.find("//")? + 2;
    let end = s[start..].find(['/', '?', '#', '\\']).map_or(s.len(), |e| start + e);
    let host_start = s[start..end].rfind('@').map_or(start, |at| start + at + 1);
    let host_end = s[host_start..end].find(':').map_or(end, |c| host_start + c);
    (host_end > host_start).then_some(host_start..host_end)
}

/// `s` with a host of a few code points (what the readability pass leaves: `a`, `1`, `é`) as
/// `example.com`; an IPv6 literal stays.
fn plain_host(s: &str) -> Option<String> {
    let range = host_range(s)?;
    let host = &s[range.clone()];
    let plain = host.chars().count() <= 3 && !host.starts_with('[');
    plain.then(|| format!("{}example.com{}", &s[..range.start], &s[range.end..]))
}

/// `s` with its scheme replaced by `scheme`, when it has one of `from`.
fn with_scheme(s: &str, from: &[&str], scheme: &str) -> Option<String> {
    let colon = s.find(':')?;
    let current = s[..colon].to_ascii_lowercase();
    from.contains(&current.as_str()).then(|| format!("{scheme}{}", &s[colon..]))
}

/// The rewrites to try, in order; each is a whole candidate.
fn rewrites(request: &Request) -> Vec<Vec<Request>> {
    let input = |input: String| Request { input, base: request.base.clone() };
    let base = |base: String| Request { input: request.input.clone(), base: Some(base) };
    let mut steps: Vec<Vec<Request>> = Vec::new();
    let plain_special = plain_special();
    steps.push(
        ["http", "https"]
            .iter()
            .filter_map(|s| with_scheme(&request.input, &plain_special, s))
            .map(input)
            .collect(),
    );
    steps.push(plain_host(&request.input).map(input).into_iter().collect());
    if let Some(b) = &request.base {
        let scheme = b.find(':').map(|c| b[..c].to_ascii_lowercase());
        // The base's own scheme (`file` has no host to dress).
        let ordinary = scheme.filter(|s| s != "file").map(|s| format!("{s}://example.com/a/b"));
        steps.push(ordinary.into_iter().chain(plain_host(b)).map(base).collect());
    }
    steps
}

/// Dress `current` (see the module documentation).
pub(crate) fn dress(ev: &mut Evaluator, mut current: Candidate) -> Result<Candidate, AskError> {
    let request = current.request();
    for step in rewrites(&request) {
        // Each step starts from what the earlier ones kept.
        let mut tried = Vec::new();
        for candidate in step {
            let candidate = Request {
                input: if candidate.input != request.input {
                    candidate.input
                } else {
                    current.request().input
                },
                base: if candidate.base != request.base {
                    candidate.base
                } else {
                    current.request().base
                },
            };
            tried.push(candidate);
        }
        let holds = ev.test(&tried)?;
        if let Some(k) = holds.iter().position(|h| *h) {
            current = Candidate::of(&tried[k]);
        }
    }
    Ok(current)
}
