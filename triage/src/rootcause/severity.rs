//! Severity from consequence: a named table, printed by `urldiff triage --explain-severity`.
//! What matters is what a program that trusts one parser and acts through another can be
//! made to do: go to another host, send credentials elsewhere, or only read another path.

use urldiff_compare::Severity;

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeverityRule {
    pub id: &'static str,
    pub severity: Severity,
    pub when: &'static str,
    pub reason: &'static str,
}

/// The table, most severe first; a part takes the first row that applies.
pub const RULES: &[SeverityRule] = &[
    SeverityRule {
        id: "accepted-authority-differs",
        severity: Severity::High,
        when: "both accept and read a different scheme, userinfo, host, port or origin",
        reason: "a check made with one parser is bypassed by the other: a request to another \
                 host, credentials sent elsewhere (SSRF, open redirect)",
    },
    SeverityRule {
        id: "crashed",
        severity: Severity::High,
        when: "the implementation crashed on the input",
        reason: "any caller that parses untrusted URLs can be stopped",
    },
    SeverityRule {
        id: "accept-reject-with-host",
        severity: Severity::Medium,
        when: "one accepts what the other rejects, and the accepted reading has a host",
        reason: "a URL one side refuses is fetched by the other: filters that fail open",
    },
    SeverityRule {
        id: "timed-out",
        severity: Severity::Medium,
        when: "the implementation did not answer in time",
        reason: "slow parsing of a crafted input is a denial of service",
    },
    SeverityRule {
        id: "accept-reject-without-host",
        severity: Severity::Low,
        when: "one accepts what the other rejects, and the accepted reading has no host",
        reason: "no request goes elsewhere; the input is handled inconsistently",
    },
    SeverityRule {
        id: "accepted-path-query-fragment-differs",
        severity: Severity::Low,
        when: "both accept with the same authority and read the path, query or fragment \
               differently",
        reason: "the same server, another resource: matters to path-based access rules",
    },
    SeverityRule {
        id: "model-difference",
        severity: Severity::Info,
        when: "two standards read the input differently by design",
        reason: "each side is right by its standard; counted per class, not a finding",
    },
];

/// The row named `id` (one of [`RULES`]).
pub fn rule(id: &str) -> &'static SeverityRule {
    RULES.iter().find(|r| r.id == id).expect("a rule of the table")
}

/// The table as text.
pub fn explain() -> String {
    let mut out = String::from("Severity from consequence (the first row that applies):\n\n");
    for r in RULES {
        out.push_str(&format!(
            "{:7} {}\n        when: {}\n        why: {}\n",
            r.severity.name(),
            r.id,
            r.when,
            r.reason
        ));
    }
    out
}
