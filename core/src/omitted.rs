//! What a conversion kept from the model: one [`Omitted`] entry per media item a cap or the
//! token budget replaced by a marker, and per text a budget cut, each keyed by a handle derived
//! from the original content. The marker carries the same handle, so that a host that keeps the
//! originals can give the model one back when it asks by handle.

use sha2::{Digest, Sha256};

use crate::model::{Map, Number, Str, Value};

/// Length of a handle: `sha256:` and 12 hex digits.
pub const HANDLE_LEN: usize = 19;

/// A stand-in of a handle's length, for costing a marker before its handle is worked out.
pub const HANDLE_PLACEHOLDER: &str = "sha256:????????????";

/// The handle of `content`: `sha256:` and the first 12 lower-case hex digits of its SHA-256.
pub fn handle(content: &[u8]) -> String {
    let digest = Sha256::digest(content);
    let mut out = String::with_capacity(HANDLE_LEN);
    out.push_str("sha256:");
    for byte in &digest[..6] {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

/// One item kept from the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Omitted {
    /// The handle of the original content ([`handle`]); the marker shows it.
    pub handle: String,
    /// The JSON Pointer of the block in the input.
    pub path: String,
    /// `image`, `audio`, `resource` (a media item), `text` or `structured` (cut text).
    pub kind: &'static str,
    /// The original's MIME type (`text/plain` for text, `application/json` for
    /// structuredContent given as text).
    pub mime_type: String,
    /// The original's size in bytes (decoded media; UTF-8 text).
    pub bytes: u64,
}

impl Omitted {
    /// `{"handle", "path", "kind", "mimeType", "bytes"}`.
    pub fn to_value(&self) -> Value<'static> {
        let mut map = Map::with_capacity(5);
        map.push("handle", Value::string(self.handle.clone()));
        map.push("path", Value::string(self.path.clone()));
        map.push("kind", Value::String(Str::borrowed(self.kind)));
        map.push("mimeType", Value::string(self.mime_type.clone()));
        map.push("bytes", Value::Number(Number::Int(self.bytes as i64)));
        Value::Object(map)
    }
}

/// The `omitted` list of a Conversion or an Extraction.
pub fn list_value(omitted: &[Omitted]) -> Value<'static> {
    Value::Array(omitted.iter().map(Omitted::to_value).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handle_is_the_first_six_bytes_of_the_digest_in_hex() {
        // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad (FIPS 180-2, B.1).
        assert_eq!(handle(b"abc"), "sha256:ba7816bf8f01");
        assert_eq!(handle(b"abc").len(), HANDLE_LEN);
        assert_eq!(HANDLE_PLACEHOLDER.len(), HANDLE_LEN);
    }
}
