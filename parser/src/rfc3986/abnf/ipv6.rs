//! The IP address rules of RFC 3986 section 3.2.2
//! (<https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2>): `IPv6address`, `h16`, `ls32`,
//! `IPv4address` and `dec-octet`, each reporting the first byte no valid match can contain.

use super::{fail, Check};

/// `dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35`
/// (0–255, no leading zero). Reads one octet from `start`; returns where it ends.
pub(crate) fn dec_octet(
    b: &[u8],
    start: usize,
    end: usize,
) -> Result<usize, crate::rfc3986::Violation> {
    let mut i = start;
    let mut value: u32 = 0;
    while i < end && b[i].is_ascii_digit() {
        // A leading "0" cannot be followed by a digit; a fourth digit or a value above
        // 255 cannot be part of any dec-octet.
        if (i > start && b[start] == b'0') || i - start == 3 {
            return Err(crate::rfc3986::Violation { rule: "dec-octet", position: i });
        }
        value = value * 10 + u32::from(b[i] - b'0');
        if value > 255 {
            return Err(crate::rfc3986::Violation { rule: "dec-octet", position: i });
        }
        i += 1;
    }
    if i == start {
        return Err(crate::rfc3986::Violation { rule: "dec-octet", position: i });
    }
    Ok(i)
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`, over `start..end`.
pub(crate) fn ipv4address(b: &[u8], start: usize, end: usize) -> Check {
    let mut i = start;
    for octet in 0..4 {
        if octet > 0 {
            if i == end || b[i] != b'.' {
                return fail("IPv4address", i);
            }
            i += 1;
        }
        i = dec_octet(b, i, end)?;
    }
    if i != end {
        return fail("IPv4address", i);
    }
    Ok(())
}

/// Length of the run of hex digits at `i` (not capped).
fn hex_run(b: &[u8], i: usize, end: usize) -> usize {
    b[i..end].iter().take_while(|c| c.is_ascii_hexdigit()).count()
}

/// `h16 = 1*4HEXDIG`, over `start..end`.
pub(crate) fn h16(b: &[u8], start: usize, end: usize) -> Check {
    let run = hex_run(b, start, end);
    if run == 0 {
        return fail("h16", start);
    }
    if run > 4 {
        return fail("h16", start + 4);
    }
    if start + run != end {
        return fail("h16", start + run);
    }
    Ok(())
}

/// `ls32 = ( h16 ":" h16 ) / IPv4address`, over `start..end`.
pub(crate) fn ls32(b: &[u8], start: usize, end: usize) -> Check {
    let run = hex_run(b, start, end);
    if b.get(start + run) == Some(&b'.') && start + run < end {
        return ipv4address(b, start, end);
    }
    match b[start..end].iter().position(|&c| c == b':') {
        Some(colon) => {
            h16(b, start, start + colon).map_err(|v| rename(v, "ls32"))?;
            h16(b, start + colon + 1, end).map_err(|v| rename(v, "ls32"))
        }
        None => h16(b, start, end).and_then(|()| fail("ls32", end)),
    }
}

fn rename(v: crate::rfc3986::Violation, rule: &'static str) -> crate::rfc3986::Violation {
    crate::rfc3986::Violation { rule, ..v }
}

/// `IPv6address`, the nine alternatives of section 3.2.2, over `start..end`.
///
/// Read as a sequence of 16-bit pieces: `h16` counts one, a final `IPv4address` (the `ls32`
/// alternative) counts two, and at most one `::` stands for one or more zero pieces. Without
/// `::` there must be exactly 8 pieces; with it at most 7 — which is what the nine
/// alternatives allow between them. The violation is at the first byte that no alternative
/// can continue with.
pub(crate) fn ipv6address(b: &[u8], start: usize, end: usize) -> Check {
    const RULE: &str = "IPv6address";
    let mut pieces = 0;
    let mut elided = false;
    let mut i = start;
    if b[start..end].starts_with(b"::") {
        elided = true;
        i += 2;
        if i == end {
            return Ok(());
        }
    }
    loop {
        let limit = if elided { 7 } else { 8 };
        let run = hex_run(b, i, end);
        if run > 0 && i + run < end && b[i + run] == b'.' {
            // The ls32 alternative: an IPv4address ends the address and takes two pieces,
            // after "::" or after exactly six pieces.
            if (elided && pieces + 2 > limit) || (!elided && pieces != 6) {
                return fail(RULE, i + run);
            }
            return ipv4address(b, i, end);
        }
        if run == 0 || pieces == limit {
            return fail(RULE, i);
        }
        if run > 4 {
            return fail(RULE, i + 4);
        }
        pieces += 1;
        let j = i + run;
        if j == end {
            return if elided || pieces == 8 { Ok(()) } else { fail(RULE, end) };
        }
        if b[j] != b':' || pieces == limit {
            return fail(RULE, j);
        }
        if j + 1 < end && b[j + 1] == b':' {
            if elided {
                return fail(RULE, j + 1);
            }
            elided = true;
            i = j + 2;
            if i == end {
                return Ok(());
            }
        } else {
            i = j + 1;
            if i == end {
                return fail(RULE, i);
            }
        }
    }
}
