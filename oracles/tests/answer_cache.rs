//! The answer cache: a warm run asks the oracle nothing it answered before under the same
//! identity; another identity (a changed worker, library or runtime) asks again and touches no
//! other oracle's entries; corrupt and foreign files are ignored with one note; crashes and
//! time-outs are never remembered.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use urldiff_oracles::answer_cache::{cache_all, CacheNotes, CachedOracle, FORMAT};
use urldiff_oracles::{
    Answer, Case, Claim, Crash, Oracle, OracleError, OracleInfo, OracleKind, Record, RecordModel,
};

/// An oracle that answers each input with a Text record of its input and the version, counts
/// the cases it is asked, and crashes on the input "crash".
#[derive(Debug)]
struct Counting {
    info: OracleInfo,
    identity: Option<String>,
    asked: Arc<AtomicUsize>,
}

fn counting(name: &str, version: &str, identity: Option<&str>) -> (Counting, Arc<AtomicUsize>) {
    let asked = Arc::new(AtomicUsize::new(0));
    let info = OracleInfo {
        name: name.to_owned(),
        kind: OracleKind::Subprocess,
        version: version.to_owned(),
        model: RecordModel::Rfc,
        fields: Vec::new(),
        case_kinds: Vec::new(),
        unicode: None,
        claim: Claim::default(),
    };
    let oracle = Counting { info, identity: identity.map(str::to_owned), asked: asked.clone() };
    (oracle, asked)
}

impl Oracle for Counting {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn cache_identity(&self) -> Option<String> {
        self.identity.clone()
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        self.asked.fetch_add(cases.len(), Ordering::SeqCst);
        Ok(cases
            .iter()
            .map(|case| {
                if case.input == "crash" {
                    Answer::Crashed(Crash::new(&self.info.name, case, "asked to"))
                } else {
                    let value = format!("{} by {}", case.input, self.info.version);
                    Answer::Parsed { record: Record::Text { value }, errors: Vec::new() }
                }
            })
            .collect())
    }
}

fn cases(inputs: &[&str]) -> Vec<Case> {
    inputs.iter().map(|i| Case::parse(*i, None)).collect()
}

fn text(answer: &Answer) -> &str {
    match answer {
        Answer::Parsed { record: Record::Text { value }, .. } => value,
        other => panic!("not a text answer: {other:?}"),
    }
}

/// Run `inputs` through a fresh cached `name` oracle of `version` and `identity` over `dir`;
/// returns the answers' texts and how many cases the oracle itself was asked.
fn run(
    dir: &std::path::Path,
    name: &str,
    version: &str,
    identity: &str,
    inputs: &[&str],
) -> (Vec<String>, usize, String) {
    let (oracle, asked) = counting(name, version, Some(identity));
    let notes = CacheNotes::default();
    let cached = CachedOracle::open(Box::new(oracle), identity.to_owned(), dir, notes.clone());
    let answers = cached.answer_batch(&cases(inputs)).unwrap();
    let shown_version = cached.info().version.clone();
    drop(cached);
    assert!(notes.take().is_empty());
    let texts = answers.iter().map(|a| text(a).to_owned()).collect();
    (texts, asked.load(Ordering::SeqCst), shown_version)
}

#[test]
fn a_warm_run_asks_only_what_it_has_not_answered() {
    let dir = tempfile::tempdir().unwrap();
    let (first, asked, _) = run(dir.path(), "toy", "1.0", "id-a", &["x", "y"]);
    assert_eq!((first, asked), (vec!["x by 1.0".to_owned(), "y by 1.0".to_owned()], 2));
    // The oracle now says 2.0, but under the same identity the remembered answers and the
    // remembered version stand: nothing is asked for x and y, only z is new.
    let (second, asked, version) = run(dir.path(), "toy", "2.0", "id-a", &["x", "z", "y"]);
    assert_eq!(asked, 1);
    assert_eq!(second, ["x by 1.0", "z by 2.0", "y by 1.0"]);
    assert_eq!(version, "1.0");
}

#[test]
fn another_identity_asks_again_and_leaves_other_oracles_alone() {
    let dir = tempfile::tempdir().unwrap();
    run(dir.path(), "toy", "1.0", "id-a", &["x"]);
    run(dir.path(), "other", "1.0", "id-o", &["x"]);
    let (answers, asked, version) = run(dir.path(), "toy", "1.1", "id-b", &["x"]);
    assert_eq!((answers, asked, version.as_str()), (vec!["x by 1.1".to_owned()], 1, "1.1"));
    // The old identity's file is gone; the other oracle's stays and still answers.
    assert!(!dir.path().join("toy/id-a.answers").exists());
    assert!(dir.path().join("toy/id-b.answers").exists());
    let (_, asked, _) = run(dir.path(), "other", "9", "id-o", &["x"]);
    assert_eq!(asked, 0);
}

#[test]
fn a_corrupt_or_foreign_file_is_ignored_with_one_note() {
    let dir = tempfile::tempdir().unwrap();
    run(dir.path(), "toy", "1.0", "id-a", &["x"]);
    run(dir.path(), "other", "1.0", "id-o", &["x"]);
    let toy = dir.path().join("toy/id-a.answers");
    // Another oracle's file put in this one's place: never trusted.
    std::fs::copy(dir.path().join("other/id-o.answers"), &toy).unwrap();
    let (oracle, asked) = counting("toy", "1.0", Some("id-a"));
    let notes = CacheNotes::default();
    let cached = CachedOracle::open(Box::new(oracle), "id-a".into(), dir.path(), notes.clone());
    assert_eq!(text(&cached.answer_batch(&cases(&["x"])).unwrap()[0]), "x by 1.0");
    assert_eq!(asked.load(Ordering::SeqCst), 1);
    let said = notes.take();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("toy/id-a.answers") && said[0].contains("ignored"), "{said:?}");
    drop(cached);
    // A truncated file: the same.
    let bytes = std::fs::read(&toy).unwrap();
    std::fs::write(&toy, &bytes[..bytes.len() / 2]).unwrap();
    let (oracle, asked) = counting("toy", "1.0", Some("id-a"));
    let cached = CachedOracle::open(Box::new(oracle), "id-a".into(), dir.path(), notes.clone());
    cached.answer_batch(&cases(&["x"])).unwrap();
    assert_eq!(asked.load(Ordering::SeqCst), 1);
    assert!(notes.take()[0].contains("not a cache file"));
}

/// The toy oracle's file after answering `inputs`, and its path.
fn written(dir: &std::path::Path, inputs: &[&str]) -> (Vec<u8>, std::path::PathBuf) {
    run(dir, "toy", "1.0", "id-a", inputs);
    let path = dir.join("toy/id-a.answers");
    (std::fs::read(&path).unwrap(), path)
}

/// Open the toy oracle over `dir`, ask it `inputs`: how many it was asked, and the notes.
fn ask_again(dir: &std::path::Path, inputs: &[&str]) -> (usize, Vec<String>) {
    let (oracle, asked) = counting("toy", "1.0", Some("id-a"));
    let notes = CacheNotes::default();
    let cached = CachedOracle::open(Box::new(oracle), "id-a".into(), dir, notes.clone());
    let answers = cached.answer_batch(&cases(inputs)).unwrap();
    let texts: Vec<&str> = answers.iter().map(text).collect();
    let expected: Vec<String> = inputs.iter().map(|i| format!("{i} by 1.0")).collect();
    assert_eq!(texts, expected);
    drop(cached);
    (asked.load(Ordering::SeqCst), notes.take())
}

#[test]
fn any_changed_byte_makes_the_file_ignored_never_a_wrong_answer() {
    let dir = tempfile::tempdir().unwrap();
    let (bytes, path) = written(dir.path(), &["x", "yy", "zzz"]);
    assert_eq!(ask_again(dir.path(), &["x", "yy", "zzz"]), (0, vec![]));
    // Every byte of the file flipped in turn (the magic, the format, the checksum, the header,
    // each entry): the oracle is asked everything again, with one note, every time.
    for at in 0..bytes.len() {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x20;
        std::fs::write(&path, &damaged).unwrap();
        let (asked, said) = ask_again(dir.path(), &["x", "yy", "zzz"]);
        assert_eq!(asked, 3, "byte {at} changed");
        assert_eq!(said.len(), 1, "byte {at} changed: {said:?}");
        assert!(said[0].contains("ignored"), "{said:?}");
    }
}

#[test]
fn a_file_of_another_format_is_ignored_and_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let (mut bytes, path) = written(dir.path(), &["x"]);
    // The format number follows the 16-byte magic line.
    bytes[16..20].copy_from_slice(&(FORMAT + 1).to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    let (asked, said) = ask_again(dir.path(), &["x"]);
    assert_eq!(asked, 1);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains(&format!("format {}", FORMAT + 1)), "{said:?}");
    // The run wrote it again in this format: the next run asks nothing.
    assert_eq!(ask_again(dir.path(), &["x"]), (0, vec![]));
}

#[test]
fn the_older_json_file_is_removed_when_the_new_one_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("toy/id-a.json");
    std::fs::create_dir_all(old.parent().unwrap()).unwrap();
    std::fs::write(&old, br#"{"format":1,"answers":[]}"#).unwrap();
    written(dir.path(), &["x"]);
    assert!(!old.exists());
    assert!(dir.path().join("toy/id-a.answers").is_file());
}

#[test]
fn a_second_run_keeps_the_first_runs_answers_and_adds_its_own() {
    let dir = tempfile::tempdir().unwrap();
    written(dir.path(), &["x", "y"]);
    written(dir.path(), &["z"]);
    assert_eq!(ask_again(dir.path(), &["z", "y", "x"]), (0, vec![]));
}

#[test]
fn crashes_are_asked_again_every_run() {
    let dir = tempfile::tempdir().unwrap();
    for _ in 0..2 {
        let (oracle, asked) = counting("toy", "1.0", Some("id-a"));
        let cached =
            CachedOracle::open(Box::new(oracle), "id-a".into(), dir.path(), CacheNotes::default());
        let answers = cached.answer_batch(&cases(&["crash"])).unwrap();
        assert!(matches!(answers[0], Answer::Crashed(_)));
        assert_eq!(asked.load(Ordering::SeqCst), 1);
    }
}

#[test]
fn only_oracles_with_an_identity_are_cached() {
    let dir = tempfile::tempdir().unwrap();
    let (with, _) = counting("with", "1", Some("id"));
    let (without, _) = counting("without", "1", None);
    let oracles: Vec<Box<dyn Oracle>> = vec![Box::new(with), Box::new(without)];
    let wrapped = cache_all(oracles, dir.path(), &CacheNotes::default());
    for oracle in &wrapped {
        oracle.answer_batch(&cases(&["x"])).unwrap();
    }
    drop(wrapped);
    assert!(dir.path().join("with/id.answers").is_file());
    assert!(!dir.path().join("without").exists());
}
