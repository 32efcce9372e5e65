//! Canonical JSON: the text form of values given to the model (structuredContent, unknown
//! blocks, non-string fields). Compact, object keys sorted by UTF-8 bytes (last duplicate
//! wins), integral floats written as integers, and every payload string replaced by a marker
//! so payloads never reach the text channel, whatever their length.

use crate::json;
use crate::marker::human_size;
use crate::model::{Map, Number, Str, Value};

/// Strings at least this long made only of base64 characters become `[data, <size>]`.
const PAYLOAD_MIN_CHARS: usize = 256;

/// Keys naming a MIME type; `data`, `blob` and `bytes` next to one of them are payloads.
const MIME_KEYS: &[&str] = &[
    "mimeType",
    "mime_type",
    "mediaType",
    "media_type",
    "contentType",
    "content_type",
];

/// The canonical JSON text of `value`.
pub fn to_text(value: &Value<'_>) -> String {
    let mut out = String::new();
    write(value, true, &mut out);
    out
}

/// Like [`to_text`], but objects keep their own key order (duplicates still resolve to the last).
pub fn to_text_in_order(value: &Value<'_>) -> String {
    let mut out = String::new();
    write(value, false, &mut out);
    out
}

fn write(value: &Value<'_>, sorted: bool, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write_number(n, out),
        Value::String(s) if is_data_url(s.as_str()) || looks_like_payload(s.as_str()) => write_marker(s.as_str(), out),
        Value::String(s) => json::write_str(s, out),
        Value::Bytes(b) => {
            let marker = format!("[data, {}]", human_size(b.decoded_len() as u64));
            json::write_str(&Str::owned(marker), out);
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, sorted, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&Str<'_>, &Value<'_>)> = Vec::with_capacity(map.len());
            for (key, item) in map.iter() {
                match entries.iter().position(|(k, _)| k.as_str() == key.as_str()) {
                    Some(at) => entries[at] = (key, item),
                    None => entries.push((key, item)),
                }
            }
            if sorted {
                entries.sort_by(|a, b| a.0.as_str().as_bytes().cmp(b.0.as_str().as_bytes()));
            }
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json::write_str(key, out);
                out.push(':');
                match item {
                    Value::String(s) if is_payload_field(map, key.as_str()) => write_marker(s.as_str(), out),
                    _ => write(item, sorted, out),
                }
            }
            out.push('}');
        }
    }
}

/// `value` with every payload string (as [`to_text`] finds them) replaced by its marker string,
/// for targets that give `structuredContent` to the model as a native JSON value.
pub fn without_payloads(value: Value<'_>) -> Value<'_> {
    match value {
        Value::String(s) if is_data_url(s.as_str()) || looks_like_payload(s.as_str()) => {
            Value::String(Str::owned(marker(s.as_str())))
        }
        Value::Bytes(b) => Value::String(Str::owned(format!("[data, {}]", human_size(b.decoded_len() as u64)))),
        Value::Array(items) => Value::Array(items.into_iter().map(without_payloads).collect()),
        Value::Object(map) => {
            let payload_keys: Vec<bool> = map.iter().map(|(k, _)| is_payload_field(&map, k.as_str())).collect();
            Value::Object(
                map.into_entries()
                    .into_iter()
                    .zip(payload_keys)
                    .map(|((k, v), payload)| match v {
                        Value::String(s) if payload => (k, Value::String(Str::owned(marker(s.as_str())))),
                        other => (k, without_payloads(other)),
                    })
                    .collect(),
            )
        }
        other => other,
    }
}

/// Whether the string under `key` of `map` is a payload by its place: a content block's
/// `data` (`type` image or audio), a resource's `blob` (next to `uri`), or `data` / `blob` /
/// `bytes` next to a MIME field.
fn is_payload_field(map: &Map<'_>, key: &str) -> bool {
    let media_block = || matches!(map.get("type").and_then(Value::as_str), Some("image" | "audio"));
    let has_mime = || MIME_KEYS.iter().any(|k| map.contains_key(k));
    match key {
        "data" => media_block() || has_mime(),
        "blob" => map.contains_key("uri") || has_mime(),
        "bytes" => has_mime(),
        _ => false,
    }
}

fn write_marker(text: &str, out: &mut String) {
    json::write_str(&Str::owned(marker(text)), out);
}

/// `[data, <size>]`: the decoded size when the text (after a data URL's prefix) is made of
/// base64 characters only, else its length in bytes.
fn marker(text: &str) -> String {
    let body = match text.find(',') {
        Some(comma) if is_data_url(text) => &text[comma + 1..],
        _ => text,
    };
    let size = if body.bytes().all(is_base64_byte) {
        crate::base64::decoded_len(body)
    } else {
        body.len() as u64
    };
    format!("[data, {}]", human_size(size))
}

fn is_data_url(text: &str) -> bool {
    text.len() >= 5 && text.as_bytes()[..5].eq_ignore_ascii_case(b"data:") && text.contains(',')
}

fn is_base64_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=')
}

fn write_number(n: &Number<'_>, out: &mut String) {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    let float = match n {
        Number::Int(i) => return out.push_str(&i.to_string()),
        Number::UInt(u) => return out.push_str(&u.to_string()),
        Number::Raw(text) if !text.contains(['.', 'e', 'E']) => {
            return out.push_str(if text == "-0" { "0" } else { text });
        }
        Number::Raw(text) => text.parse::<f64>().unwrap_or(f64::NAN),
        Number::Float(f) => *f,
    };
    if !float.is_finite() {
        out.push_str("null");
    } else if float.fract() == 0.0 && float.abs() < EXACT {
        out.push_str(&(float as i64).to_string());
    } else {
        out.push_str(ryu::Buffer::new().format_finite(float));
    }
}

fn looks_like_payload(text: &str) -> bool {
    text.len() >= PAYLOAD_MIN_CHARS && text.bytes().all(is_base64_byte)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_keys_and_normalizes_numbers() {
        let value = json::parse(r#"{"b":1.0,"a":[1e2,2.5,-0],"c":{"y":null,"x":true},"b":2}"#).unwrap();
        assert_eq!(to_text(&value), r#"{"a":[100,2.5,0],"b":2,"c":{"x":true,"y":null}}"#);
    }

    #[test]
    fn replaces_short_payloads_by_place() {
        let value = json::parse(
            r#"{"b":{"type":"image","data":"iVBORw0KGgo="},"m":{"mimeType":"text/plain","data":"hi"},"u":"data:image/gif;base64,R0lGODlh","d":"plain"}"#,
        )
        .unwrap();
        assert_eq!(
            to_text(&value),
            r#"{"b":{"data":"[data, 8 B]","type":"image"},"d":"plain","m":{"data":"[data, 1 B]","mimeType":"text/plain"},"u":"[data, 6 B]"}"#
        );
        assert_eq!(
            to_text_in_order(&json::parse(r#"{"z":1,"a":2,"z":3}"#).unwrap()),
            r#"{"z":3,"a":2}"#
        );
    }

    #[test]
    fn replaces_payload_strings() {
        let payload = "A".repeat(1368);
        let value = Value::Array(vec![Value::string(payload), Value::string("short")]);
        assert_eq!(to_text(&value), r#"["[data, 1 KiB]","short"]"#);
    }
}
