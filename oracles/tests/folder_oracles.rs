//! Folder oracles end to end on this machine's Python: a toy folder (oracle.json + adapter.py)
//! read as `URLDIFF_PARSERS` reads it, run by the Python host on the newest CPython, answering
//! parse cases, failures and the environment every host gets; and a folder with pinned
//! requirements gets a virtual environment, made once, whose packages the adapter imports.

use std::path::{Path, PathBuf};
use urldiff_oracles::parsers::user::read_folder;
use urldiff_oracles::subprocess::folder::folder_oracle;
use urldiff_oracles::subprocess::python::newest_cpython;
use urldiff_oracles::{Answer, Availability, Case, Oracle, OracleKind, Record, Standard};

const DESCRIPTOR: &str = r#"{
  "name": "NAME", "library": "toy splitter", "runtime": "python", "adapter": "adapter.py",
  "model": "rfc", "case_kinds": ["parse"],
  "profile": {"standard": "rfc3986", "lenient": true, "edition": "RFC 3986",
              "says": "\"it splits\"", "link": "https://docs.python.org/3/library/urllib.parse.html"},
  "install": {"debian": ["python3"], "pip": PIP, "npm": []}
}"#;

/// urllib's urlsplit as a toy adapter; the input `ENV` answers with the host's environment.
const ADAPTER: &str = r#"
import os, platform
from urllib.parse import urlsplit

def version():
    return "toy 1.0 on CPython " + platform.python_version()

def answer(kind, input, base):
    if input == "ENV":
        env = lambda name: os.environ.get(name)
        return {"scheme": env("URLDIFF_ORACLE"), "path": env("URLDIFF_FIELDS"),
                "query": env("URLDIFF_MODEL"), "fragment": env("URLDIFF_CASE_KINDS")}
    s = urlsplit(input)
    return {"scheme": s.scheme, "host": s.hostname, "path": s.path, "query": s.query,
            "fragment": s.fragment}
"#;

fn python_or_skip(test: &str) -> Option<urldiff_oracles::subprocess::python::CPython> {
    match newest_cpython() {
        Ok(python) => Some(python),
        Err(e) => {
            urldiff_corpus::required::skip("python", test, &e.to_string());
            None
        }
    }
}

/// A folder `root/name` with the descriptor, `adapter` and, when given, requirements.
fn toy(root: &Path, name: &str, adapter: &str, requirements: Option<&str>) -> PathBuf {
    let dir = root.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let pip = if requirements.is_some() { "\"requirements.txt\"" } else { "null" };
    let descriptor = DESCRIPTOR.replace("NAME", name).replace("PIP", pip);
    std::fs::write(dir.join("oracle.json"), descriptor).unwrap();
    std::fs::write(dir.join("adapter.py"), adapter).unwrap();
    if let Some(text) = requirements {
        std::fs::write(dir.join("requirements.txt"), text).unwrap();
    }
    dir
}

fn parsed(answer: &Answer) -> &urldiff_oracles::RfcRecord {
    match answer {
        Answer::Parsed { record: Record::Rfc(r), .. } => r,
        other => panic!("expected a parsed RFC record, got {other:?}"),
    }
}

#[test]
fn a_toy_folder_answers_through_the_python_host() {
    let Some(python) = python_or_skip("a_toy_folder_answers_through_the_python_host") else {
        return;
    };
    let root = tempfile::tempdir().unwrap();
    let oracle = folder_oracle(read_folder(&toy(root.path(), "toy", ADAPTER, None)).unwrap());
    assert_eq!(oracle.availability(), Availability::Available);
    let info = oracle.info();
    // The version the adapter reports, on the interpreter the search chose.
    assert_eq!(info.version, format!("toy 1.0 on CPython {}", python.version_text));
    assert_eq!(oracle.command().unwrap().program, python.path);
    assert_eq!(
        (info.kind, info.claim.standard, info.claim.lenient),
        (OracleKind::External, Standard::Rfc3986, true)
    );

    let cases = [
        Case::parse("http://h/p?q#f", None),
        Case::parse("http://[::1/", None),
        Case::parse("ENV", None),
        Case::parse("http://h/", Some("http://base/")),
    ];
    let answers = oracle.answer_batch(&cases).unwrap();
    // urlsplit's documented split of a URL.
    let r = parsed(&answers[0]);
    let got = (&r.scheme, &r.host, r.path.as_str(), &r.query, &r.fragment);
    let some = |s: &str| Some(s.to_owned());
    assert_eq!(got, (&some("http"), &some("h"), "/p", &some("q"), &some("f")));
    // urlsplit's documented rejection of an unclosed bracket: the host's failure reason.
    match &answers[1] {
        Answer::Failure { reason, .. } => assert_eq!(reason, "ValueError: Invalid IPv6 URL"),
        other => panic!("expected a failure, got {other:?}"),
    }
    // The environment of every host (docs/oracle-protocol.md's RFC field list).
    let env = parsed(&answers[2]);
    assert_eq!(env.scheme.as_deref(), Some("toy"));
    assert_eq!(env.path, "scheme,authority,userinfo,host,port,path,query,fragment,resolved");
    assert_eq!((env.query.as_deref(), env.fragment.as_deref()), (Some("rfc"), Some("parse")));
    // A case with a base is a `parse` case too here; the host answers every listed kind.
    parsed(&answers[3]);
}

/// A minimal wheel of the package `urldiff_toy_dep` (version 1.0), built with the
/// interpreter's zipfile, and its sha256.
fn toy_wheel(python: &Path, dir: &Path) -> (PathBuf, String) {
    let wheel = dir.join("urldiff_toy_dep-1.0-py3-none-any.whl");
    let script = r#"
import base64, hashlib, sys, zipfile
path = sys.argv[1]
files = {
  "urldiff_toy_dep/__init__.py": b"GREETING = 'from the venv'\n",
  "urldiff_toy_dep-1.0.dist-info/METADATA": b"Metadata-Version: 2.1\nName: urldiff-toy-dep\nVersion: 1.0\n",
  "urldiff_toy_dep-1.0.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
}
record = []
for name, data in files.items():
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    record.append("%s,sha256=%s,%d" % (name, digest, len(data)))
record.append("urldiff_toy_dep-1.0.dist-info/RECORD,,")
files["urldiff_toy_dep-1.0.dist-info/RECORD"] = ("\n".join(record) + "\n").encode()
with zipfile.ZipFile(path, "w") as z:
    for name, data in files.items():
        z.writestr(name, data)
print(hashlib.sha256(open(path, "rb").read()).hexdigest())
"#;
    let out = std::process::Command::new(python).args(["-c", script]).arg(&wheel).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (wheel, String::from_utf8(out.stdout).unwrap().trim().to_owned())
}

#[test]
fn pinned_requirements_get_a_venv_made_once() {
    let Some(python) = python_or_skip("pinned_requirements_get_a_venv_made_once") else {
        return;
    };
    let root = tempfile::tempdir().unwrap();
    let (wheel, hash) = toy_wheel(&python.path, root.path());
    let requirements = format!("{} --hash=sha256:{hash}\n", wheel.display());
    let adapter = "import urldiff_toy_dep, platform\n\
                   def version():\n    return urldiff_toy_dep.GREETING\n\
                   def answer(kind, input, base):\n    return None\n";
    let dir = toy(root.path(), "toy-venv", adapter, Some(&requirements));
    let first = folder_oracle(read_folder(&dir).unwrap());
    assert_eq!(first.availability(), Availability::Available, "{:?}", first.command());
    assert_eq!(first.info().version, "from the venv", "the venv's package was imported");
    let venv_python = first.command().unwrap().program.clone();
    assert!(!first.command().unwrap().args.contains(&"-S".to_owned()), "site is needed");
    let venv = venv_python.parent().unwrap().parent().unwrap().to_owned();
    let made = std::fs::metadata(&venv).unwrap().modified().unwrap();

    // A second oracle of the same folder finds the environment made.
    let second = folder_oracle(read_folder(&dir).unwrap());
    assert_eq!(second.availability(), Availability::Available);
    assert_eq!(second.command().unwrap().program, venv_python);
    assert_eq!(std::fs::metadata(&venv).unwrap().modified().unwrap(), made, "made once");

    // A wrong hash: pip refuses, and the oracle is unavailable with pip's words.
    let wrong = requirements.replace(&hash, &"0".repeat(64));
    let dir = toy(root.path(), "toy-badhash", adapter, Some(&wrong));
    let bad = folder_oracle(read_folder(&dir).unwrap());
    let Availability::Unavailable { reason } = bad.availability() else {
        panic!("a wrong hash must not install");
    };
    assert!(reason.contains("toy-badhash/requirements.txt") && reason.contains("HASH"), "{reason}");
    // The environment is keyed by this run's wheel path: nobody else will use it.
    std::fs::remove_dir_all(&venv).unwrap();
}
