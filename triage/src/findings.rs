//! The findings file (`findings.json`): typed data made to be rendered (Markdown, HTML, the
//! terminal) and read back (`urldiff export-wpt`). Its schema is documented in
//! `docs/findings-schema.md`; [`SCHEMA_VERSION`] changes when a field changes meaning or goes.
//!
//! A run ([`Findings`]) carries what produced it (urldiff's version, every oracle's exact
//! version, the WPT data revision), what it read and kept ([`RunSummary`]), the class table
//! ([`ClassRow`], with how many groups and cases fell in each class) and the groups
//! ([`Group`]): one per divergence signature plus validation errors of the minimized input,
//! each with its minimized example, every oracle's answer to it, the per-field differences,
//! classes and severity, a count and the first few originals.

use crate::ask::Request;
use crate::classify::{Class, CLASSES};
pub use crate::original::Original;
use crate::rootcause::{FindingKind, RootCause};
use serde::{Deserialize, Serialize};
use urldiff_compare::{Comparison, Projected, Severity};
use urldiff_oracles::{Answer, OracleInfo, OracleKind, RecordModel};

/// The version of this schema.
pub const SCHEMA_VERSION: u32 = 2;

/// A whole findings file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Findings {
    pub schema_version: u32,
    pub tool: Tool,
    /// The WPT URL data revision of this machine (`null` when it could not be located).
    pub wpt_revision: Option<String>,
    /// The oracles that answered, in the order they were asked.
    pub oracles: Vec<OracleVersion>,
    /// Oracles that could not run here, with the reason.
    pub skipped_oracles: Vec<SkippedOracle>,
    pub run: RunSummary,
    /// The class table, with counts for this run.
    pub classes: Vec<ClassRow>,
    /// New groups (drafts) first, then those known or fixed; within each, conformance groups,
    /// then confusions; most severe first, then largest.
    pub groups: Vec<Group>,
    /// What two standards read differently by design: counted per root cause (standards,
    /// field, class), one example each; not findings.
    #[serde(default)]
    pub model_differences: Vec<ModelDifference>,
    /// Campaign reports: the findings of fuzz targets that are not triaged, by signature
    /// (absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub signatures: Vec<OtherSignature>,
    /// Campaign reports: crash artifacts, `crashes/<target>/<file>` (absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crashes: Vec<String>,
}

/// A campaign's finding of a fuzz target whose findings are not parse divergences (setter
/// sequences, RFC invariants, validity): listed as the target recorded it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OtherSignature {
    pub target: String,
    pub signature_id: String,
    pub signature: String,
    pub input: String,
    pub base: Option<String>,
    #[serde(default)]
    pub detail: String,
}

/// One kind of model difference and how many cases showed it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelDifference {
    /// The root cause's id.
    pub id: String,
    pub root_cause: RootCause,
    /// The implementations that showed it.
    pub libraries: Vec<String>,
    pub cases: usize,
    /// The shortest case that showed it.
    pub example: Original,
    /// `documented` (with the rule and its link) when a library's documentation states it.
    #[serde(default)]
    pub marks: Vec<crate::mark::Mark>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tool {
    pub name: String,
    pub version: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OracleVersion {
    pub name: String,
    pub kind: OracleKind,
    pub model: RecordModel,
    pub version: String,
}

impl OracleVersion {
    pub fn of(info: &OracleInfo) -> Self {
        OracleVersion {
            name: info.name.clone(),
            kind: info.kind,
            model: info.model,
            version: info.version.clone(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkippedOracle {
    pub name: String,
    pub reason: String,
}

/// What the run read, kept and spent.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    /// The files (or other sources) the cases came from.
    pub sources: Vec<String>,
    /// Cases triaged (after de-duplication of identical input and base).
    pub cases: usize,
    /// Cases of kinds triage does not handle (setters, percent-encode, form-urlencoded).
    pub skipped_cases: usize,
    /// Input lines that could not be read (`file:line: why`); the others were triaged.
    #[serde(default)]
    pub unreadable_lines: Vec<String>,
    /// Cases with at least one part: an implementation against its standard, a confusion or a
    /// model difference (oracles may still disagree on a case with none: a lenient splitter
    /// accepting what its standard rejects).
    pub divergent: usize,
    /// Divergent cases that the ledger expects (left out; 0 without `--ledger`).
    pub expected: usize,
    /// Minimizations run (a few per signature and validation errors).
    pub minimized: usize,
    /// Minimizations that ran out of budget before reaching a 1-minimal result.
    pub not_one_minimal: usize,
    /// Distinct candidates asked, over every minimization and the first batch.
    pub oracle_calls: usize,
    pub seconds: f64,
    /// Cases (counted into groups) whose group has no class.
    pub unclassified_cases: usize,
    /// How many members of each group were minimized (`--minimize-per-key`): a merge chooses
    /// each group's example among that many of its first members, as one run does.
    #[serde(default)]
    pub minimize_per_key: usize,
}

/// One row of the class table, with this run's counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassRow {
    pub id: String,
    pub explanation: String,
    pub whatwg: String,
    pub rfc3986: String,
    pub validation_errors: Vec<String>,
    pub predicate: String,
    /// Why the URL Standard reads the class's inputs as it does (`classify::reasons`).
    #[serde(default)]
    pub why_whatwg: String,
    /// Why RFC 3986 reads them as it does.
    #[serde(default)]
    pub why_rfc3986: String,
    /// What a developer who meets the class should do.
    #[serde(default)]
    pub advice: String,
    /// Groups in this class.
    pub groups: usize,
    /// Cases in those groups.
    pub cases: usize,
}

impl ClassRow {
    pub fn of(class: &Class) -> Self {
        let reasons = crate::classify::reasons::reasons_of(class.id);
        ClassRow {
            id: class.id.to_owned(),
            explanation: class.explanation.to_owned(),
            whatwg: class.whatwg.to_owned(),
            rfc3986: class.rfc3986.to_owned(),
            validation_errors: class
                .validation_errors
                .iter()
                .map(|e| e.name().to_owned())
                .collect(),
            predicate: class.predicate.to_owned(),
            why_whatwg: reasons.map_or("", |r| r.whatwg).to_owned(),
            why_rfc3986: reasons.map_or("", |r| r.rfc3986).to_owned(),
            advice: reasons.map_or("", |r| r.advice).to_owned(),
            groups: 0,
            cases: 0,
        }
    }

    /// The whole table, with zero counts.
    pub fn table() -> Vec<ClassRow> {
        CLASSES.iter().map(ClassRow::of).collect()
    }
}

/// One group of findings: the cases of one root cause.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Group {
    /// A stable id: the root cause's ([`RootCause::id`]).
    pub id: String,
    pub kind: FindingKind,
    /// The key the group's cases share.
    pub root_cause: RootCause,
    /// The implementations that show it: the deviating one (conformance), or those of both
    /// standards that read differently (confusion).
    pub libraries: Vec<String>,
    /// The severity rule that applies (`urldiff triage --explain-severity`).
    pub severity_rule: String,
    /// Known upstream: the ledger entry's issue and fixing version, and whether the
    /// implementation is at or past that version (a regression). `null`: new.
    #[serde(default)]
    pub known: Option<crate::expected::KnownIssue>,
    /// What is known of it (`new`, `known`, `fixed`, `also-in`: [`crate::marks`]); only a
    /// group marked `new` is an upstream draft.
    #[serde(default)]
    pub marks: Vec<crate::mark::Mark>,
    /// What the standard says: its reference's answer to the example (conformance).
    #[serde(default)]
    pub expected: Option<OracleAnswer>,
    /// The signature's one-line form (`urldiff_compare::Signature::line`).
    pub signature: String,
    pub signature_id: String,
    /// The reference's validation errors for the minimized example (spec names, sorted,
    /// each once).
    pub validation_errors: Vec<String>,
    /// Class ids, in table order (`unclassified` when none matches).
    pub classes: Vec<String>,
    /// The worst severity over the differing fields.
    pub severity: Severity,
    /// How many triaged cases fell in this group.
    pub count: usize,
    pub example: Example,
    /// The first few original cases of the group.
    pub originals: Vec<Original>,
    /// Every triaged case of the group.
    #[serde(default)]
    pub members: Vec<Original>,
    /// Every oracle's answer to the minimized example, in `Findings::oracles` order.
    pub answers: Vec<OracleAnswer>,
    /// The fields the oracles disagree on (`outcome` first when some parse and some fail).
    pub differences: Vec<FieldDifference>,
    /// Each minimized member (the first `run.minimize_per_key`, in member order) with its
    /// result and what the report shows of it: the example is the one [`chosen`], and a
    /// merge of shards chooses among the candidates of the whole run's first members.
    #[serde(default)]
    pub candidates: Vec<Candidate>,
}

/// One of a group's first members, minimized, and what the report shows of the result: the
/// group's fields when it is the example.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// Whether minimizing gave a result (else `example` is the member as it is).
    pub minimized: bool,
    pub example: Example,
    pub view: ExampleView,
}

/// What a group shows of its example.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExampleView {
    pub expected: Option<OracleAnswer>,
    pub signature: String,
    pub signature_id: String,
    pub validation_errors: Vec<String>,
    pub classes: Vec<String>,
    pub answers: Vec<OracleAnswer>,
    pub differences: Vec<FieldDifference>,
}

impl Group {
    /// Show `view` as the group's example's.
    pub fn show(&mut self, example: Example, view: ExampleView) {
        self.example = example;
        self.expected = view.expected;
        self.signature = view.signature;
        self.signature_id = view.signature_id;
        self.validation_errors = view.validation_errors;
        self.classes = view.classes;
        self.answers = view.answers;
        self.differences = view.differences;
    }
}

/// The order of a group's members (and of the cases a group minimizes): the smallest first
/// (code points of input and base), then by input and base. It depends on the cases alone,
/// never on where they stood in the input, so shards order them as one run does.
pub fn member_key<'a>(input: &'a str, base: Option<&'a str>) -> (usize, &'a str, Option<&'a str>) {
    (input.chars().count() + base.map_or(0, |b| b.chars().count()), input, base)
}

/// The candidate that is a group's example: the smallest minimized result (code points, then
/// input and base), else the first (`candidates` in member order) as it is.
pub fn chosen(candidates: &[Candidate]) -> Option<usize> {
    fn key(c: &Candidate) -> (usize, &str, Option<&str>) {
        member_key(&c.example.input, c.example.base.as_deref())
    }
    let best = (0..candidates.len())
        .filter(|&i| candidates[i].minimized)
        .min_by(|&a, &b| key(&candidates[a]).cmp(&key(&candidates[b])));
    best.or((!candidates.is_empty()).then_some(0))
}

/// Which of two known-upstream notes a group keeps: a regression first, then the one met on
/// the earlier member ([`member_key`]).
pub fn known_first(a: &crate::expected::KnownIssue, b: &crate::expected::KnownIssue) -> bool {
    type Key<'k> = (bool, Option<(usize, &'k str, Option<&'k str>)>);
    fn key(k: &crate::expected::KnownIssue) -> Key<'_> {
        (!k.regression, k.case.as_ref().map(|c| member_key(&c.input, c.base.as_deref())))
    }
    key(a) < key(b)
}

/// The minimized example of a group and how it was found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Example {
    pub input: String,
    pub base: Option<String>,
    /// The case it was minimized from.
    pub original: Request,
    /// The minimization reached an input from which no code point can be removed (before
    /// it was dressed toward readability).
    pub one_minimal: bool,
    pub oracle_calls: usize,
    pub seconds: f64,
}

/// An oracle's answer in findings.json: `{"oracle", "outcome", …}`. A crash and a time-out
/// carry their oracle themselves, so their object is the answer alone (flattening the two
/// wrote `oracle` twice, and the second reading took it from the crash, which then failed
/// with "missing field `oracle`").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OracleAnswer {
    pub oracle: String,
    pub answer: Answer,
}

impl Serialize for OracleAnswer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Named<'a> {
            oracle: &'a str,
            #[serde(flatten)]
            answer: &'a Answer,
        }
        match &self.answer {
            Answer::Crashed(_) | Answer::TimedOut(_) => self.answer.serialize(serializer),
            answer => Named { oracle: &self.oracle, answer }.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for OracleAnswer {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let value = serde_json::Value::deserialize(deserializer)?;
        let oracle = match value.get("oracle").and_then(|o| o.as_str()) {
            Some(oracle) => oracle.to_owned(),
            None => return Err(D::Error::missing_field("oracle")),
        };
        // The answer reads the same object: a crash or a time-out its `oracle` too.
        let answer = Answer::deserialize(value).map_err(D::Error::custom)?;
        Ok(OracleAnswer { oracle, answer })
    }
}

/// One differing field: the groups of oracles that agree, with their value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldDifference {
    /// A shared field name (`outcome`, `host`, …).
    pub field: String,
    /// The grade of the worst-disagreeing pair of groups (`structural`, `ascii-case`, …).
    pub grade: String,
    pub severity: Severity,
    pub groups: Vec<ValueGroup>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueGroup {
    pub oracles: Vec<String>,
    pub value: Projected,
}

/// The differing fields of a comparison, `outcome` first.
pub fn differences(comparison: &Comparison) -> Vec<FieldDifference> {
    let mut out = Vec::new();
    if comparison.outcome_differs() {
        out.push(FieldDifference {
            field: "outcome".into(),
            grade: "structural".into(),
            severity: Severity::High,
            groups: comparison
                .outcomes
                .iter()
                .map(|g| ValueGroup { oracles: g.oracles.clone(), value: g.value.clone() })
                .collect(),
        });
    }
    for split in comparison.differing() {
        out.push(FieldDifference {
            field: split.field.name().to_owned(),
            grade: split.grade.map_or("structural", |g| g.name()).to_owned(),
            severity: split.severity.unwrap_or(Severity::High),
            groups: split
                .groups
                .iter()
                .map(|g| ValueGroup { oracles: g.oracles.clone(), value: g.value.clone() })
                .collect(),
        });
    }
    out
}

/// The worst severity of a comparison (`None`: nothing differs).
pub fn severity(comparison: &Comparison) -> Option<Severity> {
    differences(comparison).iter().map(|d| d.severity).max()
}

impl Group {
    /// Whether it goes upstream as a draft: nothing known, fixed or documented settles it.
    pub fn is_draft(&self) -> bool {
        crate::mark::is_draft(&self.marks)
    }
}

/// Groups in the order findings files keep them: new ones (drafts) first, then those known or
/// fixed; within each, conformance, then confusions; most severe first, then largest, then
/// by id.
pub fn sort_groups(groups: &mut [Group]) {
    groups.sort_by(|a, b| {
        b.is_draft()
            .cmp(&a.is_draft())
            .then(a.kind.cmp(&b.kind))
            .then(b.severity.cmp(&a.severity))
            .then(b.count.cmp(&a.count))
            .then(a.id.cmp(&b.id))
    });
}

/// Why a text is not a findings file of this urldiff.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FindingsReadError {
    #[error("the file is empty: not a findings file")]
    Empty,
    #[error("not JSON: {0}")]
    NotJson(serde_json::Error),
    #[error("schema_version {found}; this urldiff reads {SCHEMA_VERSION}")]
    OtherSchemaVersion { found: u64 },
    #[error("no schema_version: not a findings file")]
    NoSchemaVersion,
    /// JSON with this schema version, but not the shape of a findings file.
    #[error("not a findings file: {0}")]
    NotFindings(serde_json::Error),
}

impl Findings {
    /// The exit code of the run that made them (`urldiff triage`, a merge): 2 when input lines
    /// could not be read, else 1 when there are groups, 0 when nothing unexpected diverges.
    pub fn exit_code(&self) -> u8 {
        if !self.run.unreadable_lines.is_empty() {
            2
        } else if self.groups.is_empty() {
            0
        } else {
            1
        }
    }

    /// The findings as pretty JSON text (what `findings.json` holds).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("findings serialize")
    }

    /// Read findings back; a file of another schema version is an error.
    pub fn from_json(text: &str) -> Result<Findings, FindingsReadError> {
        if text.trim().is_empty() {
            return Err(FindingsReadError::Empty);
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(FindingsReadError::NotJson)?;
        match value.get("schema_version").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(SCHEMA_VERSION) => {}
            Some(found) => return Err(FindingsReadError::OtherSchemaVersion { found }),
            None => return Err(FindingsReadError::NoSchemaVersion),
        }
        serde_json::from_value(value).map_err(FindingsReadError::NotFindings)
    }
}
