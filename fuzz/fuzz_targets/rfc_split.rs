//! `rfc_split`: see `urldiff_fuzz::checks::rfc_split`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    urldiff_fuzz::fuzz_one(&urldiff_fuzz::checks::RFC_SPLIT, data);
});
