//! Hosts: the host parser and serializer.
//!
//! <https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)>
//!
//! INTERFACE STUB — being implemented.

use crate::errors::Errors;
use std::fmt;

/// <https://url.spec.whatwg.org/#concept-host>
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// An ASCII domain (already through domain to ASCII).
    Domain(String),
    /// An IPv4 address.
    Ipv4(u32),
    /// An IPv6 address: eight 16-bit pieces.
    Ipv6([u16; 8]),
    /// An opaque host (non-special URLs), already percent-encoded.
    Opaque(String),
    /// The empty host.
    Empty,
}

/// The host parser returned failure; the validation error saying why is in the error list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostParseFailure;

/// <https://url.spec.whatwg.org/#concept-host-parser>
///
/// `input` is the host string as the URL parser collected it; `offset` is its byte offset in
/// the URL input, added to the positions of the validation errors reported here.
pub fn parse_host(
    input: &str,
    is_opaque: bool,
    errors: &mut Errors,
    offset: usize,
) -> Result<Host, HostParseFailure> {
    let _ = (input, is_opaque, errors, offset);
    unimplemented!("host parser")
}

/// <https://url.spec.whatwg.org/#concept-domain-to-ascii>
pub fn domain_to_ascii(
    domain: &str,
    be_strict: bool,
    errors: &mut Errors,
    offset: usize,
) -> Result<String, HostParseFailure> {
    let _ = (domain, be_strict, errors, offset);
    unimplemented!("domain to ASCII")
}

/// <https://url.spec.whatwg.org/#ends-in-a-number-checker>
pub fn ends_in_a_number(input: &str) -> bool {
    let _ = input;
    unimplemented!("ends in a number")
}

/// <https://url.spec.whatwg.org/#concept-host-serializer>
impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = f;
        unimplemented!("host serializer")
    }
}
