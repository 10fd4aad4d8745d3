//! `atomic::write_all_concurrently`: each file made on its own thread, then all or nothing, as
//! `write_all` promises (its module documentation).

use std::path::Path;
use urldiff_corpus::atomic::{write_all_concurrently, SendFill};

/// A fill that writes `pieces` copies of `piece`, one small write each (as a streaming
/// renderer does), or fails after the first when `fail` is given.
fn fill(piece: &'static str, pieces: usize, fail: Option<&'static str>) -> SendFill<'static> {
    Box::new(move |out| {
        for _ in 0..pieces {
            out.write_all(piece.as_bytes())?;
            if let Some(why) = fail {
                return Err(std::io::Error::other(why));
            }
        }
        Ok(())
    })
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_file_gets_all_its_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, c) = (dir.path().join("a.json"), dir.path().join("sub/b.xml"), dir.path().join("c"));
    std::fs::write(&c, "old").unwrap();
    let files = vec![
        (a.clone(), fill("{}", 100_000, None)),
        (b.clone(), fill("<x/>\n", 50_000, None)),
        (c.clone(), fill("new", 1, None)),
    ];
    write_all_concurrently(files).unwrap();
    assert_eq!(std::fs::read_to_string(&a).unwrap(), "{}".repeat(100_000));
    assert_eq!(std::fs::read_to_string(&b).unwrap(), "<x/>\n".repeat(50_000));
    assert_eq!(std::fs::read_to_string(&c).unwrap(), "new");
    assert_eq!(names(dir.path()), ["a.json", "c", "sub"], "no temporary file is left");
}

#[test]
fn one_failure_writes_nothing_and_names_the_first_file_that_failed() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, c) = (dir.path().join("a"), dir.path().join("b"), dir.path().join("c"));
    std::fs::write(&a, "old a").unwrap();
    let files = vec![
        (a.clone(), fill("new a", 1000, None)),
        (b.clone(), fill("new b", 1000, Some("b's renderer failed"))),
        (c.clone(), fill("new c", 1000, Some("c's renderer failed"))),
    ];
    let error = write_all_concurrently(files).unwrap_err();
    let shown = format!("{error}: {}", std::error::Error::source(&error).unwrap());
    assert!(shown.contains(&b.display().to_string()), "{shown}");
    assert!(shown.contains("b's renderer failed"), "{shown}");
    assert_eq!(std::fs::read_to_string(&a).unwrap(), "old a", "nothing was replaced");
    assert_eq!(names(dir.path()), ["a"], "no new file and no temporary file is left");
}

#[test]
fn a_folder_in_the_way_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let (a, folder) = (dir.path().join("a"), dir.path().join("folder"));
    std::fs::create_dir(&folder).unwrap();
    let files = vec![(a.clone(), fill("a", 1, None)), (folder.clone(), fill("b", 1, None))];
    let error = write_all_concurrently(files).unwrap_err().to_string();
    assert!(error.contains("it is a folder"), "{error}");
    assert_eq!(names(dir.path()), ["folder"]);
}
