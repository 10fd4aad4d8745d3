//! Cases: what a case asks ([`CaseKind`]), the case itself ([`Case`]) and its conventional
//! name, `<input> against <base>`, with control characters escaped so it stays on one line.

use serde::{Deserialize, Serialize};

/// What a case asks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum CaseKind {
    /// Parse `input` (against `base` when given) and report the record.
    Parse,
    /// Resolve `input` as a reference against `base` (RFC-style resolution).
    Resolve,
    /// Parse `input` as a URL, set `property` to `value`, report the record.
    Setter { property: String, value: String },
    /// Domain to ASCII of `input` (WPT toascii.json / IdnaTestV2).
    HostToAscii,
    /// Percent-encode `input` (WPT percent-encoding.json); the record is `Record::Text`.
    PercentEncode,
    /// Parse `input` as application/x-www-form-urlencoded; the record is `Record::Pairs`.
    FormUrlencoded,
    /// The URL Standard's two notions of validity for `input` (against `base`): the answer's
    /// `errors` are the validation errors the URL parser meets, and its record is
    /// `Record::Text` holding the valid-URL-string verdict, [`VALID`] or [`INVALID`]. Answered
    /// `parsed` whenever the base parses (a failing parse shows in its errors); a base that
    /// does not parse is a failure.
    Validity,
}

/// The `Record::Text` value of a [`CaseKind::Validity`] answer: a valid URL string.
pub const VALID: &str = "true";
/// The `Record::Text` value of a [`CaseKind::Validity`] answer: not a valid URL string.
pub const INVALID: &str = "false";

impl CaseKind {
    /// The tag of this kind, as used in `OracleInfo::case_kinds` and in JSON.
    pub fn tag(&self) -> CaseKindTag {
        match self {
            CaseKind::Parse => CaseKindTag::Parse,
            CaseKind::Resolve => CaseKindTag::Resolve,
            CaseKind::Setter { .. } => CaseKindTag::Setter,
            CaseKind::HostToAscii => CaseKindTag::HostToAscii,
            CaseKind::PercentEncode => CaseKindTag::PercentEncode,
            CaseKind::FormUrlencoded => CaseKindTag::FormUrlencoded,
            CaseKind::Validity => CaseKindTag::Validity,
        }
    }
}

/// A case kind without its payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaseKindTag {
    Parse,
    Resolve,
    Setter,
    HostToAscii,
    PercentEncode,
    FormUrlencoded,
    Validity,
}

/// One question put to every oracle.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Case {
    pub input: String,
    pub base: Option<String>,
    #[serde(flatten)]
    pub kind: CaseKind,
}

impl Case {
    pub fn parse(input: impl Into<String>, base: Option<&str>) -> Self {
        Case { input: input.into(), base: base.map(str::to_owned), kind: CaseKind::Parse }
    }

    /// The conventional name of a case: `<input> against <base>` (or `<input>`).
    pub fn name(&self) -> String {
        let base_len = self.base.as_ref().map_or(0, |b| b.len() + 11);
        let mut name = String::with_capacity(self.input.len() + base_len + 2);
        name.push('<');
        escape_into(&mut name, &self.input);
        name.push('>');
        if let Some(base) = &self.base {
            name.push_str(" against <");
            escape_into(&mut name, base);
            name.push('>');
        }
        if let CaseKind::Setter { property, value } = &self.kind {
            name.push_str(" set ");
            name.push_str(property);
            name.push_str(" to <");
            escape_into(&mut name, value);
            name.push('>');
        }
        name
    }
}

/// Escape control characters so case names stay on one line.
pub fn escape_for_name(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(&mut out, s);
    out
}

/// Append `s` to `out` as Rust's `char::escape_debug` writes each character, except that
/// quotes stay as they are (a name is not a string literal).
fn escape_into(out: &mut String, s: &str) {
    // Runs of characters that stay as they are go in whole; printable ASCII but `\` always
    // stays, and is most of most names.
    let mut run = 0;
    for (i, c) in s.char_indices() {
        let stays = match c {
            '\\' => false,
            ' '..='~' => true, // quotes included: they stay
            _ => c.escape_debug().len() == 1,
        };
        if !stays {
            out.push_str(&s[run..i]);
            out.extend(c.escape_debug());
            run = i + c.len_utf8();
        }
    }
    out.push_str(&s[run..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a name's escape means: `char::escape_debug` on every character, then the quotes
    /// unescaped again.
    fn escape_each_char(s: &str) -> String {
        s.chars()
            .flat_map(char::escape_debug)
            .collect::<String>()
            .replace("\\\"", "\"")
            .replace("\\'", "'")
    }

    #[test]
    fn names_escape_each_character_as_escape_debug_does_but_quotes() {
        let odd = ['é', '\u{200B}', '\u{FEFF}', '\u{301}', '\u{85}', '\u{10FFFF}', '\u{E000}'];
        for c in (0u8..=0x7F).map(char::from).chain(odd) {
            for s in [format!("a{c}b"), format!("{c}"), format!("\\{c}\"")] {
                assert_eq!(escape_for_name(&s), escape_each_char(&s), "{c:?}");
            }
        }
        assert_eq!(escape_for_name("a\tb\\c\"d'"), "a\\tb\\\\c\"d'");
        let case = Case {
            input: "\u{c}x".into(),
            base: Some("sc:\\".into()),
            kind: CaseKind::Setter { property: "host".into(), value: "h\n".into() },
        };
        assert_eq!(case.name(), "<\\u{c}x> against <sc:\\\\> set host to <h\\n>");
    }
}
