//! Ledger entries may name the upstream issue and the version that fixes it
//! (` | upstream: <https address> | fixed-in: <version>`): read, written back as they were,
//! refused when malformed; and versions compared as oracles write them.

use urldiff_compare::ledger::Ledger;
use urldiff_corpus::ledger::{at_or_past, Line};

fn load(text: &str) -> Result<Ledger, String> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("rust-url.txt"), text).unwrap();
    Ledger::load(dir.path()).map_err(|e| e.to_string())
}

#[test]
fn upstream_and_fixed_in_are_read_and_written_back() {
    let text = "# comment\n\
        class: * /\\^/ | href,path | does not encode ^ in paths | upstream: https://github.com/servo/rust-url/issues/1 | fixed-in: 2.5.9\n\
        <a://h:1\\> against <> | outcome | accepts \\ after a port | upstream: https://example.org/i/2\n\
        <x> against <> | host | plain, no annotation\n";
    let ledger = load(text).unwrap();
    let file = &ledger.files["rust-url"];
    let entries: Vec<_> = file.entries().map(|(_, e)| e).collect();
    assert_eq!(entries[0].reason, "does not encode ^ in paths");
    assert_eq!(entries[0].upstream.as_deref(), Some("https://github.com/servo/rust-url/issues/1"));
    assert_eq!(entries[0].fixed_in.as_deref(), Some("2.5.9"));
    assert_eq!(entries[1].upstream.as_deref(), Some("https://example.org/i/2"));
    assert_eq!(entries[1].fixed_in, None);
    assert_eq!(
        (entries[2].upstream.as_deref(), entries[2].reason.as_str()),
        (None, "plain, no annotation")
    );
    assert_eq!(file.render(), text, "bless writes the lines back as they were");
    assert!(matches!(file.lines[0], Line::Text(_)));
}

#[test]
fn malformed_annotations_name_their_line() {
    for bad in [
        "<x> against <> | host | why | upstream: not a link\n",
        "<x> against <> | host | why | upstream: https://a/ b\n",
        "<x> against <> | host | why | fixed-in: \n",
        "<x> against <> | host | upstream: https://a/\n",
    ] {
        let error = load(bad).unwrap_err();
        assert!(error.contains(":1"), "{bad:?}: {error}");
    }
}

#[test]
fn versions_compare_by_their_first_dotted_number() {
    assert!(at_or_past("url 2.5.9", "2.5.9"));
    assert!(at_or_past("url 2.10.0", "2.5.9"));
    assert!(!at_or_past("url 2.5.8", "2.5.9"));
    assert!(at_or_past("CPython 3.12.1", "3.12"));
    assert!(!at_or_past("CPython 3.11.7", "3.12"));
    assert!(at_or_past("node v20.20.2", "20.1"));
    assert!(!at_or_past("unavailable", "1.0"), "no number, no verdict");
}

/// A Ruby oracle's version names the runtime first and the uri gem after it (Debian 12's
/// `Ruby 3.1.2p20 uri 0.11.0`): a fix released in the gem is compared with the gem's version.
#[test]
fn a_named_component_is_compared_with_its_own_version() {
    let debian = "Ruby 3.1.2p20 uri 0.11.0 RFC3986_Parser";
    assert!(!at_or_past(debian, "uri 0.12.0"), "uri 0.11.0 is before 0.12.0");
    assert!(at_or_past(debian, "3.1"), "unnamed: the first number, Ruby's");
    assert!(at_or_past("Ruby 3.1.2p20 uri 1.1.1 RFC3986_Parser", "uri 0.12.0"));
    assert!(at_or_past("Ruby 3.1.2p20 uri 0.12.0 RFC2396_Parser", "uri 0.12.0"));
    assert!(!at_or_past("Ruby 3.1.2p20 RFC3986_Parser", "uri 0.12.0"), "no uri named");
    assert!(at_or_past("urllib3 2.8.0 (idna 3.20) on CPython 3.13.0", "idna 3.20"));
    let text = "<x> against <> | host | why | fixed-in: uri 0.12.0\n";
    let ledger = load(text).unwrap();
    let entry = ledger.files["rust-url"].entries().next().unwrap().1.fixed_in.clone();
    assert_eq!(entry.as_deref(), Some("uri 0.12.0"));
}

#[test]
fn a_malformed_fixed_in_version_is_an_error_naming_file_and_line() {
    // A list, a number past u64, letters, an empty component: none is a version, and each
    // would make every case of the library look like a regression (or never one).
    for bad in [
        "2,5,9",
        "99999999999999999999.1",
        "2..5",
        "soon",
        "2.5.",
        ".2",
        "v",
        "2.5-",
        "uri soon",
        "uri  0.12.0",
        "1uri 0.12.0",
        "uri 0.12.0 ruby",
    ] {
        let text = format!("# first\n<x> against <> | host | why | fixed-in: {bad}\n");
        let error = load(&text).unwrap_err();
        assert!(error.contains("rust-url.txt:2"), "{bad:?}: {error}");
        assert!(error.contains(bad), "{bad:?}: the error quotes the version: {error}");
    }
    for good in ["2.5.9", "3.12", "v20.1", "1.0.0-beta.2", "7", "uri 0.12.0", "idna 3.20"] {
        let text = format!("<x> against <> | host | why | fixed-in: {good}\n");
        assert!(load(&text).is_ok(), "{good:?} is a version");
    }
}
