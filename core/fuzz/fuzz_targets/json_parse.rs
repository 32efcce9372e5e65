//! libFuzzer entry point; the checks are [`fuzz_checks::json_parse`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::json_parse(data));
