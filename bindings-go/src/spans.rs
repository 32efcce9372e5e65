//! Long strings the output shares with the input go back to Go as spans of the input instead
//! of text: the core's writer skips them and Go copies them once, from its own input, into the
//! output it assembles. A span is the string `"\0<offset>:<len>"` (byte offsets into the input,
//! whose raw JSON at that span is the string itself: the parser borrows only strings without
//! escapes). Any other output string starting with U+0000 gets one more U+0000 in front, so
//! spans stay unambiguous.

use std::ops::Range;

use mcp_tool_result::{Map, Str, Value};

/// The shortest string worth a span: below it the writer's copy costs less than the span.
const SPAN_MIN: usize = 1024;

/// `value` with every long string borrowed from `input` replaced by its span.
pub fn detach<'a>(value: Value<'a>, input: &str) -> Value<'a> {
    let range = input.as_ptr() as usize..input.as_ptr() as usize + input.len();
    detach_in(value, &range)
}

fn detach_in<'a>(value: Value<'a>, input: &Range<usize>) -> Value<'a> {
    match value {
        Value::String(s) => span(s, input),
        Value::Bytes(b) => span(b.into_base64_str(), input),
        Value::Array(items) => Value::Array(items.into_iter().map(|v| detach_in(v, input)).collect()),
        Value::Object(map) => {
            let entries = map.into_entries();
            let mut out = Map::with_capacity(entries.len());
            for (key, v) in entries {
                out.push(key, detach_in(v, input));
            }
            Value::Object(out)
        }
        other => other,
    }
}

fn span<'a>(s: Str<'a>, input: &Range<usize>) -> Value<'a> {
    if let Some(text) = s.borrowed_text().filter(|t| t.len() >= SPAN_MIN) {
        let start = text.as_ptr() as usize;
        if input.contains(&start) && start + text.len() <= input.end {
            return Value::string(format!("\0{}:{}", start - input.start, text.len()));
        }
    }
    match s.as_str().starts_with('\0') {
        true => Value::string(format!("\0{}", s.as_str())),
        false => Value::String(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcp_tool_result::json;

    #[test]
    fn long_borrowed_strings_become_spans() {
        let long = "A".repeat(SPAN_MIN);
        let input = format!(r#"{{"a":"{long}","b":"short","c":"\u0000x","d":"{long}\n"}}"#);
        let value = detach(json::parse(&input).unwrap(), &input);
        let want = format!(r#"{{"a":"\u00006:{SPAN_MIN}","b":"short","c":"\u0000\u0000x","d":"{long}\n"}}"#);
        assert_eq!(json::to_string(&value), want);
    }
}
