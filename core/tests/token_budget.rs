//! The token budget on a real-sized result: a 4K screenshot and 40 KB of log text, converted for
//! Anthropic with `claude-opus-4-7` and `max_tokens: 4000`, comes out within the budget with the
//! screenshot still an image. The cost is recomputed here from the output, by the published rules.

use mcp_tool_result::convert_json;
use serde_json::{json, Value};

/// 40 KB of log lines, deterministic.
fn log_text() -> String {
    let mut text = String::new();
    let mut i: u64 = 0;
    while text.len() < 40_000 {
        let worker = i % 7;
        let ms = (i * 37) % 900;
        text.push_str(&format!(
            "2026-12-04T10:{:02}:{:02}Z INFO worker-{worker} processed request {i} in {ms} ms\n",
            (i / 60) % 60,
            i % 60
        ));
        i += 1;
    }
    text
}

fn screenshot_base64() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../conformance/images/generated/screenshot-4k.png"
    );
    let bytes = std::fs::read(path).expect("the 4K screenshot (run `make conformance-images`)");
    base64_simd::STANDARD.encode_to_string(&bytes)
}

#[test]
fn screenshot_and_log_fit_4000_tokens_with_the_screenshot_an_image() {
    let log = log_text();
    let input = json!({"content": [
        {"type": "image", "data": screenshot_base64(), "mimeType": "image/png"},
        {"type": "text", "text": log},
    ]});
    let options =
        json!({"tool_call_id": "t1", "model": "claude-opus-4-7", "max_tokens": 4000, "estimate_tokens": true});
    let out = convert_json(&input.to_string(), "anthropic", &options.to_string()).expect("converts");
    let out: Value = serde_json::from_str(&out).expect("JSON");

    let content = out["output"]["content"].as_array().expect("content list");
    assert_eq!(content[0]["type"], "image", "the screenshot stays an image");
    let data = content[0]["source"]["data"].as_str().expect("base64 data");
    let bytes = base64_simd::STANDARD.decode_to_vec(data).expect("base64");
    let (_, width, height) = mcp_tool_result::fit::inspect(&bytes).expect("an image header");
    assert_eq!(width.max(height), 1024, "shrunk to the 1024 px floor: {width}x{height}");

    // Opus 4.7 bills ⌈w/28⌉·⌈h/28⌉; text is ⌈UTF-8 bytes / 4⌉.
    let image = u64::from(width.div_ceil(28) * height.div_ceil(28));
    let text = content[1]["text"].as_str().expect("the log text");
    assert!(
        text.len() < log.len() && text.contains("characters omitted"),
        "the log is cut"
    );
    let total = image + (text.len() as u64).div_ceil(4);
    assert!(total <= 4000, "{total} tokens");
    assert!(total > 3990, "the text keeps what the budget allows: {total} tokens");
    assert_eq!(out["tokens"]["total"], total);

    let codes: Vec<&str> = (out["diagnostics"].as_array().expect("diagnostics").iter())
        .map(|d| d["code"].as_str().expect("code"))
        .collect();
    assert!(
        codes.contains(&"image_resized") && codes.contains(&"text_truncated"),
        "{codes:?}"
    );
    assert!(!codes.contains(&"over_token_budget"), "{codes:?}");
}
