//! Instruction counts of one small and one mixed conversion, ours and the Copilot Rust crate's
//! (`make bench-instructions` runs this under valgrind's callgrind; the counts do not depend on
//! the machine's load, unlike the times of `benches/convert.rs`).
//!
//! `instructions ours|peer|peer_drop small|mixed N batch|each` counts N conversions, each output
//! dropped. Ours takes its input and frees it; the peer borrows its input and leaves the freeing
//! to its caller, so `peer_drop` counts the peer with that drop. `ours` and `peer_drop` get
//! clones of the input, made outside the count: `batch` clones 64 ahead, as `convert.rs` must for
//! its timings (their frees then miss glibc's per-thread cache, which the output never refills);
//! `each` clones each input just before its conversion, as a caller that parses a result and
//! converts it does. `peer` reads one input N times. callgrind counts only inside `ours`, `peer`
//! and `peer_drop`, one call per conversion.

use mcp_tool_result::{convert, json, Options, Target, Value};

const BATCH: usize = 64;

fn input(which: &str) -> String {
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    if which == "small" {
        return r#"{"content":[{"type":"text","text":"3 files found"}],"isError":false}"#.to_owned();
    }
    let image = format!(r#"{{"type":"image","data":"{png}","mimeType":"image/png"}}"#);
    let blocks = [
        r#"{"type":"text","text":"Analysis complete"}"#,
        &image,
        r#"{"type":"text","text":"Report details follow"}"#,
        r#"{"type":"resource","resource":{"uri":"file:///a.txt","mimeType":"text/plain","text":"hello"}}"#,
        r#"{"type":"resource","resource":{"uri":"file:///r.pdf","mimeType":"application/pdf","blob":"JVBERi0xLjQK"}}"#,
        r#"{"type":"text","text":"line 3"}"#,
        &image,
        r#"{"type":"text","text":"line 4"}"#,
        r#"{"type":"resource","resource":{"uri":"file:///b.txt","text":"second"}}"#,
        r#"{"type":"text","text":"done"}"#,
    ];
    format!(r#"{{"content":[{}]}}"#, blocks.join(","))
}

#[inline(never)]
fn ours(value: Value<'_>, options: &Options) {
    drop(std::hint::black_box(
        convert(value, Target::Copilot, options).expect("converts"),
    ));
}

#[inline(never)]
fn peer(input: &serde_json::Value) {
    let result = github_copilot_sdk::tool::convert_mcp_call_tool_result(std::hint::black_box(input));
    drop(std::hint::black_box(result.expect("peer converts")));
}

#[inline(never)]
fn peer_drop(value: serde_json::Value) {
    let result = github_copilot_sdk::tool::convert_mcp_call_tool_result(std::hint::black_box(&value));
    drop(std::hint::black_box(result.expect("peer converts")));
    drop(value);
}

/// Calls `run` on `n` clones of `value`, cloned 64 ahead (`batch`) or one at a time (`each`).
fn clones<T: Clone>(value: &T, n: usize, batch: bool, mut run: impl FnMut(T)) {
    let ahead = if batch { BATCH } else { 1 };
    for done in (0..n).step_by(ahead) {
        let inputs = vec![value.clone(); ahead.min(n - done)];
        inputs.into_iter().for_each(&mut run);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: instructions ours|peer|peer_drop small|mixed N batch|each";
    let (Some(side), Some(which), Some(n), Some(pattern)) = (args.get(1), args.get(2), args.get(3), args.get(4)) else {
        panic!("{usage}");
    };
    let n: usize = n.parse().expect(usage);
    let batch = match pattern.as_str() {
        "batch" => true,
        "each" => false,
        _ => panic!("{usage}"),
    };
    let text = input(which);
    match side.as_str() {
        "ours" => {
            let value = json::parse(&text).expect("input parses");
            let options = Options::from_json(r#"{"validate_base64":true}"#).expect("valid options");
            clones(&value, n, batch, |value| ours(value, &options));
        }
        "peer" => {
            let value: serde_json::Value = serde_json::from_str(&text).expect("input parses");
            (0..n).for_each(|_| peer(&value));
        }
        "peer_drop" => {
            let value: serde_json::Value = serde_json::from_str(&text).expect("input parses");
            clones(&value, n, batch, peer_drop);
        }
        _ => panic!("{usage}"),
    }
}
