//! Canonical JSON: the text form of values given to the model (structuredContent, unknown
//! blocks, non-string fields). Compact, object keys sorted by UTF-8 bytes (last duplicate
//! wins), integral floats written as integers, and long base64 strings replaced by a marker so
//! payloads never reach the text channel.

use crate::json;
use crate::marker::human_size;
use crate::model::{Number, Str, Value};

/// Strings at least this long made only of base64 characters become `[data, <size>]`.
const PAYLOAD_MIN_CHARS: usize = 256;

/// The canonical JSON text of `value`.
pub fn to_text(value: &Value<'_>) -> String {
    let mut out = String::new();
    write(value, &mut out);
    out
}

fn write(value: &Value<'_>, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write_number(n, out),
        Value::String(s) if looks_like_payload(s.as_str()) => {
            let marker = format!("[data, {}]", human_size(crate::base64::decoded_len(s.as_str())));
            json::write_str(&Str::owned(marker), out);
        }
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
                write(item, out);
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
            entries.sort_by(|a, b| a.0.as_str().as_bytes().cmp(b.0.as_str().as_bytes()));
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json::write_str(key, out);
                out.push(':');
                write(item, out);
            }
            out.push('}');
        }
    }
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
    text.len() >= PAYLOAD_MIN_CHARS
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
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
    fn replaces_payload_strings() {
        let payload = "A".repeat(1368);
        let value = Value::Array(vec![Value::string(payload), Value::string("short")]);
        assert_eq!(to_text(&value), r#"["[data, 1 KB]","short"]"#);
    }
}
