//! The second benchmark corpus, made differently from [`corpus_gen`](super::corpus_gen)'s so
//! that the parser is also measured on inputs it was not tuned on: pieces harvested from WPT's
//! data (urltestdata's hosts, paths, queries, fragments, bases and failing inputs;
//! IdnaTestV2's and toascii's domains) and the RFC 3986/2396 resolution tables, recombined at
//! random (hosts with other paths and queries, references against other bases, IDNA domains
//! beside ASCII labels), plus `urldiff_corpus::urlgen` output with its own seed.
//!
//! Each case is put in a part by what the reference parser makes of it (not by how it was
//! made, since recombining changes that): `invalid` when it fails, `ip` for an IPv4 or IPv6
//! host, `idna` for a domain written with a non-ASCII code point or a Punycode label,
//! `relative` for the rest with a base, `absolute` for the rest without. Without the WPT data
//! the corpus is urlgen's output alone.

// Cargo also builds this file alone as a bench target (benches/ is searched), where only
// `throughput.rs` uses it.
#![allow(dead_code)]

use urldiff_corpus::urlgen::{self, GenCase, Rng};
use urldiff_parser::HostKind;

/// A case: an input and the base it is parsed against (as `parsers::Case`).
type Case = (String, Option<String>);

/// The parts of the reshaped corpus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Absolute,
    Relative,
    Idna,
    Ip,
    Invalid,
}

impl Part {
    pub fn name(self) -> &'static str {
        match self {
            Part::Absolute => "absolute",
            Part::Relative => "relative",
            Part::Idna => "idna",
            Part::Ip => "ip",
            Part::Invalid => "invalid",
        }
    }
}

/// urlgen's seed here: not [`urlgen::DEFAULT_SEED`], which the agreement tests use.
const URLGEN_SEED: u64 = 0x0DD5_EED5_2026;

/// Pieces harvested from the data files.
#[derive(Default)]
struct Pieces {
    schemes: Vec<String>,
    hosts: Vec<String>,
    ip_hosts: Vec<String>,
    idna_hosts: Vec<String>,
    paths: Vec<String>,
    queries: Vec<String>,
    fragments: Vec<String>,
    bases: Vec<String>,
    references: Vec<String>,
    failing: Vec<String>,
    wpt_cases: Vec<GenCase>,
}

fn push_nonempty(list: &mut Vec<String>, s: Option<&str>) {
    if let Some(s) = s.filter(|s| !s.is_empty()) {
        list.push(s.to_owned());
    }
}

/// urltestdata's pieces: each field of a passing case, a failing case's input, every base.
fn harvest_urltestdata(data: &urldiff_corpus::wpt::WptData, pieces: &mut Pieces) {
    let Ok(text) = data.read("urltestdata.json") else { return };
    let Ok((value, _)) = urldiff_corpus::usv_json::parse(&text) else { return };
    for case in value.as_array().into_iter().flatten() {
        let field = |name: &str| case.get(name).and_then(|v| v.as_str());
        let Some(input) = field("input") else { continue };
        pieces
            .wpt_cases
            .push(GenCase { input: input.to_owned(), base: field("base").map(str::to_owned) });
        push_nonempty(&mut pieces.bases, field("base"));
        if case.get("failure").is_some() {
            pieces.failing.push(input.to_owned());
            continue;
        }
        push_nonempty(&mut pieces.schemes, field("protocol"));
        if let Some(host) = field("host").filter(|h| !h.is_empty()) {
            let hostname = field("hostname").unwrap_or(host);
            let is_ip = hostname.starts_with('[')
                || hostname.bytes().all(|b| b.is_ascii_digit() || b == b'.');
            pieces.hosts.push(host.to_owned());
            if is_ip {
                pieces.ip_hosts.push(host.to_owned());
            }
        }
        push_nonempty(&mut pieces.paths, field("pathname").filter(|p| p.starts_with('/')));
        push_nonempty(&mut pieces.queries, field("search"));
        push_nonempty(&mut pieces.fragments, field("hash"));
    }
    pieces.bases.sort();
    pieces.bases.dedup();
}

/// IdnaTestV2's and toascii's domains, as written (before mapping).
fn harvest_idna(data: &urldiff_corpus::wpt::WptData, pieces: &mut Pieces) {
    for name in ["IdnaTestV2.json", "toascii.json"] {
        let Ok(text) = data.read(name) else { continue };
        let Ok(file) = urldiff_corpus::wpt_tables::host_tests(&text, name) else { continue };
        let usable = |d: &str| !d.is_empty() && !d.contains(['/', '?', '#', '\\', '@', ':']);
        pieces.idna_hosts.extend(file.entries.into_iter().map(|e| e.input).filter(|d| usable(d)));
    }
}

/// The RFC tables' references and bases.
fn harvest_rfc(pieces: &mut Pieces) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/rfc");
    for name in ["rfc3986-5.4.json", "rfc2396-appendix-c.json"] {
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else { continue };
        let Ok(table) = serde_json::from_str::<serde_json::Value>(&text) else { continue };
        push_nonempty(&mut pieces.bases, table["base"].as_str());
        for example in table["examples"].as_array().into_iter().flatten() {
            push_nonempty(&mut pieces.references, example["reference"].as_str());
        }
    }
}

fn pick<'a>(rng: &mut Rng, list: &'a [String], fallback: &'a str) -> &'a str {
    if list.is_empty() {
        fallback
    } else {
        &list[rng.below(list.len())]
    }
}

/// A URL put together from harvested pieces: `host` with another case's path, query and
/// fragment.
fn recombined(rng: &mut Rng, p: &Pieces, host: &str) -> String {
    let scheme = if rng.chance(70) {
        pick(rng, &p.schemes, "https:").to_owned()
    } else {
        "https:".to_owned()
    };
    let mut s = format!("{scheme}//{host}");
    if rng.chance(80) {
        s.push_str(pick(rng, &p.paths, "/"));
    }
    if rng.chance(40) {
        s.push_str(pick(rng, &p.queries, "?q"));
    }
    if rng.chance(20) {
        s.push_str(pick(rng, &p.fragments, "#f"));
    }
    s
}

/// An IDNA domain, alone or beside ASCII labels (mixed).
fn idna_host(rng: &mut Rng, p: &Pieces) -> String {
    let domain = pick(rng, &p.idna_hosts, "xn--nxasmq6b");
    match rng.below(3) {
        0 => domain.to_owned(),
        1 => format!("www.{domain}"),
        _ => format!("{domain}.example.com"),
    }
}

/// One case made from the harvested pieces.
fn reshaped_case(rng: &mut Rng, p: &Pieces) -> Case {
    match rng.below(20) {
        0..=5 => {
            let host = pick(rng, &p.hosts, "example.com").to_owned();
            (recombined(rng, p, &host), None)
        }
        6..=9 => {
            let host = idna_host(rng, p);
            (recombined(rng, p, &host), None)
        }
        10..=11 => {
            let host = pick(rng, &p.ip_hosts, "127.0.0.1").to_owned();
            (recombined(rng, p, &host), None)
        }
        12..=16 => {
            // A reference against a base it was not written for.
            let reference = match rng.below(3) {
                0 => pick(rng, &p.references, "g").to_owned(),
                1 => pick(rng, &p.paths, "/").to_owned(),
                _ => format!("{}{}", pick(rng, &p.queries, "?q"), pick(rng, &p.fragments, "")),
            };
            (reference, Some(pick(rng, &p.bases, "http://a/b/c/d;p?q").to_owned()))
        }
        _ => (pick(rng, &p.failing, "http://[::1/").to_owned(), None),
    }
}

/// What the reference parser makes of a case.
fn part_of((input, base): &Case) -> Part {
    let base = match base {
        Some(b) => match urldiff_parser::Url::parse(b, None) {
            Ok(b) => Some(b),
            Err(_) => return Part::Invalid,
        },
        None => None,
    };
    let Ok(url) = urldiff_parser::Url::parse(input, base.as_ref()) else {
        return Part::Invalid;
    };
    match url.host_kind() {
        HostKind::Ipv4 | HostKind::Ipv6 => Part::Ip,
        HostKind::Domain if url.hostname().split('.').any(|l| l.starts_with("xn--")) => Part::Idna,
        _ if base.is_some() => Part::Relative,
        _ => Part::Absolute,
    }
}

/// `n` cases, about two thirds reshaped from the data and one third urlgen's, each with its
/// part.
pub fn labelled(n: usize) -> Vec<(Part, Case)> {
    let mut pieces = Pieces::default();
    if let Ok(data) = urldiff_corpus::wpt::locate() {
        harvest_urltestdata(&data, &mut pieces);
        harvest_idna(&data, &mut pieces);
    }
    harvest_rfc(&mut pieces);
    let generated = n / 3;
    let mut rng = Rng::new(URLGEN_SEED ^ 0xA5A5);
    let mut cases: Vec<Case> = if pieces.wpt_cases.is_empty() {
        Vec::new()
    } else {
        (generated..n).map(|_| reshaped_case(&mut rng, &pieces)).collect()
    };
    let count = n - cases.len();
    cases.extend(
        urlgen::generate(&pieces.wpt_cases, count, URLGEN_SEED)
            .into_iter()
            .map(|c| (c.input, c.base)),
    );
    cases.into_iter().map(|case| (part_of(&case), case)).collect()
}
