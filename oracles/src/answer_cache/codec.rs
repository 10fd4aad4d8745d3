//! The compact encoding of a case and of an answer in a cache file: a tag byte per enum,
//! lengths as LEB128 varints, strings as their length and UTF-8 bytes, an optional string as 0
//! (absent) or its length plus one. Decoding checks every length against the bytes left and
//! every string's UTF-8, so a damaged entry is an error, never a wrong answer.
//!
//! Only lasting answers are encoded: a crash or a time-out is asked again every run, so
//! [`encode_answer`] refuses them.

use crate::model::{Answer, Case, CaseKind, Record, RfcRecord, WhatwgRecord};
use urldiff_parser::Attribute;

/// A decoding error: the entry is not one this module wrote.
#[derive(Debug, PartialEq, Eq)]
pub struct Malformed(pub &'static str);

impl std::fmt::Display for Malformed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

pub fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

fn put_opt(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        None => out.push(0),
        Some(s) => {
            put_varint(out, s.len() as u64 + 1);
            out.extend_from_slice(s.as_bytes());
        }
    }
}

fn put_list(out: &mut Vec<u8>, items: &[String]) {
    put_varint(out, items.len() as u64);
    for item in items {
        put_str(out, item);
    }
}

/// Append `case`'s encoding to `out` (also the key it is looked up by).
pub fn encode_case(out: &mut Vec<u8>, case: &Case) {
    let tag = match &case.kind {
        CaseKind::Parse => 0,
        CaseKind::Resolve => 1,
        CaseKind::Setter { .. } => 2,
        CaseKind::HostToAscii => 3,
        CaseKind::PercentEncode => 4,
        CaseKind::FormUrlencoded => 5,
        CaseKind::Validity => 6,
    };
    out.push(tag);
    put_str(out, &case.input);
    put_opt(out, case.base.as_deref());
    if let CaseKind::Setter { property, value } = &case.kind {
        put_str(out, property);
        put_str(out, value);
    }
}

/// Append `answer`'s encoding to `out`; `false` (nothing appended) for a crash or a time-out.
pub fn encode_answer(out: &mut Vec<u8>, answer: &Answer) -> bool {
    match answer {
        Answer::Parsed { record, errors } => {
            out.push(0);
            encode_record(out, record);
            put_list(out, errors);
        }
        Answer::Failure { reason, errors } => {
            out.push(1);
            put_str(out, reason);
            put_list(out, errors);
        }
        Answer::NoOpinion => out.push(2),
        Answer::Crashed(_) | Answer::TimedOut(_) => return false,
    }
    true
}

fn encode_record(out: &mut Vec<u8>, record: &Record) {
    match record {
        Record::Whatwg(record) => {
            out.push(0);
            for value in record.values() {
                put_opt(out, value);
            }
        }
        Record::Rfc(record) => {
            out.push(1);
            let RfcRecord {
                scheme,
                authority,
                userinfo,
                host,
                port,
                path,
                query,
                fragment,
                resolved,
            } = record;
            for component in [scheme, authority, userinfo, host, port] {
                put_opt(out, component.as_deref());
            }
            put_str(out, path);
            for component in [query, fragment, resolved] {
                put_opt(out, component.as_deref());
            }
        }
        Record::Text { value } => {
            out.push(2);
            put_str(out, value);
        }
        Record::Pairs { pairs } => {
            out.push(3);
            put_varint(out, pairs.len() as u64);
            for (name, value) in pairs {
                put_str(out, name);
                put_str(out, value);
            }
        }
    }
}

/// A reader over encoded bytes.
pub struct ByteCursor<'a> {
    bytes: &'a [u8],
}

impl<'a> ByteCursor<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        ByteCursor { bytes }
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// How many bytes are left.
    pub fn remaining(&self) -> usize {
        self.bytes.len()
    }

    pub fn byte(&mut self) -> Result<u8, Malformed> {
        let (&b, rest) = self.bytes.split_first().ok_or(Malformed("cut short"))?;
        self.bytes = rest;
        Ok(b)
    }

    pub fn varint(&mut self) -> Result<u64, Malformed> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(Malformed("a length too long"))
    }

    /// The next `len` bytes.
    pub fn take(&mut self, len: u64) -> Result<&'a [u8], Malformed> {
        let len = usize::try_from(len).map_err(|_| Malformed("a length too long"))?;
        if len > self.bytes.len() {
            return Err(Malformed("cut short"));
        }
        let (taken, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        Ok(taken)
    }

    /// A length-prefixed run of bytes.
    pub fn block(&mut self) -> Result<&'a [u8], Malformed> {
        let len = self.varint()?;
        self.take(len)
    }

    fn str(&mut self) -> Result<String, Malformed> {
        let len = self.varint()?;
        self.utf8(len)
    }

    fn utf8(&mut self, len: u64) -> Result<String, Malformed> {
        let bytes = self.take(len)?;
        std::str::from_utf8(bytes).map(str::to_owned).map_err(|_| Malformed("a string not UTF-8"))
    }

    fn opt(&mut self) -> Result<Option<String>, Malformed> {
        match self.varint()? {
            0 => Ok(None),
            n => self.utf8(n - 1).map(Some),
        }
    }

    fn list(&mut self) -> Result<Vec<String>, Malformed> {
        let n = self.varint()?;
        // Each item takes at least a byte: a count beyond the bytes left is damage, not a
        // reason to reserve memory.
        if n > self.bytes.len() as u64 {
            return Err(Malformed("a count too large"));
        }
        (0..n).map(|_| self.str()).collect()
    }
}

/// The answer encoded in `bytes` (all of them).
pub fn decode_answer(bytes: &[u8]) -> Result<Answer, Malformed> {
    let mut r = ByteCursor::new(bytes);
    let answer = match r.byte()? {
        0 => {
            let record = decode_record(&mut r)?;
            Answer::Parsed { record, errors: r.list()? }
        }
        1 => {
            let reason = r.str()?;
            Answer::Failure { reason, errors: r.list()? }
        }
        2 => Answer::NoOpinion,
        _ => return Err(Malformed("an unknown answer tag")),
    };
    if !r.is_empty() {
        return Err(Malformed("bytes after the answer"));
    }
    Ok(answer)
}

fn decode_record(r: &mut ByteCursor) -> Result<Record, Malformed> {
    Ok(match r.byte()? {
        0 => {
            let mut failed = None;
            let record = WhatwgRecord::from_attributes(|_: Attribute| match r.opt() {
                Ok(value) => value,
                Err(e) => {
                    failed.get_or_insert(e);
                    None
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            Record::Whatwg(record)
        }
        1 => Record::Rfc(RfcRecord {
            scheme: r.opt()?,
            authority: r.opt()?,
            userinfo: r.opt()?,
            host: r.opt()?,
            port: r.opt()?,
            path: r.str()?,
            query: r.opt()?,
            fragment: r.opt()?,
            resolved: r.opt()?,
        }),
        2 => Record::Text { value: r.str()? },
        3 => {
            let n = r.varint()?;
            if n > r.remaining() as u64 {
                return Err(Malformed("a count too large"));
            }
            let pairs = (0..n).map(|_| Ok((r.str()?, r.str()?))).collect::<Result<_, _>>()?;
            Record::Pairs { pairs }
        }
        _ => return Err(Malformed("an unknown record tag")),
    })
}

/// The case encoded in `bytes` (all of them).
#[cfg(test)]
pub fn decode_case(bytes: &[u8]) -> Result<Case, Malformed> {
    let mut r = ByteCursor::new(bytes);
    let tag = r.byte()?;
    let input = r.str()?;
    let base = r.opt()?;
    let kind = match tag {
        0 => CaseKind::Parse,
        1 => CaseKind::Resolve,
        2 => CaseKind::Setter { property: r.str()?, value: r.str()? },
        3 => CaseKind::HostToAscii,
        4 => CaseKind::PercentEncode,
        5 => CaseKind::FormUrlencoded,
        6 => CaseKind::Validity,
        _ => return Err(Malformed("an unknown case tag")),
    };
    if !r.is_empty() {
        return Err(Malformed("bytes after the case"));
    }
    Ok(Case { input, base, kind })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(case: &Case, answer: &Answer) {
        let mut bytes = Vec::new();
        encode_case(&mut bytes, case);
        assert_eq!(decode_case(&bytes).as_ref(), Ok(case));
        let mut bytes = Vec::new();
        assert!(encode_answer(&mut bytes, answer));
        assert_eq!(decode_answer(&bytes).as_ref(), Ok(answer));
        // Every cut is an error, never another answer.
        for len in 0..bytes.len() {
            assert!(decode_answer(&bytes[..len]).is_err(), "cut at {len}");
        }
    }

    #[test]
    fn every_kind_of_case_and_record_round_trips() {
        let whatwg = WhatwgRecord {
            href: Some("http://h/ä".into()),
            origin: Some(String::new()),
            port: None,
            ..WhatwgRecord::default()
        };
        let rfc = RfcRecord {
            scheme: Some("a".into()),
            path: String::new(),
            query: Some(String::new()),
            resolved: Some("a:?".into()),
            ..RfcRecord::default()
        };
        let kinds = [
            CaseKind::Parse,
            CaseKind::Resolve,
            CaseKind::Setter { property: "host".into(), value: "x\u{0}".into() },
            CaseKind::HostToAscii,
            CaseKind::PercentEncode,
            CaseKind::FormUrlencoded,
            CaseKind::Validity,
        ];
        let long = "x".repeat(300);
        let answers = [
            Answer::Parsed { record: Record::Whatwg(whatwg), errors: vec!["port-invalid".into()] },
            Answer::Parsed { record: Record::Rfc(rfc), errors: Vec::new() },
            Answer::Parsed { record: Record::Text { value: long.clone() }, errors: Vec::new() },
            Answer::Parsed {
                record: Record::Pairs { pairs: vec![("a".into(), "".into())] },
                errors: Vec::new(),
            },
            Answer::Failure { reason: "TypeError: Invalid URL".into(), errors: vec![] },
            Answer::NoOpinion,
        ];
        for kind in kinds {
            for base in [None, Some("http://b/")] {
                let case =
                    Case { input: long.clone(), base: base.map(Into::into), kind: kind.clone() };
                for answer in &answers {
                    round_trip(&case, answer);
                }
            }
        }
    }

    #[test]
    fn a_damaged_string_or_tag_is_an_error() {
        let mut bytes = Vec::new();
        encode_answer(
            &mut bytes,
            &Answer::Parsed { record: Record::Text { value: "é".into() }, errors: vec![] },
        );
        // [0, 2, len 2, 0xC3, 0xA9, 0]: the first byte of "é" replaced makes it invalid UTF-8.
        let mut bad = bytes.clone();
        bad[3] = 0xFF;
        assert_eq!(decode_answer(&bad), Err(Malformed("a string not UTF-8")));
        let mut bad = bytes.clone();
        bad[0] = 9;
        assert_eq!(decode_answer(&bad), Err(Malformed("an unknown answer tag")));
        let mut bad = bytes;
        bad.push(0);
        assert_eq!(decode_answer(&bad), Err(Malformed("bytes after the answer")));
    }
}
