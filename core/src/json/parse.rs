//! The JSON parser.

use std::borrow::Cow;

use crate::depth::Checked;
use crate::error::{Code, ConvertError};
use crate::model::{Map, Number, Str, Value};
use crate::pointer::Loc;
use crate::MAX_DEPTH;

use super::scan::find_special;

/// Parses JSON text into a value that borrows from `text`.
pub fn parse(text: &str) -> Result<Value<'_>, ConvertError> {
    Ok(parse_checked(text)?.value)
}

/// [`parse`], with what [`crate::depth::check`] would find: the value nests no deeper than
/// [`MAX_DEPTH`] (deeper text is refused), and whether any string or key is lossy.
pub(crate) fn parse_checked(text: &str) -> Result<Checked<'_>, ConvertError> {
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        lossy: false,
    };
    parser.skip_ws();
    let value = parser.value(0, &Loc::at(""))?;
    parser.skip_ws();
    if parser.pos != parser.bytes.len() {
        return Err(parser.syntax("trailing characters after the JSON value"));
    }
    Ok(Checked {
        value,
        lossy: parser.lossy,
    })
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// Some string or key read so far had lone surrogates replaced.
    lossy: bool,
}

impl<'a> Parser<'a> {
    fn syntax(&self, what: &str) -> ConvertError {
        let consumed = &self.bytes[..self.pos.min(self.bytes.len())];
        let line = consumed.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = self.pos - consumed.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        ConvertError::new(Code::InvalidJson, "", format!("{what} at line {line}, column {column}"))
    }

    fn skip_ws(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            if matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// The value at `self.pos`, which stands at `loc` (for the `too_deep` path).
    fn value(&mut self, depth: usize, loc: &Loc<'_>) -> Result<Value<'a>, ConvertError> {
        match self.bytes.get(self.pos) {
            None => Err(self.syntax("unexpected end of input")),
            Some(b'{') => self.object(depth + 1, loc),
            Some(b'[') => self.array(depth + 1, loc),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.syntax("expected a JSON value")),
        }
    }

    fn too_deep(loc: &Loc<'_>) -> ConvertError {
        ConvertError::new(
            Code::TooDeep,
            loc.render(),
            format!("nesting deeper than {MAX_DEPTH} levels"),
        )
    }

    fn literal(&mut self, word: &str, value: Value<'a>) -> Result<Value<'a>, ConvertError> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.syntax("invalid literal"))
        }
    }

    fn object(&mut self, depth: usize, loc: &Loc<'_>) -> Result<Value<'a>, ConvertError> {
        if depth > MAX_DEPTH {
            return Err(Self::too_deep(loc));
        }
        self.pos += 1;
        let mut map = Map::new();
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&b'}') {
            self.pos += 1;
            return Ok(Value::Object(map));
        }
        loop {
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b'"') {
                return Err(self.syntax("expected a string key"));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b':') {
                return Err(self.syntax("expected ':'"));
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.value(depth, &loc.key(key.as_str()))?;
            map.push(key, value);
            self.skip_ws();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Object(map));
                }
                _ => return Err(self.syntax("expected ',' or '}'")),
            }
        }
    }

    fn array(&mut self, depth: usize, loc: &Loc<'_>) -> Result<Value<'a>, ConvertError> {
        if depth > MAX_DEPTH {
            return Err(Self::too_deep(loc));
        }
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&b']') {
            self.pos += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.skip_ws();
            let value = self.value(depth, &loc.index(items.len()))?;
            items.push(value);
            self.skip_ws();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.syntax("expected ',' or ']'")),
            }
        }
    }

    fn number(&mut self) -> Result<Value<'a>, ConvertError> {
        let start = self.pos;
        let b = self.bytes;
        let mut i = self.pos;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        match b.get(i) {
            Some(b'0') => i += 1,
            Some(b'1'..=b'9') => {
                while matches!(b.get(i), Some(b'0'..=b'9')) {
                    i += 1;
                }
            }
            _ => {
                self.pos = i;
                return Err(self.syntax("invalid number"));
            }
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            if !matches!(b.get(i), Some(b'0'..=b'9')) {
                self.pos = i;
                return Err(self.syntax("invalid number"));
            }
            while matches!(b.get(i), Some(b'0'..=b'9')) {
                i += 1;
            }
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            if !matches!(b.get(i), Some(b'0'..=b'9')) {
                self.pos = i;
                return Err(self.syntax("invalid number"));
            }
            while matches!(b.get(i), Some(b'0'..=b'9')) {
                i += 1;
            }
        }
        self.pos = i;
        Ok(Value::Number(Number::Raw(Cow::Borrowed(&self.text[start..i]))))
    }

    /// Parses a string at `self.pos` (which is at the opening quote).
    fn string(&mut self) -> Result<Str<'a>, ConvertError> {
        let start = self.pos + 1;
        let run = find_special(&self.bytes[start..]);
        let end = start + run;
        match self.bytes.get(end) {
            Some(b'"') => {
                self.pos = end + 1;
                Ok(Str::json_safe(&self.text[start..end]))
            }
            Some(b'\\') => self.escaped_string(start, end),
            Some(_) => {
                self.pos = end;
                Err(self.syntax("control character in string"))
            }
            None => {
                self.pos = end;
                Err(self.syntax("unterminated string"))
            }
        }
    }

    fn escaped_string(&mut self, start: usize, first_escape: usize) -> Result<Str<'a>, ConvertError> {
        let mut out = String::with_capacity(first_escape - start + 16);
        out.push_str(&self.text[start..first_escape]);
        let mut lossy = false;
        let mut i = first_escape;
        loop {
            match self.bytes.get(i) {
                Some(b'"') => {
                    self.pos = i + 1;
                    self.lossy |= lossy;
                    return Ok(if lossy { Str::lossy(out) } else { Str::owned(out) });
                }
                Some(b'\\') => {
                    let escape = self.bytes.get(i + 1).copied();
                    i += 2;
                    let c = match escape {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let unit = self.hex4(i)?;
                            i += 4;
                            match unit {
                                0xD800..=0xDBFF => {
                                    let low = if self.bytes[i..].starts_with(b"\\u") {
                                        Some(self.hex4(i + 2)?)
                                    } else {
                                        None
                                    };
                                    match low {
                                        Some(low @ 0xDC00..=0xDFFF) => {
                                            i += 6;
                                            let code = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                                            char::from_u32(code).unwrap_or('\u{FFFD}')
                                        }
                                        _ => {
                                            lossy = true;
                                            '\u{FFFD}'
                                        }
                                    }
                                }
                                0xDC00..=0xDFFF => {
                                    lossy = true;
                                    '\u{FFFD}'
                                }
                                _ => char::from_u32(unit).unwrap_or('\u{FFFD}'),
                            }
                        }
                        _ => {
                            self.pos = i - 1;
                            return Err(self.syntax("invalid escape"));
                        }
                    };
                    out.push(c);
                }
                Some(_) => {
                    let run = find_special(&self.bytes[i..]);
                    if run == 0 {
                        self.pos = i;
                        return Err(self.syntax("control character in string"));
                    }
                    out.push_str(&self.text[i..i + run]);
                    i += run;
                }
                None => {
                    self.pos = i;
                    return Err(self.syntax("unterminated string"));
                }
            }
        }
    }

    fn hex4(&mut self, at: usize) -> Result<u32, ConvertError> {
        let digits = self
            .bytes
            .get(at..at + 4)
            .filter(|d| d.iter().all(u8::is_ascii_hexdigit));
        match digits {
            Some(d) => Ok(d
                .iter()
                .fold(0, |acc, &b| acc * 16 + (b as char).to_digit(16).unwrap_or(0))),
            None => {
                self.pos = at;
                Err(self.syntax("invalid \\u escape"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let value = parse(r#"["x\ud800y", "\udc00"]"#).unwrap();
        let Value::Array(items) = value else {
            panic!("array expected")
        };
        for (item, expected) in items.iter().zip(["x\u{FFFD}y", "\u{FFFD}"]) {
            let Value::String(s) = item else {
                panic!("string expected")
            };
            assert_eq!(s.as_str(), expected);
            assert!(s.is_lossy());
        }
    }

    #[test]
    fn parse_checked_notes_lossy_strings_and_keys() {
        for (text, lossy) in [
            (r#"{"a":["x\n",{"b":"\u00e9"}]}"#, false),
            (r#"{"a":["x",{"b":"\ud800"}]}"#, true),
            (r#"{"a":[{"\udc00":1}]}"#, true),
        ] {
            assert_eq!(parse_checked(text).unwrap().lossy, lossy, "{text}");
        }
    }

    #[test]
    fn rejects_malformed_text() {
        for bad in [
            "",
            "{",
            "[1,]",
            "{\"a\" 1}",
            "01",
            "1.",
            "-",
            "\"\u{1}\"",
            "\"abc",
            "tru",
            "[1] x",
            "\"\\x\"",
        ] {
            let err = parse(bad).unwrap_err();
            assert_eq!(err.code(), Code::InvalidJson, "{bad:?}");
        }
    }

    #[test]
    fn depth_limit_reports_the_path() {
        let ok = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(parse(&ok).is_ok());
        let deep = format!("{{\"a\":{}{}}}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        let err = parse(&deep).unwrap_err();
        assert_eq!(err.code(), Code::TooDeep);
        assert_eq!(err.path(), format!("/a{}", "/0".repeat(MAX_DEPTH - 1)));
    }
}
