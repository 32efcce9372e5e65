//! JSON text in and out of the value model: [`parse`] (the parser module) and [`to_string`] (the
//! writer module), which share the scan for bytes a string cannot hold as they are.
//!
//! The parser borrows every string that has no escapes (so a base64 payload is never copied),
//! keeps number literals verbatim, replaces lone surrogate escapes by U+FFFD (reported later as
//! `lone_surrogate` at the string's path) and limits nesting to [`crate::MAX_DEPTH`].

mod parse;
mod scan;
mod write;

pub use parse::parse;
pub(crate) use parse::parse_checked;
pub(crate) use write::write_str;
pub use write::{to_string, to_string_pretty};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Value;

    #[test]
    fn borrows_plain_strings_and_keeps_number_literals() {
        let text = r#"{"a":"xyz","n":123456789012345678901234567890,"f":1.50}"#;
        let value = parse(text).unwrap();
        assert_eq!(to_string(&value), text);
        let Value::Object(map) = &value else {
            panic!("object expected")
        };
        let Some(Value::String(s)) = map.get("a") else {
            panic!("string expected")
        };
        assert!(s.borrowed_text().is_some());
    }

    #[test]
    fn escapes_round_trip() {
        let text = r#"["a\"b\\c\n\u0001\u00e9\ud83d\ude00"]"#;
        let value = parse(text).unwrap();
        assert_eq!(value, Value::Array(vec![Value::string("a\"b\\c\n\u{1}é😀")]));
        assert_eq!(to_string(&value), "[\"a\\\"b\\\\c\\n\\u0001é😀\"]");
    }
}
