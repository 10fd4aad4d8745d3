//! application/x-www-form-urlencoded and the URLSearchParams operations.
//!
//! <https://url.spec.whatwg.org/#application/x-www-form-urlencoded>
//!
//! INTERFACE STUB — being implemented.
