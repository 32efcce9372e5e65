//! The JSON writer.

use crate::model::{Number, Str, Value};

use super::scan::find_special;

/// Writes a value as compact JSON.
pub fn to_string(value: &Value<'_>) -> String {
    let mut out = String::with_capacity(estimate(value));
    write_value(value, &mut out, None, 0);
    out
}

/// Writes a value as JSON indented by two spaces.
pub fn to_string_pretty(value: &Value<'_>) -> String {
    let mut out = String::with_capacity(estimate(value) * 2);
    write_value(value, &mut out, Some(2), 0);
    out
}

fn estimate(value: &Value<'_>) -> usize {
    match value {
        Value::String(s) => s.as_str().len() + 2,
        Value::Bytes(b) => b.base64().len() + 2,
        Value::Array(items) => 2 + items.iter().map(estimate).sum::<usize>() + items.len(),
        Value::Object(map) => {
            2 + map
                .iter()
                .map(|(k, v)| k.as_str().len() + 4 + estimate(v))
                .sum::<usize>()
        }
        _ => 8,
    }
}

fn newline(out: &mut String, indent: Option<usize>, level: usize) {
    if let Some(width) = indent {
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', width * level));
    }
}

fn write_value(value: &Value<'_>, out: &mut String, indent: Option<usize>, level: usize) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Number(n) => write_number(n, out),
        Value::String(s) => write_str(s, out),
        Value::Bytes(b) => write_str(b.as_base64_str(), out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, level + 1);
                write_value(item, out, indent, level + 1);
            }
            if !items.is_empty() {
                newline(out, indent, level);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, level + 1);
                write_str(key, out);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                write_value(item, out, indent, level + 1);
            }
            if !map.is_empty() {
                newline(out, indent, level);
            }
            out.push('}');
        }
    }
}

fn write_number(n: &Number<'_>, out: &mut String) {
    use std::fmt::Write;
    match n {
        Number::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Number::UInt(u) => {
            let _ = write!(out, "{u}");
        }
        Number::Float(f) if f.is_finite() => out.push_str(ryu::Buffer::new().format_finite(*f)),
        Number::Float(_) => out.push_str("null"),
        Number::Raw(text) => out.push_str(text),
    }
}

/// Writes a JSON string literal.
pub(crate) fn write_str(s: &Str<'_>, out: &mut String) {
    out.push('"');
    if s.is_json_safe() {
        out.push_str(s.as_str());
    } else {
        write_escaped(s.as_str(), out);
    }
    out.push('"');
}

fn write_escaped(text: &str, out: &mut String) {
    let bytes = text.as_bytes();
    let mut start = 0;
    loop {
        let run = find_special(&bytes[start..]);
        out.push_str(&text[start..start + run]);
        let at = start + run;
        let Some(&b) = bytes.get(at) else { return };
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            _ => {
                use std::fmt::Write;
                let _ = write!(out, "\\u{b:04x}");
            }
        }
        start = at + 1;
    }
}
