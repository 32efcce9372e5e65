//! libFuzzer entry point; the checks are [`fuzz_checks::extract_images`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::extract_images(data));
