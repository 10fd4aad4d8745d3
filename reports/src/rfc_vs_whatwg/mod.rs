//! The RFC-vs-WHATWG report (`reports/rfc-vs-whatwg.md`, committed, and its HTML page): for
//! every class in which the WHATWG side and the RFC 3986 side read a component differently, a
//! section with the explanation, the spec sections, how many inputs of the corpus fall in it,
//! the minimized example with both sides' records, and which real parsers fall on which side.
//!
//! The file has two parts. Everything outside the *real-parsers blocks* ([`BLOCK_BEGIN`] …
//! [`BLOCK_END`]) comes from the in-process oracles and the tables alone and is the same on
//! every machine: [`deterministic_part`] keeps it, and a test checks that the committed file's
//! deterministic part is what this urldiff computes. The blocks hold the real parsers' columns
//! of the run that generated the file, stamped with their versions.

pub mod html;
pub mod tables;

use crate::markdown_text::{code, prose, text};
use std::fmt::Write as _;
use urldiff_compare::{Equivalence, Grade, Projected};
use urldiff_oracles::{Answer, Record, RfcField};
use urldiff_triage::rfc_vs_whatwg::{
    RfcVsWhatwg, Section, SideExample, SourceCount, GENERATED_SOURCE, REAL_PARSERS, RFC_PRIMARY,
    WHATWG_PRIMARY,
};

/// The line that opens a real-parsers block.
pub const BLOCK_BEGIN: &str = "<!-- real-parsers:begin -->";
/// The line that closes it.
pub const BLOCK_END: &str = "<!-- real-parsers:end -->";
/// The command that regenerates the committed file.
pub const REGENERATE: &str = "make report";

/// The report's files: `[markdown, html, json]`, each where it is asked for.
pub fn files(
    report: &RfcVsWhatwg,
    [markdown, html, json]: [Option<std::path::PathBuf>; 3],
) -> serde_json::Result<Vec<(std::path::PathBuf, Vec<u8>)>> {
    let mut files = Vec::new();
    if let Some(path) = markdown {
        files.push((path, self::markdown(report).into_bytes()));
    }
    if let Some(path) = html {
        files.push((path, crate::rfc_vs_whatwg::html::render(report).into_bytes()));
    }
    if let Some(path) = json {
        files.push((path, serde_json::to_string_pretty(report)?.into_bytes()));
    }
    Ok(files)
}

/// The one-paragraph summary `urldiff report --rfc-vs-whatwg` prints (without the files).
pub fn summary(report: &RfcVsWhatwg) -> String {
    let mut summary = format!(
        "rfc-vs-whatwg: the sides split on {} of {} inputs; {} classes",
        report.split,
        report.inputs,
        report.sections.len()
    );
    if let Some(real) = &report.real {
        let names: Vec<&str> = real.parsers.iter().map(|p| p.name.as_str()).collect();
        summary.push_str(&format!("; real parsers: {}", names.join(", ")));
        for s in &real.skipped {
            let reason = crate::hostile::first_line(&s.reason);
            summary.push_str(&format!("\n{}: skipped: {reason}", s.name));
        }
    }
    summary
}

/// `text` without the contents of its real-parsers blocks (the marker lines stay).
pub fn deterministic_part(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inside = false;
    for line in text.lines() {
        if line == BLOCK_END {
            inside = false;
        }
        if !inside {
            out.push_str(line);
            out.push('\n');
        }
        if line == BLOCK_BEGIN {
            inside = true;
        }
    }
    out
}

/// A version without the build's `git describe` (`urldiff-parser 0.1.0 (3e5f6ef)` reads
/// `urldiff-parser 0.1.0`): the committed report changes with the code, not with each commit.
fn release(version: &str) -> &str {
    let Some((release, build)) = version.rsplit_once(" (") else { return version };
    let describe = build.strip_suffix(')').map(|b| b.trim_end_matches("-dirty"));
    let is_describe = describe.is_some_and(|d| {
        d.len() >= 7
            && d.chars()
                .all(|c| c.is_ascii_hexdigit() || c == '-' || c == 'g' || c.is_ascii_digit())
    });
    if is_describe {
        release
    } else {
        version
    }
}

#[cfg(test)]
mod release_tests {
    #[test]
    fn the_build_is_left_out_and_other_versions_stay() {
        assert_eq!(super::release("urldiff-parser 0.1.0 (3e5f6ef)"), "urldiff-parser 0.1.0");
        assert_eq!(super::release("0.1.0 (c6cbb6c-dirty)"), "0.1.0");
        assert_eq!(
            super::release("RFC 3986 §5.4 + RFC 2396 Appendix C (corpus/rfc)"),
            "RFC 3986 §5.4 + RFC 2396 Appendix C (corpus/rfc)"
        );
        assert_eq!(
            super::release("ada-url 4.0.0 package (embedded at build time)"),
            "ada-url 4.0.0 package (embedded at build time)"
        );
    }
}

/// What a real parser's columns say when its runtime is missing.
pub const UNAVAILABLE: &str = "unavailable";

/// The real parsers of [`REAL_PARSERS`] that the run which made `report` could not run (none
/// when it ran no real parser at all): their columns say [`UNAVAILABLE`].
pub fn unavailable_parsers(report: &RfcVsWhatwg) -> Vec<&'static str> {
    let Some(real) = &report.real else { return Vec::new() };
    REAL_PARSERS.iter().copied().filter(|n| !real.parsers.iter().any(|p| p.name == *n)).collect()
}

/// How a report writes a string from the run: as code (a value) and as text.
#[derive(Debug)]
pub struct Escapes {
    pub code: fn(&str) -> String,
    pub text: fn(&str) -> String,
}

/// Markdown's escapes.
pub const MARKDOWN: Escapes = Escapes { code, text };

/// A value in words: the value as code, or `empty`, `undefined`.
pub fn value_words(value: &Projected, esc: &Escapes) -> String {
    match value {
        Projected::Defined(s) if s.is_empty() => "empty".to_owned(),
        Projected::Defined(s) => (esc.code)(s),
        Projected::Undefined => "undefined".to_owned(),
        Projected::EmptyOrUndefined => "empty".to_owned(),
    }
}

/// What a grade says about two values, in words (empty for `structural`).
fn grade_words(grade: &str) -> &'static str {
    match Grade::from_name(grade) {
        Some(Grade::Equivalent(Equivalence::AsciiCase)) => " (the same but for ASCII case)",
        Some(Grade::Equivalent(Equivalence::PercentEncoding)) => " (the same once percent-decoded)",
        Some(Grade::Equivalent(Equivalence::Idna)) => " (the same after IDNA mapping)",
        Some(Grade::Equivalent(Equivalence::DotSegments)) => " (the same once dot segments go)",
        Some(Grade::Equivalent(Equivalence::DefaultPort)) => " (one is the default port)",
        _ => "",
    }
}

/// What the sides read differently on an example, in plain words.
pub fn in_words(example: &SideExample, esc: &Escapes) -> String {
    if let (Answer::Parsed { .. }, Answer::Failure { reason, .. }) =
        (&example.whatwg.answer, &example.rfc.answer)
    {
        return format!("The RFC side rejects the example ({}).", (esc.text)(reason));
    }
    if let Answer::Failure { reason, .. } = &example.whatwg.answer {
        let parts: Vec<String> = match &example.rfc.answer {
            Answer::Parsed { record: Record::Rfc(r), .. } => {
                [RfcField::Scheme, RfcField::Authority, RfcField::Path]
                    .into_iter()
                    .filter_map(|f| Some(format!("{f} {}", (esc.code)(r.field(f)?))))
                    .collect()
            }
            _ => Vec::new(),
        };
        return format!(
            "The WHATWG side rejects the example ({}); the RFC side reads it{}.",
            (esc.text)(reason),
            if parts.is_empty() { String::new() } else { format!(" with {}", parts.join(", ")) }
        );
    }
    let parts: Vec<String> = example
        .differences
        .iter()
        .map(|d| {
            format!(
                "the {} is {} for the WHATWG side and {} for the RFC side{}",
                d.field,
                value_words(&d.whatwg, esc),
                value_words(&d.rfc, esc),
                grade_words(&d.grade)
            )
        })
        .collect();
    format!("On the example, {}.", parts.join("; "))
}

/// `s` with its first letter in upper case.
pub fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn case(input: &str, base: Option<&str>) -> String {
    match base {
        Some(b) => format!("{} against {}", code(input), code(b)),
        None => code(input),
    }
}

fn class_link(id: &str) -> String {
    format!("[{}](#{})", text(id), crate::hostile::slug(id))
}

/// The Markdown report.
pub fn markdown(report: &RfcVsWhatwg) -> String {
    let mut out = String::from("# RFC 3986 vs WHATWG: where the two readings of a URL split\n\n");
    let _ = writeln!(
        out,
        "<!-- Generated by `{REGENERATE}` (`urldiff report --rfc-vs-whatwg`): change the code or \
         the data and regenerate, do not edit. `make test` checks that everything outside the \
         real-parsers blocks is current. -->\n"
    );
    intro(&mut out, report);
    real_overall(&mut out, report);
    contents(&mut out, report);
    errors(&mut out, report);
    let unavailable = unavailable_parsers(report);
    for s in &report.sections {
        section(&mut out, s, &unavailable);
    }
    rejected(&mut out, report);
    unclassified(&mut out, report);
    out
}

fn intro(out: &mut String, report: &RfcVsWhatwg) {
    let names = |v: &[urldiff_triage::findings::OracleVersion]| {
        v.iter().map(|o| code(&o.name)).collect::<Vec<_>>().join(", ")
    };
    let _ = writeln!(
        out,
        "The **WHATWG side** ({}) reads URLs as the URL Standard does; the **RFC side** ({}) \
         as a validating RFC 3986 parser does: an input that is not a URI-reference (Appendix \
         A), or a base that is not an absolute URI (§5.1), is *rejected*; anything else is the \
         Appendix B split, with §5.2 resolution against a base and no normalization beyond it \
         (`rfc3986-regex` is the lenient split alone, which accepts every string). Each side is \
         represented by its in-process oracle ({} and {}); where the two read a component (or \
         the outcome) of an input differently, the input *splits* the sides, and the class \
         table of `urldiff triage --explain-classes` says why. WPT data: {}.\n",
        names(&report.whatwg_side),
        names(&report.rfc_side),
        code(WHATWG_PRIMARY),
        code(RFC_PRIMARY),
        text(report.wpt_revision.as_deref().unwrap_or("not located"))
    );
    out.push_str("## Corpus\n\n");
    out.push_str(&tables::corpus(report).markdown());
    let generated: Vec<&SourceCount> =
        report.sources.iter().filter(|s| s.source == GENERATED_SOURCE).collect();
    let generated = tables::total(&generated);
    let _ = writeln!(
        out,
        "\nThe sides split on {} of {} inputs (each distinct input and base once, in the first \
         source that has it). The RFC side rejects {} of them: they are not RFC 3986 \
         URI-references (or their base is not an absolute URI), an outcome of their own, listed \
         [below](#inputs-the-rfc-side-rejects) and in no class. {} classes have split inputs \
         and a section below (an input may be in several); {} split inputs are in none. The \
         {} generated inputs ({} split) show what the generator reaches, not how common a \
         cause is: the classes count natural and generated inputs apart.\n",
        report.split,
        report.inputs,
        report.rfc_rejects,
        report.sections.len(),
        report.unclassified,
        generated.inputs,
        generated.split,
    );
}

fn real_overall(out: &mut String, report: &RfcVsWhatwg) {
    out.push_str("## Real parsers\n\n");
    out.push_str(
        "On which side each real parser reads the split inputs: with the WHATWG side when it \
         agrees with it on every differing component it gives, with the RFC side likewise, \
         else neither.\n\n",
    );
    let _ = writeln!(out, "{BLOCK_BEGIN}");
    match &report.real {
        None => out.push_str("Not run (`urldiff report --rfc-vs-whatwg --in-process-only`).\n"),
        Some(real) => {
            let versions: Vec<String> = report
                .whatwg_side
                .iter()
                .chain(&report.rfc_side)
                .map(|o| format!("{} {}", code(&o.name), text(release(&o.version))))
                .collect();
            let _ = writeln!(
                out,
                "From a run of {} {}; sides: {}.\n",
                text(&real.tool.name),
                text(release(&real.tool.version)),
                versions.join(", ")
            );
            out.push_str(&tables::overall(report, real).markdown());
            for s in &real.skipped {
                let _ = writeln!(
                    out,
                    "\n{} could not run: {}",
                    code(&s.name),
                    text(&crate::plain::first_line(&s.reason))
                );
            }
        }
    }
    let _ = writeln!(out, "{BLOCK_END}\n");
}

fn contents(out: &mut String, report: &RfcVsWhatwg) {
    out.push_str("## Classes\n\n");
    out.push_str(&tables::classes(report).markdown());
    out.push('\n');
}

fn errors(out: &mut String, report: &RfcVsWhatwg) {
    out.push_str("## Validation errors that change a component\n\n");
    let changing: Vec<_> = report.errors.iter().filter(|e| !e.fields.is_empty()).collect();
    let uncovered: Vec<&str> = changing
        .iter()
        .filter(|e| e.covered_by.is_empty() && !e.rfc_rejects)
        .map(|e| e.error.as_str())
        .collect();
    let _ = writeln!(
        out,
        "Every validation error of the URL Standard with an example that reports it (the \
         standard's own, or hand-picked where marked). An error *changes a component* when the \
         sides read its example differently: {} of {} do{}.\n",
        changing.len(),
        report.errors.len(),
        if uncovered.is_empty() {
            ", and each is covered by a class of this report that lists it, or its example is \
             rejected by the RFC side"
                .to_owned()
        } else {
            format!("; not covered: {}", uncovered.join(", "))
        }
    );
    out.push_str(&tables::errors(report).markdown());
    out.push('\n');
}

fn section(out: &mut String, s: &Section, unavailable: &[&str]) {
    let c = &s.class;
    let _ = writeln!(out, "## {}\n", text(&c.id));
    let explanation = prose(&capitalized(&c.explanation));
    let _ = writeln!(out, "{explanation}. {}\n", in_words(&s.example, &MARKDOWN));
    let errors: Vec<String> = c.validation_errors.iter().map(|e| code(e)).collect();
    let by_source: Vec<String> =
        s.by_source.iter().map(|b| format!("{} {}", code(&b.source), b.inputs)).collect();
    let _ = writeln!(out, "- WHATWG: <{}>; RFC 3986: <{}>", c.whatwg, c.rfc3986);
    let _ = writeln!(
        out,
        "- validation errors it covers: {}",
        if errors.is_empty() { "none".to_owned() } else { errors.join(", ") }
    );
    let (natural, generated) = tables::natural_and_generated(s);
    let _ = writeln!(
        out,
        "- inputs of the corpus in the class: {natural} natural, {generated} generated ({})",
        by_source.join(", ")
    );
    let _ = writeln!(out, "- when: {}", prose(&c.predicate));
    let _ = writeln!(out, "- why the URL Standard reads it so: {}", prose(&c.why_whatwg));
    let _ = writeln!(out, "- why RFC 3986 reads it so: {}", prose(&c.why_rfc3986));
    let _ = writeln!(out, "- what to do: {}\n", prose(&c.advice));
    example(out, &s.example);
    let _ = writeln!(out, "{BLOCK_BEGIN}");
    if !s.parsers.is_empty() || !unavailable.is_empty() {
        out.push_str(&tables::parsers(s, unavailable).markdown());
    }
    let _ = writeln!(out, "{BLOCK_END}\n");
}

fn example(out: &mut String, e: &SideExample) {
    let how = match (e.minimized, e.one_minimal) {
        (true, true) => "minimized, 1-minimal",
        (true, false) => "minimized, not proven 1-minimal",
        (false, _) => "as read",
    };
    let errors: Vec<String> = e.validation_errors.iter().map(|v| code(v)).collect();
    let _ = writeln!(
        out,
        "Example: {} ({how}; from {} in {}). The reference's validation errors: {}. Its classes: \
         {}.\n",
        case(&e.input, e.base.as_deref()),
        case(&e.original.input, e.original.base.as_deref()),
        code(&e.original.source),
        if errors.is_empty() { "none".to_owned() } else { errors.join(", ") },
        e.classes.iter().map(|c| class_link(c)).collect::<Vec<_>>().join(", ")
    );
    out.push_str(&tables::differences(e).markdown());
    out.push_str("\nBoth records:\n\n");
    out.push_str(&tables::records(e).markdown());
    out.push('\n');
}

fn rejected(out: &mut String, report: &RfcVsWhatwg) {
    let _ = writeln!(out, "## Inputs the RFC side rejects\n");
    let _ = writeln!(
        out,
        "{} split inputs are not RFC 3986 URI-references, or their base is not an absolute \
         URI: a validating RFC 3986 parser rejects them, where the URL Standard parses them \
         (it strips leading and trailing C0 controls and spaces, removes tabs and newlines, \
         reads `\\` as `/` in special URLs, and percent-encodes what RFC 3986 does not allow). \
         What to do: validate with an RFC 3986 parser before handing a string to a WHATWG one \
         when both must agree, or parse with one standard only. The first natural ones:\n",
        report.rfc_rejects
    );
    for r in &report.rfc_reject_examples {
        let o = &r.original;
        let _ = writeln!(
            out,
            "- {} in {}: {}",
            case(&o.input, o.base.as_deref()),
            code(&o.source),
            text(&r.reason)
        );
    }
    out.push('\n');
}

fn unclassified(out: &mut String, report: &RfcVsWhatwg) {
    if report.unclassified == 0 {
        return;
    }
    let _ = writeln!(out, "## Split inputs in no class ({})\n", report.unclassified);
    for o in &report.unclassified_examples {
        let _ = writeln!(out, "- {} in {}", case(&o.input, o.base.as_deref()), code(&o.source));
    }
    out.push('\n');
}
