//! `structured`: structure-aware fuzzing. The input bytes are read by `arbitrary` as a
//! [`StructuredCase`] (the parser crate's URL description: scheme kind and case, slashes,
//! userinfo, every host form, port, dot segments, escapes, query, fragment, junk around and
//! inside, an optional base), which renders to an input and a base string; those go through
//! [`check_rendered`]: the roundtrip check, every setter taking the rendered input as value,
//! then the differential check (reference vs rust-url vs ada), whose findings are recorded
//! under this target as `differential` records its own.

use super::{differential, roundtrip, CheckResult, Violation};
use crate::structured::StructuredCase;
use arbitrary::{Arbitrary, Unstructured};

/// The description `data` stands for, read as libfuzzer-sys reads a typed target's input.
pub fn describe(data: &[u8]) -> Option<StructuredCase> {
    StructuredCase::arbitrary_take_rest(Unstructured::new(data)).ok()
}

pub fn check(data: &[u8]) -> CheckResult {
    let Some(case) = describe(data) else { return Ok(Vec::new()) };
    let (input, base) = case.render();
    check_rendered(&input, base.as_deref(), data)
}

/// The checks a rendered case goes through: the roundtrip check, then the differential one.
pub fn check_rendered(input: &str, base: Option<&str>, data: &[u8]) -> CheckResult {
    let rendered = |v: Violation| {
        Violation::new(
            v.target,
            v.invariant,
            format!("{} (rendered input {input:?}, base {base:?})", v.detail),
        )
    };
    // The roundtrip check's findings keep their target (they are setter findings, not parse
    // divergences) but name the rendered strings rather than the description's bytes.
    let roundtrip = roundtrip::check_strings(input, base, Some(input), data).map_err(rendered)?;
    let mut findings: Vec<_> = roundtrip.into_iter().map(|f| f.about(input, base)).collect();
    findings.extend(differential::compare_case(COMPARING, input, base, data).map_err(rendered)?);
    Ok(findings)
}

const TARGET: &str = "structured";
const COMPARING: differential::Comparing =
    differential::Comparing { target: TARGET, suite: "fuzz/structured" };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_bytes_describe_a_case_that_renders_and_passes() {
        for data in [&b""[..], b"\x00", b"0123456789abcdef\xff\xfe", &[0x41; 300]] {
            let case = describe(data).expect("take_rest reads any bytes");
            let (input, base) = case.render();
            let found = check(data).unwrap_or_else(|v| panic!("{input:?} against {base:?}: {v}"));
            // Divergences are recorded under this target, about the rendered strings.
            for f in found {
                assert_eq!((f.target, f.input.as_str()), (TARGET, input.as_str()));
            }
        }
    }

    #[test]
    fn a_rendered_divergence_is_a_structured_finding() {
        let found = check_rendered("\\\\|x\\e", Some("sc:/p/q"), b"").unwrap();
        assert!(found.iter().any(|f| f.target == TARGET && f.signature.contains("{rust-url}")));
    }
}
