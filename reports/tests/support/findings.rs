//! Findings for the findings-report tests: the real triage run over our own cases
//! (`tests/data/findings-cases.json`, 19 groups), and that run scaled to many groups, the size
//! a generated corpus makes (1,132 groups made a 6.7 MB page before it was paged).

use urldiff_triage::findings::Findings;

/// The real run (see tests/data/README.md).
pub fn real() -> Findings {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/findings-cases.json");
    Findings::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// An oracle name with a zero-width space: the filter once broke on it (the HTML escaper's
/// `\u{200b}` inside JSON text).
pub const INVISIBLE_ORACLE: &str = "java-uri\u{200b}";

/// The real run's groups repeated until there are `n`: copy `k` gets its own id and
/// `/k` appended to its example; every seventh copy names `java-uri` [`INVISIBLE_ORACLE`].
pub fn scaled(n: usize) -> Findings {
    let mut findings = real();
    let real_groups = std::mem::take(&mut findings.groups);
    for k in 0..n {
        let mut g = real_groups[k % real_groups.len()].clone();
        g.id = format!("{}-{k}", g.id);
        g.example.input = format!("{}/{k}", g.example.input);
        if k % 7 == 0 {
            for d in &mut g.differences {
                for v in &mut d.groups {
                    for o in &mut v.oracles {
                        if o == "java-uri" {
                            *o = INVISIBLE_ORACLE.to_owned();
                        }
                    }
                }
            }
        }
        findings.groups.push(g);
    }
    findings
}
