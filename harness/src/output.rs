//! Everything urldiff prints on stdout goes through here, so that a write error is an error
//! value and never a panic (`println!` panics when stdout is a closed pipe).
//!
//! A failed write becomes [`StdoutError`], which `main` tells apart from every other error: a
//! closed pipe (`urldiff compare x | head -1`) ends the run quietly with exit code 0, as
//! ripgrep does; any other write error (a full disk, `/dev/full`) is exit 2 with a message.
//! Use [`outln!`](crate::outln) and [`out!`](crate::out) in functions returning
//! `anyhow::Result` or `Result<_, StdoutError>`.

use std::fmt;
use std::io::{self, Write};

/// A write to stdout failed. (The io::Error is shown in the message, not as a source, so
/// that `{:#}` does not repeat it.)
#[derive(Debug, thiserror::Error)]
#[error("cannot write to stdout: {0}")]
pub struct StdoutError(pub io::Error);

impl From<io::Error> for StdoutError {
    fn from(e: io::Error) -> Self {
        StdoutError(e)
    }
}

impl StdoutError {
    /// Whether the reader went away (EPIPE): not an error, the run just ends.
    pub fn is_closed_pipe(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

/// Write formatted text to stdout.
pub fn write(args: fmt::Arguments) -> Result<(), StdoutError> {
    io::stdout().lock().write_fmt(args).map_err(StdoutError)
}

/// Write raw bytes to stdout.
pub fn write_bytes(bytes: &[u8]) -> Result<(), StdoutError> {
    io::stdout().lock().write_all(bytes).map_err(StdoutError)
}

/// Flush stdout (the last line of a run may still be buffered).
pub fn flush() -> Result<(), StdoutError> {
    io::stdout().lock().flush().map_err(StdoutError)
}

/// How a run's error ends the process: `None` for a closed stdout pipe (exit 0, nothing
/// printed), else the message to print (exit 2).
pub fn error_message(err: &anyhow::Error) -> Option<String> {
    let closed = err
        .chain()
        .filter_map(|e| e.downcast_ref::<StdoutError>())
        .any(StdoutError::is_closed_pipe);
    // The message names files and inputs: hostile text, escaped by the reports' one policy.
    (!closed).then(|| urldiff_reports::hostile::visible_lines(&format!("urldiff: error: {err:#}")))
}

/// `print!` that returns a [`StdoutError`] instead of panicking (use with `?`).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write(format_args!($($arg)*))?
    };
}

/// `println!` that returns a [`StdoutError`] instead of panicking (use with `?`).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::output::write(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::output::write(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// Answer every stdin line with `answer` on stdout (`urldiff parse --jsonl`, the loop of
/// `urldiff_corpus::request_loop`); a panic of `answer` is that line's internal error. A
/// closed stdout is a [`StdoutError`].
pub fn serve_jsonl<A: serde::Serialize>(
    mut answer: impl FnMut(&urldiff_corpus::request_line::Request) -> A,
) -> anyhow::Result<u8> {
    use urldiff_corpus::request_loop::{serve_from, ServeError};
    let stdin = std::io::stdin().lock();
    // A buffer: an answer line can be hundreds of megabytes, written piece by piece.
    let stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let guarded = |r: &_| urldiff_oracles::panic_guard::catch_quietly(|| answer(r));
    match serve_from(stdin, stdout, guarded) {
        Ok(()) => Ok(0),
        Err(ServeError::Write(e)) => Err(StdoutError(e).into()),
        Err(ServeError::Read(e)) => Err(anyhow::Error::new(e).context("cannot read stdin")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_quiet_and_other_write_errors_are_messages() {
        let pipe = anyhow::Error::new(StdoutError(io::Error::from(io::ErrorKind::BrokenPipe)));
        assert_eq!(error_message(&pipe.context("printing the matrix")), None);
        let full = anyhow::Error::new(StdoutError(io::Error::from_raw_os_error(28)));
        let message = error_message(&full).unwrap();
        assert!(message.starts_with("urldiff: error: cannot write to stdout: "), "{message}");
        // The cause is said once.
        assert_eq!(message.matches("os error 28").count(), 1, "{message}");
        let other = anyhow::anyhow!("no oracle named \"x\"");
        assert_eq!(error_message(&other).unwrap(), "urldiff: error: no oracle named \"x\"");
        let hostile = anyhow::anyhow!("cannot read /tmp/a\u{202e}\u{2028}b");
        assert_eq!(
            error_message(&hostile).unwrap(),
            "urldiff: error: cannot read /tmp/a\\u{202e}\\u{2028}b"
        );
    }
}
