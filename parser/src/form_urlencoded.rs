//! application/x-www-form-urlencoded and the URLSearchParams operations.
//!
//! <https://url.spec.whatwg.org/#application/x-www-form-urlencoded>
//!
//! [`parse`] and [`serialize`] are the spec's parser and serializer; [`UrlSearchParams`] is
//! the URLSearchParams class's list and its methods, without the association with a URL
//! object (a caller that has one runs the spec's "update steps" itself after a change).

use crate::percent;
use std::fmt;

/// <https://url.spec.whatwg.org/#concept-urlencoded-parser>
pub fn parse(input: &[u8]) -> Vec<(String, String)> {
    crate::work::tally(input.len());
    // "Let sequences be the result of splitting input on 0x26 (&)."
    // "Let output be an initially empty list of name-value tuples where both name and value
    // hold a string."
    let mut output = Vec::new();
    // "For each byte sequence bytes in sequences:"
    for bytes in input.split(|&b| b == b'&') {
        // "If bytes is the empty byte sequence, then continue."
        if bytes.is_empty() {
            continue;
        }
        // "If bytes contains a 0x3D (=), then let name be the bytes from the start of bytes
        // up to but excluding its first 0x3D (=), and let value be the bytes, if any, after
        // the first 0x3D (=) up to the end of bytes. [...]"
        // "Otherwise, let name have the value of bytes and let value be the empty byte
        // sequence."
        let (name, value) = match bytes.iter().position(|&b| b == b'=') {
            Some(i) => (&bytes[..i], &bytes[i + 1..]),
            None => (bytes, &[][..]),
        };
        // "Replace any 0x2B (+) in name and value with 0x20 (SP)."
        // "Let nameString and valueString be the result of running UTF-8 decode without BOM
        // on the percent-decoding of name and value, respectively."
        // "Append (nameString, valueString) to output."
        output.push((decode_component(name), decode_component(value)));
    }
    // "Return output."
    output
}

/// One name or value of the parser: `+` to space, percent-decode, UTF-8 decode without BOM.
fn decode_component(bytes: &[u8]) -> String {
    let plus_as_space: Vec<u8> = bytes.iter().map(|&b| if b == b'+' { b' ' } else { b }).collect();
    let decoded = percent::percent_decode(&plus_as_space);
    match String::from_utf8(decoded) {
        Ok(string) => string,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// <https://url.spec.whatwg.org/#concept-urlencoded-serializer> (with encoding UTF-8).
pub fn serialize(pairs: &[(String, String)]) -> String {
    serialize_pairs(pairs.iter().map(|(name, value)| (name.as_str(), value.as_str())))
}

fn serialize_pairs<'a>(tuples: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    // "Let output be the empty string."
    let mut output = String::new();
    // "For each tuple of tuples:"
    for (i, (name, value)) in tuples.enumerate() {
        // "Let name be the result of running percent-encode after encoding with encoding,
        // tuple's name, the application/x-www-form-urlencoded percent-encode set, and true."
        // "Let value be [the same for] tuple's value [...]."
        // "If output is not the empty string, then append U+0026 (&) to output."
        // (Checked by position: a first tuple with an empty name and value serializes as
        // "=", so output is never empty after a tuple.)
        if i != 0 {
            output.push('&');
        }
        // "Append name, followed by U+003D (=), followed by value, to output."
        push_form_encoded(&mut output, name);
        output.push('=');
        push_form_encoded(&mut output, value);
    }
    // "Return output."
    output
}

/// <https://url.spec.whatwg.org/#string-percent-encode-after-encoding> with UTF-8, the
/// application/x-www-form-urlencoded percent-encode set and spaceAsPlus true, appended to
/// `out`.
fn push_form_encoded(out: &mut String, input: &str) {
    crate::work::tally(input.len());
    // For each byte of the UTF-8 encoding of input:
    for &byte in input.as_bytes() {
        // "If spaceAsPlus is true and byte is 0x20 (SP), then append U+002B (+) to output
        // and continue."
        if byte == b' ' {
            out.push('+');
        }
        // "Let isomorph be a code point whose value is byte's value." "Assert:
        // percentEncodeSet includes all non-ASCII code points." "If isomorph is not in
        // percentEncodeSet, then append isomorph to output." "Otherwise, percent-encode
        // byte and append the result to output."
        else if percent::FORM_URLENCODED.contains(byte) {
            percent::push_percent_encoded_byte(out, byte);
        } else {
            out.push(char::from(byte));
        }
    }
}

/// <https://url.spec.whatwg.org/#interface-urlsearchparams>: a URLSearchParams object's
/// list of name-value pairs and its methods.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlSearchParams {
    list: Vec<(String, String)>,
}

impl UrlSearchParams {
    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams> with a string:
    /// "If init is a string and starts with U+003F (?), then remove the first code point
    /// from init." Then "set query's list to the result of parsing init".
    pub fn new(init: &str) -> Self {
        let init = init.strip_prefix('?').unwrap_or(init);
        UrlSearchParams { list: parse(init.as_bytes()) }
    }

    /// The constructor with a sequence of pairs (or a record): append each pair in order.
    /// (Pairs of any other length, which the constructor rejects with a TypeError, cannot
    /// be expressed here.)
    pub fn from_pairs<I, N, V>(pairs: I) -> Self
    where
        I: IntoIterator<Item = (N, V)>,
        N: Into<String>,
        V: Into<String>,
    {
        let list = pairs.into_iter().map(|(name, value)| (name.into(), value.into())).collect();
        UrlSearchParams { list }
    }

    /// The list of name-value pairs, in order.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.list
    }

    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-size>: "return this's list's size."
    pub fn size(&self) -> usize {
        self.list.len()
    }

    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-append>: "Append (name, value) to
    /// this's list."
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push((name.to_owned(), value.to_owned()));
    }

    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-delete>
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        match value {
            // "If value is given, then remove all tuples whose name is name and value is
            // value from this's list."
            Some(value) => self.list.retain(|(n, v)| !(n == name && v == value)),
            // "Otherwise, remove all tuples whose name is name from this's list."
            None => self.list.retain(|(n, _)| n != name),
        }
    }

    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-get>: "the value of the first tuple
    /// whose name is name in this's list, if there is such a tuple; otherwise null."
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-getall>: "the values of all tuples
    /// whose name is name in this's list, in list order; otherwise the empty sequence."
    pub fn get_all(&self, name: &str) -> Vec<&str> {
        self.list.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect()
    }

    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-has>
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        match value {
            // "If value is given and there is a tuple whose name is name and value is value
            // in this's list, then return true."
            Some(value) => self.list.iter().any(|(n, v)| n == name && v == value),
            // "If value is not given and there is a tuple whose name is name in this's list,
            // then return true." "Return false."
            None => self.list.iter().any(|(n, _)| n == name),
        }
    }

    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-set>
    pub fn set(&mut self, name: &str, value: &str) {
        // "If this's list contains any tuples whose name is name, then set the value of the
        // first such tuple to value and remove the others."
        if let Some(first) = self.list.iter().position(|(n, _)| n == name) {
            self.list[first].1 = value.to_owned();
            let mut index = 0;
            self.list.retain(|(n, _)| {
                let keep = index <= first || n != name;
                index += 1;
                keep
            });
        }
        // "Otherwise, append (name, value) to this's list."
        else {
            self.append(name, value);
        }
    }

    /// <https://url.spec.whatwg.org/#dom-urlsearchparams-sort>: "Sort all tuples in this's
    /// list, if any, by their names. Sorting must be done by comparison of code units. The
    /// relative order between tuples with equal names must be preserved."
    pub fn sort(&mut self) {
        // `sort_by` is stable. Names compare as sequences of UTF-16 code units, which
        // differs from UTF-8 (code point) order above U+FFFF.
        self.list.sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
    }
}

/// <https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior>: "return the
/// serialization of this's list."
impl fmt::Display for UrlSearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serialize(&self.list))
    }
}

#[cfg(test)]
mod tests;
