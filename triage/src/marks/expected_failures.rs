//! rust-url's own list of the WPT cases it fails: `tests/expected_failures.txt` of the `url`
//! package, embedded at build time (`urldiff_corpus::embedded::URL_EXPECTED_FAILURES`).
//!
//! A group of rust-url is *known to rust-url* when a case of that list, triaged as every case
//! is (rust-url against the URL Standard's reference, its root cause keyed the same way),
//! has the group's root cause; the mark names the line. Setter lines (`… set pathname to
//! <…>`) are not parse cases and are skipped.

use crate::ask::{ask, compare_answers, AskError, Request};
use crate::mark::Mark;
use crate::rootcause::keys::{judged_pair, keys, pair, ToKey};
use crate::rootcause::parts::{parts_of, Judged};
use crate::rootcause::FindingKind;
use std::collections::BTreeMap;

/// The oracle whose list this is.
pub const ORACLE: &str = "rust-url";

/// One parse case of the list and its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedFailure {
    pub line: String,
    pub request: Request,
}

/// Undo Rust's `str::escape_default`, which wrote the list's names: `\\`, `\n`, `\t`, `\r`,
/// `\'`, `\"` and `\u{…}`.
fn unescape_default(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'u' => {
                let rest: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let hex = rest.strip_prefix('{')?;
                out.push(char::from_u32(u32::from_str_radix(hex, 16).ok()?)?);
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// The parse cases of a list's text: `<input>` or `<input> against <base>`.
pub fn parse(text: &str) -> Vec<ExpectedFailure> {
    text.lines()
        .filter(|l| l.starts_with('<') && l.ends_with('>') && !l.contains("> set "))
        .filter_map(|line| {
            let inner = &line[1..line.len() - 1];
            let (input, base) = match inner.rsplit_once("> against <") {
                Some((input, base)) => (input, Some(base)),
                None => (inner, None),
            };
            let request = Request {
                input: unescape_default(input)?,
                base: match base {
                    Some(b) => Some(unescape_default(b)?),
                    None => None,
                },
            };
            Some(ExpectedFailure { line: line.to_owned(), request })
        })
        .collect()
}

/// The embedded list's cases and the `url` package's version (`None`: not embedded).
pub fn embedded() -> Option<(&'static str, Vec<ExpectedFailure>)> {
    let (version, text) = urldiff_corpus::embedded::URL_EXPECTED_FAILURES.ok()?;
    Some((version, parse(text)))
}

/// The root-cause id of each case of `list` that shows a conformance part of `library` (an
/// index of `judged`), with the case's line; the first line wins.
pub fn known_causes(
    judged: &Judged,
    library: usize,
    list: &[ExpectedFailure],
) -> Result<BTreeMap<String, String>, AskError> {
    let oracles = pair(judged, library);
    let pair_judged = judged_pair(judged, library, &oracles);
    let requests: Vec<Request> = list.iter().map(|e| e.request.clone()).collect();
    let answers = ask(&oracles, &requests)?;
    let mut parts = Vec::new();
    for (k, (request, answers)) in requests.iter().zip(&answers).enumerate() {
        let comparison = compare_answers(&oracles, request, answers);
        for part in parts_of(&pair_judged, answers, &comparison) {
            if part.kind == FindingKind::Conformance && part.library == Some(0) {
                parts.push((k, part));
            }
        }
    }
    let to_key: Vec<ToKey> = parts
        .iter()
        .map(|(k, part)| ToKey { request: &requests[*k], answers: &answers[*k], part })
        .collect();
    let mut known = BTreeMap::new();
    for ((k, _), key) in parts.iter().zip(keys(&pair_judged, &to_key)?) {
        known.entry(key.id()).or_insert_with(|| list[*k].line.clone());
    }
    Ok(known)
}

/// Mark each group of rust-url whose root cause a case of its list shows.
pub fn mark(judged: &Judged, groups: &mut [crate::findings::Group]) -> Result<(), AskError> {
    let Some(library) = (0..judged.implementations).find(|&i| judged.oracles[i].name() == ORACLE)
    else {
        return Ok(());
    };
    let Some((version, list)) = embedded() else { return Ok(()) };
    let known = known_causes(judged, library, &list)?;
    for group in groups.iter_mut().filter(|g| g.root_cause.library.as_deref() == Some(ORACLE)) {
        if let Some(line) = known.get(&group.id) {
            group.marks.push(Mark::Known {
                by: format!("rust-url (tests/expected_failures.txt of url {version})"),
                link: None,
                line: Some(line.clone()),
            });
            group.marks = crate::mark::with_new(std::mem::take(&mut group.marks));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_rust_url_wrote_them() {
        let list = parse(
            "<file:\\\\\\\\?fox>\n</> against <file://h/C:/a/b>\n<C|\\n/> against <file://host/dir/file>\n<non-spec:/> set pathname to <//p>\n",
        );
        let requests: Vec<(&str, Option<&str>)> =
            list.iter().map(|e| (e.request.input.as_str(), e.request.base.as_deref())).collect();
        assert_eq!(
            requests,
            [
                ("file:\\\\?fox", None),
                ("/", Some("file://h/C:/a/b")),
                ("C|\n/", Some("file://host/dir/file")),
            ]
        );
        assert_eq!(unescape_default("\\u{7f}a"), Some("\u{7f}a".to_owned()));
    }

    /// The url package this build depends on ships its list, and it is not empty.
    #[test]
    fn the_list_is_embedded() {
        let (version, list) = embedded().expect("url's tests/expected_failures.txt embedded");
        assert!(version.starts_with("2."), "{version}");
        assert!(list.iter().any(|e| e.request.input == "file:////foo"), "{list:?}");
    }
}
