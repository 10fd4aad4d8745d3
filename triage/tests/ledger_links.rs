//! The committed ledgers' `upstream:` links (`corpus/expected/*.txt`): each names the library
//! (its own repository, or the standard's when the issue is the standard's) and, with
//! `step:`, the standard's step it is about; and the entries it marks decide at that step.
//! A link on a broad class entry (`class: * /\^/`) marks every finding the class matches, so
//! the step is what keeps a link off another step's finding (triage drops a known link whose
//! step is not the group's).
//!
//! Each link's repository and step were read from the issue thread itself (servo/rust-url#1140:
//! "adds the caret symbol U+005E (`^`) to the path percent-encode set"; whatwg/url#914: "Add
//! Unicode ToASCII fallback for ASCII domains", the host parser's domain to ASCII;
//! python/cpython#84774: "urljoin since 3.5 incorrectly filters out double slashes", fixed by
//! "Fix path normalization in urllib.parse.urljoin()", RFC 3986's remove_dot_segments;
//! servo/rust-url#1123: "`a:  ?` is already supposed to result in `a: %20?` (though currently
//! doesn't...)", the opaque path state; servo/rust-url#1134: `///test` against
//! `http://example.org/` fails with `EmptyHost` where the special authority ignore slashes
//! state skips every slash; WPT's cases of it are keyed by deletion, which lands at the path
//! start state, the path state or (a bracketed host) the host state too, so the entry names
//! those steps as well;
//! python/cpython#99901: "Wrong formatting of url in urlunsplit() ... to change scheme",
//! urlunsplit writes "//" and "/" before a path of a uses_netloc scheme without a netloc, so
//! urljoin's merged path (RFC 3986 section 5.2.3) comes back as `ws:///a/`;
//! python/cpython#83980: "Never return base's fragment from urljoin (urllib.parse)", "According
//! to RFC3986 5.2.2., target fragment is always reference fragment";
//! openjdk/jdk#31150: "8382928: Add documentation to java.net.URI.normalize about empty
//! segments", whose tests normalize `/1//2//` to `/1/2/`, the normalization resolve runs
//! (RFC 2396 section 5.2 step 6); curl/curl#2092 "url: reject ASCII control characters and
//! space in host names" (fixes #2073), #8826 "urlapi: reject percent-decoding host name into
//! separator bytes", #10096 "urlapi: reject more bad letters from the host name: &+()",
//! #10711 "urlapi: '%' is illegal in host names" and #21744 "Pipe character allowed in
//! host.", each a character libcurl's host name check rejects where RFC 3986's reg-name
//! (section 3.2.2) allows it; golang/go#66084 "net/url: ResolveReference ignores Opaque value",
//! an opaque base resolved against a reference with no path (RFC 3986 section 5.2.2), and
//! #46277 "net/url: Parse thinks /// does not start an authority" (open), a reference
//! starting with `///` read as a path;
//! python-hyper/rfc3986#78 "Empty (but present) authority component lost", #81 (a relative
//! path against `example:` merged as `/john.smith`, "Released!"), #84 "Resolution result is
//! not consistent with RFC 3986 when the base has 'rootless' path" and #30 "Incorrect result
//! returned by is_valid_uri()" (`is_valid_uri("Hi Super Nintendo Chalmers")` is True);
//! ruby/uri 81263c9 "URI.parse should set empty string in host instead of nil" (ruby/uri#47,
//! "Regression of `URI.parse` in 0.12.0": "It's intentional changes"), an empty host, at the
//! userinfo's and the port's steps (RFC 3986 sections 3.2.1 and 3.2.3); ruby/uri 6c6449e "Add
//! authority accessor" (the CVE-2025-61594 fix), the host URI#merge takes from a reference
//! (3.2.2: "localhost" was set through URI::File#set_host, which writes it as "").

mod support;

use std::path::Path;
use urldiff_compare::ledger::{difference, Ledger};
use urldiff_compare::DisagreeingFields;
use urldiff_oracles::rust_url::RustUrlOracle;
use urldiff_oracles::{Oracle, Standard};
use urldiff_triage::ask::{ask, compare_answers, Request};
use urldiff_triage::expected::TRUTH;
use urldiff_triage::rootcause::keys::{keys, ToKey};
use urldiff_triage::rootcause::parts::{parts_of, Judged};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::standards::references_for;

/// The repositories that speak for each oracle's library, and for the standard it claims.
fn repositories(oracle: &str) -> &'static [&'static str] {
    match oracle {
        "rust-url" => &["servo/rust-url", "hsivonen/idna_adapter", "whatwg/url"],
        "ada" | "node-url" => &["ada-url/ada", "nodejs/node", "whatwg/url"],
        "whatwg-url" => &["jsdom/whatwg-url", "jsdom/tr46", "whatwg/url"],
        "url-parse" => &["unshiftio/url-parse"],
        "python-urllib" => &["python/cpython"],
        "java-uri" => &["openjdk/jdk", "bugs.openjdk.org"],
        "rfc3986" => &["python-hyper/rfc3986"],
        "curl" => &["curl/curl"],
        "go-net-url" => &["golang/go"],
        "ruby-uri" | "ruby-uri-rfc2396" => &["ruby/uri"],
        _ => &[],
    }
}

fn ledger() -> Ledger {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/expected");
    Ledger::load(&dir).expect("the committed ledger reads")
}

#[test]
fn every_link_names_its_library_and_a_step() {
    let ledger = ledger();
    let mut links = 0;
    for (oracle, file) in &ledger.files {
        for (_, entry) in file.entries() {
            let Some(link) = &entry.upstream else { continue };
            links += 1;
            let at = format!("corpus/expected/{oracle}.txt:{}", entry.line);
            let repository = link
                .strip_prefix("https://github.com/")
                .map(|rest| rest.splitn(3, '/').take(2).collect::<Vec<_>>().join("/"))
                .unwrap_or_else(|| {
                    link.trim_start_matches("https://").split('/').next().unwrap_or("").to_owned()
                });
            assert!(
                repositories(oracle).contains(&repository.as_str()),
                "{at}: {link} is not {oracle}'s repository nor its standard's"
            );
            let steps =
                entry.step.as_deref().unwrap_or_else(|| panic!("{at}: {link} names no step"));
            for step in steps.split(',') {
                let standard = step.split('#').next().unwrap_or("");
                assert!(
                    ["whatwg", "rfc3986", "rfc2396"].contains(&standard),
                    "{at}: step {step:?}"
                );
            }
        }
    }
    assert!(links >= 4, "the ledger's links: {links}");
}

/// Every WPT case a linked rust-url entry covers (rust-url's own difference from the URL
/// Standard's reference) has its root cause at the entry's step.
#[test]
fn rust_url_links_mark_cases_at_their_step() {
    let ledger = ledger();
    let file = ledger.files.get("rust-url").expect("rust-url's ledger");
    let wpt = urldiff_corpus::wpt::embedded().expect("WPT data embedded");
    let text = wpt.read("urltestdata.json").unwrap();
    let data = urldiff_corpus::urltestdata::parse(&text, "urltestdata.json").unwrap();
    let requests: Vec<Request> = data
        .entries
        .iter()
        .map(|e| Request { input: e.input.clone(), base: e.base.clone() })
        .collect();
    let rust_url = RustUrlOracle::new();
    let implementations: Vec<&dyn Oracle> = vec![&rust_url];
    let references = references_for([Standard::Whatwg]);
    let judged = Judged::new(&implementations, &references);
    let answers = ask(&judged.oracles, &requests).unwrap();
    let mut marked = Vec::new();
    for (request, answers) in requests.iter().zip(&answers) {
        let comparison = compare_answers(&judged.oracles, request, answers);
        let fields = comparison.disagreeing_fields(TRUTH, rust_url.name());
        let name = request.case().name();
        let Some(entry) = file.entries().map(|(_, e)| e).find(|e| {
            e.upstream.is_some()
                && e.covers("wpt/urltestdata", &name, difference(&answers[0], &fields))
        }) else {
            continue;
        };
        for part in parts_of(&judged, answers, &comparison) {
            if part.kind == FindingKind::Conformance && part.library == Some(0) {
                marked.push((entry, request, answers, part));
            }
        }
    }
    let to_key: Vec<ToKey> =
        marked.iter().map(|(_, request, answers, part)| ToKey { request, answers, part }).collect();
    let keyed = keys(&judged, &to_key).unwrap();
    assert!(!keyed.is_empty(), "no WPT case is marked by a linked rust-url entry");
    for ((entry, request, _, _), key) in marked.iter().zip(keyed) {
        let step = key.step.expect("a conformance key names a step");
        let here = format!("{}#{}", step.standard.name(), step.id);
        let named = entry.step.as_deref().unwrap_or("");
        assert!(
            named.split(',').any(|s| s == here),
            "corpus/expected/rust-url.txt:{} ({}) marks {:?} against {:?}, decided at {here}",
            entry.line,
            entry.upstream.as_deref().unwrap_or(""),
            request.input,
            request.base
        );
    }
}
