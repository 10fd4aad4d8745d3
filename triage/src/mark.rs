//! One mark: what is already known about a group or a model difference ([`Mark`], in
//! `findings.json` as `"marks"`; what each means and how each is given: [`crate::marks`]), and
//! whether a group's marks leave a draft to file.

use serde::{Deserialize, Serialize};

/// One mark (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, strum::IntoStaticStr)]
#[serde(tag = "mark", rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Mark {
    /// Nobody knows it: a draft goes upstream.
    New,
    /// The library knows it already.
    Known {
        /// Who knows it: `rust-url tests/expected_failures.txt`, `ledger corpus/expected/…`.
        by: String,
        /// The issue or pull request, when one is named.
        #[serde(default)]
        link: Option<String>,
        /// The line of the library's own list that names it.
        #[serde(default)]
        line: Option<String>,
    },
    /// A newer release found on this machine does not show it.
    Fixed {
        /// The release that does not show it (`3.13.0`, `ada 3.2.1`).
        release: String,
        /// The oracle that runs it.
        oracle: String,
    },
    /// The library's documentation states it.
    Documented {
        /// `<oracle>/<rule>`.
        rule: String,
        link: String,
        /// What the documentation says.
        what: String,
    },
    /// Older releases found on this machine show it too.
    AlsoIn {
        /// Each older release (`3.11.7`).
        releases: Vec<String>,
    },
    /// A code point the library's Unicode data does not have decides: version skew.
    UnicodeVersion {
        /// The first such code point of the group's first member (`U+3E8AC`).
        code_point: String,
        /// The Unicode version of the library's data (`17.0`).
        library: String,
        /// The Unicode version of the reference's data (`18.0`).
        reference: String,
    },
    /// Another group of the library has the same cause ([`crate::marks::same_cause`]).
    SameCause {
        /// The id of the group kept.
        group: String,
        /// That group's example.
        input: String,
        #[serde(default)]
        base: Option<String>,
    },
}

impl Mark {
    /// Every mark's name, in the order reports explain them.
    pub const NAMES: [&'static str; 7] =
        ["new", "known", "fixed", "documented", "also-in", "unicode-version", "same-cause"];

    /// The name in `findings.json` and reports (`also-in`, …).
    pub fn name(&self) -> &'static str {
        self.into()
    }

    /// Whether the mark takes its group out of the drafts.
    pub fn settles(&self) -> bool {
        matches!(
            self,
            Mark::Known { .. }
                | Mark::Fixed { .. }
                | Mark::Documented { .. }
                | Mark::UnicodeVersion { .. }
                | Mark::SameCause { .. }
        )
    }

    /// One line for a person: `known to rust-url (tests/expected_failures.txt: …)`.
    pub fn text(&self) -> String {
        match self {
            Mark::New => "new".to_owned(),
            Mark::Known { by, link, line } => {
                let mut text = format!("known: {by}");
                if let Some(line) = line {
                    text.push_str(&format!(": {line}"));
                }
                if let Some(link) = link {
                    text.push_str(&format!(" ({link})"));
                }
                text
            }
            Mark::Fixed { release, oracle } => format!("fixed in {release} ({oracle})"),
            Mark::Documented { rule, link, .. } => format!("documented: {rule} ({link})"),
            Mark::AlsoIn { releases } => format!("also in {}", releases.join(", ")),
            Mark::UnicodeVersion { code_point, library, reference } => format!(
                "unicode-version: {code_point} is assigned in the reference's Unicode \
                 {reference} and not in the library's {library}"
            ),
            Mark::SameCause { group, input, base } => {
                let against = base.as_ref().map(|b| format!(" against {b:?}")).unwrap_or_default();
                format!("same cause as group {group} ({input:?}{against})")
            }
        }
    }
}

/// Whether `marks` leave a draft to file: none of them settles it.
pub fn is_draft(marks: &[Mark]) -> bool {
    !marks.iter().any(Mark::settles)
}

/// `marks` with `new` first when nothing settles them, and without it otherwise.
pub fn with_new(mut marks: Vec<Mark>) -> Vec<Mark> {
    marks.retain(|m| *m != Mark::New);
    if is_draft(&marks) {
        marks.insert(0, Mark::New);
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/findings-schema.md's mark names, as `findings.json` writes them.
    #[test]
    fn names_are_the_schema_ones() {
        let marks = [
            Mark::New,
            Mark::Known { by: "b".into(), link: None, line: None },
            Mark::Fixed { release: "3.13.0".into(), oracle: "python-urllib".into() },
            Mark::Documented { rule: "r".into(), link: "l".into(), what: "w".into() },
            Mark::AlsoIn { releases: vec!["3.11.7".into()] },
            Mark::UnicodeVersion {
                code_point: "U+3E8AC".into(),
                library: "17.0".into(),
                reference: "18.0".into(),
            },
            Mark::SameCause { group: "g".into(), input: "///a".into(), base: None },
        ];
        for (mark, name) in marks.iter().zip(Mark::NAMES) {
            assert_eq!(mark.name(), name);
            assert_eq!(serde_json::to_value(mark).unwrap()["mark"], name);
            let back: Mark = serde_json::from_value(serde_json::to_value(mark).unwrap()).unwrap();
            assert_eq!(&back, mark);
        }
    }

    #[test]
    fn known_fixed_and_documented_settle_new_and_also_in_do_not() {
        assert!(is_draft(&[Mark::New, Mark::AlsoIn { releases: vec!["3.11.7".into()] }]));
        let fixed = Mark::Fixed { release: "ada 3.2.1".into(), oracle: "ada".into() };
        assert_eq!(with_new(vec![fixed.clone()]), vec![fixed]);
        assert_eq!(with_new(vec![Mark::New, Mark::New]), vec![Mark::New]);
    }
}
