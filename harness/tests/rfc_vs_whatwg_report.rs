//! The committed RFC-vs-WHATWG report (`reports/rfc-vs-whatwg.md`, made by `make report`):
//! its deterministic part (everything outside the real-parsers blocks) must be what this
//! urldiff computes from the in-process oracles and the tables, and the report must keep the
//! promises of issue 11: at least 15 classes, each with both spec links, an example the two
//! sides read differently, a count of corpus inputs and a parser table; every validation error
//! of the standard that changes a component covered by a class. The real parsers' numbers are
//! the generating run's, stamped with their versions, and are not compared here; that each
//! parser has its row, and that a missing runtime makes `unavailable` columns rather than an
//! error, is.

use std::path::PathBuf;
use urldiff_oracles::Answer;
use urldiff_reports::rfc_vs_whatwg::{deterministic_part, markdown, BLOCK_BEGIN, BLOCK_END};
use urldiff_triage::rfc_vs_whatwg::inputs as rvw;
use urldiff_triage::rfc_vs_whatwg::{RfcVsWhatwg, REAL_PARSERS};

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(rvw::COMMITTED)
}

fn computed() -> RfcVsWhatwg {
    let wpt = rvw::wpt_data().unwrap();
    let corpus = rvw::corpus(&wpt).unwrap();
    rvw::deterministic(&wpt, &corpus).unwrap()
}

/// The first line where `want` and `got` differ, as `line N: committed … / computed …`.
fn first_difference(got: &str, want: &str) -> String {
    let (mut g, mut w) = (got.lines(), want.lines());
    for n in 1.. {
        match (g.next(), w.next()) {
            (None, None) => break,
            (a, b) if a == b => continue,
            (a, b) => {
                return format!(
                    "line {n}:\n  committed: {}\n  computed:  {}",
                    a.unwrap_or("(end of file)"),
                    b.unwrap_or("(end of file)")
                )
            }
        }
    }
    "no line differs".to_owned()
}

#[test]
fn the_committed_report_is_current() {
    let path = committed_path();
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{} cannot be read ({e}): run `make report` to generate it", rvw::COMMITTED)
    });
    let want = deterministic_part(&markdown(&computed()));
    let got = deterministic_part(&committed);
    assert!(
        got == want,
        "{} is stale: its deterministic part is not what this urldiff computes. Regenerate it \
         with `make report` and commit it. First difference at {}",
        rvw::COMMITTED,
        first_difference(&got, &want)
    );
    // The committed file comes from a run with the real parsers: each is in its block, with a
    // version or "unavailable".
    let overall = committed.split(BLOCK_BEGIN).nth(1).and_then(|b| b.split(BLOCK_END).next());
    let overall = overall.expect("a real-parsers block");
    for parser in REAL_PARSERS {
        let row = overall.lines().find(|l| l.starts_with(&format!("| `{parser}` |")));
        assert!(row.is_some(), "no row for {parser} in the committed real-parsers table");
    }
}

#[test]
fn the_report_keeps_the_issue_s_promises() {
    let report = computed();
    assert!(report.sections.len() >= 15, "only {} classes", report.sections.len());
    assert!(report.sources.iter().any(|s| s.source == "wpt/urltestdata"));
    assert!(report.sources.iter().any(|s| s.source.starts_with("rfc/")));
    assert!(report.sources.iter().any(|s| s.source.starts_with("cases/")));
    assert!(report.sources.iter().any(|s| s.source == rvw::GENERATED_SOURCE));
    for s in &report.sections {
        let id = &s.class.id;
        assert!(s.class.whatwg.starts_with("https://url.spec.whatwg.org/#"), "{id}");
        assert!(s.class.rfc3986.starts_with("https://www.rfc-editor.org/rfc/rfc3986#"), "{id}");
        assert!(s.class.cases > 0, "{id} has no corpus input");
        assert_eq!(s.by_source.iter().map(|b| b.inputs).sum::<usize>(), s.class.cases, "{id}");
        let e = &s.example;
        assert!(e.classes.contains(id), "{id}'s example is not in the class: {:?}", e.classes);
        assert!(!e.differences.is_empty(), "{id}'s example does not split the sides");
        assert_ne!(e.whatwg.answer, e.rfc.answer, "{id}");
        assert!(!matches!(e.rfc.answer, Answer::NoOpinion), "{id}: the RFC side has no record");
    }
    // Every validation error has a row; each that changes a component is covered by a class.
    assert_eq!(report.errors.len(), urldiff_parser::ValidationErrorKind::ALL.len());
    let uncovered: Vec<&str> = report
        .errors
        .iter()
        .filter(|e| !e.fields.is_empty() && e.covered_by.is_empty() && !e.rfc_rejects)
        .map(|e| e.error.as_str())
        .collect();
    assert!(uncovered.is_empty(), "not covered by a class: {uncovered:?}");
}

/// The WPT line counts the inputs that are not RFC 3986 URI-references as rejected by the RFC
/// side: the count is the one made here from the RFC 3986 grammar check and the URL Standard
/// parser alone, and one such input is worked out by hand: ` foo.com  ` against
/// `http://example.org/foo/bar` starts with a space, which no production of RFC 3986 Appendix
/// A allows, while the URL Standard strips leading and trailing spaces and parses it.
#[test]
fn the_wpt_line_counts_inputs_that_are_no_uri_reference_as_rejected() {
    use urldiff_parser::rfc3986::{check, Rule};
    let wpt = rvw::wpt_data().unwrap();
    let corpus = rvw::corpus(&wpt).unwrap();
    let report = rvw::deterministic(&wpt, &corpus).unwrap();
    let whatwg_parses = |input: &str, base: Option<&str>| {
        let base = match base.map(|b| urldiff_parser::Url::parse(b, None)) {
            Some(Ok(b)) => Some(b),
            Some(Err(_)) => return false,
            None => None,
        };
        urldiff_parser::Url::parse(input, base.as_ref()).is_ok()
    };
    let rejected = corpus
        .iter()
        .filter(|c| c.source == "wpt/urltestdata")
        .filter(|c| {
            let (input, base) = (&c.request.input, c.request.base.as_deref());
            let invalid = check(input, Rule::UriReference).is_err()
                || base.is_some_and(|b| check(b, Rule::Uri).is_err());
            invalid && whatwg_parses(input, base)
        })
        .count();
    let wpt_line = report.sources.iter().find(|s| s.source == "wpt/urltestdata").unwrap();
    assert!(rejected > 100, "{rejected}");
    assert_eq!(wpt_line.rfc_rejects, rejected);
    let md = markdown(&report);
    let row =
        format!("| `wpt/urltestdata` | {} | {} | {rejected} |", wpt_line.inputs, wpt_line.split);
    assert!(md.contains(&row), "no {row}");
    let spaced = report
        .rfc_reject_examples
        .iter()
        .find(|r| r.original.input == " foo.com  ")
        .expect("` foo.com  ` is listed as rejected");
    assert_eq!(spaced.original.base.as_deref(), Some("http://example.org/foo/bar"));
    assert!(spaced.reason.starts_with("not a URI-reference"), "{}", spaced.reason);
    assert!(md.contains("- `\\u{20}foo.com\\u{20}\\u{20}` against"), "the spaces are shown");
}

/// Spot checks worked out by hand from the two specs, independent of the classifier: a
/// backslash makes an input no URI-reference (RFC 3986 Appendix A has no `\`), so the RFC
/// side rejects what the URL Standard parses; and a single-number host is an IPv4 address for
/// the WHATWG side only.
#[test]
fn hand_checked_examples_split_the_sides_as_the_specs_say() {
    let report = computed();
    let section = |id: &str| {
        report.sections.iter().find(|s| s.class.id == id).unwrap_or_else(|| panic!("no {id}"))
    };
    let backslash = report.errors.iter().find(|e| e.error == "invalid-reverse-solidus").unwrap();
    assert_eq!(backslash.input, "https://example.org\\path\\to\\file");
    assert!(backslash.rfc_rejects);
    assert_eq!(backslash.fields, ["outcome"]);
    let ipv4 = &section("ipv4-number-form").example;
    let host = ipv4.differences.iter().find(|d| d.field == "host").expect("the host differs");
    // WHATWG: the IPv4 parser serializes every number form as dotted decimal.
    let whatwg = host.whatwg.text();
    assert_eq!(whatwg.split('.').count(), 4, "{whatwg}");
    assert!(whatwg.split('.').all(|p| p.parse::<u8>().is_ok()), "{whatwg}");
    // RFC 3986: reg-name, kept as written.
    assert!(ipv4.input.contains(host.rfc.text()), "{} in {}", host.rfc.text(), ipv4.input);
}

#[test]
fn the_deterministic_part_drops_only_the_blocks() {
    let text =
        format!("a\n{BLOCK_BEGIN}\nmachine 1\n{BLOCK_END}\nb\n{BLOCK_BEGIN}\nx\n{BLOCK_END}\n");
    let other =
        format!("a\n{BLOCK_BEGIN}\nmachine 2\nmore\n{BLOCK_END}\nb\n{BLOCK_BEGIN}\n{BLOCK_END}\n");
    assert_eq!(deterministic_part(&text), deterministic_part(&other));
    let changed = text.replace("\nb\n", "\nc\n");
    assert_ne!(deterministic_part(&text), deterministic_part(&changed));
}

/// With no runtime on PATH (no python, node or java), `urldiff report --rfc-vs-whatwg` still
/// succeeds: the in-process parsers get their numbers, every other parser's columns say
/// `unavailable`, in the overall table and in every section's.
#[test]
fn missing_runtimes_make_unavailable_columns_not_errors() {
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("rfc-vs-whatwg.md");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["report", "--rfc-vs-whatwg", "--markdown"])
        .arg(&md)
        .env("PATH", dir.path().join("empty-path"))
        .env("HOME", dir.path())
        .env_remove("PYENV_ROOT")
        .env_remove("URLDIFF_PYTHON")
        // No JDK either: the search also looks in /usr/lib/jvm.
        .env("URLDIFF_JAVA_HOME", "/nonexistent")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let text = std::fs::read_to_string(&md).unwrap();
    let sections = computed().sections.len();
    for parser in ["python-urllib", "node-url", "whatwg-url", "url-parse", "java-uri"] {
        let row = format!("| `{parser}` |{}", " unavailable |".repeat(5));
        let rows = text.lines().filter(|l| *l == row).count();
        assert_eq!(rows, 1 + sections, "{parser}: the overall table and each section");
    }
    for parser in ["rust-url", "ada"] {
        let rows = text.lines().filter(|l| l.starts_with(&format!("| `{parser}` | "))).count();
        assert_eq!(rows, 1 + sections, "{parser}");
        assert!(!text.contains(&format!("| `{parser}` | unavailable")), "{parser} ran");
    }
    // The deterministic part does not depend on which runtimes there are.
    assert_eq!(deterministic_part(&text), deterministic_part(&markdown(&computed())));
}
