//! The rows of `urldiff oracles --json`, one place for the command and `GET /api/oracles`:
//! per oracle, in registry order, `{name, kind, library, version, unicode, standard, lenient,
//! available, reason}` (`reason` is null for an available oracle; `library` is its folder's
//! (null without a folder); `unicode`, the Unicode version of the parser's IDNA or character
//! data, is null when it cannot be known; `standard` is the standard the oracle claims, `none`
//! when it claims none); the same rows as the text `urldiff oracles` prints ([`text`]); and
//! every profile as `urldiff oracles --explain-standards` prints it ([`explain_standards`]).

#[cfg(test)]
use crate::plain::width;
use crate::plain::{one_line, wrap_lines};
use crate::table::{Cell, Table};
use serde::Serialize;
use urldiff_oracles::parsers::Descriptor;
use urldiff_oracles::{Availability, Oracle, Standard};

/// One oracle, as listed.
#[derive(Clone, Debug, Serialize)]
pub struct OracleRow {
    pub name: String,
    pub kind: &'static str,
    /// The library a person knows it by, from its folder's descriptor.
    pub library: Option<String>,
    pub version: String,
    pub unicode: Option<String>,
    pub standard: Standard,
    /// Held to its standard only where the standard accepts the input.
    pub lenient: bool,
    pub available: bool,
    pub reason: Option<String>,
}

/// One row per oracle, in the order given. Every oracle is checked at once first
/// (`registry::check_all`), so the workers' start-ups overlap.
pub fn rows(oracles: &[Box<dyn Oracle>]) -> Vec<OracleRow> {
    let refs: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    let checks = urldiff_oracles::registry::check_all(&refs);
    oracles
        .iter()
        .zip(checks)
        .map(|(oracle, check)| {
            let (available, reason) = match check {
                Availability::Available => (true, None),
                Availability::Unavailable { reason } => (false, Some(reason)),
            };
            // After the check: a worker's version is known once it has started.
            let info = oracle.info();
            let library =
                urldiff_oracles::parsers::descriptor(&info.name).map(|d| d.library.clone());
            OracleRow {
                name: info.name.clone(),
                kind: info.kind.name(),
                library,
                version: info.version.clone(),
                unicode: info.unicode.clone(),
                standard: info.claim.standard,
                lenient: info.claim.lenient,
                available,
                reason,
            }
        })
        .collect()
}

/// The rows as `urldiff oracles` prints them, at most `width` columns wide: the table (oracle,
/// kind, standard, availability, library), then each available oracle's version and Unicode
/// data and each unavailable oracle's reason (it may span lines: a fix hint), wrapped.
pub fn text(rows: &[OracleRow], width: usize) -> String {
    let titles = ["oracle", "kind", "standard", "available", "library"];
    let mut table = Table::new(&titles);
    for r in rows {
        let claim = urldiff_oracles::Claim { standard: r.standard, lenient: r.lenient };
        table.row(vec![
            Cell::text(&r.name),
            Cell::text(r.kind),
            Cell::text(claim.label()),
            Cell::text(if r.available { "yes" } else { "no" }),
            Cell::text(r.library.as_deref().unwrap_or("-")),
        ]);
    }
    let mut out = table.terminal(width);
    let mut versions = String::new();
    for r in rows.iter().filter(|r| r.available) {
        let unicode = r.unicode.as_deref().unwrap_or("unknown");
        let line = format!("{}: {}; Unicode data: {unicode}", r.name, r.version);
        versions.push_str(&hanging("  ", &one_line(&line), width));
    }
    if !versions.is_empty() {
        out.push_str("\nVersions:\n");
        out.push_str(&versions);
    }
    let mut reasons = String::new();
    for r in rows.iter().filter(|r| !r.available) {
        for line in r.reason.as_deref().unwrap_or("").lines() {
            let line = format!("{}: {}", one_line(&r.name), one_line(line));
            reasons.push_str(&hanging("  ", &line, width));
        }
    }
    if !reasons.is_empty() {
        out.push_str("\nWhy unavailable:\n");
        out.push_str(&reasons);
    }
    out
}

/// `text` (one line) after `indent`, wrapped to `width`, its continuation lines four columns
/// deeper than `indent`, so each entry of a list stands out.
fn hanging(indent: &str, text: &str, width: usize) -> String {
    let wrapped = wrap_lines(text, width.saturating_sub(indent.len() + 2).max(20));
    wrapped
        .lines()
        .enumerate()
        .map(
            |(i, line)| {
                if i == 0 {
                    format!("{indent}{line}\n")
                } else {
                    format!("{indent}  {line}\n")
                }
            },
        )
        .collect()
}

/// Every profile, as `urldiff oracles --explain-standards` prints it, wrapped to `width`:
/// per oracle its claim, then the edition, the documentation's words, the link and each
/// documented deviation (name, what, link).
pub fn explain_standards(descriptors: &[&Descriptor], width: usize) -> String {
    let intro = wrap_lines(
        "Each oracle is held to the standard it claims; `lenient` ones (splitters that do not \
         validate) only where that standard accepts the input. A divergence a documented rule \
         covers is a model difference, shown with the rule's link, never an upstream draft.",
        width,
    );
    let mut out: String = intro.lines().map(|line| format!("{}\n", line.trim_start())).collect();
    for d in descriptors {
        let p = &d.profile;
        let mut lines = vec![("", format!("{}: {} ({})", d.name, p.claim().label(), d.library))];
        lines.push(("  ", format!("edition: {}", p.edition)));
        lines.push(("  ", format!("says: {}", p.says)));
        let mut links = vec![(lines.len(), format!("  link: {}", one_line(&p.link)))];
        for rule in &p.documented {
            lines.push(("  ", format!("documented {}/{}: {}", d.name, rule.name, rule.what)));
            links.push((lines.len(), format!("    <{}>", one_line(&rule.link))));
        }
        out.push('\n');
        for (i, (indent, text)) in lines.iter().enumerate() {
            out.push_str(&hanging(indent, &one_line(text), width));
            // A link on a line of its own, never cut: a terminal opens it whole, even when it
            // is wider than the text around it.
            for (_, link) in links.iter().filter(|(after, _)| *after == i + 1) {
                out.push_str(link);
                out.push('\n');
            }
        }
    }
    out.push_str("\nAn external oracle states its own: `standard` and `lenient` in its entry.\n");
    out.push_str("\nReadings a standard allows (compared as the same reading, never a draft):\n");
    for rule in urldiff_oracles::standard::STANDARD_RULES {
        let names: Vec<&str> = rule.standards.iter().map(|s| s.name()).collect();
        let line =
            format!("{}/{} ({}): {}", names[0], rule.name, rule.fields.join(", "), rule.what);
        out.push_str(&hanging("", &one_line(&line), width));
        out.push_str(&format!("  <{}>\n", one_line(rule.link)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, version: &str, available: bool) -> OracleRow {
        OracleRow {
            name: name.to_owned(),
            kind: "subprocess",
            library: Some("java.net.URI".to_owned()),
            version: version.to_owned(),
            unicode: None,
            standard: Standard::Rfc2396,
            lenient: false,
            available,
            reason: (!available)
                .then(|| "php is not on PATH (Debian: apt-get install php-cli)".into()),
        }
    }

    #[test]
    fn the_listing_fits_100_columns_and_keeps_every_version_whole() {
        let long = "java.net.URI on OpenJDK Runtime Environment 17.0.15+6-Debian-1deb12u1 with a \
                    long tail that needs wrapping twice over to fit";
        let rows = [row("java-uri", long, true), row("php-parse-url", "unavailable", false)];
        let text = text(&rows, 100);
        assert!(text.lines().all(|l| width(l) <= 100 && !l.ends_with(' ')), "{text}");
        assert!(text.lines().next().unwrap().ends_with("library"), "{text}");
        assert!(
            text.contains("java-uri       subprocess  rfc2396   yes        java.net.URI"),
            "{text}"
        );
        // Wrapped, never cut: every word of the version is there, and the continuation lines
        // are deeper than the entries.
        let versions = text.split("Versions:\n").nth(1).unwrap().split("\n\n").next().unwrap();
        let joined: Vec<&str> = versions.split_whitespace().collect();
        assert!(joined.join(" ").contains(long), "{versions}");
        assert!(versions.lines().skip(1).all(|l| l.starts_with("      ")), "{versions}");
        assert!(text.contains("Why unavailable:\n  php-parse-url: php is not on PATH"), "{text}");
    }

    #[test]
    fn every_profile_is_explained_with_its_rules_and_links() {
        let descriptors: Vec<&Descriptor> =
            urldiff_oracles::parsers::descriptors().iter().collect();
        let text = explain_standards(&descriptors, 100);
        // Only a line holding nothing but a link may be wider (a link is never cut).
        let only_a_link = |l: &str| l.trim().starts_with('<') || l.starts_with("  link: ");
        assert!(text.lines().all(|l| width(l) <= 100 || only_a_link(l)), "{text}");
        // java.net.URI's documentation: "RFC 2396, as amended by RFC 2732".
        assert!(text.contains("\njava-uri: rfc2396 (java.net.URI)\n"), "{text}");
        for d in &descriptors {
            let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat.contains(&format!("link: {}", d.profile.link)), "{}", d.name);
            for rule in &d.profile.documented {
                assert!(flat.contains(&format!("documented {}/{}:", d.name, rule.name)));
                let link = format!("\n    <{}>\n", rule.link);
                assert!(text.contains(&link), "{}/{}", d.name, rule.name);
            }
        }
        // RFC 3986 section 3.1 lets a library produce lowercase schemes: a named rule, shown.
        let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("rfc3986/scheme-case (scheme, href): RFC 3986 section 3.1"));
        assert!(text.contains("\n  <https://www.rfc-editor.org/rfc/rfc3986#section-3.1>\n"));
    }
}
