//! The full memory-bound measurement (`make memory-bounds`): peak heap per conversion of a
//! 100 MB result (text; an image over the default caps), 1,000,000 blocks, 100,000-deep
//! nesting and image headers claiming more than 50 MP, for every target: `memory::scenarios` at
//! full size. Prints a Markdown table and fails when a bound is broken (the bounds are the ones
//! `tests/memory.rs` asserts at test size).

use std::time::Instant;

use fuzz_checks::alloc::Counting;
use fuzz_checks::memory::{self, Bound, Figure, Scenario, Size};
use mcp_tool_result::Target;

#[global_allocator]
static ALLOC: Counting = Counting;

fn main() {
    let scenarios = memory::scenarios(Size::Full);
    println!("| scenario | target | input bytes | peak heap bytes | peak − input | largest allocation | output bytes | result | seconds |");
    println!("|---|---|---:|---:|---:|---:|---:|---|---:|");
    let mut broken = Vec::new();
    let mut summary = Vec::new();
    for Scenario { name, bound, input } in &scenarios {
        let mut figures = Vec::new();
        for target in Target::ALL {
            let start = Instant::now();
            let figure = memory::run(name, target.name(), input);
            let seconds = start.elapsed().as_secs_f64();
            row(&figure, seconds);
            broken.extend(memory::violations(&figure, *bound));
            figures.push((figure, seconds));
        }
        summary.push(summarize(name, *bound, &figures));
    }
    println!("\n| scenario | input bytes | peak heap bytes (min – max over targets) | largest allocation | results | seconds (max) | bound |");
    println!("|---|---:|---:|---:|---|---:|---|");
    for line in summary {
        println!("{line}");
    }
    if !broken.is_empty() {
        eprintln!("memory bounds broken:\n{}", broken.join("\n"));
        std::process::exit(1);
    }
}

fn row(f: &Figure, seconds: f64) {
    let over = f.usage.peak as i64 - f.input as i64;
    let result = if f.ok {
        "ok".to_owned()
    } else {
        f.error.unwrap_or("error").to_owned()
    };
    println!(
        "| {} | {} | {} | {} | {} | {} | {} | {} | {:.3} |",
        f.name, f.target, f.input, f.usage.peak, over, f.usage.largest, f.output, result, seconds
    );
}

fn summarize(name: &str, bound: Bound, figures: &[(Figure, f64)]) -> String {
    let peaks = figures.iter().map(|(f, _)| f.usage.peak);
    let (min, max) = (peaks.clone().min().unwrap_or(0), peaks.max().unwrap_or(0));
    let largest = figures.iter().map(|(f, _)| f.usage.largest).max().unwrap_or(0);
    let seconds = figures.iter().map(|(_, s)| *s).fold(0.0, f64::max);
    let mut results: Vec<&str> = figures
        .iter()
        .map(|(f, _)| if f.ok { "ok" } else { f.error.unwrap_or("error") })
        .collect();
    results.dedup();
    let input = figures.first().map_or(0, |(f, _)| f.input);
    format!(
        "| {name} | {input} | {min} – {max} | {largest} | {} | {seconds:.2} | {bound:?} |",
        results.join(", ")
    )
}
