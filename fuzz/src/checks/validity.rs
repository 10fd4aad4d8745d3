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
use urldiff_parser::valid::validity;
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
    if !v.disagree() {
        return Ok(Vec::new());
    }
    let (signature, detail) = match &v.grammar {
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
    };
    let detail = format!("{text:?} against {base_text:?}: {detail}");
    Ok(vec![Finding::new(TARGET, signature, detail, data).about(text, base_text)])
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
    fn a_disagreement_is_recorded_with_the_side_that_says_valid() {
        // The parser reports no validation error for a special URL with an empty path, but
        // the writing grammar's path-absolute-URL string needs "/" … the first such input the
        // parser crate's own tests list is used here via the grammar's verdict instead:
        // whichever way an input splits, the signature says so.
        let input = "https://h/%zz";
        let v = validity(input, None);
        let got = signatures(input, "");
        assert_eq!(got.len(), usize::from(v.disagree()), "{got:?}");
        if let Some(s) = got.first() {
            let side = if v.grammar_says_valid() { "grammar-valid" } else { "parser-valid" };
            assert!(s.contains(side), "{s}");
        }
    }
}
