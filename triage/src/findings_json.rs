//! `findings.json` written as it is serialized, each group's members streamed from the
//! member store ([`crate::spill::Members`]) instead of held in the [`Findings`]: the same
//! bytes [`Findings::to_json`] gives for the findings with their members in place (the
//! fields below follow `Findings` and `Group` in their order; a test compares the two).

use crate::findings::{Findings, Group};
use crate::spill::Members;
use serde::ser::{Error as _, SerializeSeq, SerializeStruct, Serializer};
use serde::Serialize;
use std::cell::RefCell;

/// Write `findings` as pretty JSON to `out`: a group `members` holds is listed from there,
/// any other group's `members` as it is.
pub fn write(
    findings: &Findings,
    members: &Members,
    out: impl std::io::Write,
) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(out);
    serde_json::to_writer_pretty(&mut out, &Whole { findings, members })
        .map_err(std::io::Error::other)?;
    std::io::Write::flush(&mut out)
}

struct Whole<'a> {
    findings: &'a Findings,
    members: &'a Members,
}

struct Groups<'a>(&'a [Group], &'a Members);

struct GroupOut<'a>(&'a Group, &'a Members);

/// A group's members from the store, read once as they are serialized.
struct Streamed<'a> {
    count: usize,
    members:
        RefCell<Option<Box<dyn Iterator<Item = std::io::Result<crate::findings::Original>> + 'a>>>,
}

impl Serialize for Whole<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let f = self.findings;
        let mut st = s.serialize_struct("Findings", 11)?;
        st.serialize_field("schema_version", &f.schema_version)?;
        st.serialize_field("tool", &f.tool)?;
        st.serialize_field("wpt_revision", &f.wpt_revision)?;
        st.serialize_field("oracles", &f.oracles)?;
        st.serialize_field("skipped_oracles", &f.skipped_oracles)?;
        st.serialize_field("run", &f.run)?;
        st.serialize_field("classes", &f.classes)?;
        st.serialize_field("groups", &Groups(&f.groups, self.members))?;
        st.serialize_field("model_differences", &f.model_differences)?;
        if f.signatures.is_empty() {
            st.skip_field("signatures")?;
        } else {
            st.serialize_field("signatures", &f.signatures)?;
        }
        if f.crashes.is_empty() {
            st.skip_field("crashes")?;
        } else {
            st.serialize_field("crashes", &f.crashes)?;
        }
        st.end()
    }
}

impl Serialize for Groups<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for g in self.0 {
            seq.serialize_element(&GroupOut(g, self.1))?;
        }
        seq.end()
    }
}

impl Serialize for GroupOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (g, store) = (self.0, self.1);
        let mut st = s.serialize_struct("Group", 20)?;
        st.serialize_field("id", &g.id)?;
        st.serialize_field("kind", &g.kind)?;
        st.serialize_field("root_cause", &g.root_cause)?;
        st.serialize_field("libraries", &g.libraries)?;
        st.serialize_field("severity_rule", &g.severity_rule)?;
        st.serialize_field("known", &g.known)?;
        st.serialize_field("marks", &g.marks)?;
        st.serialize_field("expected", &g.expected)?;
        st.serialize_field("signature", &g.signature)?;
        st.serialize_field("signature_id", &g.signature_id)?;
        st.serialize_field("validation_errors", &g.validation_errors)?;
        st.serialize_field("classes", &g.classes)?;
        st.serialize_field("severity", &g.severity)?;
        st.serialize_field("count", &g.count)?;
        st.serialize_field("example", &g.example)?;
        st.serialize_field("originals", &g.originals)?;
        if store.has(&g.id) {
            let members = store.of(&g.id).map_err(S::Error::custom)?;
            let streamed = Streamed { count: g.count, members: RefCell::new(Some(members)) };
            st.serialize_field("members", &streamed)?;
        } else {
            st.serialize_field("members", &g.members)?;
        }
        st.serialize_field("answers", &g.answers)?;
        st.serialize_field("differences", &g.differences)?;
        st.serialize_field("candidates", &g.candidates)?;
        st.end()
    }
}

impl Serialize for Streamed<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let members = self.members.borrow_mut().take();
        let mut seq = s.serialize_seq(Some(self.count))?;
        let mut listed = 0;
        for member in members.into_iter().flatten() {
            seq.serialize_element(&member.map_err(S::Error::custom)?)?;
            listed += 1;
        }
        if listed != self.count {
            return Err(S::Error::custom(format!(
                "a group counts {} members but its spill file lists {listed}",
                self.count
            )));
        }
        seq.end()
    }
}
