//! libFuzzer entry point; the checks are [`fuzz_checks::fit_image`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::fit_image(data));
