//! Reading a file that someone else's folder holds (the runs folder `urldiff serve` shows, a
//! campaign's findings): only a regular file, and only up to a limit. The file is opened
//! without blocking and checked on the open descriptor (no gap between the check and the
//! read): a FIFO is refused at once instead of waiting for a writer forever, a link to a
//! device (`/dev/zero`) is refused instead of read without end, and a regular file larger
//! than the limit is refused before its bytes are held.

use std::io::Read as _;
use std::path::Path;

/// The bytes of `path` if it is a regular file of at most `limit` bytes.
pub fn read_regular(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        let nonblocking = rustix::fs::OFlags::NONBLOCK.bits();
        let flags = i32::try_from(nonblocking).map_err(std::io::Error::other)?;
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, flags);
    }
    let file = options.open(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file"));
    }
    if metadata.len() > limit {
        return Err(too_large(limit));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    // A file that grows while it is read stops at the limit too.
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(limit));
    }
    Ok(bytes)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_text(path: &Path, limit: u64) -> std::io::Result<String> {
    String::from_utf8(read_regular(path, limit)?)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

fn too_large(limit: u64) -> std::io::Error {
    std::io::Error::other(format!("larger than {limit} bytes (the limit)"))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_a_device_and_a_large_file_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("a.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
        assert!(made.success());
        let why = read_regular(&fifo, 1024).unwrap_err().to_string();
        assert!(why.contains("not a regular file"), "{why}");
        let zero = dir.path().join("zero.json");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let why = read_regular(&zero, 1024).unwrap_err().to_string();
        assert!(why.contains("not a regular file"), "{why}");
        let large = dir.path().join("large.json");
        std::fs::write(&large, vec![b' '; 2048]).unwrap();
        let why = read_regular(&large, 1024).unwrap_err().to_string();
        assert!(why.contains("larger than 1024 bytes"), "{why}");
        std::fs::write(&large, b"{}").unwrap();
        assert_eq!(read_regular_text(&large, 1024).unwrap(), "{}");
    }
}
