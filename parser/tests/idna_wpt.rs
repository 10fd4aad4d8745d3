//! WPT's IDNA data through the host parser: toascii.json and IdnaTestV2.json.
//!
//! WPT runs each entry as `new URL("https://" + input + "/x")` and expects its host to be
//! `output` (`null`: the parse throws). For a special URL the host parser sees `input` as is
//! (with isOpaque false) unless the URL parser's earlier steps change it: tab and newline
//! removal, and the authority/host states ending at `/`, `?`, `#`, `\`, `@` or a `:` outside
//! brackets. Entries with such code points cannot be run through the host parser alone and
//! are counted as skipped (neither file has any today). IdnaTestV2.window.js also skips the
//! empty input, which `new URL()` cannot carry as a host.

use urldiff_parser::host::{parse_host, HostParseFailure};
use urldiff_parser::Errors;

/// Expected failures, a two-way ledger: an entry listed must fail, and one that starts passing
/// fails the test too. They are the Unicode version skews, each recorded once (with its reason)
/// in `urldiff_corpus::unicode::SKEWS`.
fn known_divergence(file: &str, input: &str) -> bool {
    urldiff_corpus::unicode::SKEWS.iter().any(|s| s.file == file && s.inputs.contains(&input))
}

#[derive(Debug, Default)]
struct Tally {
    passed: usize,
    failed: Vec<String>,
    /// Listed in KNOWN_DIVERGENCES and failing, as listed.
    known: usize,
    /// Listed in KNOWN_DIVERGENCES but passing: the ledger is stale.
    unexpectedly_passed: Vec<String>,
    skipped: usize,
}

/// Whether the URL parser would change `input` (or split it) before the host parser.
fn changed_before_host_parser(input: &str) -> bool {
    input.contains(['\t', '\n', '\r', '/', '?', '#', '\\', '@'])
        || (!input.starts_with('[') && input.contains(':'))
}

fn run_file(name: &str, skip_empty_input: bool) -> Tally {
    let wpt = urldiff_corpus::wpt::locate().unwrap_or_else(|e| panic!("{e}"));
    let text = wpt.read(name).unwrap_or_else(|e| panic!("{e}"));
    // Lone surrogates become U+FFFD, as the URL constructor's USVString conversion does.
    let file =
        urldiff_corpus::wpt_tables::host_tests(&text, name).unwrap_or_else(|e| panic!("{e}"));
    let mut tally = Tally::default();
    for entry in &file.entries {
        let input = entry.input.as_str();
        let expected = entry.output.as_deref();
        if (skip_empty_input && input.is_empty()) || changed_before_host_parser(input) {
            tally.skipped += 1;
            continue;
        }
        let mut errors = Errors::new();
        let actual = match parse_host(input, false, &mut errors, 0) {
            Ok(host) => Some(host.to_string()),
            Err(HostParseFailure) => None,
        };
        let listed = known_divergence(name, input);
        if listed {
            if actual.as_deref() == expected {
                tally.unexpectedly_passed.push(format!("{input:?}"));
            } else {
                tally.known += 1;
            }
        } else if actual.as_deref() == expected {
            tally.passed += 1;
        } else {
            tally.failed.push(format!(
                "{input:?}: expected {expected:?}, got {actual:?} (errors: {:?})",
                errors.as_slice()
            ));
        }
    }
    eprintln!(
        "{name} ({}): {} passed, {} failed, {} known divergences, {} skipped",
        wpt.revision,
        tally.passed,
        tally.failed.len(),
        tally.known,
        tally.skipped
    );
    for failure in tally.failed.iter().take(50) {
        eprintln!("  FAIL {failure}");
    }
    for stale in &tally.unexpectedly_passed {
        eprintln!("  PASSES BUT LISTED AS KNOWN DIVERGENCE {stale}");
    }
    tally
}

#[test]
fn toascii_json() {
    let tally = run_file("toascii.json", false);
    assert!(tally.failed.is_empty(), "{} toascii.json cases failed", tally.failed.len());
    assert!(tally.unexpectedly_passed.is_empty(), "stale ledger: {:?}", tally.unexpectedly_passed);
    // The file has 87 cases; a count far off means we read the wrong file.
    assert!(tally.passed >= 80, "only {} cases ran", tally.passed);
}

#[test]
fn idna_test_v2_json() {
    let tally = run_file("IdnaTestV2.json", true);
    assert!(tally.failed.is_empty(), "{} IdnaTestV2.json cases failed", tally.failed.len());
    assert!(tally.unexpectedly_passed.is_empty(), "stale ledger: {:?}", tally.unexpectedly_passed);
    assert!(tally.passed >= 2600, "only {} cases ran", tally.passed);
}
