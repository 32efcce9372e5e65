//! Writes the seed corpus of every fuzz target into `<dir>/<target>/` (default `corpus/`),
//! one file per seed named by its index, so `cargo fuzz run` starts from the conformance inputs.

use std::fs;
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "corpus".into()));
    for (name, _) in fuzz_checks::TARGETS {
        let target_dir = dir.join(name);
        fs::create_dir_all(&target_dir).unwrap_or_else(|e| panic!("{}: {e}", target_dir.display()));
        let seeds = fuzz_checks::seeds::seeds(name);
        for (i, seed) in seeds.iter().enumerate() {
            let path = target_dir.join(format!("seed-{i:04}"));
            fs::write(&path, seed).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        println!("{name}: {} seeds in {}", seeds.len(), target_dir.display());
    }
}
