//! Oracle names in the config file are a documented character set (docs/oracle-protocol.md,
//! section 5); any other name is refused at load, and the refusal shows it escaped, so that no
//! newline or terminal escape reaches `urldiff oracles` or `compare`.

use urldiff_oracles::subprocess::load_config;
use urldiff_oracles::Availability;

#[test]
fn names_outside_the_documented_set_are_refused_at_load() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("urldiff-oracles.json");
    let bad = ["", "two\nlines", "\u{1b}[31mred", "spa ce", "x".repeat(65).leak() as &str];
    let mut entries: Vec<serde_json::Value> = bad
        .iter()
        .map(|name| serde_json::json!({ "name": name, "command": ["/nonexistent/worker"] }))
        .collect();
    entries.push(serde_json::json!({ "name": "My_parser-2.1", "url": "http://127.0.0.1:9/p" }));
    std::fs::write(&config, serde_json::json!({ "oracles": entries }).to_string()).unwrap();
    let oracles = load_config(&config);
    assert_eq!(oracles.len(), bad.len() + 1);
    for (oracle, name) in oracles.iter().zip(bad) {
        let Availability::Unavailable { reason } = oracle.availability() else {
            panic!("{name:?} was accepted")
        };
        assert!(reason.contains("not a valid oracle name"), "{reason}");
        for shown in [oracle.name(), oracle.info().name.as_str(), reason.as_str()] {
            assert!(!shown.chars().any(char::is_control), "{shown:?}");
        }
        assert_ne!(oracle.name(), name);
    }
    // A valid name is kept (this service is not there, which is another matter).
    assert_eq!(oracles[bad.len()].name(), "My_parser-2.1");
}

#[test]
fn an_entry_states_the_standard_it_claims_and_an_unknown_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("urldiff-oracles.json");
    let entries = serde_json::json!({ "oracles": [
        { "name": "strict", "url": "http://127.0.0.1:9/p", "standard": "rfc2396" },
        { "name": "loose", "url": "http://127.0.0.1:9/p", "standard": "rfc3986", "lenient": true },
        { "name": "silent", "url": "http://127.0.0.1:9/p" },
    ]});
    std::fs::write(&config, entries.to_string()).unwrap();
    let claims: Vec<urldiff_oracles::Claim> =
        load_config(&config).iter().map(|o| o.info().claim).collect();
    use urldiff_oracles::{Claim, Standard};
    assert_eq!(
        claims,
        [Claim::strict(Standard::Rfc2396), Claim::lenient(Standard::Rfc3986), Claim::default()]
    );
    assert_eq!(Claim::default().standard, Standard::None, "no claim is no standard");
    let bad = serde_json::json!({ "oracles": [
        { "name": "typo", "url": "http://127.0.0.1:9/p", "standard": "rfc3968" },
    ]});
    std::fs::write(&config, bad.to_string()).unwrap();
    let loaded = load_config(&config);
    let unavailable = loaded.iter().all(|o| !matches!(o.availability(), Availability::Available));
    assert!(unavailable, "an unknown standard is a config error, not a silent `none`");
}
