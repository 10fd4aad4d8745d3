//! Delta debugging on code-point boundaries, with a round's candidates asked as one batch.
//!
//! [`shrink`] removes chunks of one part (input or base): chunk size starts at half the length;
//! every chunk's removal is one candidate and a round tests them all at once. When some can go,
//! [`pick_union`] keeps as many of them as hold together (the union of all, else the larger
//! half that holds, recursively), and the round repeats at the same size; when none can go the
//! size halves, down to single code points. [`remove_one`] is the final 1-minimality check.

use super::eval::Evaluator;
use super::{Candidate, Part};
use crate::ask::{AskError, Request};
use std::ops::Range;

/// `chars` without the given ranges (sorted, non-overlapping).
fn without(chars: &[char], ranges: &[&Range<usize>]) -> Vec<char> {
    let mut out = Vec::with_capacity(chars.len());
    let mut at = 0;
    for r in ranges {
        out.extend_from_slice(&chars[at..r.start]);
        at = r.end;
    }
    out.extend_from_slice(&chars[at..]);
    out
}

/// Shrink one part of `current` by chunk removal; returns the smallest candidate that holds.
pub(crate) fn shrink(
    ev: &mut Evaluator,
    mut current: Candidate,
    part: Part,
) -> Result<Candidate, AskError> {
    let Some(chars) = current.part(part) else { return Ok(current) };
    let mut size = chars.len().div_ceil(2).max(1);
    while !ev.exhausted {
        let chars = current.part(part).unwrap_or_default().to_vec();
        if chars.is_empty() {
            break;
        }
        size = size.min(chars.len());
        let chunks: Vec<Range<usize>> =
            (0..chars.len()).step_by(size).map(|i| i..(i + size).min(chars.len())).collect();
        let build = |picked: &[usize]| {
            let ranges: Vec<&Range<usize>> = picked.iter().map(|&i| &chunks[i]).collect();
            current.with_part(part, without(&chars, &ranges)).request()
        };
        let singles: Vec<Request> = (0..chunks.len()).map(|i| build(&[i])).collect();
        let holding: Vec<usize> =
            ev.test(&singles)?.iter().enumerate().filter(|(_, ok)| **ok).map(|(i, _)| i).collect();
        if holding.is_empty() {
            if size == 1 {
                break;
            }
            size = size.div_ceil(2).max(1).min(size - 1);
            continue;
        }
        let picked = pick_union(ev, &holding, &build)?;
        let ranges: Vec<&Range<usize>> = picked.iter().map(|&i| &chunks[i]).collect();
        current = current.with_part(part, without(&chars, &ranges));
    }
    Ok(current)
}

/// Of `holding` (changes that each keep the signature on their own), the largest set found
/// that keeps it together: all of them, else the larger holding half, else recurse into the
/// first half. Each step asks its (at most three) candidates as one batch.
pub(crate) fn pick_union(
    ev: &mut Evaluator,
    holding: &[usize],
    build: &dyn Fn(&[usize]) -> Request,
) -> Result<Vec<usize>, AskError> {
    let mut set = holding.to_vec();
    loop {
        if set.len() == 1 {
            return Ok(set);
        }
        let (first, second) = set.split_at(set.len() / 2);
        let ok = ev.test(&[build(&set), build(first), build(second)])?;
        if ok[0] {
            return Ok(set);
        }
        set = match (ok[1], ok[2]) {
            (true, true) if second.len() > first.len() => second.to_vec(),
            (true, _) => first.to_vec(),
            (false, true) => second.to_vec(),
            (false, false) => first.to_vec(),
        };
        if ok[1] || ok[2] {
            return Ok(set);
        }
    }
}

/// Try removing each single code point of the input and of the base (one batch); the
/// candidate with the most removals that hold together, or `None` when `current` is 1-minimal.
pub(crate) fn remove_one(
    ev: &mut Evaluator,
    current: &Candidate,
) -> Result<Option<Candidate>, AskError> {
    let mut singles: Vec<(Part, usize)> =
        (0..current.input.len()).map(|i| (Part::Input, i)).collect();
    singles.extend((0..current.base.as_ref().map_or(0, Vec::len)).map(|i| (Part::Base, i)));
    let build = |picked: &[usize]| {
        let mut next = current.clone();
        for part in [Part::Input, Part::Base] {
            let Some(chars) = current.part(part) else { continue };
            let ranges: Vec<Range<usize>> = picked
                .iter()
                .filter(|&&k| singles[k].0 == part)
                .map(|&k| singles[k].1..singles[k].1 + 1)
                .collect();
            let refs: Vec<&Range<usize>> = ranges.iter().collect();
            next = next.with_part(part, without(chars, &refs));
        }
        next
    };
    let requests: Vec<Request> = (0..singles.len()).map(|k| build(&[k]).request()).collect();
    let holding: Vec<usize> =
        ev.test(&requests)?.iter().enumerate().filter(|(_, ok)| **ok).map(|(k, _)| k).collect();
    if holding.is_empty() {
        return Ok(None);
    }
    let picked = pick_union(ev, &holding, &|p: &[usize]| build(p).request())?;
    Ok(Some(build(&picked)))
}
