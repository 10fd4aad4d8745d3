//! The stand-in for an oracle that cannot be built on this machine or in this build (a missing
//! library, a broken configuration entry, an unreadable `URLDIFF_PARSERS`): listed with its
//! reason, it answers nothing.

use crate::model::{
    Answer, Availability, Case, CaseKindTag, Oracle, OracleError, OracleInfo, OracleKind,
    RecordModel,
};

/// A placeholder for an oracle that cannot be built on this machine or in this build: it is
/// listed with its reason and answers nothing.
#[derive(Debug)]
pub struct UnavailableOracle {
    info: OracleInfo,
    reason: String,
}

impl UnavailableOracle {
    pub fn new(name: &str, kind: OracleKind, model: RecordModel, reason: &str) -> Self {
        UnavailableOracle {
            info: OracleInfo {
                name: name.to_owned(),
                kind,
                version: "unknown".to_owned(),
                model,
                fields: Vec::new(),
                case_kinds: Vec::<CaseKindTag>::new(),
                unicode: None,
                claim: crate::parsers::builtin_claim(name),
            },
            reason: reason.to_owned(),
        }
    }
}

impl Oracle for UnavailableOracle {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn availability(&self) -> Availability {
        Availability::Unavailable { reason: self.reason.clone() }
    }

    fn answer_batch(&self, _cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        Err(OracleError::Unavailable {
            oracle: self.info.name.clone(),
            reason: self.reason.clone(),
        })
    }
}
