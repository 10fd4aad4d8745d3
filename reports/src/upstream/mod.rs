//! Upstream drafts (`urldiff report --upstream DIR FINDINGS.json`): what a maintainer can file.
//!
//! One Markdown file per implementation with conformance findings (`<library>.md`): per root
//! cause a ready-to-file issue with a title, a reproduction in the library's own language that
//! runs as written ([`repro`]), what it reads against what its standard says (with the
//! standard's step linked), what the other implementations of that standard read, the exact versions tested,
//! how many inputs showed it, and whether a WPT case reads the same step and code point. Confusions get one file per pair of standards
//! (`confusion-<a>-<b>.md`), written for whoever puts two such parsers in one pipeline: what
//! each side reads, why each is right by its standard, and how to guard.

pub mod repro;

use crate::findings::{answer_text, root_cause_text};
use crate::markdown_text::{code, text};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use urldiff_triage::findings::{Findings, Group, OracleAnswer};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::wpt_witness::Witness;

/// One file of drafts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// The file name (`rust-url.md`, `confusion-whatwg-rfc3986.md`).
    pub file: String,
    pub text: String,
}

/// The WPT case each draft cites, by group id (`urldiff_triage::wpt_witness`).
pub type Witnesses = BTreeMap<String, Witness>;

/// Every draft file of `findings`, in name order; `wpt` says, per group, which WPT case reads
/// its step and shows its library's difference in the same component, if any.
pub fn drafts(findings: &Findings, wpt: Option<&Witnesses>) -> Vec<Draft> {
    let mut by_file: BTreeMap<String, Vec<&Group>> = BTreeMap::new();
    for g in &findings.groups {
        if g.kind != FindingKind::Conformance && !g.is_draft() {
            continue;
        }
        let file = match (g.kind, g.root_cause.library.as_deref()) {
            (FindingKind::Conformance, Some(library))
                if actual_and_expected(g, library).is_none() =>
            {
                continue; // nothing to file: Actual and Expected would print alike
            }
            (FindingKind::Conformance, Some(library)) => format!("{}.md", file_stem(library)),
            _ => {
                let names: Vec<&str> = g.root_cause.standards.iter().map(|s| s.name()).collect();
                format!("confusion-{}.md", names.join("-"))
            }
        };
        by_file.entry(file).or_default().push(g);
    }
    by_file
        .into_iter()
        .map(|(file, groups)| {
            let text = if file.starts_with("confusion-") {
                confusion_file(findings, &groups)
            } else {
                library_file(findings, &groups, wpt)
            };
            Draft { file, text }
        })
        .collect()
}

/// A name safe as a file stem: ASCII letters, digits, `-`, `.`, `_`; anything else `_`.
fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() || "-._".contains(c) { c } else { '_' })
        .collect()
}

fn version_of<'f>(findings: &'f Findings, oracle: &str) -> &'f str {
    findings.oracles.iter().find(|o| o.name == oracle).map_or("unknown", |o| o.version.as_str())
}

fn answer_of<'g>(g: &'g Group, oracle: &str) -> Option<&'g OracleAnswer> {
    g.answers.iter().find(|a| a.oracle == oracle)
}

fn case_line(input: &str, base: Option<&str>) -> String {
    match base {
        Some(b) => format!("{} against the base {}", code(input), code(b)),
        None => code(input),
    }
}

fn library_file(findings: &Findings, groups: &[&Group], wpt: Option<&Witnesses>) -> String {
    let library = groups[0].root_cause.library.clone().unwrap_or_default();
    let (drafts, settled): (Vec<&Group>, Vec<&Group>) = groups.iter().partition(|g| g.is_draft());
    let mut out = format!(
        "# Drafts for {}: {} root cause(s)\n\nFound by urldiff {} (WPT data {}), against {} {}. \
         Each section is one issue to file; the reproduction runs as written.\n\n",
        text(&library),
        drafts.len(),
        text(&findings.tool.version),
        text(findings.wpt_revision.as_deref().unwrap_or("not located")),
        text(&library),
        text(version_of(findings, &library))
    );
    for (n, g) in drafts.iter().enumerate() {
        conformance_draft(&mut out, findings, n + 1, g, &library);
        wpt_line(&mut out, g, wpt);
    }
    settled_list(&mut out, &settled);
    out
}

/// What the draft of `g` prints as Actual and Expected; `None`: no draft, because they would
/// print alike (no answer, no expectation, or the same in every field).
fn actual_and_expected(g: &Group, library: &str) -> Option<(String, String)> {
    let actual = answer_of(g, library)?;
    let expected = g.expected.as_ref()?;
    crate::findings::actual_and_expected(&actual.answer, &expected.answer)
}

/// The groups not to file (known to the library, fixed in a newer release), collapsed: one
/// line each with what settles it.
fn settled_list(out: &mut String, settled: &[&Group]) {
    if settled.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "<details><summary>Not to file: {} root cause(s) known or fixed</summary>\n",
        settled.len()
    );
    for g in settled {
        let _ = writeln!(
            out,
            "- {} for {} (group `{}`): {}",
            text(&root_cause_text(&g.root_cause)),
            case_line(&g.example.input, g.example.base.as_deref()),
            g.id,
            text(&crate::findings::status_text(g))
        );
    }
    out.push_str("\n</details>\n");
}

fn conformance_draft(out: &mut String, findings: &Findings, n: usize, g: &Group, library: &str) {
    let e = &g.example;
    let rc = &g.root_cause;
    let standard = rc.standards.first().map_or("its standard", |s| s.title());
    let field = rc.fields.join(", ");
    let step = rc.step.as_ref();
    let _ = writeln!(
        out,
        "## {n}. {}: {} differs from the {standard} for {}\n",
        text(library),
        text(&field),
        code(&e.input)
    );
    let _ = writeln!(out, "Root cause: {} (group `{}`).\n", text(&root_cause_text(rc)), g.id);
    install_line(out, library, version_of(findings, library));
    if let Some((language, program)) = repro::program(library, &e.input, e.base.as_deref()) {
        let _ = writeln!(
            out,
            "Reproduction ({}):\n\n```{}\n{program}```\n",
            language.fence(),
            language.fence()
        );
    }
    also_seen(out, g, library);
    let Some((actual, expected)) = actual_and_expected(g, library) else { return };
    let _ = writeln!(out, "- Input: {}", case_line(&e.input, e.base.as_deref()));
    let _ = writeln!(
        out,
        "- Actual ({} {}): {}",
        text(library),
        text(version_of(findings, library)),
        code(&actual)
    );
    current_release_line(out, findings, library);
    let _ = write!(out, "- Expected by the {standard}: {}", code(&expected));
    if let Some(step) = step.filter(|s| crate::hostile::safe_link(&s.link).is_some()) {
        let _ = write!(out, " — decided at the [{}]({})", text(&step.title), step.link);
    }
    match rc.code_point_read() {
        Some(urldiff_triage::rootcause::deciding::END_OF_INPUT) => {
            out.push_str(" (at the end of input)\n")
        }
        Some(kind) => {
            let _ = writeln!(out, " (reading {})", text(kind));
        }
        None => out.push('\n'),
    }
    // What a maintainer weighs: the other implementations of the same standard. Libraries of
    // other standards read by their own rules (the findings report has them), and an older
    // release of this library is its "also in" line below.
    let same_standard = |oracle: &str| {
        rc.standards.first() == Some(&urldiff_oracles::parsers::builtin_claim(oracle).standard)
    };
    let (same, others): (Vec<_>, Vec<_>) = g
        .answers
        .iter()
        .filter(|a| a.oracle != library && !a.oracle.contains('@'))
        .partition(|a| same_standard(&a.oracle));
    let _ = writeln!(out, "- Other implementations of the {standard}:");
    if same.is_empty() {
        out.push_str("  - none ran here\n");
    }
    for a in same {
        // A splitter that does not validate (urldiff's lenient RFC 3986 mode, Appendix B,
        // urllib) answers where the standard's grammar fails: said, so that its "parsed" beside
        // an expected failure reads as what it is, not as a second opinion.
        let lenient = urldiff_oracles::parsers::builtin_claim(&a.oracle).lenient;
        let _ = writeln!(
            out,
            "  - {} {}{}: {}",
            code(&a.oracle),
            text(version_of(findings, &a.oracle)),
            if lenient { " (splits without validating)" } else { "" },
            code(&answer_text(&a.answer))
        );
    }
    if !others.is_empty() {
        let _ = writeln!(
            out,
            "- {} implementations of other standards answered too (see the findings report)",
            others.len()
        );
    }
    let known = match &g.known {
        None => "not that urldiff knows (no ledger entry names an issue)".to_owned(),
        Some(_) => crate::findings::known_text(g),
    };
    let _ = writeln!(out, "- Known upstream: {}", text(&known));
    for also in g.marks.iter().filter(|m| matches!(m, urldiff_triage::mark::Mark::AlsoIn { .. })) {
        let _ = writeln!(out, "- {}", text(&also.text()));
    }
}

/// The package (and version) a JavaScript reproduction needs ([`repro::install`]).
fn install_line(out: &mut String, library: &str, version: &str) {
    let Some(install) = repro::install(library, version) else { return };
    let node = install.node.map_or(String::new(), |v| format!(" (ran on Node.js {})", text(&v)));
    match install.command {
        Some(command) => {
            let _ = writeln!(out, "Install: {}{node}.\n", code(&command));
        }
        None => {
            let _ = writeln!(out, "Install: nothing, it is built into Node.js{node}.\n");
        }
    }
}

/// When `library` ran here in an older release than its project's newest (its profile's
/// `newest_release`, e.g. Debian 12's Go 1.19), the line saying to check a current release
/// before filing.
fn current_release_line(out: &mut String, findings: &Findings, library: &str) {
    let lineage = library.split('@').next().unwrap_or(library);
    let Some(profile) = urldiff_oracles::parsers::profile_of(lineage) else { return };
    let Some(newest) = profile.newer_release_than(version_of(findings, library)) else { return };
    let link =
        crate::hostile::safe_link(&newest.link).map_or(String::new(), |l| format!(", <{l}>"));
    let _ = writeln!(
        out,
        "- Check on a current release before filing: this ran {} {}; the newest release is {} \
         ({}{link}), which this machine does not have",
        text(library),
        text(version_of(findings, library)),
        text(&newest.version),
        text(&newest.date)
    );
}

/// Whether a maintainer reads `input` as written: no control, invisible or edge-space code
/// point (nothing [`crate::hostile`] would escape).
fn readable(input: &str) -> bool {
    crate::hostile::pieces(input).iter().all(|p| matches!(p, crate::hostile::Piece::Plain(_)))
}

/// The case of the group a maintainer recognizes best, when it is not the minimized example:
/// the one the ledger's known entry names, else the shortest readable member (the minimizer
/// keeps the root cause, not the look of an input: `a:\t//example.com:\` for
/// `ssh://git@host:22\path`).
fn recognizable(g: &Group) -> Option<(&str, Option<&str>, &'static str)> {
    let e = &g.example;
    if let Some(case) = g.known.as_ref().and_then(|k| k.case.as_ref()) {
        if case.input != e.input || case.base != e.base {
            return Some((&case.input, case.base.as_deref(), "the case the ledger's entry names"));
        }
        return None;
    }
    if readable(&e.input) && e.base.as_deref().is_none_or(readable) {
        return None;
    }
    let members = g.members.iter().chain(&g.originals);
    let readable_members =
        members.filter(|m| readable(&m.input) && m.base.as_deref().is_none_or(readable));
    let m = readable_members.min_by_key(|m| (m.input.chars().count(), m.input.clone()))?;
    Some((&m.input, m.base.as_deref(), "the shortest member of the group written in plain text"))
}

/// The same root cause on a case a maintainer recognizes ([`recognizable`]), with its own
/// reproduction.
fn also_seen(out: &mut String, g: &Group, library: &str) {
    let Some((input, base, which)) = recognizable(g) else { return };
    let _ = writeln!(out, "Also on {} ({which}):\n", case_line(input, base));
    if let Some((language, program)) = repro::program(library, input, base) {
        let _ = writeln!(out, "```{}\n{program}```\n", language.fence());
    }
}

/// The WPT case that reads the group's step and on which its library differs in the same
/// component, or that WPT has none ([`Witness`]).
fn wpt_line(out: &mut String, g: &Group, wpt: Option<&Witnesses>) {
    let rc = &g.root_cause;
    let Some(step) = &rc.step else {
        out.push('\n');
        return;
    };
    let library = text(rc.library.as_deref().unwrap_or("the library"));
    let line = match wpt.map(|w| w.get(&g.id)) {
        _ if step.standard != urldiff_oracles::Standard::Whatwg => {
            "- WPT: tests the URL Standard only".to_owned()
        }
        None => "- WPT: its data was not found here".to_owned(),
        Some(None | Some(Witness::NotChecked)) => {
            format!("- WPT: not checked ({library} did not run here)")
        }
        Some(Some(Witness::Case { request, field })) => format!(
            "- WPT: {} reads the {} and {library} differs there in {} too",
            case_line(&request.input, request.base.as_deref()),
            text(&step.title),
            text(field)
        ),
        Some(Some(Witness::None { tried })) => format!(
            "- WPT: none of its {tried} cases reading the {} shows this difference in {} \
             (`urldiff export-wpt` proposes one)",
            text(&step.title),
            text(&rc.fields.join(", "))
        ),
    };
    let _ = writeln!(out, "{line}\n");
}

fn confusion_file(findings: &Findings, groups: &[&Group]) -> String {
    let standards: Vec<&str> = groups[0].root_cause.standards.iter().map(|s| s.title()).collect();
    let mut out = format!(
        "# Confusions between the {}: {} root cause(s)\n\nFor whoever validates a URL with a \
         parser of one standard and fetches it with a parser of the other. Each side reads the \
         input as its standard says; the danger is in using both. Found by urldiff {}.\n\n",
        standards.join(" and the "),
        groups.len(),
        text(&findings.tool.version)
    );
    for (n, g) in groups.iter().enumerate() {
        let e = &g.example;
        let _ = writeln!(
            out,
            "## {}. {} × {}\n",
            n + 1,
            text(&root_cause_text(&g.root_cause)),
            g.count
        );
        let _ = writeln!(out, "- Input: {}", case_line(&e.input, e.base.as_deref()));
        for a in g.answers.iter().filter(|a| g.libraries.contains(&a.oracle)) {
            let _ = writeln!(out, "  - {}: {}", code(&a.oracle), code(&answer_text(&a.answer)));
        }
        let fields = g.root_cause.fields.join(", ");
        let _ = writeln!(
            out,
            "- Guard: parse once and pass the parsed parts on, never the string; or reject \
             inputs that the two sides read with a different {}: here, the classes {} name why.\n",
            text(&fields),
            text(&g.classes.join(", "))
        );
    }
    out
}
