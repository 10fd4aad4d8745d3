//! `validity`: see `urldiff_fuzz::checks::validity`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    urldiff_fuzz::fuzz_one(&urldiff_fuzz::checks::VALIDITY, data);
});
