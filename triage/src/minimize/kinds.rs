//! The readability pass, in the spirit of Go's fuzz minimizer: every code point is rewritten
//! to the simplest code point of its *kind*, a change kept only when the signature holds.
//!
//! Kinds are the rows of [`KINDS`] (first matching row wins): each says which code points it
//! holds and its simplest members, simplest first. A code point is tried against the members
//! listed before itself (so `a` stays `a`, and `b` is tried as `a` only); a code point of no
//! kind — punctuation that carries URL structure, unassigned code points, marks — is left as
//! it is. Rewrites of one round are asked as one batch and kept together when they hold
//! together ([`super::ddmin::pick_union`]).

use super::ddmin::pick_union;
use super::eval::Evaluator;
use super::{Candidate, Part};
use crate::ask::AskError;

/// One kind of code point and its simplest members.
#[derive(Debug)]
pub struct CodePointKind {
    pub name: &'static str,
    pub matches: fn(char) -> bool,
    /// Simplest first; a rewrite tries these in order, up to the code point itself.
    pub simplest: &'static [char],
}

fn utf8_len_is(c: char, n: usize) -> bool {
    c.len_utf8() == n
}

fn is_noncharacter(c: char) -> bool {
    let v = c as u32;
    (0xFDD0..=0xFDEF).contains(&v) || v & 0xFFFE == 0xFFFE
}

fn is_private_use(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF_0000..=0xF_FFFD | 0x10_0000..=0x10_FFFD)
}

/// Every kind, first match wins.
pub const KINDS: &[CodePointKind] = &[
    CodePointKind {
        name: "ascii-lowercase-letter",
        matches: |c| c.is_ascii_lowercase(),
        simplest: &['a', 'b'],
    },
    // Lowercase first: readable when case does not matter; `A` when it does.
    CodePointKind {
        name: "ascii-uppercase-letter",
        matches: |c| c.is_ascii_uppercase(),
        simplest: &['a', 'A', 'B'],
    },
    // `0` second: IPv4 number forms (`0x`, leading zeros) need it.
    CodePointKind { name: "ascii-digit", matches: |c| c.is_ascii_digit(), simplest: &['1', '0'] },
    CodePointKind {
        name: "tab-or-newline",
        matches: |c| matches!(c, '\t' | '\n' | '\r'),
        simplest: &['\t'],
    },
    CodePointKind {
        name: "c0-control",
        matches: |c| c.is_ascii_control() && c != '\u{7f}',
        simplest: &['\u{1}'],
    },
    CodePointKind {
        name: "del-or-c1-control",
        matches: |c| matches!(c, '\u{7f}'..='\u{9f}'),
        simplest: &['\u{7f}'],
    },
    CodePointKind {
        name: "non-ascii-space",
        matches: |c| !c.is_ascii() && c.is_whitespace(),
        simplest: &['\u{a0}'],
    },
    // IDNA maps these to `.`: U+3002 IDEOGRAPHIC FULL STOP, U+FF0E, U+FF61.
    CodePointKind {
        name: "idna-full-stop",
        matches: |c| matches!(c, '\u{3002}' | '\u{ff0e}' | '\u{ff61}'),
        simplest: &['\u{3002}'],
    },
    CodePointKind {
        name: "fullwidth-letter",
        matches: |c| matches!(c, '\u{ff21}'..='\u{ff3a}' | '\u{ff41}'..='\u{ff5a}'),
        simplest: &['\u{ff41}'],
    },
    CodePointKind {
        name: "fullwidth-digit",
        matches: |c| matches!(c, '\u{ff10}'..='\u{ff19}'),
        simplest: &['\u{ff11}'],
    },
    CodePointKind { name: "noncharacter", matches: is_noncharacter, simplest: &['\u{fdd0}'] },
    CodePointKind { name: "private-use", matches: is_private_use, simplest: &['\u{e000}'] },
    // Non-ASCII letters by UTF-8 width (2: Latin, Greek, Cyrillic, Hebrew, Arabic, …;
    // 3: the rest of the BMP; 4: the supplementary planes).
    CodePointKind {
        name: "non-ascii-letter-2-bytes",
        matches: |c| !c.is_ascii() && c.is_alphabetic() && utf8_len_is(c, 2),
        simplest: &['\u{e9}'],
    },
    CodePointKind {
        name: "non-ascii-letter-3-bytes",
        matches: |c| c.is_alphabetic() && utf8_len_is(c, 3),
        simplest: &['\u{4e00}'],
    },
    CodePointKind {
        name: "non-ascii-letter-4-bytes",
        matches: |c| c.is_alphabetic() && utf8_len_is(c, 4),
        simplest: &['\u{20000}'],
    },
];

/// The kind of a code point, if any.
pub fn kind_of(c: char) -> Option<&'static CodePointKind> {
    KINDS.iter().find(|k| (k.matches)(c))
}

/// The rewrites to try for `c`, simplest first (none when `c` is already the simplest).
fn options(c: char) -> &'static [char] {
    let Some(kind) = kind_of(c) else { return &[] };
    let end = kind.simplest.iter().position(|&s| s == c).unwrap_or(kind.simplest.len());
    &kind.simplest[..end]
}

/// A pending rewrite: the code point at `pos` of `part`, to try as its `option`-th simplest.
#[derive(Clone, Copy, Debug)]
struct Pending {
    part: Part,
    pos: usize,
    option: usize,
}

fn rewritten(current: &Candidate, rewrites: &[(Part, usize, char)]) -> Candidate {
    let mut next = current.clone();
    for &(part, pos, c) in rewrites {
        match part {
            Part::Input => next.input[pos] = c,
            Part::Base => {
                if let Some(base) = next.base.as_mut() {
                    base[pos] = c;
                }
            }
        }
    }
    next
}

/// The readability pass over input and base (see the module documentation).
pub(crate) fn simplify(ev: &mut Evaluator, mut current: Candidate) -> Result<Candidate, AskError> {
    let mut pending: Vec<Pending> = Vec::new();
    for part in [Part::Input, Part::Base] {
        for (pos, &c) in current.part(part).unwrap_or_default().iter().enumerate() {
            if !options(c).is_empty() {
                pending.push(Pending { part, pos, option: 0 });
            }
        }
    }
    while !pending.is_empty() && !ev.exhausted {
        let char_at = |p: &Pending| current.part(p.part).map(|s| s[p.pos]).unwrap_or(' ');
        let change = |p: &Pending| (p.part, p.pos, options(char_at(p))[p.option]);
        let changes: Vec<(Part, usize, char)> = pending.iter().map(change).collect();
        let requests: Vec<_> =
            changes.iter().map(|c| rewritten(&current, &[*c]).request()).collect();
        let ok = ev.test(&requests)?;
        let holding: Vec<usize> = (0..ok.len()).filter(|&i| ok[i]).collect();
        let mut applied: Vec<usize> = Vec::new();
        if !holding.is_empty() {
            let build = |picked: &[usize]| {
                let chosen: Vec<_> = picked.iter().map(|&i| changes[i]).collect();
                rewritten(&current, &chosen).request()
            };
            applied = pick_union(ev, &holding, &build)?;
            let chosen: Vec<_> = applied.iter().map(|&i| changes[i]).collect();
            current = rewritten(&current, &chosen);
        }
        let mut next = Vec::new();
        for (i, mut p) in pending.into_iter().enumerate() {
            if applied.contains(&i) {
                continue;
            }
            if !ok[i] {
                p.option += 1;
            }
            let c = current.part(p.part).map(|s| s[p.pos]).unwrap_or(' ');
            if p.option < options(c).len() {
                next.push(p);
            }
        }
        pending = next;
    }
    Ok(current)
}
