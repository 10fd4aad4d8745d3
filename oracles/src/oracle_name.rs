//! What an oracle may be called: the one check every name from outside the binary passes (an
//! external oracle's configuration, a folder of `URLDIFF_PARSERS`).

/// The longest oracle name.
pub const MAX_NAME: usize = 64;

/// Whether `name` is a valid oracle name: 1 to [`MAX_NAME`] ASCII letters, digits, `.`, `_`
/// and `-`, beginning with a letter or digit (docs/oracle-protocol.md, section 5). Names reach
/// terminals, file names and URLs, so nothing else is let through.
pub fn check_name(name: &str) -> Result<(), InvalidOracleName> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-');
    let valid = (1..=MAX_NAME).contains(&name.len())
        && name.starts_with(|c: char| c.is_ascii_alphanumeric())
        && name.chars().all(allowed);
    if valid {
        return Ok(());
    }
    let shown = name.chars().take(MAX_NAME + 1).collect::<String>().escape_default().to_string();
    Err(InvalidOracleName { shown })
}

/// A name [`check_name`] refuses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "\"{shown}\" is not a valid oracle name: use 1 to {MAX_NAME} ASCII letters, digits, `.`, \
     `_` and `-`, beginning with a letter or digit"
)]
pub struct InvalidOracleName {
    /// The name as refused: its first characters, escaped (it may hold anything).
    pub shown: String,
}
