//! The one table-lookup oracle: it answers a case from a table of expected answers (rows of a
//! source: WPT's files, the RFCs' examples, a urltestdata file given on the command line) and
//! has no opinion on any case the table lacks. Each source builds its rows and its
//! [`OracleInfo`]; the lookup, the availability and the answers are this module's.

use crate::inprocess::guarded;
use crate::model::{Answer, Availability, Case, Oracle, OracleError, OracleInfo};
use std::collections::HashMap;

/// How a case is looked up: the table key for it, `None` for a case the table cannot hold.
pub type LookupKey = fn(&Case) -> Option<Case>;

/// An oracle answering from a table (see the module documentation).
#[derive(Debug)]
pub struct TableOracle {
    info: OracleInfo,
    /// The table, or why it could not be loaded (the oracle is then unavailable).
    table: Result<HashMap<Case, Answer>, String>,
    /// `None`: a case is its own key.
    key: Option<LookupKey>,
}

impl TableOracle {
    /// An oracle answering from `rows` (when a case repeats, its first answer is kept), or
    /// unavailable with the reason the rows could not be read.
    pub fn new(info: OracleInfo, rows: Result<Vec<(Case, Answer)>, String>) -> Self {
        let table = rows.map(|rows| {
            let mut table = HashMap::with_capacity(rows.len());
            for (case, answer) in rows {
                table.entry(case).or_insert(answer);
            }
            table
        });
        TableOracle { info, table, key: None }
    }

    /// The same oracle, looking a case up under `key(case)` instead of the case itself.
    pub fn with_lookup(mut self, key: LookupKey) -> Self {
        self.key = Some(key);
        self
    }

    /// How many cases the table holds (0 when unavailable).
    pub fn len(&self) -> usize {
        self.table.as_ref().map_or(0, HashMap::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lookup(&self, table: &HashMap<Case, Answer>, case: &Case) -> Answer {
        let found = match self.key {
            None => table.get(case),
            Some(key) => key(case).and_then(|key| table.get(&key)),
        };
        found.cloned().unwrap_or(Answer::NoOpinion)
    }
}

impl Oracle for TableOracle {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn availability(&self) -> Availability {
        match &self.table {
            Ok(_) => Availability::Available,
            Err(reason) => Availability::Unavailable { reason: reason.clone() },
        }
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        let table = self.table.as_ref().map_err(|reason| OracleError::Unavailable {
            oracle: self.info.name.clone(),
            reason: reason.clone(),
        })?;
        let answer = |case: &Case| guarded(&self.info.name, case, || self.lookup(table, case));
        Ok(cases.iter().map(answer).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CaseKind, OracleKind, RecordModel};

    fn info() -> OracleInfo {
        OracleInfo {
            name: "t".into(),
            kind: OracleKind::ExpectationTable,
            version: "test".into(),
            model: RecordModel::Rfc,
            fields: Vec::new(),
            case_kinds: Vec::new(),
            unicode: None,
            claim: Default::default(),
        }
    }

    fn failure(reason: &str) -> Answer {
        Answer::Failure { reason: reason.into(), errors: Vec::new() }
    }

    #[test]
    fn answers_its_rows_first_one_wins_and_nothing_else() {
        let a = Case::parse("a", None);
        let rows = vec![(a.clone(), failure("first")), (a.clone(), failure("second"))];
        let oracle = TableOracle::new(info(), Ok(rows));
        assert_eq!(oracle.len(), 1);
        let answers = oracle.answer_batch(&[a, Case::parse("b", None)]).unwrap();
        assert_eq!(answers, [failure("first"), Answer::NoOpinion]);
    }

    #[test]
    fn a_lookup_key_maps_cases_onto_rows() {
        let resolve = Case { input: "g".into(), base: Some("b:/".into()), kind: CaseKind::Resolve };
        let oracle = TableOracle::new(info(), Ok(vec![(resolve, failure("r"))]))
            .with_lookup(|case| Some(Case { kind: CaseKind::Resolve, ..case.clone() }));
        assert_eq!(oracle.answer_batch(&[Case::parse("g", Some("b:/"))]).unwrap(), [failure("r")]);
    }

    #[test]
    fn without_rows_it_is_unavailable_with_the_reason() {
        let oracle = TableOracle::new(info(), Err("no file".into()));
        assert_eq!(oracle.availability(), Availability::Unavailable { reason: "no file".into() });
        let err = oracle.answer_batch(&[Case::parse("a", None)]).unwrap_err();
        assert!(err.to_string().contains("no file"), "{err}");
    }
}
