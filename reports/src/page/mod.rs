//! One self-contained HTML page: the style and the filter script are inlined (no external
//! scripts, styles or fonts; it works offline from a `file://` URL), and a Content Security
//! Policy allows exactly those two by their SHA-256, so even a string that escaped its
//! escaping could not run.
//!
//! The pieces are shared by every HTML report (the conform report, the findings report, the
//! RFC-vs-WHATWG report): [`page`] (the shell, a maud template), [`filter_bar`] and
//! [`FilterData`] (the filter by class, oracle and severity, also read from and written to the
//! URL fragment `#class=…&oracle=…&severity=…&page=…`; its data a JSON block, [`data_block`]),
//! under the escaping of hostile text and the inline diffs ([`crate::html_text`]) and the
//! table model ([`crate::table`]).

use crate::html_text::Visible;
use crate::table::ClassTag;
use base64::Engine as _;
use maud::{html, Markup, PreEscaped, Render, DOCTYPE};
use serde::Serialize;
use sha2::{Digest, Sha256};
use urldiff_compare::Severity;

/// The page's style.
pub const STYLE: &str = include_str!("page.css");
/// The filter script (a page without a filter bar runs it too, and it leaves such a page
/// alone).
pub const SCRIPT: &str = include_str!("filter.js");

/// The number of `name` in `list`, added when new.
pub fn index(list: &mut Vec<String>, name: &str) -> usize {
    list.iter().position(|o| o == name).unwrap_or_else(|| {
        list.push(name.to_owned());
        list.len() - 1
    })
}

/// The CSP source for an inline block: `'sha256-…'`.
fn csp_hash(content: &str) -> String {
    let digest = Sha256::digest(content.as_bytes());
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
}

/// A whole page: `title` (plain text), a header line (HTML) and the body (HTML).
pub fn page(title: &str, header: &str, body: &str) -> String {
    page_markup(title, PreEscaped(header), PreEscaped(body), &[]).into_string()
}

/// [`page`] from markup, running `scripts` (each allowed by its hash) after [`SCRIPT`].
pub fn page_markup(
    title: &str,
    header: impl Render,
    body: impl Render,
    scripts: &[&str],
) -> Markup {
    let scripts: Vec<&str> = std::iter::once(SCRIPT).chain(scripts.iter().copied()).collect();
    let hashes: Vec<String> = scripts.iter().map(|s| csp_hash(s)).collect();
    let policy = format!(
        "default-src 'none'; style-src {}; script-src {}; img-src data:",
        csp_hash(STYLE),
        hashes.join(" ")
    );
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta http-equiv="Content-Security-Policy" content=(policy);
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (Visible(title)) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                header { (header) }
                main { (body) }
                @for script in &scripts { script { (PreEscaped(script)) } }
            }
        }
    }
}

/// JSON for the page's script: a `<script type="application/json">` block, read with
/// `JSON.parse`, never through the HTML escaper (an escape like `\u{200b}` is no JSON). Only a
/// `<` could end the block early (`</script>`); JSON writes it as `\u003c` (it appears in
/// strings only), so the text parses to the same value.
pub fn data_block(id: &str, value: &impl Serialize) -> Markup {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned());
    let json = json.replace('<', "\\u003c");
    html! { script type="application/json" id=(id) { (PreEscaped(json)) } }
}

/// The filter's data: the class and oracle names, and per filterable row (an element with an
/// `id` and `data-row`) its id, classes and oracles (indices into those lists) and severity;
/// for a paged page, how many rows a page shows.
#[derive(Debug, Default, Serialize)]
pub struct FilterData {
    pub classes: Vec<String>,
    pub oracles: Vec<String>,
    pub rows: Vec<(String, Vec<usize>, Vec<usize>, &'static str)>,
    pub page_size: Option<usize>,
}

impl FilterData {
    /// Add a row whose element (a template writes it) has this `id` and `data-row`.
    pub fn add(&mut self, id: String, classes: &[ClassTag], oracles: &[&str], severity: Severity) {
        let classes = classes.iter().map(|c| index(&mut self.classes, &c.id));
        let classes = classes.collect();
        let oracles = oracles.iter().map(|o| index(&mut self.oracles, o)).collect();
        self.rows.push((id, classes, oracles, severity.name()));
    }

    /// The data block the filter script reads.
    pub fn block(&self) -> Markup {
        data_block("filter-data", self)
    }
}

/// The filter bar over the rows of a [`FilterData`]: a select per class, oracle and severity
/// (each option's value the raw name, its label made visible), a clear button, the count of
/// rows shown (`N of M <noun> shown`) and, when `paged`, the pager.
pub fn filter_bar(
    classes: &[ClassTag],
    oracles: &[String],
    severities: &[Severity],
    noun: &str,
    paged: bool,
) -> Markup {
    let class_options: Vec<(&str, &str)> =
        classes.iter().map(|c| (c.id.as_str(), c.label.as_str())).collect();
    let oracle_options: Vec<(&str, &str)> =
        oracles.iter().map(|o| (o.as_str(), o.as_str())).collect();
    let severity_options: Vec<(&str, &str)> =
        severities.iter().map(|s| (s.name(), s.name())).collect();
    let selects =
        [("class", class_options), ("oracle", oracle_options), ("severity", severity_options)];
    html! {
        div #filters {
            @for (key, options) in &selects {
                label { (key) select id={ "filter-" (key) } {
                    option value="" { "all" }
                    @for (value, shown) in options {
                        option value=(value) { (Visible(&crate::plain::fit(shown, 90))) }
                    }
                } }
            }
            button type="button" #filter-clear { "clear" }
            @if paged {
                span #pager {
                    button type="button" #page-prev { "previous" }
                    span #page-status {}
                    button type="button" #page-next { "next" }
                }
            }
            span #filter-count data-noun=(noun) {}
        }
    }
}
