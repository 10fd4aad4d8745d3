//! The data model shared by every oracle and by the harness: cases, records, answers.
//! See docs/oracle-protocol.md.

use serde::{Deserialize, Serialize};
pub use urldiff_parser::Attribute;

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

/// Which record model an oracle speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RecordModel {
    Whatwg,
    Rfc,
}

/// Every field of the WHATWG model (the URL API's attributes, in WPT's record order), as
/// oracles declare them in `OracleInfo::fields`: the names of [`Attribute`], the parser's one
/// list, not a copy of it.
pub const WHATWG_FIELDS: &[&str] = urldiff_parser::ATTRIBUTES;

impl RecordModel {
    /// Every field of this model's records, in record order.
    pub fn fields(self) -> &'static [&'static str] {
        match self {
            RecordModel::Whatwg => WHATWG_FIELDS,
            RecordModel::Rfc => &RFC_FIELDS,
        }
    }

    /// The fields as owned names, for `OracleInfo::fields`.
    pub fn field_names(self) -> Vec<String> {
        self.fields().iter().map(|f| (*f).to_owned()).collect()
    }
}

/// The WHATWG URL API's view of a URL (the WPT field set, one field per [`Attribute`], in its
/// order, which is the order they serialize in). `None` means the oracle does not fill that
/// field (see `OracleInfo::fields`), never "empty".
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WhatwgRecord {
    pub href: Option<String>,
    pub origin: Option<String>,
    pub protocol: Option<String>,
    pub username: Option<String>,
    pub password: Option<String>,
    pub host: Option<String>,
    pub hostname: Option<String>,
    pub port: Option<String>,
    pub pathname: Option<String>,
    pub search: Option<String>,
    pub hash: Option<String>,
}

impl WhatwgRecord {
    /// The one record builder: each field from `get(attribute)` (`None`: the source does not
    /// give that field).
    pub fn from_attributes(mut get: impl FnMut(Attribute) -> Option<String>) -> Self {
        let mut record = WhatwgRecord::default();
        for &attribute in Attribute::ALL {
            *record.field_mut(attribute) = get(attribute);
        }
        record
    }

    /// [`WhatwgRecord::from_attributes`] by IDL name (`get("href")`).
    pub fn from_fields(mut get: impl FnMut(&str) -> Option<String>) -> Self {
        WhatwgRecord::from_attributes(|attribute| get(attribute.name()))
    }

    /// The field of `attribute`: the one place the struct's fields meet [`Attribute`], with
    /// [`WhatwgRecord::field_mut`] (a test holds the two to each other).
    pub fn field(&self, attribute: Attribute) -> Option<&str> {
        match attribute {
            Attribute::Href => self.href.as_deref(),
            Attribute::Origin => self.origin.as_deref(),
            Attribute::Protocol => self.protocol.as_deref(),
            Attribute::Username => self.username.as_deref(),
            Attribute::Password => self.password.as_deref(),
            Attribute::Host => self.host.as_deref(),
            Attribute::Hostname => self.hostname.as_deref(),
            Attribute::Port => self.port.as_deref(),
            Attribute::Pathname => self.pathname.as_deref(),
            Attribute::Search => self.search.as_deref(),
            Attribute::Hash => self.hash.as_deref(),
        }
    }

    /// The field of `attribute`, to fill.
    pub fn field_mut(&mut self, attribute: Attribute) -> &mut Option<String> {
        match attribute {
            Attribute::Href => &mut self.href,
            Attribute::Origin => &mut self.origin,
            Attribute::Protocol => &mut self.protocol,
            Attribute::Username => &mut self.username,
            Attribute::Password => &mut self.password,
            Attribute::Host => &mut self.host,
            Attribute::Hostname => &mut self.hostname,
            Attribute::Port => &mut self.port,
            Attribute::Pathname => &mut self.pathname,
            Attribute::Search => &mut self.search,
            Attribute::Hash => &mut self.hash,
        }
    }

    /// Every field, in [`Attribute`] order (`values()[a as usize]` is `field(a)`).
    pub fn values(&self) -> [Option<&str>; WHATWG_FIELDS.len()] {
        std::array::from_fn(|i| self.field(Attribute::ALL[i]))
    }

    /// The field named `name` (one of [`WHATWG_FIELDS`]); `None` when not filled or unknown.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.field(name.parse().ok()?)
    }
}

/// Every field of the RFC model, as oracles declare them in `OracleInfo::fields`.
pub const RFC_FIELDS: [&str; 9] =
    ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment", "resolved"];

/// A component of the RFC model: defined (possibly empty) or undefined.
pub type Component = Option<String>;

/// RFC 3986's view of a URI reference. `None` is *undefined* (no `?` at all), `Some("")`
/// is defined and empty (a bare `?`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RfcRecord {
    pub scheme: Component,
    pub authority: Component,
    pub userinfo: Component,
    pub host: Component,
    pub port: Component,
    pub path: String,
    pub query: Component,
    pub fragment: Component,
    /// The resolved reference, when the case had a base.
    pub resolved: Option<String>,
}

impl RfcRecord {
    /// The field named `name` (one of [`RFC_FIELDS`]): `Some(None)` is an undefined
    /// component, `None` an unknown name. `path` is always defined.
    pub fn get(&self, name: &str) -> Option<Option<&str>> {
        Some(match name {
            "scheme" => self.scheme.as_deref(),
            "authority" => self.authority.as_deref(),
            "userinfo" => self.userinfo.as_deref(),
            "host" => self.host.as_deref(),
            "port" => self.port.as_deref(),
            "path" => Some(self.path.as_str()),
            "query" => self.query.as_deref(),
            "fragment" => self.fragment.as_deref(),
            "resolved" => self.resolved.as_deref(),
            _ => return None,
        })
    }
}

/// What an oracle reports for a case it could answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "model", rename_all = "kebab-case")]
pub enum Record {
    Whatwg(WhatwgRecord),
    Rfc(RfcRecord),
    /// A single string result (host-to-ASCII, percent-encode).
    Text {
        value: String,
    },
    /// Name/value pairs (form-urlencoded).
    Pairs {
        pairs: Vec<(String, String)>,
    },
}

/// An oracle's answer to one case.
// Most answers are `Parsed`, so boxing the record would cost an allocation on the hot path
// for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Answer {
    /// The input parsed; `errors` are validation errors (spec names) when the oracle reports them.
    Parsed { record: Record, errors: Vec<String> },
    /// The oracle rejected the input; `reason` is its own words (exception message, error names).
    Failure { reason: String, errors: Vec<String> },
    /// The oracle has nothing to say (no table entry, unsupported case kind).
    NoOpinion,
    /// The oracle crashed on this case; the evidence says how.
    Crashed(Crash),
    /// The oracle did not answer within the case time limit.
    TimedOut(TimeOut),
}

impl Answer {
    /// The outcome name used in JSON output: parsed, failure, no-opinion, crashed, timed-out.
    pub fn outcome(&self) -> &'static str {
        match self {
            Answer::Parsed { .. } => "parsed",
            Answer::Failure { .. } => "failure",
            Answer::NoOpinion => "no-opinion",
            Answer::Crashed(_) => "crashed",
            Answer::TimedOut(_) => "timed-out",
        }
    }

    /// The evidence of a crash or time-out as text (oracle, case, cause, exit, stderr tail);
    /// `None` for every other answer. For messages and reports that show answers as text.
    pub fn evidence(&self) -> Option<String> {
        match self {
            Answer::Crashed(crash) => Some(crash.to_string()),
            Answer::TimedOut(timeout) => Some(timeout.to_string()),
            _ => None,
        }
    }

    /// Whether the oracle failed to answer (crashed or timed out), as opposed to answering.
    pub fn is_fault(&self) -> bool {
        matches!(self, Answer::Crashed(_) | Answer::TimedOut(_))
    }
}

/// How a worker process ended, as far as the harness saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "kebab-case")]
pub enum ProcessEnd {
    /// It exited by itself with this status code.
    Exited { code: i32 },
    /// It was ended by this signal (not sent by the harness).
    Signaled { signal: i32 },
    /// It was still running (or its end was not seen in time): the harness killed it.
    KilledByHarness,
}

impl std::fmt::Display for ProcessEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProcessEnd::Exited { code } => write!(f, "exit status: {code}"),
            ProcessEnd::Signaled { signal } => write!(f, "ended by signal {signal}"),
            ProcessEnd::KilledByHarness => f.write_str("killed by urldiff"),
        }
    }
}

/// The evidence of a crash: which oracle, on which case, what happened, and for a worker
/// process how it ended and the tail of its stderr.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Crash {
    pub oracle: String,
    pub case: Case,
    /// What went wrong, in one line: `panic at src/x.rs:3: …`, `the worker exited`, …
    pub cause: String,
    /// How the worker process ended (`None` for in-process oracles and services).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub process: Option<ProcessEnd>,
    /// The tail of the worker's stderr (empty when there is none).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stderr: String,
}

impl Crash {
    /// A crash without a process (an in-process panic, a service's bad reply).
    pub fn new(oracle: &str, case: &Case, cause: impl Into<String>) -> Crash {
        Crash {
            oracle: oracle.to_owned(),
            case: case.clone(),
            cause: cause.into(),
            process: None,
            stderr: String::new(),
        }
    }
}

impl std::fmt::Display for Crash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} crashed on {}: {}", self.oracle, self.case.name(), self.cause)?;
        if let Some(end) = &self.process {
            write!(f, " ({end})")?;
        }
        write_stderr(f, &self.stderr, self.process.is_some())
    }
}

/// The evidence of a time-out: which oracle, on which case, the limit, and the worker's
/// stderr tail.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeOut {
    pub oracle: String,
    pub case: Case,
    /// The time limit that passed, in milliseconds.
    pub limit_ms: u64,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stderr: String,
}

impl std::fmt::Display for TimeOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} timed out on {}: no answer within {} ms (killed by urldiff)",
            self.oracle,
            self.case.name(),
            self.limit_ms
        )?;
        write_stderr(f, &self.stderr, true)
    }
}

/// `; stderr:\n<tail>`, or `; stderr was empty` when a process was involved.
fn write_stderr(f: &mut std::fmt::Formatter<'_>, stderr: &str, process: bool) -> std::fmt::Result {
    let stderr = stderr.trim_end();
    if !stderr.is_empty() {
        write!(f, "; stderr:\n{stderr}")
    } else if process {
        f.write_str("; stderr was empty")
    } else {
        Ok(())
    }
}

/// Why an oracle could not answer a batch at all: a harness error (exit 2), not an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OracleError {
    /// The oracle cannot run here (missing runtime or data); callers check availability first.
    #[error("oracle {oracle} is unavailable: {reason}")]
    Unavailable { oracle: String, reason: String },
    /// A worker died and no new one could be started, so the batch cannot be finished.
    #[error("oracle {oracle}: its worker cannot be restarted: {reason}{}", stderr_suffix(.stderr))]
    WorkerLost { oracle: String, reason: String, stderr: String },
}

fn stderr_suffix(stderr: &str) -> String {
    let stderr = stderr.trim_end();
    if stderr.is_empty() {
        "; stderr was empty".to_owned()
    } else {
        format!("; stderr:\n{stderr}")
    }
}

/// How an oracle comes by its answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum OracleKind {
    ExpectationTable,
    SpecAlgorithm,
    InProcess,
    Subprocess,
    External,
}

impl OracleKind {
    /// The name in JSON and listings (`expectation-table`, …).
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// What an oracle says about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OracleInfo {
    /// Contract name, e.g. `reference`, `rust-url`, `python-urllib`.
    pub name: String,
    pub kind: OracleKind,
    /// Exact version: crate version, interpreter patch level, WPT data revision, …
    pub version: String,
    pub model: RecordModel,
    /// The record fields this oracle fills (names as in the record structs), plus
    /// [`VALIDATION_ERRORS`] when its answers' `errors` are the URL Standard's validation
    /// errors (see [`OracleInfo::reports_validation_errors`]).
    pub fields: Vec<String>,
    pub case_kinds: Vec<CaseKindTag>,
    /// The Unicode version of the parser's IDNA (or character) data, where it can be known:
    /// probed (`urldiff_corpus::unicode::PROBES`) and/or as the data declares it. `None`:
    /// unknown.
    #[serde(default)]
    pub unicode: Option<String>,
    /// The standard it claims ([`crate::standard`]); no standard when not said.
    #[serde(default)]
    pub claim: crate::standard::Claim,
}

/// The capability an oracle declares in `OracleInfo::fields` (and a worker in its handshake's
/// `fields`) when the `errors` of its answers are the URL Standard's validation errors: spec
/// names, every occurrence, in the order the parser meets them. Only such oracles are compared
/// on them (the shared field of the same name). An adapter that maps its parser's own
/// diagnostics onto spec names by a catch-all (rust-url's syntax violations), reports none
/// (ada, Node's URL) or reports something else (the RFC modes' ABNF violation) does not
/// declare it, and an expectation table without errors (WPT) has no opinion on them.
pub const VALIDATION_ERRORS: &str = "validation-errors";

impl OracleInfo {
    /// Whether this oracle's `errors` are spec validation errors: [`VALIDATION_ERRORS`] is
    /// named in `fields`. Never implied, not even by an empty `fields` (which means "every
    /// record field" to the projection).
    pub fn reports_validation_errors(&self) -> bool {
        declares_validation_errors(&self.fields)
    }
}

/// Whether a declared field list names [`VALIDATION_ERRORS`].
pub fn declares_validation_errors(fields: &[String]) -> bool {
    fields.iter().any(|f| f == VALIDATION_ERRORS)
}

/// Whether an oracle can run on this machine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Availability {
    Available,
    /// Missing runtime or data; the reason says what and how to fix it.
    Unavailable {
        reason: String,
    },
}

/// Something that answers cases.
pub trait Oracle: Send + Sync {
    fn info(&self) -> &OracleInfo;

    /// The contract name, without any setup work: an oracle that starts a worker to learn its
    /// version (in `info`) answers this from its declaration, so that selecting oracles by
    /// name starts nothing.
    fn name(&self) -> &str {
        &self.info().name
    }

    /// Checked once before a run; an unavailable oracle is skipped with its reason.
    fn availability(&self) -> Availability {
        Availability::Available
    }

    /// Answer a batch; the result has exactly one answer per case, in order. A case the oracle
    /// cannot handle gets `NoOpinion`; a crash on one case must not lose the others (it is
    /// that case's `Crashed` answer). `Err` is for an oracle that cannot go on at all (a worker
    /// that cannot be restarted, an unavailable oracle): a harness error, not an answer.
    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError>;
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
    fn record_values_are_in_the_field_list_order() {
        let record = WhatwgRecord::from_fields(|name| Some(format!("<{name}>")));
        let values = record.values();
        for (i, name) in WHATWG_FIELDS.iter().enumerate() {
            assert_eq!(values[i], record.get(name), "{name}");
            assert_eq!(values[i], Some(format!("<{name}>").as_str()), "{name}");
        }
        // Each struct field is read and filled through the same attribute, and serializes
        // under its IDL name, in the list's order.
        let json = serde_json::to_value(&record).unwrap();
        let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
        assert_eq!(keys, WHATWG_FIELDS);
        for (key, value) in json.as_object().unwrap() {
            assert_eq!(value.as_str(), Some(format!("<{key}>").as_str()));
        }
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
