//! docs/oracles.md's "Add a parser", followed literally: the toy oracle's `oracle.json` and
//! `adapter.py` are read from the guide, written into a folder named after the oracle, plugged
//! in with `URLDIFF_PARSERS`, then listed (`urldiff oracles`), explained
//! (`--explain-standards`), asked (`urldiff compare --oracle toy`) and given a ledger
//! (`urldiff conform --oracle toy --bless`, after which conform passes).

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

/// The guide's fenced block after `<!-- guide: NAME -->`.
fn guide_file(guide: &str, name: &str) -> String {
    let marker = format!("<!-- guide: {name} -->");
    let after = guide.split(&marker).nth(1).unwrap_or_else(|| panic!("the guide has {marker}"));
    let fence = after.find("```").expect("a fence");
    let body = &after[fence..];
    let start = body.find('\n').expect("a fence line") + 1;
    let end = body[start..].find("```").expect("a closing fence");
    body[start..start + end].to_owned()
}

fn urldiff(folder: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(args)
        .env("URLDIFF_PARSERS", folder)
        .env("COLUMNS", "100")
        .output()
        .expect("run urldiff")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn the_guides_toy_oracle_is_listed_asked_and_ledgered() {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/oracles.md"))
            .unwrap();
    // Steps 1 to 3: the folder, named after the oracle, with the guide's two files.
    let root = tempfile::tempdir().unwrap();
    let folder = root.path().join("toy");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("oracle.json"), guide_file(&guide, "oracle.json")).unwrap();
    std::fs::write(folder.join("adapter.py"), guide_file(&guide, "adapter.py")).unwrap();

    // Step 5: plugged in, listed after the built-in oracles with its library and claim.
    let listed = urldiff(&folder, &["oracles", "--json"]);
    assert_eq!(listed.status.code(), Some(0), "{}", String::from_utf8_lossy(&listed.stderr));
    let rows: Vec<Value> = serde_json::from_slice(&listed.stdout).unwrap();
    let toy = rows.iter().find(|r| r["name"] == "toy").expect("toy is listed");
    if toy["available"] == false {
        let reason = toy["reason"].as_str().unwrap_or_default();
        urldiff_corpus::required::skip("python", "the guide's toy oracle", reason);
        return;
    }
    let position = |name: &str| rows.iter().position(|r| r["name"] == name).unwrap();
    assert!(position("toy") > position("java-uri"), "after the built-in oracles");
    assert_eq!((&toy["kind"], &toy["library"]), (&"external".into(), &"toy splitter".into()));
    assert_eq!((&toy["standard"], &toy["lenient"]), (&"rfc3986".into(), &true.into()));
    let version = toy["version"].as_str().unwrap();
    assert!(version.starts_with("toy 1.0 on CPython 3."), "{version}");
    let table = stdout(&urldiff(&folder, &["oracles"]));
    assert!(table.contains(&format!("toy: {version};")), "{table}");
    let explained = stdout(&urldiff(&folder, &["oracles", "--explain-standards"]));
    assert!(explained.contains("\ntoy: rfc3986 (lenient) (toy splitter)\n"), "{explained}");

    // Step 6: its answer. RFC 3986's components of the URL (section 3).
    let compared =
        urldiff(&folder, &["compare", "--json", "--oracle", "toy", "http://u@h:8/p?q#f"]);
    assert_eq!(compared.status.code(), Some(0), "{}", String::from_utf8_lossy(&compared.stderr));
    let json: Value = serde_json::from_slice(&compared.stdout).unwrap();
    let answer = &json["answers"][0];
    assert_eq!((&answer["oracle"], &answer["outcome"]), (&"toy".into(), &"parsed".into()));
    let record = &answer["record"];
    for (field, value) in [
        ("scheme", "http"),
        ("authority", "u@h:8"),
        ("userinfo", "u"),
        ("host", "h"),
        ("port", "8"),
        ("path", "/p"),
        ("query", "q"),
        ("fragment", "f"),
    ] {
        assert_eq!(record[field], value, "{field} of {record}");
    }

    // Step 7: without a ledger its divergences from the truth fail the run; blessed, it passes.
    let ledger = root.path().join("expected");
    std::fs::create_dir_all(&ledger).unwrap();
    let ledger_arg = ledger.to_string_lossy().into_owned();
    let conform = ["conform", "--oracle", "toy", "--ledger", &ledger_arg];
    assert_eq!(urldiff(&folder, &conform).status.code(), Some(1), "unledgered divergences");
    let blessed = urldiff(&folder, &[&conform[..], &["--bless"]].concat());
    assert_eq!(blessed.status.code(), Some(0), "{}", String::from_utf8_lossy(&blessed.stderr));
    assert!(ledger.join("toy.txt").is_file(), "the ledger is corpus/expected/<oracle>.txt");
    let gated = urldiff(&folder, &conform);
    assert_eq!(gated.status.code(), Some(0), "{}", stdout(&gated));
}

/// A folder whose `oracle.json` is not JSON stops every command that starts oracles with an
/// error naming the file (exit 2).
#[test]
fn a_broken_folder_is_an_error_naming_its_file() {
    let root = tempfile::tempdir().unwrap();
    let folder = root.path().join("toy");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("oracle.json"), "{\"name\": \"toy\",").unwrap();
    for args in [&["oracles"][..], &["compare", "http://a/"]] {
        let output = urldiff(&folder, args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(&format!("{}", folder.join("oracle.json").display())), "{stderr}");
    }
}
