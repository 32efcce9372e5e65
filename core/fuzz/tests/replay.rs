//! Replays, on the stable toolchain without sanitizers, every fuzz target's seed corpus (built
//! from the conformance fixtures and images) and every input pinned in `regressions/<target>/`.

use std::fs;
use std::path::Path;

fn replay(name: &str) {
    let seeds = fuzz_checks::seeds::seeds(name);
    assert!(!seeds.is_empty(), "no seeds for {name}");
    for seed in &seeds {
        fuzz_checks::run(name, seed);
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions").join(name);
    let Ok(entries) = fs::read_dir(&dir) else { return };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        eprintln!("replaying {}", path.display());
        fuzz_checks::run(name, &data);
    }
}

#[test]
fn json_parse() {
    replay("json_parse");
}

#[test]
fn convert() {
    replay("convert");
}

#[test]
fn extract_images() {
    replay("extract_images");
}

#[test]
fn fit_image() {
    replay("fit_image");
}
