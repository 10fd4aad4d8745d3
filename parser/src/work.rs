//! Work counting for the linear-time tests (issue 8: every algorithm stays linear in its
//! input).
//!
//! Each loop whose cost per input byte is not constant by construction — the state machine's
//! steps, the runs it takes at once, the scans back over the path when a `..` shortens it,
//! `remove_dot_segments`' buffers, RFC 2396's segment rewriting, the grammar check's passes,
//! the host parser, percent-coding, the setters' reassembly — calls [`tally`] with the units
//! of work it did (steps, bytes scanned, segments moved). The tests below run long inputs of
//! hostile shapes (`benches/long_shapes.rs`, shared with the `long_inputs` bench) in every
//! mode at two sizes and check that ten times the input costs at most about ten times the
//! work: a quadratic step would cost a hundred times. Timings are never asserted.
//!
//! Outside `cfg(test)`, [`tally`] compiles to nothing. A new loop that may rescan its input
//! should tally too, or these tests cannot see it.

#[cfg(test)]
thread_local! {
    static UNITS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Count `units` of work (in tests; nothing otherwise).
#[inline(always)]
pub(crate) fn tally(units: usize) {
    #[cfg(test)]
    UNITS.with(|u| u.set(u.get() + units as u64));
    #[cfg(not(test))]
    let _ = units;
}

/// The units of work `f` tallies.
#[cfg(test)]
pub(crate) fn measure(f: impl FnOnce()) -> u64 {
    UNITS.with(|u| u.set(0));
    f();
    UNITS.with(std::cell::Cell::get)
}

#[cfg(test)]
mod tests {
    use super::measure;
    use crate::long_shapes::{Shape, SHAPES};
    use crate::{rfc2396, rfc3986, Attribute, Url};

    const SMALL: usize = 4_000;
    const LARGE: usize = 10 * SMALL;

    /// Everything one mode does with an input, as the `long_inputs` bench runs it.
    fn whatwg(input: &str, base: Option<&str>) {
        let base = base.map(|b| Url::parse(b, None).expect("base parses"));
        let _ = Url::parse_with_errors(input, base.as_ref());
    }

    fn rfc3986_all(input: &str) {
        let reference = rfc3986::split(input);
        let _ = rfc3986::check(input, rfc3986::Rule::UriReference);
        let base = rfc3986::split("http://a/b/c/d;p?q");
        for strict in [true, false] {
            let _ = rfc3986::normalize(&rfc3986::resolve(&base, &reference, strict));
        }
    }

    fn rfc2396_all(input: &str) {
        let reference = rfc3986::split(input);
        let base = rfc3986::split("http://a/b/c/d;p?q");
        for strict in [true, false] {
            let _ = rfc2396::resolve_with(&base, &reference, strict);
        }
    }

    /// Work at `LARGE` bytes is at most 12 times the work at `SMALL` (10 times the bytes).
    fn assert_linear(what: &str, run: impl Fn(usize) -> u64) {
        let (small, large) = (run(SMALL), run(LARGE));
        assert!(small > 0, "{what}: nothing tallied");
        assert!(large <= 12 * small, "{what}: {small} units at {SMALL} bytes, {large} at {LARGE}");
    }

    fn shape_work(shape: &Shape, mode: &str, bytes: usize) -> u64 {
        let (input, base) = shape.build(mode == "whatwg", bytes);
        measure(|| match mode {
            "whatwg" => whatwg(&input, base),
            "rfc3986" => rfc3986_all(&input),
            _ => rfc2396_all(&input),
        })
    }

    #[test]
    fn every_mode_is_linear_on_every_hostile_shape() {
        for shape in SHAPES {
            for mode in ["whatwg", "rfc3986", "rfc2396"] {
                let what = format!("{:?} in {mode}", shape.name);
                assert_linear(&what, |bytes| shape_work(shape, mode, bytes));
            }
        }
    }

    #[test]
    fn every_setter_is_linear_in_its_value() {
        let url = Url::parse("http://u:p@h:1/p?q#f", None).expect("parses");
        for &attribute in Attribute::ALL.iter().filter(|a| a.is_settable()) {
            for unit in ["a/../", "%", "€", ":", "\\..", "1."] {
                assert_linear(&format!("{attribute} = {unit:?} repeated"), |bytes| {
                    let value = unit.repeat(bytes / unit.len());
                    measure(|| {
                        let _ = url.clone().set_attribute(attribute, &value);
                    })
                });
            }
        }
    }

    #[test]
    fn form_urlencoded_is_linear() {
        for unit in ["%", "&", "=", "+", "a=%€&", "%4"] {
            assert_linear(&format!("form-urlencoded {unit:?} repeated"), |bytes| {
                let input = unit.repeat(bytes / unit.len());
                measure(|| {
                    let pairs = crate::form_urlencoded::parse(input.as_bytes());
                    let _ = crate::form_urlencoded::serialize(&pairs);
                })
            });
        }
    }

    #[test]
    fn a_quadratic_loop_would_be_seen() {
        // The check itself can fail: a loop that rescans everything so far at every byte.
        let quadratic = |bytes: usize| {
            measure(|| {
                for i in 0..bytes {
                    super::tally(i);
                }
            })
        };
        let failed = std::panic::catch_unwind(|| assert_linear("quadratic", quadratic));
        assert!(failed.is_err());
    }
}
