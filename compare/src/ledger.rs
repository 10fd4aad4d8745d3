//! The ledger (`corpus/expected/`, read by `urldiff_corpus::ledger`, its one reader) in the
//! comparison core's terms: entries list [`SharedField`]s, and an answer's [`Difference`] is
//! its differing fields or the [`Lost`] answer it is.

use crate::SharedField;
use std::collections::BTreeSet;
use urldiff_corpus::ledger::{self, LedgerField};
pub use urldiff_corpus::ledger::{Duplicate, LedgerError, Lost, Matcher};
use urldiff_oracles::Answer;

impl LedgerField for SharedField {
    fn from_name(name: &str) -> Option<Self> {
        SharedField::from_name(name)
    }

    fn name(self) -> &'static str {
        SharedField::name(self)
    }

    fn all() -> &'static [Self] {
        SharedField::ALL
    }
}

pub type Ledger = ledger::Ledger<SharedField>;
pub type LedgerFile = ledger::LedgerFile<SharedField>;
pub type Entry = ledger::Entry<SharedField>;
pub type Line = ledger::Line<SharedField>;
pub type Index<'a> = ledger::Index<'a, SharedField>;
pub type Difference<'a> = ledger::Difference<'a, SharedField>;

/// The kind of a lost answer; `None` for an answer that was not lost.
pub fn lost(answer: &Answer) -> Option<Lost> {
    match answer {
        Answer::Crashed(_) => Some(Lost::Crashed),
        Answer::TimedOut(_) => Some(Lost::TimedOut),
        _ => None,
    }
}

/// What `answer` is for the ledger: the lost answer it is, else its differing `fields`.
/// The ledger's one lookup over an answer's difference (`Index::covering`):
///
/// ```
/// use std::collections::BTreeSet;
/// use std::path::Path;
/// use urldiff_compare::ledger::{difference, Index, LedgerFile};
/// use urldiff_compare::SharedField;
/// use urldiff_oracles::Answer;
///
/// let text = "<http://a/b> | host | a known difference\n";
/// let lines = urldiff_corpus::ledger::parse_text(Path::new("fake.txt"), text).unwrap();
/// let file = LedgerFile { path: "fake.txt".into(), lines };
/// let index = Index::new(Some(&file));
/// let parsed = Answer::NoOpinion; // not a lost answer: its differing fields decide
/// let host: BTreeSet<_> = [SharedField::Host].into();
/// let path: BTreeSet<_> = [SharedField::Path].into();
/// let covers = |fields| index.covering("wpt/urltestdata", "<http://a/b>", difference(&parsed, fields)).count();
/// assert_eq!((covers(&host), covers(&path)), (1, 0));
/// ```
pub fn difference<'a>(answer: &Answer, fields: &'a BTreeSet<SharedField>) -> Difference<'a> {
    match lost(answer) {
        Some(lost) => Difference::Lost(lost),
        None => Difference::Fields(fields),
    }
}
