//! The comparison's tables as text, for `--explain-projection` and reports: the projection,
//! the equivalences in grading order, the severity table with its reasons, and the adapter
//! rules.

use crate::grade::Equivalence;
use crate::grade::EXACT_ONLY;
use crate::project::{PROJECTION, VALIDATION_ERRORS_RULE, VALID_URL_STRING_RULE};
use crate::rules::{RuleEffect, ADAPTER_RULES};
use crate::severity::SEVERITY_TABLE;
use std::fmt::Write as _;

/// Every table of the comparison, as text.
pub fn explain() -> String {
    let mut out = String::new();
    projection(&mut out);
    grades(&mut out);
    severity(&mut out);
    adapter_rules(&mut out);
    out
}

fn projection(out: &mut String) {
    out.push_str(
        "Projection: WHATWG and RFC records onto shared fields (a field is compared only when\n\
         both records speak about it; `\"\"` from a WHATWG getter agrees with both an empty and\n\
         an undefined RFC component).\n\n",
    );
    out.push_str("A row is used only when the oracle's declared fields include what it reads.\n\n");
    let _ = writeln!(out, "{:<10} {:<58} RFC model", "field", "WHATWG model");
    for row in PROJECTION {
        let _ = writeln!(out, "{:<10} {:<58} {}", row.field.name(), row.whatwg_rule, row.rfc_rule);
    }
    let _ = writeln!(
        out,
        "{:<10} {:<58} -",
        "value", "Record::Text value (host-to-ASCII, percent-encode)"
    );
    let _ = writeln!(out, "{:<10} {:<58} -", "pairs", "Record::Pairs as JSON (form-urlencoded)");
    let _ = writeln!(out, "{:<10} {:<58} parsed vs failure", "outcome", "parsed vs failure");
    out.push_str("\nRead from the answer and validity cases, of any model:\n");
    let _ = writeln!(out, "{:<18} {VALIDATION_ERRORS_RULE}", "validation-errors");
    let _ = writeln!(out, "{:<18} {VALID_URL_STRING_RULE}", "valid-url-string");
    out.push_str(
        "\nOnly one model has these (compared among that model's oracles, not in signatures):\n\
         whatwg.host (host with port), whatwg.origin, rfc.authority.\n",
    );
}

fn grades(out: &mut String) {
    out.push_str("\nGrades, tried in order (first that agrees wins, else structural):\n");
    for eq in Equivalence::ORDER {
        let _ = writeln!(out, "  {:<17} {}", eq.name(), eq.description());
    }
    let exact: Vec<&str> = EXACT_ONLY.iter().map(|f| f.name()).collect();
    let _ = writeln!(out, "  ({} are graded exact or structural only)", exact.join(", "));
}

fn severity(out: &mut String) {
    out.push_str(
        "\nSeverity: what the difference lets an attacker do when one parser checks a URL and\n\
         another uses it (first matching row wins; a host-to-ASCII value counts as a host):\n",
    );
    for row in SEVERITY_TABLE {
        let fields: Vec<&str> = row.fields.iter().map(|f| f.name()).collect();
        let _ = writeln!(
            out,
            "  {:<6} {:<30} {:<22} {}",
            row.severity.name(),
            fields.join(", "),
            row.grades.describe(),
            row.why
        );
    }
}

fn adapter_rules(out: &mut String) {
    out.push_str(
        "\nAdapter rules: what an adapter does to a parser's answer, and what the comparison\n\
         does about it (`applied by the comparison`) or only tells you (`by the adapter`):\n",
    );
    for rule in ADAPTER_RULES {
        let by = match rule.effect {
            RuleEffect::None => "by the adapter",
            _ => "applied by the comparison",
        };
        let _ = writeln!(
            out,
            "  {}/{} [{}] ({by}): {}",
            rule.oracle,
            rule.name,
            rule.fields.iter().map(|f| f.name()).collect::<Vec<_>>().join(", "),
            rule.what
        );
    }
}
