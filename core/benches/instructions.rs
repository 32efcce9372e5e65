//! Instruction counts of one small and one mixed conversion, ours and the Copilot Rust crate's
//! (`make bench-instructions` runs this under valgrind's callgrind; the counts do not depend on
//! the machine's load, unlike the times of `benches/convert.rs`).
//!
//! `instructions ours|peer small|mixed N` converts N clones of the input (cloned beforehand, in
//! batches of 64, as `convert.rs` does) and drops each output; the peer reads one input N times
//! and drops each output. callgrind counts only inside `ours` and `peer`.

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
fn ours<'a>(inputs: Vec<Value<'a>>, options: &Options) {
    for value in inputs {
        drop(std::hint::black_box(
            convert(value, Target::Copilot, options).expect("converts"),
        ));
    }
}

#[inline(never)]
fn peer(input: &serde_json::Value, n: usize) {
    for _ in 0..n {
        let result = github_copilot_sdk::tool::convert_mcp_call_tool_result(std::hint::black_box(input));
        drop(std::hint::black_box(result.expect("peer converts")));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: instructions ours|peer small|mixed N";
    let (Some(side), Some(which), Some(n)) = (args.get(1), args.get(2), args.get(3)) else {
        panic!("{usage}");
    };
    let n: usize = n.parse().expect(usage);
    let text = input(which);
    match side.as_str() {
        "ours" => {
            let value = json::parse(&text).expect("input parses");
            let options = Options::from_json(r#"{"validate_base64":true}"#).expect("valid options");
            for done in (0..n).step_by(BATCH) {
                ours(vec![value.clone(); BATCH.min(n - done)], &options);
            }
        }
        "peer" => peer(&serde_json::from_str(&text).expect("input parses"), n),
        _ => panic!("{usage}"),
    }
}
