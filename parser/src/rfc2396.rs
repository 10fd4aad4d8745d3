//! RFC 2396 reference resolution, where it differs from RFC 3986.
//!
//! INTERFACE STUB — being implemented.
