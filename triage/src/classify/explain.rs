//! The class table as text, for `urldiff triage --explain-classes`.

use super::table::CLASSES;
use super::UNCLASSIFIED;
use std::fmt::Write as _;

/// Every class: id, explanation, sections, validation errors and predicate.
pub fn explain() -> String {
    let mut out = String::from(
        "Classes of divergence (an input may be in several; a divergent input in none is \
         `unclassified`).\nPredicates read the minimized input and base as written, the \
         reference parser's reading and validation errors, and which fields the oracles \
         disagree on at which grade (urldiff compare --explain-projection).\n",
    );
    for class in CLASSES {
        let errors: Vec<&str> = class.validation_errors.iter().map(|e| e.name()).collect();
        let _ = write!(
            out,
            "\n{}\n  {}\n  WHATWG: {}\n  RFC 3986: {}\n  validation errors: {}\n  when: {}\n",
            class.id,
            class.explanation,
            class.whatwg,
            class.rfc3986,
            if errors.is_empty() { "-".to_owned() } else { errors.join(", ") },
            class.predicate
        );
    }
    let _ = write!(out, "\n{UNCLASSIFIED}\n  the oracles disagree and no class above matches\n");
    out
}
