//! Domain parser ToASCII: UTS #46 ToASCII by the `idna` crate, with the options the URL
//! Standard's beStrict sets.
//!
//! <https://url.spec.whatwg.org/#concept-domain-to-ascii>

use idna::uts46::{
    verify_dns_length, AsciiDenyList, DnsLength, ErrorPolicy, Hyphens, ProcessingSuccess, Uts46,
};
use std::borrow::Cow;

/// <https://url.spec.whatwg.org/#domain-parser-toascii>: "the result of running Unicode
/// ToASCII with domain_name set to domain, CheckHyphens set to beStrict, CheckBidi set to true,
/// CheckJoiners set to true, UseSTD3ASCIIRules set to beStrict, Transitional_Processing set to
/// false, VerifyDnsLength set to beStrict, and IgnoreInvalidPunycode set to false."
///
/// (The `idna` crate always checks bidi and joiners, never uses transitional processing and
/// never ignores invalid Punycode; `DnsLength::Verify` is VerifyDnsLength=true, which rejects
/// the empty root label of a trailing dot.)
///
/// Length: the crate refuses to Punycode-encode a label of more than 1000 code points
/// (measured; see the test `punycode_labels_are_bounded`). That bounds Punycode's quadratic
/// encoding and keeps this step linear in the domain's length; the standard sets no limit with
/// VerifyDnsLength false, and whatwg-url, ada and Node accept such labels, so a longer label
/// needing Punycode is a known divergence (domain-to-ASCII failure here, as in rust-url).
///
/// Output: the crate's `Uts46::to_ascii` is its `process` writing to an empty `String`, which
/// then grows three or four times on the way to a domain's length (a reallocation and a copy
/// each: measured, 4% of the instructions of the reshaped bench corpus's IDNA part). Here
/// `process` writes to a `String` made with room for the usual result at once, with the same
/// options and the same reading of its outcome (`to_ascii`'s, idna 1.1.0); the crate's own
/// `to_ascii` stays the comparison ([`uts46_to_ascii`], which the path without shortcuts runs:
/// `tests/idna_shortcuts.rs` compares both on every Unicode block and IdnaTestV2).
pub(crate) fn domain_parser_to_ascii(domain: &str, be_strict: bool) -> Result<Cow<'_, str>, ()> {
    let (deny_list, hyphens, dns_length) = uts46_options(be_strict);
    let mut out = SizedSink { out: String::new(), room: domain.len() + 16 };
    let processed = Uts46::new().process(
        domain.as_bytes(),
        deny_list,
        hyphens,
        ErrorPolicy::FailFast,
        |_, _, _| false,
        &mut out,
        None,
    );
    let result = match processed {
        Ok(ProcessingSuccess::Passthrough) => Cow::Borrowed(domain),
        Ok(ProcessingSuccess::WroteToSink) => Cow::Owned(out.out),
        Err(_) => return Err(()),
    };
    match dns_length {
        DnsLength::Verify if !verify_dns_length(&result, false) => Err(()),
        _ => Ok(result),
    }
}

/// The output of `Uts46::process`: a `String` given `room` bytes at the first write (none is
/// made when the domain passes through as it is or fails). `room` is the domain's length and
/// a little: a result is about as long as the domain's UTF-8 (Punycode takes one to a few
/// ASCII bytes for each non-ASCII code point of two to four bytes), plus `xn--` for a few
/// labels.
struct SizedSink {
    out: String,
    room: usize,
}

impl std::fmt::Write for SizedSink {
    #[inline]
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if self.out.capacity() == 0 {
            self.out.reserve(self.room.max(s.len()));
        }
        self.out.push_str(s);
        Ok(())
    }

    /// (`process` writes a string first, the domain's prefix before what it changes, which
    /// may be empty: the room is made there, and code points are pushed as they come.)
    #[inline]
    fn write_char(&mut self, c: char) -> std::fmt::Result {
        self.out.push(c);
        Ok(())
    }
}

/// Domain parser ToASCII by the `idna` crate's own `Uts46::to_ascii` (see
/// [`domain_parser_to_ascii`], which answers the same).
pub(crate) fn uts46_to_ascii(domain: &str, be_strict: bool) -> Result<Cow<'_, str>, ()> {
    let (deny_list, hyphens, dns_length) = uts46_options(be_strict);
    Uts46::new().to_ascii(domain.as_bytes(), deny_list, hyphens, dns_length).map_err(|_| ())
}

/// UseSTD3ASCIIRules, CheckHyphens and VerifyDnsLength as beStrict sets them.
fn uts46_options(be_strict: bool) -> (AsciiDenyList, Hyphens, DnsLength) {
    if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore)
    }
}
