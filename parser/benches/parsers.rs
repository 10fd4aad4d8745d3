//! `new URL(input, base)` in each of the three parsers, the same work for all three: the base
//! string (when there is one) is parsed, then the input against it, then the href is read
//! (ada's Rust API only takes a base as a string). Shared by `throughput.rs` and the fuzz
//! workspace's `differential_rate` bench, which include this file by path.

use std::hint::black_box;

/// A case: an input and the base it is parsed against.
pub type Case = (String, Option<String>);
/// Runs the whole corpus through one parser; returns how many cases parsed.
pub type Runner = fn(&[Case]) -> usize;

pub fn reference(cases: &[Case]) -> usize {
    let mut ok = 0;
    for (input, base) in cases {
        let base = match base {
            Some(b) => match urldiff_parser::Url::parse(b, None) {
                Ok(b) => Some(b),
                Err(_) => continue,
            },
            None => None,
        };
        if let Ok(url) = urldiff_parser::Url::parse(input, base.as_ref()) {
            ok += black_box(url.href().len()) & 1 | 1;
        }
    }
    ok
}

pub fn rust_url(cases: &[Case]) -> usize {
    let mut ok = 0;
    for (input, base) in cases {
        let parsed = match base {
            Some(b) => url::Url::parse(b).and_then(|b| b.join(input)),
            None => url::Url::parse(input),
        };
        if let Ok(url) = parsed {
            ok += black_box(url.as_str().len()) & 1 | 1;
        }
    }
    ok
}

pub fn ada(cases: &[Case]) -> usize {
    let mut ok = 0;
    for (input, base) in cases {
        if let Ok(url) = ada_url::Url::parse(input.as_str(), base.as_deref()) {
            ok += black_box(url.href().len()) & 1 | 1;
        }
    }
    ok
}
