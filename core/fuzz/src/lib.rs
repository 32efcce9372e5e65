//! The checks behind each fuzz target, as plain functions that panic on a violated property.
//!
//! libFuzzer calls them from `fuzz_targets/`; `tests/replay.rs` calls them on the seed corpus
//! (built from the conformance fixtures and images by [`seeds`]) and on every input pinned in
//! `regressions/<target>/`, so a stable `cargo test` proves the properties still hold.

pub mod alloc;
pub mod convert;
pub mod json;
pub mod memory;
pub mod options;
pub mod seeds;

mod images;

pub use convert::{convert, extract_images};
pub use images::fit_image;
pub use json::json_parse;

/// The check of one fuzz target: panics when a property fails for the input.
pub type Check = fn(&[u8]);

/// The fuzz targets, by name (as in `fuzz_targets/` and `regressions/`).
pub const TARGETS: &[(&str, Check)] = &[
    ("json_parse", json_parse),
    ("convert", convert),
    ("extract_images", extract_images),
    ("fit_image", fit_image),
];

/// Runs the check of the target called `name` on `data`.
pub fn run(name: &str, data: &[u8]) {
    let (_, check) = TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no fuzz target {name:?}"));
    check(data)
}
