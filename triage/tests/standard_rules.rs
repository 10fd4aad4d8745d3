//! Readings a standard allows (`urldiff_oracles::standard::STANDARD_RULES`) are no conformance
//! finding: RFC 3986 section 3.1 says an implementation "should only produce lowercase scheme
//! names", so a library that lowercases `Web+Demo:` or `A:` reads the same URI as the standard,
//! also where the href it writes differs in another equivalence besides (curl writes
//! `a://example.com/` for `A://example.com:/`: a lowercase scheme and no empty port, section
//! 6.2.3). The rule is the scheme's alone: a library that uppercases a path, which section
//! 6.2.2.1 calls case-sensitive, is still a finding. And section 3.2.3 designates a port "by an
//! optional port number in decimal": a library whose port is an integer (`01` read as `1`)
//! reads the same URI.

#[path = "support/mod.rs"]
mod support;

use urldiff_oracles::RfcRecord;
use urldiff_oracles::{Answer, Case, Claim, Oracle, OracleInfo, Record, Standard};
use urldiff_triage::events::NoEvents;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

/// A strict RFC 3986 library answering as RFC 3986 does, then changing the record.
struct Rewriting {
    info: OracleInfo,
    rewrite: fn(&mut RfcRecord),
}

impl Oracle for Rewriting {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, urldiff_oracles::OracleError> {
        let reference = urldiff_triage::standards::StandardReference::new(Standard::Rfc3986)
            .expect("RFC 3986's reference");
        let mut answers = reference.answer_batch(cases)?;
        for answer in &mut answers {
            if let Answer::Parsed { record: Record::Rfc(r), .. } = answer {
                (self.rewrite)(r);
            }
        }
        Ok(answers)
    }
}

fn library(name: &str, rewrite: fn(&mut RfcRecord)) -> Rewriting {
    let reference = urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle::new();
    let mut info = reference.info().clone();
    info.name = name.into();
    info.claim = Claim::strict(Standard::Rfc3986);
    Rewriting { info, rewrite }
}

fn case(input: &str, base: Option<&str>) -> TriageCase {
    let request = Request::new(input, base);
    TriageCase { name: request.case().name(), request, suite: "standard-rules".into() }
}

/// Lowercase the scheme, in the scheme and in the resolved reference; drop an empty port.
fn lowercase_scheme(r: &mut RfcRecord) {
    if let Some(scheme) = r.scheme.as_mut() {
        let lower = scheme.to_ascii_lowercase();
        if let Some(resolved) = r.resolved.as_mut() {
            *resolved = resolved.replacen(scheme.as_str(), &lower, 1);
        }
        *scheme = lower;
    }
    if let Some(authority) = r.authority.as_mut().filter(|a| a.ends_with(':')) {
        authority.pop();
        r.port = None;
    }
}

/// A port read as an integer (section 3.2.3: "a port number in decimal"), written back so.
fn port_as_integer(r: &mut RfcRecord) {
    if let Some(port) = r.port.as_mut().filter(|p| p.len() > 1 && p.starts_with('0')) {
        let number = port.trim_start_matches('0');
        let number = if number.is_empty() { "0" } else { number }.to_owned();
        for text in [r.authority.as_mut(), r.resolved.as_mut()].into_iter().flatten() {
            *text = text.replacen(&format!(":{port}"), &format!(":{number}"), 1);
        }
        *port = number;
    }
}

fn uppercase_path(r: &mut RfcRecord) {
    r.path = r.path.to_ascii_uppercase();
}

#[test]
fn a_lowercased_scheme_is_no_finding_and_an_uppercased_path_is() {
    let reference = urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle::new();
    let lower = library("lowercases-schemes", lowercase_scheme);
    let upper = library("uppercases-paths", uppercase_path);
    let integer = library("integer-ports", port_as_integer);
    let oracles: Vec<&dyn Oracle> = vec![&reference, &lower, &upper, &integer];
    let cases = [
        case("Web+Demo:/x/y", None),
        case("A://example.com:/", None),
        case("HTTP://example.com/a", None),
        case("Web+Demo:g", Some("web+demo://h/p/q")),
        case("http://[::]:01", None),
        case("g", Some("ftp://example.com:0021/a")),
    ];
    let findings =
        triage(&cases, &support::test_config(&oracles, 0), &NoEvents).expect("triage runs");
    let of = |name: &str| {
        findings
            .groups
            .iter()
            .filter(|g| g.kind == FindingKind::Conformance)
            .filter(|g| g.root_cause.library.as_deref() == Some(name))
            .count()
    };
    assert_eq!(of("lowercases-schemes"), 0, "{:#?}", findings.groups);
    assert_eq!(of("integer-ports"), 0, "{:#?}", findings.groups);
    assert!(of("uppercases-paths") > 0, "{:#?}", findings.groups);
}
