//! findings.md on the findings of a real triage run over our own cases
//! (`tests/data/findings-cases.json`): one section per group, every table row with its
//! header's cell count, and the SSRF case read as the specs say (worked out by hand for its
//! example `http://example.com\@`: the URL Standard ends the authority at `\`, so the host
//! is `example.com`; RFC 3986 takes everything before the `@` as userinfo, so the host is
//! empty, which urllib's `hostname` reads as `None`).

use urldiff_reports::findings::markdown;
use urldiff_triage::findings::Findings;

fn findings() -> Findings {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/findings-cases.json");
    Findings::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The cell separators of a table row (`|` outside code spans, unescaped; a backslash escapes
/// nothing inside a code span). A code span opens with a run of backticks and closes with a run
/// of the same length (CommonMark: ``` `` ` `` ``` holds one backtick).
fn cells(line: &str) -> usize {
    let chars: Vec<char> = line.chars().collect();
    let (mut n, mut open, mut escaped, mut i) = (0, 0usize, false, 0);
    while i < chars.len() {
        let c = chars[i];
        if c == '`' && !escaped {
            let run = chars[i..].iter().take_while(|c| **c == '`').count();
            if open == 0 {
                open = run;
            } else if run == open {
                open = 0;
            }
            i += run;
            continue;
        }
        if c == '|' && open == 0 && !escaped {
            n += 1;
        }
        escaped = c == '\\' && !escaped && open == 0;
        i += 1;
    }
    n
}

#[test]
fn findings_markdown_has_a_section_per_group_and_square_tables() {
    let findings = findings();
    let text = markdown::render(&findings);
    let head = format!("# urldiff findings: {} groups\n", findings.groups.len());
    assert!(text.starts_with(&head), "{text}");
    assert!(text.contains("## Model differences"), "{text}");
    for n in 1..=findings.groups.len() {
        assert!(text.contains(&format!("<a id=\"group-{n}\"></a>\n### {n}. [")), "group {n}");
    }
    let mut header: Option<usize> = None;
    for line in text.lines() {
        if !line.starts_with('|') {
            header = None;
            continue;
        }
        match header {
            None => header = Some(cells(line)),
            Some(h) => assert_eq!(cells(line), h, "a row with another cell count: {line}"),
        }
    }
}

#[test]
fn the_ssrf_group_shows_the_baseline_host_first_then_urllib_s() {
    let text = markdown::render(&findings());
    let from = text.find("from `http://127.0.0.1\\@evil.com/`").expect("the SSRF case's group");
    let start = text[..from].rfind("### ").unwrap();
    let end = text[start..].find("<details>").map_or(text.len(), |e| start + e);
    let section = &text[start..end];
    assert!(section.contains("confusion: whatwg vs rfc3986: userinfo"), "{section}");
    assert!(section.contains("minimized: `http://example.com\\@`"), "{section}");
    let rows: Vec<&str> = section.lines().filter(|l| l.starts_with("| ")).skip(1).collect();
    // The most severe field first (host), its baseline row (the reference's group) first.
    assert!(rows[0].starts_with("| host | structural | high | `ada`"), "{}", rows[0]);
    assert!(rows[0].contains("(baseline) | `\"example.com\"` |"), "{}", rows[0]);
    assert!(
        rows[1].contains("`python-urllib`") && rows[1].ends_with("| `(undefined)` |"),
        "{}",
        rows[1]
    );
    assert!(
        rows[2].contains("`reference-rfc3986`") && rows[2].ends_with("| `\"\"` |"),
        "{}",
        rows[2]
    );
}
