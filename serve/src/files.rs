//! Files of the runs folder, served as they are (`GET /runs/file/<path>`): a campaign's
//! report.json/md/html, its history and status, the conform run's files.
//!
//! A path can never leave the runs folder:
//! 1. it is checked as text first: relative, `/`-separated, every segment a plain name (no
//!    empty segment, no `.` or `..`, no backslash, no NUL), else 400;
//! 2. then the runs folder and the file are canonicalized (every symbolic link resolved) and
//!    the file must lie inside the canonical runs folder, else 403 — so a link inside the runs
//!    folder that points out is refused too;
//! 3. it must be a regular file with an extension of [`SERVED`], else 404.
//!
//! Every file of the runs folder (here and on the dashboard) is read with [`read_regular`]:
//! opened without blocking and refused unless it is a regular file, so a FIFO named like a
//! run file costs a refusal, never a thread waiting for a writer; and read up to
//! [`MAX_FILE_BYTES`].

use super::errors::ApiError;
use axum::http::StatusCode;
use std::path::{Component, Path, PathBuf};

/// The most bytes read from one file of the runs folder.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The bytes of `path` if it is a regular file of at most [`MAX_FILE_BYTES`]
/// (`urldiff_corpus::regular`: opened non-blocking, checked on the open descriptor).
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    urldiff_corpus::regular::read_regular(path, MAX_FILE_BYTES)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_text(path: &Path) -> std::io::Result<String> {
    urldiff_corpus::regular::read_regular_text(path, MAX_FILE_BYTES)
}

/// The file extensions served, with their content types.
pub const SERVED: [(&str, &str); 7] = [
    ("json", "application/json"),
    ("jsonl", "text/plain; charset=utf-8"),
    ("md", "text/markdown; charset=utf-8"),
    ("html", "text/html; charset=utf-8"),
    ("txt", "text/plain; charset=utf-8"),
    ("xml", "application/xml"),
    ("log", "text/plain; charset=utf-8"),
];

/// The URL of the file at `rel` (relative to the runs folder), each byte outside the
/// unreserved set percent-encoded, from the bytes of its name as the system has them: a name
/// that is not UTF-8 keeps its bytes (`%E9`), not a lossy `�`.
pub fn href_of(rel: &Path) -> String {
    let segments: Vec<Vec<u8>> = rel.components().map(|c| os_bytes(c.as_os_str())).collect();
    href_bytes(&segments.join(&b'/'))
}

fn href_bytes(rel: &[u8]) -> String {
    let mut out = String::from("/runs/file/");
    for &b in rel {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(unix)]
fn os_bytes(name: &std::ffi::OsStr) -> Vec<u8> {
    std::os::unix::ffi::OsStrExt::as_bytes(name).to_vec()
}

#[cfg(not(unix))]
fn os_bytes(name: &std::ffi::OsStr) -> Vec<u8> {
    name.to_string_lossy().into_owned().into_bytes()
}

/// The path a `/runs/file/<path>` request names: `<path>` percent-decoded to bytes, which are
/// the file name's bytes (unix names need not be UTF-8); `None` for a bad escape or, elsewhere,
/// a name that is not UTF-8.
pub fn requested_path(encoded: &str) -> Option<PathBuf> {
    let mut bytes = Vec::with_capacity(encoded.len());
    let mut rest = encoded.as_bytes();
    while let Some((&b, after)) = rest.split_first() {
        if b == b'%' {
            let hex = std::str::from_utf8(after.get(..2)?).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &after[2..];
        } else {
            bytes.push(b);
            rest = after;
        }
    }
    #[cfg(unix)]
    return Some(PathBuf::from(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(
        &bytes,
    )));
    #[cfg(not(unix))]
    return String::from_utf8(bytes).ok().map(PathBuf::from);
}

/// The file `requested` names inside `root`, canonical, and its content type; or the refusal.
pub fn resolve(root: &Path, requested: &str) -> Result<(PathBuf, &'static str), ApiError> {
    resolve_path(root, Path::new(requested))
}

/// [`resolve`] for a path given as the system's bytes.
pub fn resolve_path(root: &Path, path: &Path) -> Result<(PathBuf, &'static str), ApiError> {
    let requested = &*path.to_string_lossy();
    check_text(&os_bytes(path.as_os_str()), requested)?;
    let root = root.canonicalize().map_err(|e| {
        ApiError::new(StatusCode::NOT_FOUND, format!("the runs folder cannot be read: {e}"))
    })?;
    let not_found = || ApiError::new(StatusCode::NOT_FOUND, format!("no file {requested:?}"));
    let file = root.join(path).canonicalize().map_err(|_| not_found())?;
    if !file.starts_with(&root) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("refused: {requested:?} leads out of the runs folder"),
        ));
    }
    if !file.is_file() {
        return Err(not_found());
    }
    let extension = file.extension().and_then(|e| e.to_str()).unwrap_or("");
    let Some((_, content_type)) = SERVED.iter().find(|(e, _)| *e == extension) else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("{requested:?} is not a report file (served: .json .jsonl .md .html .txt .xml .log)"),
        ));
    };
    Ok((file, content_type))
}

/// The textual check, on the path's bytes (`requested` is how it is shown): a relative path of
/// plain names.
fn check_text(bytes: &[u8], requested: &str) -> Result<(), ApiError> {
    let refuse = |why: &str| ApiError::bad_request(format!("refused path {requested:?}: {why}"));
    if bytes.is_empty() {
        return Err(refuse("empty"));
    }
    if bytes.starts_with(b"/") {
        return Err(refuse("an absolute path; give a path inside the runs folder"));
    }
    if bytes.contains(&b'\\') || bytes.contains(&0) {
        return Err(refuse("a backslash or NUL in a path"));
    }
    for segment in bytes.split(|&b| b == b'/') {
        match segment {
            b"" => return Err(refuse("an empty segment")),
            b"." | b".." => return Err(refuse("a `.` or `..` segment")),
            _ => {}
        }
    }
    // Whatever the platform reads as a root or a drive prefix.
    if !Path::new(requested).components().all(|c| matches!(c, Component::Normal(_))) {
        return Err(refuse("not a plain relative path"));
    }
    Ok(())
}
