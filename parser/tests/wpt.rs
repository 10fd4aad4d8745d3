//! WPT URL conformance of the reference parser (harness = false).
//!
//! Runs every WPT URL data file shipped in the pinned `ada-url` package (located through
//! `cargo metadata`, see `urldiff_corpus::wpt`), names each case `<input> against <base>`,
//! prints `N passed, M failed` per file, and fails on any failure that is not in the
//! expected-failure ledger (`wpt-expected-failures.txt`) — and on any ledger entry that now
//! passes (the ledger is two-way). A file that cannot be found is a failure with the path
//! tried and how to fix it. Lone-surrogate escapes are read as U+FFFD (USVString) and counted.
//!
//! Filter with an argument: `cargo test -p urldiff-parser --test wpt -- <substring>`.

use std::collections::BTreeSet;
use urldiff_corpus::urltestdata::{self, Expected};
use urldiff_corpus::wpt::{self, WptData};
use urldiff_corpus::wpt_tables;
use urldiff_parser::{Attribute, Url};

#[path = "wpt/setters.rs"]
mod setters;

/// One case's result: its name and, on failure, why.
struct Outcome {
    name: String,
    failure: Option<String>,
    /// Not run, as WPT does not run it (counted and printed).
    skipped: bool,
}

pub(crate) fn escape(s: &str) -> String {
    s.chars()
        .flat_map(char::escape_debug)
        .collect::<String>()
        .replace("\\\"", "\"")
        .replace("\\'", "'")
}

/// `new URL(input, base)`: the base must parse too.
fn parse_api(input: &str, base: Option<&str>) -> Result<Url, String> {
    let base = match base {
        Some(b) => Some(Url::parse(b, None).map_err(|e| format!("base failed to parse: {e}"))?),
        None => None,
    };
    Url::parse(input, base.as_ref()).map_err(|e| e.to_string())
}

/// Compare `url` with the expected fields present in `expected`.
pub(crate) fn compare_fields(
    url: &Url,
    expected: &std::collections::BTreeMap<String, String>,
) -> Option<String> {
    compare_with(url, |name| expected.get(name).map(String::as_str))
}

/// Compare every URL attribute (`urldiff_parser::Attribute`) that `want` gives.
fn compare_with<'a>(url: &Url, want: impl Fn(&str) -> Option<&'a str>) -> Option<String> {
    let mut diffs = Vec::new();
    for &attribute in Attribute::ALL {
        let name = attribute.name();
        if let Some(want) = want(name) {
            let got = url.attribute(attribute);
            if got != want {
                diffs.push(format!("{name}: got {:?}, want {:?}", got, want));
            }
        }
    }
    (!diffs.is_empty()).then(|| diffs.join("; "))
}

/// urltestdata.json and urltestdata-javascript-only.json, read by the one reader of that
/// format (`urldiff_corpus::urltestdata`).
fn run_urltestdata(text: &str, shown: &str) -> Result<Ran, String> {
    let file = urltestdata::parse(text, shown).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for entry in &file.entries {
        let (input, base) = (entry.input.as_str(), entry.base.as_deref());
        let mut name = format!("<{}>", escape(input));
        if let Some(b) = base {
            name.push_str(&format!(" against <{}>", escape(b)));
        }
        let failure = match (parse_api(input, base), &entry.expected) {
            (Ok(url), Expected::Failure) => Some(format!("expected failure, got {}", url.href())),
            (Err(_), Expected::Failure) => None,
            (Err(e), Expected::Record(_)) => Some(format!("unexpected failure: {e}")),
            (Ok(url), expected) => compare_with(&url, |name| expected.field(name)),
        };
        out.push(Outcome { name, failure, skipped: false });
    }
    Ok((out, file.lone_surrogates_replaced))
}

/// Host tests through the URL parser, as WPT's toascii.window.js and IdnaTestV2.window.js
/// do: `new URL("https://" + input + "/x")` gives host == hostname == output, or throws.
/// The empty input is skipped, as WPT skips it: it cannot go through `new URL()`
/// (`https:///x` has host `x`).
fn run_host_tests(text: &str, shown: &str) -> Result<Ran, String> {
    let file = wpt_tables::host_tests(text, shown).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for case in &file.entries {
        let input = case.input.as_str();
        let name = format!("<{}>", escape(input));
        if input.is_empty() {
            out.push(Outcome { name, failure: None, skipped: true });
            continue;
        }
        let expected = case.output.as_deref();
        let failure = match (Url::parse(&format!("https://{input}/x"), None), expected) {
            (Err(_), None) => None,
            (Ok(url), None) => Some(format!("expected failure, got host {:?}", url.host())),
            (Err(e), Some(want)) => Some(format!("unexpected failure ({e}), want {want:?}")),
            (Ok(url), Some(want)) => {
                let ok = url.host() == want
                    && url.hostname() == want
                    && url.pathname() == "/x"
                    && url.href() == format!("https://{want}/x");
                (!ok).then(|| format!("got href {:?}, want host {want:?}", url.href()))
            }
        };
        out.push(Outcome { name, failure, skipped: false });
    }
    Ok((out, file.lone_surrogates_replaced))
}

/// percent-encoding.json (UTF-8 column): the query and fragment of
/// `https://doesnotmatter.invalid/?{input}#{input}`.
fn run_percent_encoding(text: &str, shown: &str) -> Result<Ran, String> {
    let file = wpt_tables::percent_encoding(text, shown).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for case in &file.entries {
        let input = case.input.as_str();
        let name = format!("<{}>", escape(input));
        let want = case.output.get("utf-8").map_or("", String::as_str);
        let href = format!("https://doesnotmatter.invalid/?{input}#{input}");
        let failure = match Url::parse(&href, None) {
            Err(e) => Some(format!("unexpected failure: {e}")),
            Ok(url) if url.search() != format!("?{want}") => {
                Some(format!("search: got {:?}, want {:?}", url.search(), format!("?{want}")))
            }
            Ok(_) => None,
        };
        out.push(Outcome { name, failure, skipped: false });
    }
    Ok((out, file.lone_surrogates_replaced))
}

/// One file's outcomes and the lone surrogates its reader replaced.
type Ran = (Vec<Outcome>, usize);

/// Runs one WPT file's cases: its text and its name for errors, read by the corpus crate's
/// reader of its format.
type Runner = fn(&str, &str) -> Result<Ran, String>;

fn run_file(data: &WptData, file: &str, runner: Runner) -> Result<Ran, String> {
    let text = data.read(file).map_err(|e| e.to_string())?;
    runner(&text, &data.shown(file))
}

/// The ledger file's cases plus the Unicode version skews (`urldiff_corpus::unicode::SKEWS`).
fn read_ledger() -> BTreeSet<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wpt-expected-failures.txt");
    let skews = urldiff_corpus::unicode::SKEWS.iter().flat_map(|skew| {
        skew.inputs.iter().map(move |input| format!("{}: <{}>", skew.file, escape(input)))
    });
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_once(" # ").map_or(l, |(case, _)| case).to_owned())
        .chain(skews)
        .collect()
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let data = match wpt::locate() {
        Ok(data) => data,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    println!("WPT data: {}", data.revision);
    let ledger = read_ledger();
    let mut problems = Vec::new();
    let mut total_surrogates = 0;
    let (mut total_passed, mut total_failed) = (0, 0);
    let runners: [(&str, Runner); 6] = [
        ("urltestdata.json", run_urltestdata),
        ("urltestdata-javascript-only.json", run_urltestdata),
        ("setters_tests.json", setters::run),
        ("toascii.json", run_host_tests),
        ("percent-encoding.json", run_percent_encoding),
        ("IdnaTestV2.json", run_host_tests),
    ];
    for (file, runner) in runners {
        let (outcomes, surrogates) = match run_file(&data, file, runner) {
            Ok(ran) => ran,
            Err(e) => {
                problems.push(format!("{file}: {e}"));
                continue;
            }
        };
        total_surrogates += surrogates;
        let outcomes: Vec<Outcome> = outcomes
            .into_iter()
            .filter(|o| filter.as_ref().is_none_or(|f| o.name.contains(f.as_str())))
            .collect();
        let (mut passed, mut failed, mut expected) = (0, 0, 0);
        let skipped = outcomes.iter().filter(|o| o.skipped).count();
        for o in outcomes.iter().filter(|o| !o.skipped) {
            let key = format!("{file}: {}", o.name);
            match (&o.failure, ledger.contains(&key)) {
                (None, false) => passed += 1,
                (None, true) => {
                    failed += 1;
                    problems.push(format!("{key}\n    passes now but is in the ledger: remove it"));
                }
                (Some(_), true) => expected += 1,
                (Some(why), false) => {
                    failed += 1;
                    problems.push(format!("{key}\n    {why}"));
                }
            }
        }
        let mut note = String::new();
        if expected > 0 {
            note.push_str(&format!(", {expected} expected failures"));
        }
        if skipped > 0 {
            note.push_str(&format!(", {skipped} skipped (as WPT skips them)"));
        }
        println!("{file}: {passed} passed, {failed} failed{note}");
        total_passed += passed;
        total_failed += failed;
    }
    println!("lone surrogates read as U+FFFD: {total_surrogates}");
    for p in &problems {
        println!("FAIL {p}");
    }
    println!("wpt: {total_passed} passed, {total_failed} failed");
    if !problems.is_empty() {
        println!("{} problems", problems.len());
        std::process::exit(1);
    }
}
