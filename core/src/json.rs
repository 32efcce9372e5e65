//! JSON text in, JSON text out: a thin layer over the value model, used by the CLI, the Go
//! binding and the conformance runners.
//!
//! The parser borrows every string that has no escapes (so a base64 payload is never copied),
//! keeps number literals verbatim, replaces lone surrogate escapes by U+FFFD (reported later as
//! `lone_surrogate` at the string's path) and limits nesting to [`crate::MAX_DEPTH`].

use std::borrow::Cow;

use crate::error::{Code, ConvertError};
use crate::model::{Map, Number, Str, Value};
use crate::pointer;
use crate::MAX_DEPTH;

/// Parses JSON text into a value that borrows from `text`.
pub fn parse(text: &str) -> Result<Value<'_>, ConvertError> {
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        path: Vec::new(),
    };
    parser.skip_ws();
    let value = parser.value(0)?;
    parser.skip_ws();
    if parser.pos != parser.bytes.len() {
        return Err(parser.syntax("trailing characters after the JSON value"));
    }
    Ok(value)
}

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

/// Converts a JSON text for `target` with options given as JSON text (`""` means none) and
/// returns the Conversion as compact JSON text.
pub fn convert_json(input: &str, target: &str, options: &str) -> Result<String, ConvertError> {
    Ok(to_string(&convert(input, target, options)?.into_value()))
}

/// A Conversion as JSON text plus where it holds bytes: what [`convert_json_with_bytes`] returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonConversion {
    /// The Conversion as compact JSON text; every bytes value is written as its base64 string.
    pub json: String,
    /// JSON Pointers (into the Conversion value, e.g. `/output/toolResult/content/1/image/source/bytes`)
    /// of the strings that are bytes values, in document order. Empty with `payload: "wire"`.
    pub bytes: Vec<String>,
}

/// Like [`convert_json`], also listing the JSON Pointers of the bytes values (`payload: "sdk"`),
/// for hosts that receive JSON text and decode exactly those base64 strings to native bytes.
pub fn convert_json_with_bytes(input: &str, target: &str, options: &str) -> Result<JsonConversion, ConvertError> {
    let value = convert(input, target, options)?.into_value();
    Ok(JsonConversion {
        json: to_string(&value),
        bytes: bytes_pointers(&value),
    })
}

/// The JSON Pointers of every [`Value::Bytes`] in `value`, in document order.
pub fn bytes_pointers(value: &Value<'_>) -> Vec<String> {
    let mut out = Vec::new();
    let mut path = String::new();
    collect_bytes(value, &mut path, &mut out);
    out
}

fn collect_bytes(value: &Value<'_>, path: &mut String, out: &mut Vec<String>) {
    use std::fmt::Write;
    let len = path.len();
    match value {
        Value::Bytes(_) => out.push(path.clone()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let _ = write!(path, "/{i}");
                collect_bytes(item, path, out);
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter() {
                path.push('/');
                path.push_str(&pointer::escape(key.as_str()));
                collect_bytes(item, path, out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// Converts a JSON text for `target` with options given as JSON text (`""` means none); the
/// Conversion borrows its payloads from `input`.
pub fn convert<'a>(input: &'a str, target: &str, options: &str) -> Result<crate::Conversion<'a>, ConvertError> {
    let target: crate::Target = target.parse()?;
    let options = parse_options(options)?;
    crate::convert(parse(input)?, target, &options)
}

/// Extracts the images of a JSON text (see [`crate::extract_images`]) and returns the result as
/// compact JSON text.
pub fn extract_images_json(input: &str, options: &str) -> Result<String, ConvertError> {
    Ok(to_string(&extract_images(input, options)?.into_value()))
}

/// Extracts the images of a JSON text with options given as JSON text (`""` means none); the
/// images borrow their payloads from `input`.
pub fn extract_images<'a>(input: &'a str, options: &str) -> Result<crate::Extraction<'a>, ConvertError> {
    let value = parse(input)?;
    crate::extract_images(value, &parse_options(options)?)
}

/// Parses options given as JSON text (`""` means none); text that is not JSON is `invalid_option`.
pub fn parse_options(options: &str) -> Result<crate::Options, ConvertError> {
    if options.trim().is_empty() {
        return Ok(crate::Options::default());
    }
    let value = parse(options).map_err(|e| ConvertError::new(Code::InvalidOption, "", e.message().to_owned()))?;
    crate::Options::from_value(&value)
}

enum Segment<'a> {
    Key(Cow<'a, str>),
    Index(usize),
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    path: Vec<Segment<'a>>,
}

impl<'a> Parser<'a> {
    fn syntax(&self, what: &str) -> ConvertError {
        let consumed = &self.bytes[..self.pos.min(self.bytes.len())];
        let line = consumed.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = self.pos - consumed.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        ConvertError::new(Code::InvalidJson, "", format!("{what} at line {line}, column {column}"))
    }

    fn current_path(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        for segment in &self.path {
            out.push('/');
            match segment {
                Segment::Key(k) => out.push_str(&pointer::escape(k)),
                Segment::Index(i) => {
                    let _ = write!(out, "{i}");
                }
            }
        }
        out
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

    fn value(&mut self, depth: usize) -> Result<Value<'a>, ConvertError> {
        match self.bytes.get(self.pos) {
            None => Err(self.syntax("unexpected end of input")),
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.syntax("expected a JSON value")),
        }
    }

    fn too_deep(&self) -> ConvertError {
        ConvertError::new(
            Code::TooDeep,
            self.current_path(),
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

    fn object(&mut self, depth: usize) -> Result<Value<'a>, ConvertError> {
        if depth > MAX_DEPTH {
            return Err(self.too_deep());
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
            self.path.push(Segment::Key(key_cow(&key)));
            let value = self.value(depth)?;
            self.path.pop();
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

    fn array(&mut self, depth: usize) -> Result<Value<'a>, ConvertError> {
        if depth > MAX_DEPTH {
            return Err(self.too_deep());
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
            self.path.push(Segment::Index(items.len()));
            let value = self.value(depth)?;
            self.path.pop();
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

fn key_cow<'a>(key: &Str<'a>) -> Cow<'a, str> {
    match key.borrowed_text() {
        Some(text) => Cow::Borrowed(text),
        None => Cow::Owned(key.as_str().to_owned()),
    }
}

/// Index of the first byte that is `"`, `\` or a control character (< 0x20), or `bytes.len()`.
#[inline]
pub(crate) fn find_special(bytes: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if bytes.len() >= 256 && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 support was just checked.
            return unsafe { find_special_avx2(bytes) };
        }
        find_special_sse2(bytes)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        find_special_scalar(bytes, 0)
    }
}

#[inline]
fn find_special_scalar(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .map_or(bytes.len(), |p| from + p)
}

#[cfg(target_arch = "x86_64")]
fn find_special_sse2(bytes: &[u8]) -> usize {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let mut i = 0;
    // SAFETY: SSE2 is part of the x86_64 baseline; every load reads 16 bytes inside `bytes`
    // (`i + 16 <= len` is checked before each one).
    unsafe {
        let quote = _mm_set1_epi8(b'"' as i8);
        let backslash = _mm_set1_epi8(b'\\' as i8);
        let control_max = _mm_set1_epi8(0x1f);
        let mask_of = |chunk: __m128i| {
            let q = _mm_cmpeq_epi8(chunk, quote);
            let s = _mm_cmpeq_epi8(chunk, backslash);
            let c = _mm_cmpeq_epi8(_mm_min_epu8(chunk, control_max), chunk);
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(q, s), c)) as u32
        };
        while i + 32 <= bytes.len() {
            let a = mask_of(_mm_loadu_si128(bytes.as_ptr().add(i) as *const __m128i));
            let b = mask_of(_mm_loadu_si128(bytes.as_ptr().add(i + 16) as *const __m128i));
            let m = a | (b << 16);
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            i += 32;
        }
        while i + 16 <= bytes.len() {
            let m = mask_of(_mm_loadu_si128(bytes.as_ptr().add(i) as *const __m128i));
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            i += 16;
        }
    }
    find_special_scalar(bytes, i)
}

/// The AVX2 version of [`find_special_sse2`], 64 bytes per step, for long strings (payloads).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn find_special_avx2(bytes: &[u8]) -> usize {
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_set1_epi8,
    };
    let quote = _mm256_set1_epi8(b'"' as i8);
    let backslash = _mm256_set1_epi8(b'\\' as i8);
    let control_max = _mm256_set1_epi8(0x1f);
    let mask_of = |chunk: __m256i| {
        let q = _mm256_cmpeq_epi8(chunk, quote);
        let s = _mm256_cmpeq_epi8(chunk, backslash);
        let c = _mm256_cmpeq_epi8(_mm256_min_epu8(chunk, control_max), chunk);
        _mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(q, s), c)) as u32 as u64
    };
    let mut i = 0;
    while i + 64 <= bytes.len() {
        // SAFETY: both 32-byte loads lie inside `bytes` (`i + 64 <= len`).
        let (a, b) = unsafe {
            (
                mask_of(_mm256_loadu_si256(bytes.as_ptr().add(i) as *const __m256i)),
                mask_of(_mm256_loadu_si256(bytes.as_ptr().add(i + 32) as *const __m256i)),
            )
        };
        let m = a | (b << 32);
        if m != 0 {
            return i + m.trailing_zeros() as usize;
        }
        i += 64;
    }
    i + find_special_sse2(&bytes[i..])
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

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn finds_special_bytes_at_every_offset() {
        for len in (0..70).chain(250..330) {
            for at in 0..=len {
                let mut bytes = vec![b'A'; len];
                if at < len {
                    bytes[at] = [b'"', b'\\', 0x1f, 0x00][at % 4];
                }
                assert_eq!(find_special(&bytes), at, "len {len} at {at}");
            }
        }
    }
}
