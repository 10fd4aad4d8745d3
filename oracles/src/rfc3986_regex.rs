//! The `rfc3986-regex` oracle: RFC 3986 Appendix B's regular expression, verbatim.
//!
//! <https://www.rfc-editor.org/rfc/rfc3986#appendix-B>:
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//!  12            3  4          5       6  7        8 9
//! ```
//!
//! scheme = $2, authority = $4, path = $5, query = $7, fragment = $9; a group that did not
//! participate is *undefined* (`None`), one that matched nothing is defined and empty. The
//! regex splits, it does not validate: every string matches, so this oracle never fails.
//!
//! Newlines: the expression is applied as written, without a dot-matches-newline flag (as in
//! POSIX and JavaScript regexes). The bracket classes match `\n`, but the fragment's `.*` stops
//! at the first newline, so the fragment of `a#b\nc` is `b` and the rest of the input lies
//! outside the match. (The regex is meant for URI references, which cannot contain
//! newlines; the tail is dropped rather than guessed at.)
//!
//! Only the parse case kind is answered, and the base is ignored: the regex splits; it does
//! not resolve. userinfo, host and port are not its business (the appendix stops at
//! authority).

use crate::inprocess::guarded;
use crate::model::{
    Answer, Case, CaseKind, CaseKindTag, Oracle, OracleError, OracleInfo, OracleKind, Record,
    RecordModel, RfcField, RfcRecord,
};
use regex::Regex;

/// The expression exactly as printed in RFC 3986 Appendix B.
pub const APPENDIX_B: &str = r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?";

#[derive(Debug)]
pub struct Rfc3986RegexOracle {
    info: OracleInfo,
    regex: Regex,
}

impl Rfc3986RegexOracle {
    pub fn new() -> Self {
        use RfcField::{Authority, Fragment, Path, Query, Scheme};
        Rfc3986RegexOracle {
            info: OracleInfo {
                name: "rfc3986-regex".into(),
                kind: OracleKind::SpecAlgorithm,
                version: "RFC 3986 Appendix B".into(),
                model: RecordModel::Rfc,
                fields: [Scheme, Authority, Path, Query, Fragment]
                    .map(|f| f.name().to_owned())
                    .into(),
                case_kinds: vec![CaseKindTag::Parse],
                unicode: None,
                claim: crate::parsers::builtin_claim("rfc3986-regex"),
            },
            regex: Regex::new(APPENDIX_B).expect("the Appendix B expression compiles"),
        }
    }

    /// Split `input` with the Appendix B expression.
    pub fn split(&self, input: &str) -> RfcRecord {
        let caps = self.regex.captures(input).expect("the Appendix B expression matches anything");
        let group = |i: usize| caps.get(i).map(|m| m.as_str().to_owned());
        RfcRecord {
            scheme: group(2),
            authority: group(4),
            path: group(5).unwrap_or_default(),
            query: group(7),
            fragment: group(9),
            ..RfcRecord::default()
        }
    }
}

impl Default for Rfc3986RegexOracle {
    fn default() -> Self {
        Self::new()
    }
}

impl Oracle for Rfc3986RegexOracle {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        let answer = |case: &Case| match case.kind {
            CaseKind::Parse => {
                Answer::Parsed { record: Record::Rfc(self.split(&case.input)), errors: Vec::new() }
            }
            _ => Answer::NoOpinion,
        };
        Ok(cases.iter().map(|case| guarded(&self.info.name, case, || answer(case))).collect())
    }
}
