//! `validity`: the URL Standard's two notions of validity, the URL parser's validation errors
//! and the valid-URL-string grammar of its "writing" section (`urldiff_parser::valid`), on the
//! same input. They are meant to agree; where they do not (whatwg/url#704, the cases the
//! standard's editors track by hand), that is a [`Finding`], recorded by signature like the
//! differential target's, and the run goes on.
//!
//! Fields of the input: `[input, base]`; an empty base is none, a base that does not parse
//! makes the input moot (no finding). The signature names the side that says valid and what
//! the other side says: the grammar's first failing production, or the parser's validation
//! error names (sorted, each once) — never the input.

use super::CheckResult;
use crate::findings::Finding;
use crate::input;
use std::collections::BTreeSet;
use urldiff_parser::valid::{validity, Validity};
use urldiff_parser::Url;

const TARGET: &str = "validity";

pub fn check(data: &[u8]) -> CheckResult {
    let fields = input::fields(data);
    let (text, base_text) = (&fields[0], input::optional(&fields, 1));
    let base = match base_text.map(|b| Url::parse(b, None)) {
        Some(Err(_)) => return Ok(Vec::new()),
        Some(Ok(base)) => Some(base),
        None => None,
    };
    let v = validity(text, base.as_ref());
    let Some((signature, detail)) = disagreement(&v) else { return Ok(Vec::new()) };
    let detail = format!("{text:?} against {base_text:?}: {detail}");
    Ok(vec![Finding::new(TARGET, signature, detail, data).about(text, base_text)])
}

/// The signature and detail of a disagreement between the two notions; `None` when they agree.
pub fn disagreement(v: &Validity) -> Option<(String, String)> {
    if !v.disagree() {
        return None;
    }
    Some(match &v.grammar {
        Err(violation) => (
            format!("validity:parser-valid:grammar-rejects:{}", violation.production.name()),
            format!("the parser reports no validation error; the grammar says {violation}"),
        ),
        Ok(()) => {
            let names: BTreeSet<&str> = v.parser_errors.iter().map(|e| e.kind.name()).collect();
            let outcome = if v.parse_failed { "failure" } else { "parsed" };
            let names = names.into_iter().collect::<Vec<_>>().join(",");
            (
                format!("validity:grammar-valid:parser-{outcome}:{names}"),
                format!("the grammar accepts; the parser ({outcome}) reports {names}"),
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signatures(input: &str, base: &str) -> Vec<String> {
        let found = check(&input::encode(&[input, base])).unwrap();
        found.into_iter().map(|f| f.signature).collect()
    }

    #[test]
    fn agreeing_notions_are_no_finding() {
        // Valid for both (url.bs "writing" examples), and invalid for both.
        assert_eq!(signatures("https://example.com/a?b#c", ""), Vec::<String>::new());
        assert_eq!(signatures("https://exa mple.com/", ""), Vec::<String>::new());
        assert_eq!(signatures("x", "not a base"), Vec::<String>::new());
    }

    #[test]
    fn a_disagreement_names_the_side_that_says_valid() {
        // No input is known where the reference's two notions part (a 20 s validity run found
        // none), so the two shapes are built from real verdicts: the grammar's violation on an
        // invalid input, and the parser's errors on an input with errors.
        let rejected = validity("https://exa mple.com/", None);
        let errors = validity("https:example.com", None);
        assert!(rejected.grammar.is_err() && !errors.parser_errors.is_empty());
        let parser_valid =
            Validity { parser_errors: vec![], parse_failed: false, ..rejected.clone() };
        let (sig, _) = disagreement(&parser_valid).expect("they disagree");
        let production = rejected.grammar.unwrap_err().production.name();
        assert_eq!(sig, format!("validity:parser-valid:grammar-rejects:{production}"));
        let grammar_valid = Validity { grammar: Ok(()), ..errors.clone() };
        let (sig, _) = disagreement(&grammar_valid).expect("they disagree");
        let names: BTreeSet<&str> = errors.parser_errors.iter().map(|e| e.kind.name()).collect();
        let names = names.into_iter().collect::<Vec<_>>().join(",");
        assert_eq!(sig, format!("validity:grammar-valid:parser-parsed:{names}"));
        assert_eq!(disagreement(&errors), None, "errors and a rejecting grammar agree");
    }
}
