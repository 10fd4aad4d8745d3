//! The width text output is fitted to: `$COLUMNS` when it is a number, else the width of the
//! terminal on stdout, else [`DEFAULT_WIDTH`] (a pipe or a file).

use std::io::IsTerminal as _;

/// The width when neither `$COLUMNS` nor a terminal says one: the terminal reports' width.
pub const DEFAULT_WIDTH: usize = 100;

/// The width to fit output to.
pub fn width() -> usize {
    let columns = std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse::<usize>().ok());
    columns.filter(|&c| c > 0).or_else(terminal_width).unwrap_or(DEFAULT_WIDTH)
}

#[cfg(unix)]
fn terminal_width() -> Option<usize> {
    let stdout = std::io::stdout();
    if !stdout.is_terminal() {
        return None;
    }
    let size = rustix::termios::tcgetwinsize(&stdout).ok()?;
    (size.ws_col > 0).then_some(usize::from(size.ws_col))
}

#[cfg(not(unix))]
fn terminal_width() -> Option<usize> {
    None
}
