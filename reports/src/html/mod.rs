//! One self-contained HTML page: the style and the filter script are inlined (no external
//! scripts, styles or fonts; it works offline from a `file://` URL), and a Content Security
//! Policy allows exactly those two by their SHA-256, so even a string that escaped its
//! escaping could not run.
//!
//! The pieces are shared by every HTML report (the conform report, the findings report, the
//! RFC-vs-WHATWG report): [`page`] (the shell), [`filter_bar`] and [`row_attrs`] (the filter
//! by class, oracle and severity, also read from and written to the URL fragment
//! `#class=…&oracle=…&severity=…`), [`escape`] and [`diff`] (inline diffs of field values).

pub mod conform;
pub mod dashboard;
pub mod diff;
pub mod escape;
pub mod findings;
pub mod rfc_vs_whatwg;

use crate::classes::ClassTag;
use base64::Engine as _;
use escape::{attr, text};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use urldiff_compare::Severity;

/// The page's style.
pub const STYLE: &str = include_str!("page.css");
/// The filter script (a page without a filter bar runs it too, and it leaves such a page
/// alone).
pub const SCRIPT: &str = include_str!("filter.js");

/// The CSP source for an inline block: `'sha256-…'`.
fn csp_hash(content: &str) -> String {
    let digest = Sha256::digest(content.as_bytes());
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
}

/// A whole page: `title` (plain text), a header line (HTML) and the body (HTML).
pub fn page(title: &str, header: &str, body: &str) -> String {
    let policy = format!(
        "default-src 'none'; style-src {}; script-src {}; img-src data:",
        csp_hash(STYLE),
        csp_hash(SCRIPT)
    );
    let mut out = String::with_capacity(body.len() + STYLE.len() + SCRIPT.len() + 1024);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    let _ = writeln!(
        out,
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">",
        attr(&policy)
    );
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    let _ = writeln!(out, "<title>{}</title>", text(title));
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    let _ = writeln!(out, "<header>{header}</header>\n<main>\n{body}</main>");
    let _ = writeln!(out, "<script>{SCRIPT}</script>\n</body>\n</html>");
    out
}

/// The filter bar over the rows made with [`row_attrs`]: a select per class, oracle and
/// severity, a clear button and the count of rows shown (`N of M <noun> shown`).
pub fn filter_bar(
    classes: &[ClassTag],
    oracles: &[String],
    severities: &[Severity],
    noun: &str,
) -> String {
    let mut out = String::from("<div id=\"filters\">\n");
    let class_options: Vec<(String, String)> =
        classes.iter().map(|c| (c.id.clone(), c.label.clone())).collect();
    let oracle_options: Vec<(String, String)> =
        oracles.iter().map(|o| (o.clone(), o.clone())).collect();
    let severity_options: Vec<(String, String)> =
        severities.iter().map(|s| (s.name().to_owned(), s.name().to_owned())).collect();
    for (key, label, options) in [
        ("class", "class", class_options),
        ("oracle", "oracle", oracle_options),
        ("severity", "severity", severity_options),
    ] {
        let _ = write!(
            out,
            "<label>{label}<select id=\"filter-{key}\"><option value=\"\">all</option>"
        );
        for (value, shown) in options {
            let short = crate::plain::fit(&shown, 90);
            let _ = write!(out, "<option value=\"{}\">{}</option>", attr(&value), text(&short));
        }
        out.push_str("</select></label>\n");
    }
    out.push_str("<button type=\"button\" id=\"filter-clear\">clear</button>\n");
    let _ = writeln!(out, "<span id=\"filter-count\" data-noun=\"{}\"></span>\n</div>", attr(noun));
    out
}

/// The attributes that make a table row filterable (`<tr …>`).
pub fn row_attrs(classes: &[ClassTag], oracles: &[&str], severity: Severity) -> String {
    let ids: Vec<&str> = classes.iter().map(|c| c.id.as_str()).collect();
    let json = |v: &[&str]| serde_json::to_string(v).unwrap_or_else(|_| "[]".into());
    format!(
        "data-row data-classes=\"{}\" data-oracles=\"{}\" data-severity=\"{}\"",
        attr(&json(&ids)),
        attr(&json(oracles)),
        severity.name()
    )
}

/// A severity as a coloured badge.
pub fn severity_badge(severity: Severity) -> String {
    format!("<span class=\"sev sev-{0}\">{0}</span>", severity.name())
}

/// A link that sets the filter to one class.
pub fn class_link(class: &ClassTag) -> String {
    let fragment = format!("class={}", class.id);
    format!(
        "<a class=\"class-link\" data-class-link=\"{}\" href=\"#{}\">{}</a>",
        attr(&class.id),
        attr(&fragment),
        text(&class.label)
    )
}
