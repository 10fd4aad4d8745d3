//! Process handling, apart from the oracles that use it: how a process is started and why it
//! did not start, its pipes, its process group and its death with urldiff.
//!
//! - [`launch`]: why a process did not start ([`StartError`], the one error type for starting a
//!   process, with its evidence).
//! - [`runtime`]: finding runtimes on `PATH`, running a probe or set-up command with a time
//!   limit, writing the embedded worker files out to the cache.
//! - [`pipes`]: a worker's pipe ends, whose waits end at a deadline (stdout: the per-case time
//!   limit) or when the worker is killed (stdin, stderr), whoever else holds the pipes.
//! - [`parent_death`]: workers started so that the kernel kills them with urldiff (Linux).
//! - [`process_group`]: every live child's process group, killed all at once when urldiff is
//!   interrupted.

pub mod launch;
pub mod parent_death;
pub mod pipes;
pub mod process_group;
pub mod runtime;

pub use launch::StartError;
