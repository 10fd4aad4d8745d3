//! Catching a panic quietly, as evidence: [`catch_quietly`] runs a closure under
//! `catch_unwind` and returns the panic's message and location instead of letting the default
//! hook print them to stderr.
//!
//! The in-process oracles answer each case through it (a panic becomes that case's `Crashed`
//! answer), and so does `urldiff parse --jsonl` for each line (a panic becomes that line's
//! `internal error`). The message is not lost: it is in the returned [`Panic`], which ends up
//! in the answer. Panics outside a guard still reach the previous hook and print as usual.

use std::cell::{Cell, RefCell};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// Set while this thread runs a guarded closure: panics are then recorded, not printed.
    static GUARDED: Cell<bool> = const { Cell::new(false) };
    /// Where the last guarded panic on this thread happened (file:line).
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// A caught panic: its message and, when known, where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panic {
    pub message: String,
    /// `file:line` of the panic.
    pub location: Option<String>,
}

impl std::fmt::Display for Panic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.location {
            Some(at) => write!(f, "panic at {at}: {}", self.message),
            None => write!(f, "panic: {}", self.message),
        }
    }
}

/// Wrap the process's panic hook once: a panic inside [`catch_quietly`] records its location
/// instead of printing; every other panic goes to the previous hook.
fn install_quiet_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if GUARDED.with(Cell::get) {
                let location = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
                LOCATION.with(|slot| *slot.borrow_mut() = location);
            } else {
                previous(info);
            }
        }));
    });
}

/// Run `f`; a panic in it is returned as [`Panic`] (message and location), not printed.
pub fn catch_quietly<T>(f: impl FnOnce() -> T) -> Result<T, Panic> {
    install_quiet_hook();
    let outer = GUARDED.with(|g| g.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(outer));
    result.map_err(|payload| Panic {
        message: panic_message(&*payload),
        location: LOCATION.with(|slot| slot.borrow_mut().take()),
    })
}

/// The text of a panic payload (`&str` or `String`), or a placeholder.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic payload)".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_returned_with_its_message_and_location() {
        let caught = catch_quietly(|| -> u8 { panic!("boom {}", 7) }).unwrap_err();
        assert_eq!(caught.message, "boom 7");
        let at = caught.location.clone().expect("a location");
        assert!(at.starts_with("oracles/src/panic_guard.rs:"), "{at}");
        assert!(caught.to_string().starts_with("panic at oracles/src/panic_guard.rs:"));
        assert_eq!(catch_quietly(|| 5), Ok(5));
    }

    #[test]
    fn nested_guards_keep_the_outer_guard() {
        let outer = catch_quietly(|| {
            let inner = catch_quietly(|| -> u8 { panic!("inner") });
            assert_eq!(inner.unwrap_err().message, "inner");
            // Still guarded: this panic is caught quietly by the outer guard too.
            panic!("outer");
        });
        let err: Panic = outer.unwrap_err();
        assert_eq!(err.message, "outer");
        assert!(err.location.is_some());
    }
}
