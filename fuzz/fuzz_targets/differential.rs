//! `differential`: see `urldiff_fuzz::checks::differential`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    urldiff_fuzz::fuzz_one(&urldiff_fuzz::checks::DIFFERENTIAL, data);
});
