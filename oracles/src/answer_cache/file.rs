//! One oracle's cache file, `<identity>.answers`, and the table it is read into.
//!
//! The file is a magic line, the format number, a CRC-32 of the rest, a JSON header (format,
//! oracle, identity, the oracle's info) and then its entries, each a length-prefixed case and a
//! length-prefixed answer in [`codec`](super::codec)'s encoding. Reading takes the file in one
//! allocation and indexes its cases by a hash of their bytes; an answer is decoded only when it
//! is asked for, and an entry is written back byte for byte when the file is saved again. A file
//! whose checksum, header or entries do not hold is an error: the caller ignores it.

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::codec::{self, ByteCursor, Malformed};
use crate::model::{Answer, Case, OracleInfo};

/// The first bytes of every cache file.
pub const MAGIC: &[u8; 16] = b"urldiff answers\n";

/// The version of the file format; another one is ignored.
pub const FORMAT: u32 = 2;

/// The file's name suffix.
pub const EXTENSION: &str = "answers";

/// The header: whose answers these are.
#[derive(Debug, Serialize, Deserialize)]
pub struct Header {
    pub format: u32,
    pub oracle: String,
    pub identity: String,
    pub info: OracleInfo,
}

/// Why a file is not read.
#[derive(Debug)]
pub enum Unreadable {
    /// Not a cache file, or a damaged one.
    Damaged(String),
    /// A cache file of another format (its number).
    Format(u32),
}

/// A fast hash: the index is in memory only, and a case is compared whole before its answer
/// is used.
type Hasher = rustc_hash::FxBuildHasher;

/// A file's entries: its bytes, and each case's hash to the ranges of its case and answer.
#[derive(Debug, Default)]
pub struct AnswerIndex {
    bytes: Vec<u8>,
    index: HashMap<u64, Entry, Hasher>,
}

#[derive(Debug, Clone)]
struct Entry {
    case: Range<usize>,
    answer: Range<usize>,
}

/// The key a case is looked up by: the hash of its encoding.
pub fn case_hash(encoded: &[u8]) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(encoded)
}

impl AnswerIndex {
    pub fn len(&self) -> usize {
        self.index.len()
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The answer to `case`, given its encoding (`scratch` is reused for it). `Err` when the
    /// stored answer does not decode (damage the checksum missed).
    pub fn get(&self, case: &Case, scratch: &mut Vec<u8>) -> Result<Option<Answer>, Malformed> {
        scratch.clear();
        codec::encode_case(scratch, case);
        let Some(entry) = self.index.get(&case_hash(scratch)) else { return Ok(None) };
        // Two cases with one hash: the second was never stored, and is asked.
        if self.bytes[entry.case.clone()] != scratch[..] {
            return Ok(None);
        }
        codec::decode_answer(&self.bytes[entry.answer.clone()]).map(Some)
    }

    /// Whether `hash` is taken (by this case or another).
    pub fn holds(&self, hash: u64) -> bool {
        self.index.contains_key(&hash)
    }

    /// Each entry's encoded case and answer, for writing them back.
    pub fn entries(&self) -> impl Iterator<Item = (&[u8], &[u8])> {
        self.index.values().map(|e| (&self.bytes[e.case.clone()], &self.bytes[e.answer.clone()]))
    }
}

/// Parse a whole file: its header and its table.
pub fn parse(bytes: Vec<u8>) -> Result<(Header, AnswerIndex), Unreadable> {
    let damaged = |why: &str| Unreadable::Damaged(why.to_owned());
    let Some(rest) = bytes.strip_prefix(MAGIC) else {
        return Err(damaged("not a urldiff answer file"));
    };
    let word = |at: usize| rest.get(at..at + 4).map(|w| u32::from_le_bytes(w.try_into().unwrap()));
    let format = word(0).ok_or_else(|| damaged("cut short"))?;
    if format != FORMAT {
        return Err(Unreadable::Format(format));
    }
    let crc = word(4).ok_or_else(|| damaged("cut short"))?;
    let body_start = MAGIC.len() + 8;
    if crc32fast::hash(&bytes[body_start..]) != crc {
        return Err(damaged("checksum mismatch"));
    }
    let mut r = ByteCursor::new(&bytes[body_start..]);
    let header_json = r.block().map_err(|e| damaged(e.0))?;
    let header: Header =
        serde_json::from_slice(header_json).map_err(|e| Unreadable::Damaged(e.to_string()))?;
    let index = index_entries(&bytes, bytes.len() - r.remaining()).map_err(|e| damaged(e.0))?;
    Ok((header, AnswerIndex { bytes, index }))
}

/// The entries from `start` to the end, indexed (a case whose hash is taken is left out).
fn index_entries(bytes: &[u8], start: usize) -> Result<HashMap<u64, Entry, Hasher>, Malformed> {
    let mut index = HashMap::default();
    let mut r = ByteCursor::new(&bytes[start..]);
    while !r.is_empty() {
        let case = r.block()?;
        let case_end = bytes.len() - r.remaining();
        let answer = r.block()?;
        let answer_end = bytes.len() - r.remaining();
        let entry = Entry {
            case: case_end - case.len()..case_end,
            answer: answer_end - answer.len()..answer_end,
        };
        index.entry(case_hash(case)).or_insert(entry);
    }
    Ok(index)
}

/// The bytes of a file: `header`, the entries of `old`, then `fresh` (each an encoded case
/// and its encoded answer).
pub fn render<'a>(
    header: &Header,
    old: &AnswerIndex,
    fresh: impl Iterator<Item = &'a (Vec<u8>, Vec<u8>)>,
) -> Vec<u8> {
    let json = serde_json::to_vec(header).expect("a header serializes");
    let mut body = Vec::with_capacity(old.bytes.len() + json.len() + 64);
    codec::put_varint(&mut body, json.len() as u64);
    body.extend_from_slice(&json);
    let mut put = |case: &[u8], answer: &[u8]| {
        codec::put_varint(&mut body, case.len() as u64);
        body.extend_from_slice(case);
        codec::put_varint(&mut body, answer.len() as u64);
        body.extend_from_slice(answer);
    };
    for (case, answer) in old.entries() {
        put(case, answer);
    }
    for (case, answer) in fresh {
        put(case, answer);
    }
    let mut bytes = Vec::with_capacity(MAGIC.len() + 8 + body.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT.to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
    bytes.extend_from_slice(&body);
    bytes
}
