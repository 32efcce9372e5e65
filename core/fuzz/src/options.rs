//! Options derived from fuzz bytes: each input starts with a small header whose bits choose the
//! target and the options, so one corpus explores every mode.

use mcp_tool_result::Target;
use serde_json::{json, Map, Value};

/// Header length of the `convert` and `extract_images` inputs.
pub const HEADER: usize = 3;

/// The target chosen by a header byte.
pub fn target(byte: u8) -> Target {
    Target::ALL[usize::from(byte) % Target::ALL.len()]
}

/// The header byte that chooses `target`.
pub fn target_byte(target: Target) -> u8 {
    Target::ALL.iter().position(|t| *t == target).expect("a listed target") as u8
}

/// The options (as JSON text) chosen by the two option bytes of a header.
///
/// `b1`: bit 0 strict; bits 1–2 payload (wire, sdk for python, node, go); bits 3–4 fit_images
/// (limits, recommended, off, limits); bit 5 binary marker; bits 6–7 structured_content
/// (fallback, prefer, append, ignore).
/// `b2`: bit 0 validate_base64 off; bit 1 sniff_mime off; bit 2 respect_audience off; bit 3 small
/// media caps (so fitting runs on small images); bit 4 max_images 1; bit 5 max_text_chars 40;
/// bit 6 tool_call_id and tool_name; bit 7 images_in_request 25.
pub fn options(b1: u8, b2: u8) -> String {
    let mut o = Map::new();
    let bit = |b: u8, n: u8| b & (1 << n) != 0;
    if bit(b1, 0) {
        o.insert("strict".into(), json!(true));
    }
    match (b1 >> 1) & 3 {
        0 => {}
        host => {
            o.insert("payload".into(), json!("sdk"));
            o.insert("host".into(), json!(["python", "node", "go"][usize::from(host) - 1]));
        }
    }
    match (b1 >> 3) & 3 {
        1 => {
            o.insert("fit_images".into(), json!("recommended"));
        }
        2 => {
            o.insert("fitImages".into(), json!("off"));
        }
        _ => {}
    }
    if bit(b1, 5) {
        o.insert("binary".into(), json!("marker"));
    }
    match b1 >> 6 {
        0 => {}
        s => {
            o.insert(
                "structured_content".into(),
                json!(["prefer", "append", "ignore"][usize::from(s) - 1]),
            );
        }
    }
    if bit(b2, 0) {
        o.insert("validate_base64".into(), json!(false));
    }
    if bit(b2, 1) {
        o.insert("sniffMime".into(), json!(false));
    }
    if bit(b2, 2) {
        o.insert("respect_audience".into(), json!(false));
    }
    if bit(b2, 3) {
        o.insert("max_image_dimension".into(), json!(16));
        o.insert("max_image_bytes".into(), json!(4096));
        o.insert("max_total_bytes".into(), json!(16384));
    }
    if bit(b2, 4) {
        o.insert("max_images".into(), json!(1));
    }
    if bit(b2, 5) {
        o.insert("max_text_chars".into(), json!(40));
    }
    if bit(b2, 6) {
        o.insert("tool_call_id".into(), json!("call_1"));
        o.insert("toolName".into(), json!("tool"));
    }
    if bit(b2, 7) {
        o.insert("images_in_request".into(), json!(25));
    }
    Value::Object(o).to_string()
}

/// The option bytes closest to a fixture's options (those the header can express).
pub fn bytes_for(options: Option<&Value>) -> (u8, u8) {
    let (mut b1, mut b2) = (0u8, 0u8);
    let Some(Value::Object(o)) = options else {
        return (b1, b2);
    };
    let get = |snake: &str, camel: &str| o.get(snake).or_else(|| o.get(camel));
    if get("strict", "strict") == Some(&json!(true)) {
        b1 |= 1;
    }
    if get("payload", "payload") == Some(&json!("sdk")) {
        let host = match get("host", "host").and_then(Value::as_str) {
            Some("node") => 2,
            Some("go") => 3,
            _ => 1,
        };
        b1 |= host << 1;
    }
    match get("fit_images", "fitImages").and_then(Value::as_str) {
        Some("recommended") => b1 |= 1 << 3,
        Some("off") => b1 |= 2 << 3,
        _ => {}
    }
    if get("binary", "binary") == Some(&json!("marker")) {
        b1 |= 1 << 5;
    }
    match get("structured_content", "structuredContent").and_then(Value::as_str) {
        Some("prefer") => b1 |= 1 << 6,
        Some("append") => b1 |= 2 << 6,
        Some("ignore") => b1 |= 3 << 6,
        _ => {}
    }
    let flags = [
        (get("validate_base64", "validateBase64") == Some(&json!(false)), 0),
        (get("sniff_mime", "sniffMime") == Some(&json!(false)), 1),
        (get("respect_audience", "respectAudience") == Some(&json!(false)), 2),
        (get("max_image_dimension", "maxImageDimension").is_some(), 3),
        (get("max_images", "maxImages").is_some(), 4),
        (get("max_text_chars", "maxTextChars").is_some(), 5),
        (get("tool_call_id", "toolCallId").is_some(), 6),
        (get("images_in_request", "imagesInRequest").is_some(), 7),
    ];
    for (set, n) in flags {
        if set {
            b2 |= 1 << n;
        }
    }
    (b1, b2)
}
