//! The divergence ledger: known, intended differences per oracle, in `corpus/expected/`. This
//! is the one reader of the format; `urldiff conform`, `urldiff triage` and the fuzz targets
//! all read it through here.
//!
//! One file per oracle, `<oracle>.txt`; `#` comments and blank lines are kept. An entry is
//!
//! ```text
//! <case name> | <fields or *> | <reason>
//! class: <suite-glob> /<regex over case names>/ | <fields or *> | <reason>
//! ```
//!
//! and either may end with ` | upstream: <https address>` (the issue or pull request that
//! knows it), ` | step: <standard>#<id>[,…]` (the standard's steps that issue is about, as
//! triage names steps: `whatwg#path-state`, `rfc3986#5.2.3`) and ` | fixed-in: <version>` (the
//! release that fixes it; `<component> <version>`, e.g. `uri 0.12.0`, when the oracle's version
//! names that component after its runtime: `Ruby 3.1.2p20 uri 0.11.0`): reports then call what
//! it covers, at that step, *known*, with the link, and a finding in a version at or past
//! `fixed-in` a regression.
//!
//! The case name is `Case::name()` (`<input> against <base>`, control characters escaped).
//! Fields are shared-field names separated by commas (`host,path`), or `*` for any. An
//! entry covers a divergence when it names its case (or the class matches suite and case)
//! and the divergence's fields are a subset of the entry's. An entry in scope of a run that
//! covers nothing is stale.
//!
//! A crashed or timed-out answer is covered only by an entry that names it: the pseudo-fields
//! `crashed` and `timed-out` ([`Lost`]); `*` never covers one. A case entry whose case is in
//! no suite is unknown, and the same entry written twice is a duplicate: both fail the gate.
//! See `corpus/expected/README.md`.
//!
//! The field names belong to the comparison core (its shared fields), which sits above this
//! crate: the reader is generic over a [`LedgerField`] type, which the compare crate provides.

use regex::Regex;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A field name a ledger entry may list (the comparison core's shared fields).
pub trait LedgerField: Copy + Ord + std::fmt::Debug + 'static {
    /// The field named `name`, if any.
    fn from_name(name: &str) -> Option<Self>;
    /// Its name as written in a ledger line.
    fn name(self) -> &'static str;
    /// Every field, in the order an error message lists them.
    fn all() -> &'static [Self];
}

/// A lost answer, which only an entry naming it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lost {
    Crashed,
    TimedOut,
}

impl Lost {
    pub const ALL: [Lost; 2] = [Lost::Crashed, Lost::TimedOut];

    /// The pseudo-field naming it in a ledger line.
    pub fn name(self) -> &'static str {
        match self {
            Lost::Crashed => "crashed",
            Lost::TimedOut => "timed-out",
        }
    }
}

/// A malformed or unreadable ledger: the harness cannot tell what is expected (exit 2). `line`
/// is 0 for a file or folder that cannot be read at all.
#[derive(Debug, thiserror::Error)]
#[error("{}:{line}: {problem}", file.display())]
pub struct LedgerError {
    pub file: PathBuf,
    pub line: usize,
    pub problem: LedgerProblem,
}

/// What is wrong with the ledger folder, one of its files, or one of their lines.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LedgerProblem {
    #[error("the ledger folder cannot be read: {0}")]
    FolderUnreadable(std::io::Error),
    #[error("the ledger is not a folder")]
    NotAFolder,
    #[error("listing the ledger folder: {0}")]
    CannotList(std::io::Error),
    #[error("cannot read: {0}")]
    FileUnreadable(std::io::Error),
    #[error(transparent)]
    Entry(#[from] EntryError),
}

/// Why a line of a ledger file is not an entry; each names the text at fault.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EntryError {
    #[error(
        "expected `<case name> | <fields or *> | <reason>` or \
         `class: <suite-glob> /<regex>/ | <fields or *> | <reason>`"
    )]
    NotAnEntry,
    #[error("the reason is empty; say why this difference is expected")]
    EmptyReason,
    #[error("`upstream:` takes one https address, not {address:?}")]
    Upstream { address: String },
    #[error(
        "`fixed-in:` takes one version (numbers between dots, e.g. 2.5.9 or v20.1, \
         then -<pre-release> if any), optionally after the component's name (uri 0.12.0), \
         not {version:?}"
    )]
    FixedIn { version: String },
    #[error("`step:` takes `<standard>#<id>` (comma-separated), not {step:?}")]
    Step { step: String },
    #[error("unknown field `{name}` (known: {}, or *, crashed, timed-out)", known.join(", "))]
    UnknownField { name: String, known: Vec<&'static str> },
    #[error("`*` already means every field; list fields or write `*`")]
    AnyWithFields,
    #[error("a class needs `class: <suite-glob> /<regex>/`, not {class:?}")]
    ClassSyntax { class: String },
    #[error("the class regex must be written between slashes: /…/, not {pattern:?}")]
    ClassRegexSlashes { pattern: String },
    #[error("bad class regex: {source}")]
    ClassRegex { source: regex::Error },
    #[error("bad suite glob: {source}")]
    SuiteGlob { source: regex::Error },
    #[error("an entry starts with a case name `<input>…` or with `class:`, not {key:?}")]
    NotACaseOrClass { key: String },
}

/// What an entry matches.
#[derive(Clone, Debug)]
pub enum Matcher {
    Case(String),
    Class { suite_glob: String, suite: Regex, case: Regex },
}

/// One ledger entry.
#[derive(Clone, Debug)]
pub struct Entry<F> {
    pub matcher: Matcher,
    /// `None` for `*`.
    pub fields: Option<BTreeSet<F>>,
    /// The lost answers this entry covers (named explicitly; `*` covers none).
    pub lost: BTreeSet<Lost>,
    pub reason: String,
    /// The upstream issue or pull request (`upstream: <address>`).
    pub upstream: Option<String>,
    /// The version that fixes it (`fixed-in: <version>`, or `<component> <version>`).
    pub fixed_in: Option<String>,
    /// The standard's steps the upstream issue is about, comma-separated (`step:
    /// whatwg#path-state`).
    pub step: Option<String>,
    /// 1-based line number in its file (0 for entries not yet written).
    pub line: usize,
}

/// What a divergence is, for the ledger: its fields, or the lost answer it is.
#[derive(Clone, Copy, Debug)]
pub enum Difference<'a, F> {
    Fields(&'a BTreeSet<F>),
    Lost(Lost),
}

impl<F: LedgerField> Entry<F> {
    /// Whether this entry covers a divergence of `case_name` in `suite`.
    pub fn covers(&self, suite: &str, case_name: &str, difference: Difference<F>) -> bool {
        // The fields first: they are cheap, and most entries fail on them before any regex runs.
        let allowed = match (difference, &self.fields) {
            (Difference::Lost(lost), _) => self.lost.contains(&lost),
            (Difference::Fields(_), None) => true,
            (Difference::Fields(fields), Some(allowed)) => fields.is_subset(allowed),
        };
        allowed
            && match &self.matcher {
                Matcher::Case(name) => name == case_name,
                Matcher::Class { suite: s, case, .. } => {
                    s.is_match(suite) && case.is_match(case_name)
                }
            }
    }

    /// The key (case name or class) as written.
    pub fn key(&self) -> String {
        match &self.matcher {
            Matcher::Case(name) => name.clone(),
            Matcher::Class { suite_glob, case, .. } => format!("class: {suite_glob} /{case}/"),
        }
    }

    /// The fields part as written: `*`, or field names then lost-answer names.
    pub fn fields_text(&self) -> String {
        let lost = self.lost.iter().map(|l| l.name());
        match &self.fields {
            None if self.lost.is_empty() => "*".to_owned(),
            None => std::iter::once("*").chain(lost).collect::<Vec<_>>().join(","),
            Some(set) => set.iter().map(|f| f.name()).chain(lost).collect::<Vec<_>>().join(","),
        }
    }

    /// The entry as a ledger line.
    pub fn render(&self) -> String {
        let mut line = format!("{} | {} | {}", self.key(), self.fields_text(), self.reason);
        if let Some(upstream) = &self.upstream {
            line.push_str(&format!(" | {UPSTREAM} {upstream}"));
        }
        if let Some(step) = &self.step {
            line.push_str(&format!(" | {STEP} {step}"));
        }
        if let Some(fixed_in) = &self.fixed_in {
            line.push_str(&format!(" | {FIXED_IN} {fixed_in}"));
        }
        line
    }
}

/// A line of a ledger file, kept in order so bless preserves comments.
// A ledger holds a few hundred lines, read once a run: boxing the entries saves nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Line<F> {
    Text(String),
    Entry(Entry<F>),
}

/// One oracle's ledger file.
#[derive(Clone, Debug)]
pub struct LedgerFile<F> {
    pub path: PathBuf,
    pub lines: Vec<Line<F>>,
}

impl<F: LedgerField> LedgerFile<F> {
    pub fn entries(&self) -> impl Iterator<Item = (usize, &Entry<F>)> {
        self.lines.iter().enumerate().filter_map(|(i, l)| match l {
            Line::Entry(e) => Some((i, e)),
            Line::Text(_) => None,
        })
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            match line {
                Line::Text(t) => out.push_str(t),
                Line::Entry(e) => out.push_str(&e.render()),
            }
            out.push('\n');
        }
        out
    }
}

/// Every ledger file of a folder, by oracle name.
#[derive(Clone, Debug)]
pub struct Ledger<F> {
    pub dir: PathBuf,
    pub files: BTreeMap<String, LedgerFile<F>>,
}

impl<F: LedgerField> Ledger<F> {
    /// Read every `*.txt` in `dir`. A folder that does not exist, or a path that is not a
    /// folder, is an error (a harness error: the run cannot tell what is expected).
    pub fn load(dir: &Path) -> Result<Ledger<F>, LedgerError> {
        let mut ledger = Ledger { dir: dir.to_owned(), files: BTreeMap::new() };
        let folder_error = |problem| LedgerError { file: dir.to_owned(), line: 0, problem };
        let meta =
            std::fs::metadata(dir).map_err(|e| folder_error(LedgerProblem::FolderUnreadable(e)))?;
        if !meta.is_dir() {
            return Err(folder_error(LedgerProblem::NotAFolder));
        }
        let listing =
            std::fs::read_dir(dir).map_err(|e| folder_error(LedgerProblem::CannotList(e)))?;
        for path in listing.filter_map(|e| e.ok().map(|e| e.path())) {
            if path.extension() != Some(std::ffi::OsStr::new("txt")) {
                continue;
            }
            let oracle = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).map_err(|e| LedgerError {
                file: path.clone(),
                line: 0,
                problem: LedgerProblem::FileUnreadable(e),
            })?;
            let lines = parse_text(&path, &text)?;
            ledger.files.insert(oracle, LedgerFile { path, lines });
        }
        Ok(ledger)
    }

    /// The committed ledger as embedded at build time ([`crate::embedded::LEDGER`]), for
    /// programs that run outside a checkout (the fuzz targets).
    pub fn embedded() -> Result<Ledger<F>, LedgerError> {
        let dir = PathBuf::from(crate::project::LEDGER_DIR);
        let mut ledger = Ledger { dir: dir.clone(), files: BTreeMap::new() };
        for (name, text) in crate::embedded::LEDGER {
            let Some(oracle) = name.strip_suffix(".txt") else { continue };
            let path = dir.join(name);
            let lines = parse_text(&path, text)?;
            ledger.files.insert(oracle.to_owned(), LedgerFile { path, lines });
        }
        Ok(ledger)
    }
}

/// An entry written twice in one ledger file (also as `urldiff conform`'s reports record it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duplicate {
    pub oracle: String,
    pub file: String,
    /// The line of the first copy.
    pub first: usize,
    pub line: usize,
    pub entry: String,
}

impl<F: LedgerField> Ledger<F> {
    /// Entries written twice in one file, each with the line of its first writing.
    pub fn duplicates(&self) -> Vec<Duplicate> {
        let mut out = Vec::new();
        for (oracle, file) in &self.files {
            let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
            for (_, entry) in file.entries() {
                let key = (entry.key(), entry.fields_text());
                match seen.get(&key) {
                    Some(&first) => out.push(Duplicate {
                        oracle: oracle.clone(),
                        file: file.path.display().to_string(),
                        first,
                        line: entry.line,
                        entry: entry.render(),
                    }),
                    None => {
                        seen.insert(key, entry.line);
                    }
                }
            }
        }
        out
    }

    /// The path of an oracle's ledger file in this folder.
    pub fn path_for(&self, oracle: &str) -> PathBuf {
        self.dir.join(format!("{oracle}.txt"))
    }
}

/// Parse a ledger file's text.
pub fn parse_text<F: LedgerField>(path: &Path, text: &str) -> Result<Vec<Line<F>>, LedgerError> {
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            lines.push(Line::Text(raw.to_owned()));
            continue;
        }
        let entry = parse_entry(trimmed, i + 1).map_err(|e| LedgerError {
            file: path.to_owned(),
            line: i + 1,
            problem: e.into(),
        })?;
        lines.push(Line::Entry(entry));
    }
    Ok(lines)
}

/// Split `key | fields | reason` at the first ` | <fields> | ` whose middle is a fields list.
fn split_entry(line: &str) -> Option<(&str, &str, &str)> {
    let seps: Vec<usize> = line.match_indices(" | ").map(|(i, _)| i).collect();
    seps.windows(2).find_map(|w| {
        let middle = &line[w[0] + 3..w[1]];
        let fields_like = !middle.is_empty()
            && middle.split(',').all(|f| {
                f == "*"
                    || (!f.is_empty() && f.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'))
            });
        fields_like.then(|| (&line[..w[0]], middle, line[w[1] + 3..].trim()))
    })
}

const UPSTREAM: &str = "upstream:";
const FIXED_IN: &str = "fixed-in:";
const STEP: &str = "step:";

/// The reason without its trailing `upstream:`, `step:` and `fixed-in:` parts, and those
/// parts.
struct Annotated<'a> {
    reason: &'a str,
    upstream: Option<String>,
    fixed_in: Option<String>,
    step: Option<String>,
}

fn split_annotations(reason: &str) -> Result<Annotated<'_>, EntryError> {
    let (mut rest, mut upstream, mut fixed_in, mut step) = (reason, None, None, None);
    if [UPSTREAM, FIXED_IN, STEP].iter().any(|a| reason.starts_with(a)) {
        return Err(EntryError::EmptyReason);
    }
    while let Some((before, last)) = rest.rsplit_once(" | ") {
        if let Some(address) = last.strip_prefix(UPSTREAM) {
            let address = address.trim();
            let plain = address.starts_with("https://") && !address.contains(char::is_whitespace);
            if !plain || upstream.is_some() {
                return Err(EntryError::Upstream { address: address.to_owned() });
            }
            upstream = Some(address.to_owned());
        } else if let Some(version) = last.strip_prefix(FIXED_IN) {
            let version = version.trim();
            if !is_version(version) || fixed_in.is_some() {
                return Err(EntryError::FixedIn { version: version.to_owned() });
            }
            fixed_in = Some(version.to_owned());
        } else if let Some(named) = last.strip_prefix(STEP) {
            let named = named.trim();
            let well_formed = !named.contains(char::is_whitespace)
                && named.split(',').all(|one| {
                    one.split_once('#').is_some_and(|(s, id)| !s.is_empty() && !id.is_empty())
                });
            if !well_formed || step.is_some() {
                return Err(EntryError::Step { step: named.to_owned() });
            }
            step = Some(named.to_owned());
        } else {
            break;
        }
        rest = before.trim_end();
    }
    Ok(Annotated { reason: rest, upstream, fixed_in, step })
}

/// Whether `text` is a release version [`at_or_past`] can compare: an optional `v`, numbers
/// (each within u64) between dots, then an optional `-<pre-release>` of letters, digits and
/// dots; optionally after a component's name and one space (`uri 0.12.0`).
fn is_version(text: &str) -> bool {
    let (component, text) = component_and_version(text);
    let name_ok = component.is_none_or(|name| {
        name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
    });
    let text = text.strip_prefix('v').unwrap_or(text);
    let (core, pre) = match text.split_once('-') {
        Some((core, pre)) => (core, Some(pre)),
        None => (text, None),
    };
    let numbers_ok = core.split('.').all(|n| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && n.parse::<u64>().is_ok()
    });
    let pre_ok = pre
        .is_none_or(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.'));
    name_ok && numbers_ok && pre_ok
}

/// A `fixed-in:` value's component name, if it has one, and its version: `uri 0.12.0` is
/// `(Some("uri"), "0.12.0")`, `2.5.9` is `(None, "2.5.9")`.
fn component_and_version(fixed_in: &str) -> (Option<&str>, &str) {
    match fixed_in.split_once(' ') {
        Some((name, version)) => (Some(name), version),
        None => (None, fixed_in),
    }
}

fn parse_entry<F: LedgerField>(line: &str, number: usize) -> Result<Entry<F>, EntryError> {
    let Some((key, fields, reason)) = split_entry(line) else {
        return Err(EntryError::NotAnEntry);
    };
    let Annotated { reason, upstream, fixed_in, step } = split_annotations(reason)?;
    if reason.is_empty() {
        return Err(EntryError::EmptyReason);
    }
    let (fields, lost) = parse_fields(fields)?;
    let matcher = parse_matcher(key)?;
    let reason = reason.to_owned();
    Ok(Entry { matcher, fields, lost, reason, upstream, fixed_in, step, line: number })
}

/// The fields part: `*` (any field), or shared-field names, plus the lost-answer names
/// `crashed` and `timed-out` (which `*` never includes).
type ParsedFields<F> = (Option<BTreeSet<F>>, BTreeSet<Lost>);

fn parse_fields<F: LedgerField>(text: &str) -> Result<ParsedFields<F>, EntryError> {
    let mut any = false;
    let mut fields = BTreeSet::new();
    let mut lost = BTreeSet::new();
    for name in text.split(',') {
        if name == "*" {
            any = true;
        } else if let Some(l) = Lost::ALL.into_iter().find(|l| l.name() == name) {
            lost.insert(l);
        } else {
            let field = F::from_name(name).ok_or_else(|| EntryError::UnknownField {
                name: name.to_owned(),
                known: F::all().iter().map(|f| f.name()).collect(),
            })?;
            fields.insert(field);
        }
    }
    if any && !fields.is_empty() {
        return Err(EntryError::AnyWithFields);
    }
    Ok((if any { None } else { Some(fields) }, lost))
}

fn parse_matcher(key: &str) -> Result<Matcher, EntryError> {
    if let Some(class) = key.strip_prefix("class:") {
        let class = class.trim();
        let (glob, pattern) = class
            .split_once(' ')
            .ok_or_else(|| EntryError::ClassSyntax { class: class.to_owned() })?;
        let pattern = pattern.trim();
        let inner = pattern
            .strip_prefix('/')
            .and_then(|p| p.strip_suffix('/'))
            .ok_or_else(|| EntryError::ClassRegexSlashes { pattern: pattern.to_owned() })?;
        let case = Regex::new(inner).map_err(|source| EntryError::ClassRegex { source })?;
        let suite_re = format!("^{}$", regex::escape(glob).replace(r"\*", ".*"));
        let suite = Regex::new(&suite_re).map_err(|source| EntryError::SuiteGlob { source })?;
        return Ok(Matcher::Class { suite_glob: glob.to_owned(), suite, case });
    }
    if !key.starts_with('<') {
        return Err(EntryError::NotACaseOrClass { key: key.to_owned() });
    }
    Ok(Matcher::Case(key.to_owned()))
}

/// A lookup index over one ledger file: case entries by name, class entries in order.
#[derive(Debug)]
pub struct Index<'a, F> {
    by_name: std::collections::HashMap<&'a str, Vec<(usize, &'a Entry<F>)>>,
    classes: Vec<(usize, &'a Entry<F>)>,
}

impl<'a, F: LedgerField> Index<'a, F> {
    pub fn new(file: Option<&'a LedgerFile<F>>) -> Self {
        let mut index = Index { by_name: Default::default(), classes: Vec::new() };
        for (line, entry) in file.into_iter().flat_map(|f| f.entries()) {
            match &entry.matcher {
                Matcher::Case(name) => index.by_name.entry(name).or_default().push((line, entry)),
                Matcher::Class { .. } => index.classes.push((line, entry)),
            }
        }
        index
    }

    /// The entries that name this case or whose class matches it (fields not checked).
    pub fn candidates<'s>(
        &'s self,
        suite: &'s str,
        case_name: &'s str,
    ) -> impl Iterator<Item = (usize, &'a Entry<F>)> + 's {
        let named = self.by_name.get(case_name).into_iter().flatten().copied();
        let classes = self.classes.iter().copied().filter(move |(_, e)| match &e.matcher {
            Matcher::Class { suite: s, case, .. } => s.is_match(suite) && case.is_match(case_name),
            Matcher::Case(_) => false,
        });
        named.chain(classes)
    }

    /// The ledger lookup (the one `urldiff conform` and triage both ask): the entries that
    /// cover `difference` on this case, in the order of [`Index::candidates`].
    pub fn covering<'s>(
        &'s self,
        suite: &'s str,
        case_name: &'s str,
        difference: Difference<'s, F>,
    ) -> impl Iterator<Item = (usize, &'a Entry<F>)> + 's {
        self.candidates(suite, case_name)
            .filter(move |(_, e)| e.covers(suite, case_name, difference))
    }
}

/// Whether `version` (an oracle's version text: `url 2.5.8`, `CPython 3.11.7`, `node v20.2.0`)
/// is at or past `fixed_in` (`2.5.9`): their first dotted numbers compared part by part. A
/// `fixed_in` naming a component (`uri 0.12.0`) is compared with the word after that
/// component's name in `version` (`Ruby 3.1.2p20 uri 0.11.0` is uri 0.11.0, not Ruby 3.1.2).
/// `false` when either has no number, or `version` does not name the component.
pub fn at_or_past(version: &str, fixed_in: &str) -> bool {
    fn numbers(text: &str) -> Option<Vec<u64>> {
        let start = text.find(|c: char| c.is_ascii_digit())?;
        let run: &str = text[start..].split(|c: char| !(c.is_ascii_digit() || c == '.')).next()?;
        let parts: Vec<u64> =
            run.split('.').filter(|p| !p.is_empty()).filter_map(|p| p.parse().ok()).collect();
        (!parts.is_empty()).then_some(parts)
    }
    let (component, fixed_in) = component_and_version(fixed_in);
    let version = match component {
        None => version,
        Some(name) => {
            let mut words = version.split_whitespace();
            let named = |w: &&str| w.trim_start_matches(|c: char| !c.is_alphanumeric()) == name;
            match words.by_ref().position(|w| named(&w)).and(words.next()) {
                Some(word) => word,
                None => return false,
            }
        }
    };
    match (numbers(version), numbers(fixed_in)) {
        (Some(have), Some(fixed)) => {
            let width = have.len().max(fixed.len());
            let pad = |v: &Vec<u64>| {
                (0..width).map(|i| v.get(i).copied().unwrap_or(0)).collect::<Vec<_>>()
            };
            pad(&have) >= pad(&fixed)
        }
        _ => false,
    }
}
