//! The value model the core takes and returns.
//!
//! A small JSON-like tree whose strings may borrow from the caller's memory and may carry a
//! host handle: a binding registers a large host string (for example a 5 MiB base64 `data`)
//! under an id, hands the core a borrowed view, and gets the same id back wherever the core
//! passed the string through unchanged, so it can return the original host object without
//! copying the payload either way. A host string may also be given as a [`HostText`], which
//! the core reads only as far as it needs.

use std::borrow::Cow;

use crate::error::{Code, ConvertError};
use crate::host::{HostId, HostText};

/// A JSON-like value. Objects keep their key order; duplicate keys resolve to the last one.
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    /// JSON `null`.
    Null,
    /// JSON `true` / `false`.
    Bool(bool),
    /// A number, kept in the form it arrived in.
    Number(Number<'a>),
    /// A string, possibly borrowed and possibly tied to a host object.
    String(Str<'a>),
    /// A payload the target wants as raw bytes (option `payload: "sdk"`); JSON text shows
    /// it as its base64 string.
    Bytes(Bytes<'a>),
    /// An array.
    Array(Vec<Value<'a>>),
    /// An object as ordered key/value pairs.
    Object(Map<'a>),
}

/// A JSON number. JSON text keeps its literal (`Raw`) so that integers beyond 64 bits and
/// every float round-trip exactly; bindings build the typed variants.
#[derive(Debug, Clone, PartialEq)]
pub enum Number<'a> {
    /// A signed integer.
    Int(i64),
    /// An unsigned integer above `i64::MAX`.
    UInt(u64),
    /// A float. Non-finite values are written as `null`.
    Float(f64),
    /// A syntactically valid JSON number literal.
    Raw(Cow<'a, str>),
}

impl Number<'_> {
    /// The value as an `f64` (nearest), used for comparisons and numeric rules.
    pub fn as_f64(&self) -> f64 {
        match self {
            Number::Int(i) => *i as f64,
            Number::UInt(u) => *u as f64,
            Number::Float(f) => *f,
            Number::Raw(text) => text.parse().unwrap_or(f64::NAN),
        }
    }

    /// The value as a `u64` when it is a non-negative integer that fits.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Number::Int(i) => u64::try_from(*i).ok(),
            Number::UInt(u) => Some(*u),
            Number::Float(f) if f.fract() == 0.0 && (0.0..1.8e19).contains(f) => Some(*f as u64),
            Number::Float(_) => None,
            Number::Raw(text) => text.parse().ok().or_else(|| {
                let f: f64 = text.parse().ok()?;
                (f.fract() == 0.0 && (0.0..1.8e19).contains(&f)).then_some(f as u64)
            }),
        }
    }

    /// Detaches the number from any borrowed input.
    pub fn into_owned(self) -> Number<'static> {
        match self {
            Number::Int(i) => Number::Int(i),
            Number::UInt(u) => Number::UInt(u),
            Number::Float(f) => Number::Float(f),
            Number::Raw(text) => Number::Raw(Cow::Owned(text.into_owned())),
        }
    }
}

/// The `host` of a [`Str`] without a host handle.
const NO_HOST: u32 = u32::MAX;

/// A string value: text that may borrow from the input, plus an optional host handle.
///
/// The core only ever moves or clones a `Str` it passes through; a string it builds or
/// repairs is new and carries no handle.
#[derive(Debug, Clone)]
pub struct Str<'a> {
    text: Text<'a>,
    /// The host handle's id, [`NO_HOST`] for none (a plain `u32` keeps a `Str` at 32 bytes).
    host: u32,
    lossy: bool,
    json_safe: bool,
}

/// Where a [`Str`]'s text is.
#[derive(Debug, Clone)]
enum Text<'a> {
    Borrowed(&'a str),
    Owned(String),
    /// Read from the host on first use.
    Host(&'a HostText<'a>),
}

impl<'a> Str<'a> {
    /// A string borrowed from the caller.
    pub fn borrowed(text: &'a str) -> Self {
        Str::with(Text::Borrowed(text), NO_HOST)
    }

    /// A string the core owns.
    pub fn owned(text: String) -> Self {
        Str::with(Text::Owned(text), NO_HOST)
    }

    /// A borrowed view of a host string registered under `id`.
    #[doc(hidden)]
    pub fn host(text: &'a str, id: HostId) -> Self {
        Str::with(Text::Borrowed(text), id.0)
    }

    /// A host string read only as far as the core needs it (see [`HostText`]); its host
    /// handle is the text's id.
    #[doc(hidden)]
    pub fn host_text(text: &'a HostText<'a>) -> Self {
        Str::with(Text::Host(text), text.id().0)
    }

    fn with(text: Text<'a>, host: u32) -> Self {
        Str {
            text,
            host,
            lossy: false,
            json_safe: false,
        }
    }

    /// A string whose source held lone UTF-16 surrogates, already replaced by U+FFFD. The
    /// core reports it (`lone_surrogate`) at the string's path.
    pub fn lossy(text: String) -> Self {
        Str {
            lossy: true,
            ..Str::owned(text)
        }
    }

    /// A borrowed string known to need no JSON escaping (no `"`, `\\` or control characters).
    pub(crate) fn json_safe(text: &'a str) -> Self {
        Str::borrowed(text).mark_json_safe()
    }

    /// Marks the string as needing no JSON escaping (the caller has checked it).
    pub(crate) fn mark_json_safe(mut self) -> Self {
        self.json_safe = true;
        self
    }

    /// Whether the string is known to need no JSON escaping.
    pub(crate) fn is_json_safe(&self) -> bool {
        self.json_safe
    }

    /// The text when it borrows from the input; `None` for owned text and for a [`HostText`]
    /// (which is not read for it).
    pub fn borrowed_text(&self) -> Option<&'a str> {
        match self.text {
            Text::Borrowed(text) => Some(text),
            Text::Owned(_) | Text::Host(_) => None,
        }
    }

    /// The text from byte `start` on, still borrowed when the original is (no host handle: it
    /// is a different string).
    pub(crate) fn slice_from(&self, start: usize) -> Str<'a> {
        match &self.text {
            Text::Borrowed(text) => Str::borrowed(&text[start..]),
            Text::Owned(text) => Str::owned(text[start..].to_owned()),
            Text::Host(host) => Str::borrowed(&host.text()[start..]),
        }
    }

    /// Whether lone surrogates were replaced in this string.
    pub fn is_lossy(&self) -> bool {
        self.lossy
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.text {
            Text::Borrowed(text) => text,
            Text::Owned(text) => text,
            Text::Host(host) => host_text(host),
        }
    }

    /// Whether the text is empty (a [`HostText`] is not read for it).
    pub(crate) fn is_empty(&self) -> bool {
        match &self.text {
            Text::Host(host) => host.is_empty(),
            _ => self.as_str().is_empty(),
        }
    }

    /// The first `n` bytes of the text (all of it when shorter); a [`HostText`] is read only
    /// when its head falls short.
    pub(crate) fn head(&self, n: usize) -> &[u8] {
        match &self.text {
            Text::Host(host) => host.head(n),
            _ => {
                let bytes = self.as_str().as_bytes();
                &bytes[..n.min(bytes.len())]
            }
        }
    }

    /// Whether the text is canonical standard base64 ([`crate::base64::is_canonical`]; a
    /// [`HostText`] is checked on its code units).
    pub(crate) fn is_canonical_base64(&self) -> bool {
        match &self.text {
            Text::Host(host) => host.is_canonical_base64(),
            _ => crate::base64::is_canonical(self.as_str()),
        }
    }

    /// The host handle, when the string is a host string passed through unchanged.
    #[doc(hidden)]
    pub fn host_id(&self) -> Option<HostId> {
        (self.host != NO_HOST).then_some(HostId(self.host))
    }

    /// Detaches the string from any borrowed input (the host handle is dropped too).
    pub fn into_owned(self) -> Str<'static> {
        let text = match self.text {
            Text::Owned(text) => text,
            Text::Borrowed(text) => text.to_owned(),
            Text::Host(host) => host.text().to_owned(),
        };
        Str {
            text: Text::Owned(text),
            host: NO_HOST,
            lossy: self.lossy,
            json_safe: self.json_safe,
        }
    }
}

/// A [`HostText`]'s text, out of line: most strings are not host texts, and reading one is
/// rare next to the reads of borrowed and owned text.
#[cold]
#[inline(never)]
fn host_text<'h>(host: &'h HostText<'_>) -> &'h str {
    host.text()
}

impl PartialEq for Str<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl From<String> for Str<'_> {
    fn from(text: String) -> Self {
        Str::owned(text)
    }
}

impl<'a> From<&'a str> for Str<'a> {
    fn from(text: &'a str) -> Self {
        Str::borrowed(text)
    }
}

/// Raw bytes kept as the validated canonical base64 text they came from (borrowed, host id
/// preserved) and decoded only on demand.
#[derive(Debug, Clone, PartialEq)]
pub struct Bytes<'a> {
    base64: Str<'a>,
}

impl<'a> Bytes<'a> {
    /// Bytes from canonical standard base64 (RFC 4648 §4, padded); any other text is given back.
    pub fn from_base64(base64: Str<'a>) -> Result<Self, Str<'a>> {
        if base64.is_canonical_base64() {
            Ok(Bytes { base64 })
        } else {
            Err(base64)
        }
    }

    /// The canonical base64 text.
    pub fn base64(&self) -> &str {
        self.base64.as_str()
    }

    /// The base64 text as the string value it came from (host handle included).
    pub fn as_base64_str(&self) -> &Str<'a> {
        &self.base64
    }

    /// Consumes the bytes into the base64 string value they came from.
    pub fn into_base64_str(self) -> Str<'a> {
        self.base64
    }

    /// The number of decoded bytes (from the length alone).
    pub fn decoded_len(&self) -> usize {
        crate::base64::decoded_len(self.base64.as_str()) as usize
    }

    /// Decodes into `out`, which must be exactly [`Bytes::decoded_len`] long.
    pub fn decode_into(&self, out: &mut [u8]) -> Result<(), ConvertError> {
        if out.len() != self.decoded_len() {
            let message = format!("decode_into needs {} bytes, got {}", self.decoded_len(), out.len());
            return Err(ConvertError::new(Code::InternalError, "", message));
        }
        if crate::base64::decode_into(self.base64.as_str(), out) {
            Ok(())
        } else {
            Err(ConvertError::new(Code::InternalError, "", "bytes value is not base64"))
        }
    }

    /// The decoded bytes in a new vector.
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = vec![0; self.decoded_len()];
        // A `Bytes` only ever holds canonical base64 of exactly this length.
        let _ = self.decode_into(&mut out);
        out
    }

    /// Detaches the bytes from any borrowed input (the host handle is dropped too).
    pub fn into_owned(self) -> Bytes<'static> {
        Bytes {
            base64: self.base64.into_owned(),
        }
    }
}

/// An object: ordered key/value pairs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Map<'a> {
    entries: Vec<(Str<'a>, Value<'a>)>,
}

impl<'a> Map<'a> {
    /// An empty object.
    pub fn new() -> Self {
        Map { entries: Vec::new() }
    }

    /// An empty object with room for `n` entries.
    pub fn with_capacity(n: usize) -> Self {
        Map {
            entries: Vec::with_capacity(n),
        }
    }

    /// An empty object with room for `n` entries, in `spare`'s allocation when it has that room
    /// and not much more (an output object then costs no allocation of its own).
    pub(crate) fn reusing(spare: Spare<'a>, n: usize) -> Self {
        let Spare(entries) = spare;
        if (n..=SPARE_MAX).contains(&entries.capacity()) {
            Map { entries }
        } else {
            Map::with_capacity(n)
        }
    }

    /// Appends an entry (no duplicate check: the last one wins on lookup).
    pub fn push(&mut self, key: impl Into<Str<'a>>, value: Value<'a>) {
        self.entries.push((key.into(), value));
    }

    /// The value of `key` (the last one when the key repeats).
    pub fn get(&self, key: &str) -> Option<&Value<'a>> {
        self.entries
            .iter()
            .rev()
            .find(|(k, _)| k.as_str() == key)
            .map(|(_, v)| v)
    }

    /// Whether `key` is present.
    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The entries in order.
    pub fn iter(&self) -> impl Iterator<Item = (&Str<'a>, &Value<'a>)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// The entries in order, values mutable (keys stay as they are).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&Str<'a>, &mut Value<'a>)> {
        self.entries.iter_mut().map(|(k, v)| (&*k, v))
    }

    /// Number of entries (repeated keys counted each time).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the object has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Consumes the object into its entries.
    pub fn into_entries(self) -> Vec<(Str<'a>, Value<'a>)> {
        self.entries
    }
}

/// The largest allocation (in entries) an output object takes over from the input.
const SPARE_MAX: usize = 16;

/// The emptied entry list of an input object, kept for an output object to reuse
/// ([`Map::reusing`]).
#[derive(Debug, Default)]
pub(crate) struct Spare<'a>(Vec<(Str<'a>, Value<'a>)>);

impl<'a> Spare<'a> {
    /// Empties `entries` (dropping what is left in it) and keeps the allocation.
    pub(crate) fn of(mut entries: Vec<(Str<'a>, Value<'a>)>) -> Self {
        entries.clear();
        Spare(entries)
    }
}

impl<'a> FromIterator<(Str<'a>, Value<'a>)> for Map<'a> {
    fn from_iter<I: IntoIterator<Item = (Str<'a>, Value<'a>)>>(iter: I) -> Self {
        Map {
            entries: iter.into_iter().collect(),
        }
    }
}

impl<'a> Value<'a> {
    /// A string value built from owned text.
    pub fn string(text: impl Into<String>) -> Self {
        Value::String(Str::owned(text.into()))
    }

    /// The string, when the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The value as a non-negative integer that fits `u64` (see [`Number::as_u64`]).
    pub fn as_count(&self) -> Option<u64> {
        match self {
            Value::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    /// The object, when the value is one.
    pub fn as_object(&self) -> Option<&Map<'a>> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The name of the value's JSON type, for messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Bytes(_) => "bytes",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
    }

    /// Structural equality as parsed JSON: numbers by value, objects as unordered maps
    /// (last duplicate key wins). Used by tests and the conformance runners.
    pub fn json_eq(&self, other: &Value<'_>) -> bool {
        match (self, other) {
            (Value::Null, Value::Null) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Number(a), Value::Number(b)) => numbers_equal(a, b),
            (Value::String(a), Value::String(b)) => a.as_str() == b.as_str(),
            (Value::Bytes(a), Value::Bytes(b)) => a.base64() == b.base64(),
            (Value::Array(a), Value::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.json_eq(y)),
            (Value::Object(a), Value::Object(b)) => {
                let keys_a = distinct_keys(a);
                let keys_b = distinct_keys(b);
                keys_a.len() == keys_b.len()
                    && keys_a.iter().all(|k| match (a.get(k), b.get(k)) {
                        (Some(x), Some(y)) => x.json_eq(y),
                        _ => false,
                    })
            }
            _ => false,
        }
    }

    /// Detaches the value from any borrowed input.
    pub fn into_owned(self) -> Value<'static> {
        match self {
            Value::Null => Value::Null,
            Value::Bool(b) => Value::Bool(b),
            Value::Number(n) => Value::Number(n.into_owned()),
            Value::String(s) => Value::String(s.into_owned()),
            Value::Bytes(b) => Value::Bytes(b.into_owned()),
            Value::Array(items) => Value::Array(items.into_iter().map(Value::into_owned).collect()),
            Value::Object(map) => Value::Object(
                map.into_entries()
                    .into_iter()
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect(),
            ),
        }
    }
}

fn distinct_keys<'m>(map: &'m Map<'_>) -> Vec<&'m str> {
    let mut keys: Vec<&str> = map.iter().map(|(k, _)| k.as_str()).collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

fn numbers_equal(a: &Number<'_>, b: &Number<'_>) -> bool {
    match (a.as_u64(), b.as_u64()) {
        (Some(x), Some(y)) => x == y,
        _ => match (a, b) {
            (Number::Raw(x), Number::Raw(y)) if x == y => true,
            _ => a.as_f64() == b.as_f64(),
        },
    }
}

impl From<bool> for Value<'_> {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl From<i64> for Value<'_> {
    fn from(i: i64) -> Self {
        Value::Number(Number::Int(i))
    }
}

impl<'a> From<Str<'a>> for Value<'a> {
    fn from(s: Str<'a>) -> Self {
        Value::String(s)
    }
}

impl<'a> From<Map<'a>> for Value<'a> {
    fn from(m: Map<'a>) -> Self {
        Value::Object(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_decode_on_demand() {
        let bytes = Bytes::from_base64(Str::host("iVBORw0KGgo=", HostId(7))).unwrap();
        assert_eq!(bytes.base64(), "iVBORw0KGgo=");
        assert_eq!(bytes.as_base64_str().host_id(), Some(HostId(7)));
        assert_eq!(bytes.decoded_len(), 8);
        assert_eq!(bytes.to_vec(), [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]);
        let mut short = [0u8; 7];
        assert_eq!(bytes.decode_into(&mut short).unwrap_err().code(), Code::InternalError);
        assert_eq!(
            Bytes::from_base64(Str::borrowed("iVBORw0KGgo")).unwrap_err().as_str(),
            "iVBORw0KGgo"
        );
    }

    #[test]
    fn an_output_object_reuses_a_spare_with_room() {
        let mut entries = Vec::with_capacity(4);
        entries.push((Str::borrowed("left"), Value::Bool(true)));
        let spare = Spare::of(entries);
        let buffer = spare.0.as_ptr();
        let map = Map::reusing(spare, 3);
        assert!(map.is_empty(), "what was left in the spare is dropped");
        assert_eq!(map.entries.as_ptr(), buffer);
        // Too small, or far larger than needed: a new list of its own.
        assert_eq!(Map::reusing(Spare::of(Vec::with_capacity(2)), 3).entries.capacity(), 3);
        let large = Spare::of(Vec::with_capacity(SPARE_MAX + 1));
        assert_eq!(Map::reusing(large, 2).entries.capacity(), 2);
    }

    #[test]
    fn str_stays_small() {
        assert_eq!(std::mem::size_of::<Str<'_>>(), 32);
    }

    #[test]
    fn bytes_write_as_base64() {
        let bytes = Bytes::from_base64(Str::borrowed("AAAA")).unwrap();
        let value = Value::Array(vec![Value::Bytes(bytes)]);
        assert_eq!(crate::json::to_string(&value), r#"["AAAA"]"#);
        assert_eq!(crate::pointer::bytes_pointers(&value), ["/0"]);
        assert_eq!(value.type_name(), "array");
    }
}
