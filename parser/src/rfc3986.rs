//! RFC 3986: generic split, strict ABNF check, reference resolution, normalization.
//!
//! INTERFACE STUB — being implemented.
