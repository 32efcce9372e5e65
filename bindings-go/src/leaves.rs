//! Long strings the output shares with the input go back to Go as leaves instead of text (the
//! core's placeholder protocol, `__private::placeholders`): the core reads Go's JSON text in
//! place, so the leaves are named on the way out. Each string of at least [`LEAF_MIN`] bytes
//! that the output borrows from the input (a payload passed through, also one sliced out of a
//! data URL) is written as a placeholder, and its range of the input goes into the leaf table:
//! the raw JSON there is the string itself, as the parser borrows only strings without
//! escapes. Go copies each leaf once, from its own input, into the output it assembles.

use mcp_tool_result::__private::placeholders;
use mcp_tool_result::{Number, Value};

/// The shortest string worth a leaf: below it the writer's copy costs less than the placeholder.
const LEAF_MIN: usize = 1024;

/// Writes every long string of `value` borrowed from `input` as a placeholder, and returns the
/// leaf table: leaf `i` is bytes `[offset, offset + length)` of the input, at indices `2i` and
/// `2i + 1` of the array.
pub fn detach(value: &mut Value<'_>, input: &str) -> Value<'static> {
    let range = input.as_ptr() as usize..input.as_ptr() as usize + input.len();
    let mut table = Vec::new();
    placeholders::detach_with(value, &mut |s| {
        let text = s.borrowed_text().filter(|t| t.len() >= LEAF_MIN)?;
        let start = text.as_ptr() as usize;
        if !range.contains(&start) || start + text.len() > range.end {
            return None;
        }
        let index = (table.len() / 2) as u32;
        table.push(Value::Number(Number::Int((start - range.start) as i64)));
        table.push(Value::Number(Number::Int(text.len() as i64)));
        Some(index)
    });
    Value::Array(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcp_tool_result::json;

    #[test]
    fn long_borrowed_strings_become_leaves() {
        let long = "A".repeat(LEAF_MIN);
        let input = format!(r#"{{"a":"{long}","b":"short","c":"\u0000x","d":"{long}\n","e":"{long}"}}"#);
        let mut value = json::parse(&input).unwrap();
        let table = detach(&mut value, &input);
        let want = r#"{"a":"\u00000","b":"short","c":"\u0000\u0000x","d":"LONG\n","e":"\u00001"}"#;
        assert_eq!(json::to_string(&value), want.replace("LONG", &long));
        let e = input.rfind(&long).unwrap();
        assert_eq!(json::to_string(&table), format!("[6,{LEAF_MIN},{e},{LEAF_MIN}]"));
    }
}
